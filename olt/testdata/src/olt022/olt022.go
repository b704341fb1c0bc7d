package olt022

type Input struct {
	Path   string   `json:"path" jsonschema:"the absolute path to the file"`                                     // want `OLT022: field Path: the peer library's tags have native forms \(description, required:"false"\); the fix rewrites them`
	Method string   `json:"method" jsonschema:"required,enum=GET,enum=POST,default=GET,description=HTTP method"` // want `OLT022: field Method: the peer library's tags have native forms \(description, enum, default, required:"true"\)` `OLT022: the package's types use invopop/jsonschema's required part \(field Method\), which is written for its RequiredFromJSONSchemaTags: a field without the part is then optional in every struct, not only in one where another field has it. If the project reads its types so, say it once with //tool:required-from-tags in the package; it would change the schemas of list_teams$`
	Limit  int32    `json:"limit" jsonschema_description:"The most to return." minimum:"1"`                      // want `OLT022: field Limit: the peer library's tags have native forms \(description, required:"false"\)`
	Drill  bool     `json:"drill"`                                                                               // want `OLT022: field Drill: the peer library's tags have native forms \(required:"false"\)`
	Tags   []string `json:"tags,omitempty"`
	Qty    int32    `json:"qty" jsonschema:"exclusiveMinimum=0,multipleOf=5"` // want `OLT022: field Qty: the peer library's tags have native forms \(exclusiveMinimum, multipleOf, required:"false"\)`
}

// Find finds.
//
//tool:export
func Find(in Input) error { return nil }

// Page is an input of the same project without the required part: its
// fields are required here, optional where the project reads its types
// with RequiredFromJSONSchemaTags.
type Page struct {
	Cursor string `json:"cursor"`
	Size   int32  `json:"size"`
}

// ListTeams lists teams.
//
//tool:export
func ListTeams(in Page) error { return nil }
