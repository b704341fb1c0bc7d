package olt012

type Base struct {
	ID string `json:"id"`
}

type Input struct {
	Limit  int                       `json:"limit" minimum:"ten"`                 // want `OLT012: input.limit: tag minimum: "ten" is not an integer`
	Name   string                    `json:"name" pattern:"(?i)^a" minLength:"1"` // want `OLT012: input.name: tag pattern: uses \(\?i\)`
	Day    string                    `json:"day" format:"date" default:"today"`   // want `OLT012: input.day: tag default: "today" is not of the format date`
	hidden int                       `minimum:"1"`                                // want `OLT012: input.hidden: tag minimum: field hidden is unexported`
	Base   `description:"The base."` // want `OLT012: input.Base: tag description: embedded olt012.Base is flattened`
	Stored bool                      `json:"stored" jsonschema:"-" description:"Set by the store."` // want `OLT012: input.stored: tag description: the jsonschema tag hides the field from the model \(-\), so the tag has no effect`
}

// Save saves.
//
//tool:export
func Save(in Input) error { return nil }
