package olt011

type Base struct {
	ID string `json:"id"`
}

type Input struct {
	Count  int              `json:"count,string" minimum:"0"` // want `OLT011: input.count: the ,string option makes encoding/json quote the value`
	Name   string           `json:"name,omitemtpy"`           // want `OLT011: input.name: json tag option "omitemtpy" is unknown to encoding/json`
	secret string           `json:"secret"`                   // want `OLT011: input.secret: field secret is unexported, so encoding/json ignores it and its json tag; export it, or drop the tag`
	A      int              `json:"dup"`
	B      int              `json:"dup"` // want `OLT011: input.dup: fields olt011.Input.A and olt011.Input.B both have the JSON name "dup"`
	C      int              `json:c`     // want `OLT011: input.C: malformed struct tag`
	Base   `json:",inline"` // want `OLT011: input.Base: json tag option "inline" is unknown`
}

// Save saves.
//
//tool:export
func Save(in Input) error { return nil }
