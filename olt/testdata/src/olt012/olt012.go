package olt012

import "encoding/json"

// ID is a string or a number, by its own methods, and declares so.
type ID struct{ raw json.RawMessage }

func (id ID) MarshalJSON() ([]byte, error)  { return id.raw, nil }
func (id *ID) UnmarshalJSON(b []byte) error { id.raw = b; return nil }
func (ID) ToolschemaSchema() string         { return `{"type":["string","integer"]}` }

// Owners holds fields of a type that declares its schema: each may say
// its own description, and nothing else.
type Owners struct {
	Project ID  `json:"project" jsonschema:"Project ID or URL-encoded path"`
	Group   ID  `json:"group" description:"Group ID" minimum:"1"`            // want `OLT012: input.owners.group: tag minimum: the field's type declares its schema \(ToolschemaSchema\), which owns the value's constraints; say it in the declared schema \(a tag on such a field may give only its description\)`
	Owner   *ID `json:"owner,omitempty" jsonschema:"Owner ID,enum=a,enum=b"` // want `OLT012: input.owners.owner: tag jsonschema \(enum\): the field's type declares its schema`
	Author  ID  `json:"author" jsonschema_description:"Author ID"`
	// User is described by its doc comment.
	User ID `json:"user"`
}

type Base struct {
	ID string `json:"id"`
}

type Input struct {
	Limit  int                       `json:"limit" minimum:"ten"`                 // want `OLT012: input.limit: tag minimum: "ten" is not an integer`
	Note   string                    `json:"note" descripton:"A note."`           // want `OLT012: input.note: tag descripton: is no tag the schema reads, so it would be ignored; did you mean description\?`
	Name   string                    `json:"name" pattern:"(?i)^a" minLength:"1"` // want `OLT012: input.name: tag pattern: uses \(\?i\)`
	Day    string                    `json:"day" format:"date" default:"today"`   // want `OLT012: input.day: tag default: "today" is not of the format date`
	hidden int                       `minimum:"1"`                                // want `OLT012: input.hidden: tag minimum: field hidden is unexported`
	Base   `description:"The base."` // want `OLT012: input.Base: tag description: embedded olt012.Base is flattened`
	Stored bool                      `json:"stored" jsonschema:"-" description:"Set by the store."` // want `OLT012: input.stored: tag description: the jsonschema tag hides the field from the model \(-\), so the tag has no effect`
	Region string                    `json:"region" mcpHeader:"Region"`
	Weight float64                   `json:"weight" mcpHeader:"Weight"` // want `OLT012: input.weight: tag mcpHeader: applies to string, boolean and integer fields, not number`
	Lines  []Line                    `json:"lines"`
	Owners Owners                    `json:"owners"`
	Zone   string                    `json:"zone" mcpHeader:"region"`                    // want `OLT012: input.zone: tag mcpHeader: header "region" is named by region already`
	Dry    *bool                     `json:"dry,omitempty" mcpHeader:"Dry-Run"`          // want `OLT012: input.dry: tag mcpHeader: applies to a property of one type, and the field is a pointer`
	Tenant string                    `json:"tenant" x-mcp-header:"Tenant"`               // want `OLT012: input.tenant: tag x-mcp-header: is no tag the schema reads, so it would be ignored; did you mean mcpHeader\?`
	Qty    int                       `json:"qty" exclusiveMinimum:"zero" multipleOf:"0"` // want `OLT012: input.qty: tag exclusiveMinimum: "zero" is not an integer` `OLT012: input.qty: tag multipleOf: "0" is not greater than 0, as a multipleOf must be`
	Pct    float64                   `json:"pct" exclusiveMinimum:"5" maximum:"5"`       // want `OLT012: input.pct: no value is left between exclusiveMinimum 5 and maximum 5`
	Box    uint8                     `json:"box" minimum:"1" maximum:"4" multipleOf:"5"` // want `OLT012: input.box: no integer multiple of 5 is left between minimum 1 and maximum 4`
	Step   float64                   `json:"step" exclusiveMinimum:"0" multipleOf:"0.01" default:"0.25"`
	Lev    float64                   `json:"lev" jsonschema:"exclusiveMaximum=1,multipleOf=-0.5"` // want `OLT012: input.lev: tag jsonschema \(multipleOf\): "-0.5" is not greater than 0`
}

type Line struct {
	SKU string `json:"sku" mcpHeader:"SKU"` // want `OLT012: input.lines\[\].sku: tag mcpHeader: the property is inside an array's items`
}

// Save saves.
//
//tool:export
func Save(in Input) error { return nil }
