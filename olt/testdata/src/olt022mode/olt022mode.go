// Package olt022mode reads its types as invopop/jsonschema does with
// RequiredFromJSONSchemaTags.
//
//tool:required-from-tags
package olt022mode

type Input struct {
	Path   string `json:"path" jsonschema:"the absolute path to the file"`      // want `OLT022: field Path: the peer library's tags have native forms \(description\); the fix rewrites them`
	Method string `json:"method" jsonschema:"required,description=HTTP method"` // want `OLT022: field Method: the peer library's tags have native forms \(description, required:"true"\)`
	Drill  bool   `json:"drill"`
}

// Find finds.
//
//tool:export
func Find(in Input) error { return nil }
