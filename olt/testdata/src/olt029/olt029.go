package olt029

// Query is what Find takes.
type Query struct {
	Name string `json:"name"`
}

// want +4 `OLT029: the contract changed since toolschema.lock recorded version 1, and the version did not \(a breaking change: input.name: new required property \(breaking\)\); raise the version to 2, then run toolgen \(tool find\)$`

// Find finds.
//
//tool:export version=1
func Find(in Query) error { return nil }

// want +4 `OLT029: the contract changed since toolschema.lock recorded version \(none\), and the version did not \(a compatible change: tool: description changed \(compatible\)\); raise the version to 2, then run toolgen \(tool ping\)$`

// Ping answers, now with a longer description.
//
//tool:export
func Ping() error { return nil }

// Same is as locked: nothing to say.
//
//tool:export version=7
func Same() error { return nil }

// New is not in the lock yet: toolgen will add it.
//
//tool:export
func New() error { return nil }
