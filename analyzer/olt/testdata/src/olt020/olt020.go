package olt020

type Input struct {
	Name   string   `json:"name" jsonschema:"title=Name,description=The user's name"`                          // want `OLT020: input.name: tag jsonschema: title is not a keyword the contract writes`
	Method string   `json:"method" jsonschema:"description=HTTP method, GET or POST"`                          // want `OLT020: input.method: tag jsonschema: " GET or POST" is not a part invopop/jsonschema reads`
	Labels []string `json:"labels" jsonschema:"enum=red,enum=blue"`                                            // want `OLT020: input.labels: tag jsonschema: invopop/jsonschema applies enum to the items of an array`
	Nick   string   `json:"nick" jsonschema:"nullable"`                                                        // want `OLT020: input.nick: tag jsonschema: nullable wraps the schema in a oneOf with null`
	Order  int      `json:"order" jsonschema_extras:"x-order=1"`                                               // want `OLT020: input.order: tag jsonschema_extras: writes keyword "x-order" as it is`
	Kind   string   `json:"kind" jsonschema:"oneof_required=byKind"`                                           // want `OLT020: input.kind: tag jsonschema: oneof_required builds a oneOf or anyOf from tags`
	Fine   string   `json:"fine" jsonschema:"required,enum=GET,enum=POST,default=GET,description=HTTP method"` // read as it is
	Path   string   `json:"path" jsonschema:"the absolute path to the file"`                                   // google's description
}

// Greet greets.
//
//tool:export
func Greet(in Input) error { return nil }
