package olt020

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type Input struct {
	Name   string   `json:"name" jsonschema:"title=Name,description=The user's name"`                          // want `OLT020: input.name: tag jsonschema: title is not a keyword the contract writes`
	Method string   `json:"method" jsonschema:"enum=GET, POST"`                                                // want `OLT020: input.method: tag jsonschema: " POST" is not a part invopop/jsonschema reads`
	Labels []string `json:"labels" jsonschema:"enum=red,enum=blue"`                                            // want `OLT020: input.labels: tag jsonschema: invopop/jsonschema applies enum to the items of an array`
	Nick   string   `json:"nick" jsonschema:"nullable"`                                                        // want `OLT020: input.nick: tag jsonschema: nullable wraps the schema in a oneOf with null`
	Order  int      `json:"order" jsonschema_extras:"x-order=1"`                                               // want `OLT020: input.order: tag jsonschema_extras: writes keyword "x-order" as it is`
	Kind   string   `json:"kind" jsonschema:"oneof_required=byKind"`                                           // want `OLT020: input.kind: tag jsonschema: oneof_required builds a oneOf or anyOf from tags`
	Gone   bool     `json:"gone" jsonschema:"required,-"`                                                      // want `OLT020: input.gone: tag jsonschema: - hides a field only as the tag's first part`
	Fine   string   `json:"fine" jsonschema:"required,enum=GET,enum=POST,default=GET,description=HTTP method"` // read as it is
	Path   string   `json:"path" jsonschema:"the absolute path to the file"`                                   // google's description
	Qty    int      `json:"qty" jsonschema:"exclusiveMinimum=0,multipleOf=5"`                                  // read as the tags
}

// Greet greets.
//
//tool:export
func Greet(in Input) error { return nil }

// Forecast is what a model asks of the weather: descriptions with commas
// that invopop/jsonschema would cut are the author's whole text, with a
// warning; a hidden field is no property.
type Forecast struct {
	Place  string `json:"place" jsonschema:"required,description=The town and country, e.g. Ghent, Belgium"` // want `OLT020: warning: field Place: tag jsonschema: invopop/jsonschema ends the description at the first unescaped comma \(it reads "The town and country"\); the contract keeps the whole text`
	Days   int32  `json:"days" jsonschema:"description=How many days (1\\, 2 or 3)"`                         // escaped: no warning
	Source string `json:"source" jsonschema:"-" default:"assistant"`                                         // hidden from the model
}

// GetForecast tells the weather.
//
//tool:export
func GetForecast(in Forecast) (string, error) { return in.Place, nil }

// Outlook is shaped like an mcp-go weather tool's input: a description,
// then invopop's parts. Written with no space after the commas they are
// keywords; with spaces the tag is google/jsonschema-go's description, and
// mcp-go and invopop would read parts of it as keywords: a warning.
type Outlook struct {
	City  string `json:"city" jsonschema:"City to report on"`
	Unit  string `json:"unit,omitempty" jsonschema:"Temperature unit,enum=celsius,enum=fahrenheit"` // mcp-go's form: read
	Level string `json:"level" jsonschema:"Detail,enum=brief,enum=full"`                            // one word of text: read too
	Sort  string `json:"sort,omitempty" jsonschema:"Sort order, default=asc"`                       // want `OLT020: warning: field Sort: tag jsonschema: parts after a comma are written as invopop/jsonschema's \(KEY=VALUE with a key it reads, or a bare word\), but the tag is not mark3labs/mcp-go's form`
}

// GetOutlook tells the weather ahead.
//
//tool:export
func GetOutlook(in Outlook) (string, error) { return in.City, nil }

// Weather is an mcp-go tool's input: mark3labs/mcp-go reads the required
// part after City's text as more of the description, and requires every
// field without omitempty; the contract reads invopop's required part, by
// whose convention Country is optional: a warning, whose fix keeps what
// mcp-go required.
type Weather struct {
	City    string `json:"city" jsonschema:"City name,required"` // want `OLT020: warning: field City: tag jsonschema: google/jsonschema-go \(the go-sdk's mcp.AddTool\) and mark3labs/mcp-go read the required part as description text, and require every property without omitempty; the contract reads it as invopop/jsonschema's required part, by whose convention the object's properties without it are optional, so 1 property they require is optional here: "country"\. Drop the part and tag the field required:"true" to keep their required list`
	Country string `json:"country"`
	Unit    string `json:"unit,omitempty" jsonschema:"Temperature unit,enum=celsius,enum=fahrenheit"`
}

