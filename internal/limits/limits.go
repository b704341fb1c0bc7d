// Package limits holds the bounds of a call that the invoker, the raw-tool
// checker, the schema bounds and the servers share, so that each is
// written once. Package tool's docs give their values to users.
package limits

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
	// MaxNumberLength is the longest number literal the arguments may
	// hold, in bytes. A float64 takes at most 24 characters to write
	// exactly and a uint64 20, so no real call comes near it; a longer
	// literal is refused before it is compared or converted, which keeps
	// every comparison cheap.
	MaxNumberLength = 256
	// MaxRawArgumentValues is how many values (objects, arrays and
	// scalars, at any depth) the arguments of a raw-schema tool may hold,
	// and how many a typed tool's may bring that it reads without a Go
	// type (into any, or into a type that declares its schema). Their
	// reading holds a few hundred bytes a value (a raw schema's checks a
	// tree of them and the validator's work for each, encoding/json's
	// interfaces about 170 bytes): unbounded, one call of 4 MiB of
	// one-digit numbers held over half a GiB. At this bound a call holds
	// about 20 MB; a model's call is far below it. Past it the reading
	// stops.
	MaxRawArgumentValues = 1 << 16
	// MaxSchemaBytes bounds a schema's size: one compiled for a raw-schema
	// tool or declared by a type, and the fragment of any type the core
	// maps, so that a type graph whose inline schema doubles at each level
	// (a struct of two fields of the next) is refused at the type where it
	// passes the bound rather than written out exponentially.
	MaxSchemaBytes = 512 << 10
	// MaxSchemaDepth bounds the nesting of a schema compiled for a
	// raw-schema tool (objects and arrays, as JSON nests them: a
	// property's schema is two levels below its object's).
	MaxSchemaDepth = MaxArgumentDepth
	// MaxSubschemas bounds the schemas in one schema document (the root,
	// and each object or boolean where a keyword takes a schema), and
	// MaxListValues the values of one enum or const and the names of one
	// required. A schema compiled for a raw-schema tool is held to them,
	// and so is every schema the core writes.
	MaxSubschemas = 2000
	MaxListValues = 1000
)
