package missing

// Ping answers.
//
//tool:export
func Ping() string { return "pong" } // want `OLT014: the generated tool code is missing`
