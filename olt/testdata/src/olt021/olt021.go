package olt021

type Input struct {
	Limit int    `json:"limit" minimum:"1" jsonschema:"minimum=0,description=Most results"` // want `OLT021: input.limit: tag jsonschema: gives minimum "0", and the minimum tag gives it "1"; keep one`
	Query string `json:"query" description:"Words to find." jsonschema:"The search words"`  // want `OLT021: input.query: tag jsonschema: gives description "The search words", and the description tag gives it "Words to find."; keep one`
	Same  string `json:"same" description:"Same words." jsonschema:"Same words."`
	Opt   string `json:"opt" required:"false" jsonschema:"required"` // want `OLT021: input.opt: tag required: says the field is optional, and the jsonschema tag says required`
}

// Search searches.
//
//tool:export
func Search(in Input) error { return nil }
