package olt022

type Input struct {
	Path   string   `json:"path" jsonschema:"the absolute path to the file"`                                     // want `OLT022: field Path: the peer library's tags have native forms \(description, required:"false"\); the fix rewrites them`
	Method string   `json:"method" jsonschema:"required,enum=GET,enum=POST,default=GET,description=HTTP method"` // want `OLT022: field Method: the peer library's tags have native forms \(description, enum, default, required:"true"\)`
	Limit  int32    `json:"limit" jsonschema_description:"The most to return." minimum:"1"`                      // want `OLT022: field Limit: the peer library's tags have native forms \(description, required:"false"\)`
	Drill  bool     `json:"drill"`                                                                               // want `OLT022: field Drill: the peer library's tags have native forms \(required:"false"\)`
	Tags   []string `json:"tags,omitempty"`
}

// Find finds.
//
//tool:export
func Find(in Input) error { return nil }
