package mcpserver

// The bounds the tests check against.
const (
	DefaultRate          = defaultRate
	DefaultBurst         = defaultBurst
	MaxErrorMessageBytes = maxErrorMessageBytes
	MaxBatchMessages     = maxBatchMessages
)
