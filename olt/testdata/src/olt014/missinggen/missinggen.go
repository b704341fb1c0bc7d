package missinggen

//go:generate go tool toolgen

// Ping answers.
//
//tool:export
func Ping() string { return "pong" } // want `OLT014: the generated tool code is missing: run go generate in this package$`
