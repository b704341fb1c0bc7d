// Package app depends on tools: it is checked again when tools changes.
package app

import "example.com/seeded/tools"

// Run saves.
func Run() error { return tools.Save(tools.Input{}) }
