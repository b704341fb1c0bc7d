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
	Region string                    `json:"region" mcpHeader:"Region"`
	Weight float64                   `json:"weight" mcpHeader:"Weight"` // want `OLT012: input.weight: tag mcpHeader: applies to string, boolean and integer fields, not number`
	Lines  []Line                    `json:"lines"`
	Zone   string                    `json:"zone" mcpHeader:"region"`           // want `OLT012: input.zone: tag mcpHeader: header "region" is named by region already`
	Dry    *bool                     `json:"dry,omitempty" mcpHeader:"Dry-Run"` // want `OLT012: input.dry: tag mcpHeader: applies to a property of one type, and the field is a pointer`
}

type Line struct {
	SKU string `json:"sku" mcpHeader:"SKU"` // want `OLT012: input.lines\[\].sku: tag mcpHeader: the property is inside an array's items`
}

// Save saves.
//
//tool:export
func Save(in Input) error { return nil }
