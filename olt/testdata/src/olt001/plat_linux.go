package olt001

// Stat is declared for one platform.
//
//tool:export // want `OLT001: //tool:export cannot be in a file with the platform suffix _linux`
func Stat() error { return nil }
