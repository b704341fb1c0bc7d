package stale

// Ping answers.
//
//tool:export
func Ping() string { return "pong" }
