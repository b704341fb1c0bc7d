package tool

import "github.com/toolschema/toolschema/internal/limits"

// The limits of a call, so that whatever a caller sends is read in time
// and memory linear in its size, and answered with a bounded text
// (internal/limits holds those other packages share).
const (
	// maxArgumentDepth is how deeply arguments may nest: 64 levels.
	maxArgumentDepth = limits.MaxArgumentDepth
	// defaultMaxArgumentBytes is the size limit of a call's arguments
	// when the tool sets none: 4 MiB.
	defaultMaxArgumentBytes = limits.DefaultMaxArgumentBytes
	// maxUntypedValues is how many values a call's arguments may bring
	// that are read without a Go type (into any, or into a type that
	// declares its schema): 65,536, as a raw-schema tool's arguments.
	maxUntypedValues = limits.MaxRawArgumentValues
	// builtBase and builtPerByte are the budget of the Go values a call's
	// arguments may be read into (slices' arrays, maps' entries,
	// pointers' values, counted by their Go size): 64 MiB, and 16 bytes
	// for each byte of the arguments. A value's text may be far shorter
	// than its Go value ("{}" for a struct of twelve strings: 3 bytes for
	// 192), and a slice's array is made again as it grows. Strings are
	// not counted (no longer than their text), nor values read without a
	// Go type (maxUntypedValues).
	builtBase    = 64 << 20
	builtPerByte = 16
	// maxViolations is how many violations a result lists: 100.
	maxViolations = limits.MaxViolations
	// maxErrorTextBytes bounds the text of a tool's own error or panic
	// in a failed result; a longer one is cut, on a character boundary,
	// and says so.
	maxErrorTextBytes = 4096
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
