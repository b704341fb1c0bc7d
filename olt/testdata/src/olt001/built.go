//go:build linux || darwin || windows

package olt001

// Built is declared under a build constraint.
//
//tool:export // want `OLT001: //tool:export cannot be in a file with a build constraint`
func Built() error { return nil }
