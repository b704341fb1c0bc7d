package missing

// Ping answers.
//
//tool:export
func Ping() string { return "pong" } // want `OLT014: the generated tool code is missing: the package has no //go:generate line that runs toolgen; add //go:generate go tool toolgen and run go generate \(or go tool toolgen in the package\)`
