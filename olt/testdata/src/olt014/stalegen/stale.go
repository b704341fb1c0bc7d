package stalegen

//go:generate go tool toolgen

// Ping answers.
//
//tool:export
func Ping() string { return "pong" }
