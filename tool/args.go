package tool

// The limits of a call, so that whatever a caller sends is read in time
// and memory linear in its size, and answered with a bounded text.
const (
	// MaxArgumentDepth is how deeply arguments may nest (objects and
	// arrays). Deeper arguments are refused before they are decoded.
	MaxArgumentDepth = 64
	// DefaultMaxArgumentBytes is the size limit of a call's arguments
	// when the tool sets none (Tool.MaxArgumentBytes). Larger arguments
	// are refused before any of them is read.
	DefaultMaxArgumentBytes = 4 << 20
	// MaxViolations is how many violations a result lists; a last line
	// of its text says how many more were found.
	MaxViolations = 100
	// MaxErrorTextBytes bounds the text of a tool's own error or panic
	// in a failed result; a longer one is cut, on a character boundary,
	// and says so.
	MaxErrorTextBytes = 4096
)

// A Violation is one way the arguments of a call break the tool's input
// schema (or the result its output schema).
type Violation struct {
	// Path locates the value: "items[2].qty"; "" for the arguments as a
	// whole.
	Path string
	// Rule is the rule broken: "json", "object", "depth", "size",
	// "duplicate", "missing", "unknown", "null", "type", "schema" (the
	// schema a type declares), "range", "length", "items", "pattern",
	// "format", "enum", "unique".
	Rule string
	// Message says it in words a model can act on; it never repeats the
	// value.
	Message string
}
