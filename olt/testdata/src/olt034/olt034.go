package olt031

// Query asks for one docket.
type Query struct {
	// Court is the court's identifier.
	Court string `json:"court" pattern:"^[a-z]+$"`
	// Limit bounds the entries.
	Limit int `json:"limit,omitempty" minimum:"1" maximum:"100"`
}

// Good has valid examples, which are not reported.
//
//tool:export
//tool:example {"court":"nysd"}
//tool:example {"court": "cand", "limit": 5}
func Good(in Query) error { return nil }

// want +5 `OLT034: example 1 is not valid: .*limit.*`

// Bad has an example the invoker would refuse.
//
//tool:export
//tool:example {"court":"nysd","limit":500}
func Bad(in Query) error { return nil }

// want +6 `OLT034: example 2 is not valid: Argument 'court' is required.`

// Missing leaves out a required argument in its second example.
//
//tool:export
//tool:example {"court":"nysd"}
//tool:example {"limit":5}
func Missing(in Query) error { return nil }

// want +5 `OLT034: example 1 is not JSON`

// Broken has an example that does not parse.
//
//tool:export
//tool:example {"court":
func Broken(in Query) error { return nil }
