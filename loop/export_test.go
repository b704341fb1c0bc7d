package loop

// The bounds the tests check against.
const (
	DefaultMaxParallel     = defaultMaxParallel
	DefaultMaxCallsPerTurn = defaultMaxCallsPerTurn
)
