package tool

// The limits the tests check against.
const (
	MaxViolations           = maxViolations
	MaxNumberLength         = maxNumberLength
	DefaultMaxArgumentBytes = defaultMaxArgumentBytes
	MaxErrorTextBytes       = maxErrorTextBytes
)