// GetWeather tells the weather.
//
//tool:export
func GetWeather(in Weather) (string, error) { return in.City, nil }

// Station's siblings are optional without the convention too: no warning.
type Station struct {
	ID   string `json:"id" jsonschema:"Station ID,required"`
	Name string `json:"name,omitempty"`
	Kind string `json:"kind" default:"manual"`
}

// GetStation finds a station.
//
//tool:export
func GetStation(in Station) (string, error) { return in.ID, nil }

// Route's From is tagged required:"true" already: the fix drops the part.
type Route struct {
	From string   `json:"from" jsonschema:"Start,required" required:"true"` // want `OLT020: warning: field From: tag jsonschema: google/jsonschema-go \(the go-sdk's mcp.AddTool\) and mark3labs/mcp-go read the required part as description text, .* so 2 properties they require are optional here: "to", "via"\.`
	To   string   `json:"to"`
	Via  []string `json:"via"`
}

// Plan plans a route.
//
//tool:export
func Plan(in Route) (string, error) { return in.From, nil }

// Schema stands for invopop/jsonschema's Schema: its schema methods are
// known by their shape, whatever package the type is in.
type Schema struct{ Enum []any }

// Severity takes its enum from invopop's JSONSchema method, which the
// contract does not call: refused, where the enum would be lost.
type Severity string

func (Severity) JSONSchema() *Schema { return &Schema{Enum: []any{"low", "high"}} }

// Values is a string or a list of them, by its own JSON methods and
// invopop's JSONSchema method; Declared says the same as ToolschemaSchema.
type Values []string

func (v *Values) UnmarshalJSON(b []byte) error { return nil }
func (v Values) MarshalJSON() ([]byte, error)  { return nil, nil }
func (Values) JSONSchema() *Schema             { return &Schema{} }

type Declared []string

func (v *Declared) UnmarshalJSON(b []byte) error { return nil }
func (v Declared) MarshalJSON() ([]byte, error)  { return nil, nil }
func (Declared) JSONSchema() *Schema             { return &Schema{} }
func (Declared) ToolschemaSchema() string {
	return `{"type":["string","array"],"items":{"type":"string"}}`
}

// Window extends its derived schema through invopop's JSONSchemaExtend.
type Window struct {
	From string `json:"from"`
}

func (*Window) JSONSchemaExtend(s *Schema) {}

// Other has a method named JSONSchema of another shape: not invopop's.
type Other string

func (Other) JSONSchema() string { return "" }

// Google returns google/jsonschema-go's Schema, which that library never
// asks a type for: the program's own method, not invopop's.
type Google string

func (Google) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }

type Alert struct {
	Severity Severity            `json:"severity"` // want `OLT020: input.severity: olt020.Severity has invopop/jsonschema's method JSONSchema, which the contract does not call, so what it says would be lost`
	Values   map[string]Values   `json:"values"`   // want `OLT020: input.values\{\}: olt020.Values has invopop/jsonschema's method JSONSchema, which the contract does not call: declare the schema it gives with a method ToolschemaSchema\(\) string`
	Declared map[string]Declared `json:"declared"`
	Window   *Window             `json:"window"` // want `OLT020: input.window: olt020.Window has invopop/jsonschema's method JSONSchemaExtend`
	Other    Other               `json:"other"`
	Google   Google              `json:"google"`
}

// RaiseAlert raises an alert.
//
//tool:export
func RaiseAlert(in Alert) error { return nil }

// forecast gives Forecast to the go-sdk drop-in too: its warning is
// GetForecast's, once, with one fix.
func forecast(ctx context.Context, req *mcp.CallToolRequest, in Forecast) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func serve(s *mcp.Server) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "forecast"}, forecast)
}
