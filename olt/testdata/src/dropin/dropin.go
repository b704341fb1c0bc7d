// Package dropin registers tools with the drop-ins and reflectimpl.Create:
// their types are checked as a tool's. It has no directive and no
// generated file.
package dropin

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"

	"dropin/elsewhere"
)

// Forecast has the misspelling the go-sdk accepted.
type Forecast struct {
	City string `json:"city"`
	Days int    `json:"days,omitemtpy"` // want `OLT011: mcpserver.AddTool\[Forecast, Report\]: input.days: json tag option "omitemtpy" is unknown to encoding/json`
	// Hours has a fix.
	Hours int    `json:"hours,string"`                                                             // want `OLT011: mcpserver.AddTool\[Forecast, Report\]: input.hours: the ,string option makes encoding/json quote the value`
	Place string `json:"place" jsonschema:"description=The town and country, e.g. Ghent, Belgium"` // want `OLT020: warning: mcpserver.AddTool\[Forecast, Report\]: field Place: tag jsonschema: invopop/jsonschema ends the description at the first unescaped comma`
}

// Conditions comes from an mcp-go server, which reads the required part
// after City's text (and Town's) as more of the description and requires
// Country (and Area). Town is warned about once, as a property of
// Conditions' object, though Place is reached too.
type Conditions struct {
	Place
	City    string `json:"city" jsonschema:"City name,required"` // want `OLT020: warning: mcpgo.WithInputSchema\[Conditions\]: field City: tag jsonschema: google/jsonschema-go \(the go-sdk's mcp.AddTool\) and mark3labs/mcp-go read the required part as description text, .* so 2 properties they require are optional here: "area", "country"`
	Country string `json:"country"`
}

// Place is embedded in Conditions.
type Place struct {
	Town string `json:"town" jsonschema:"Town name,required"` // want `OLT020: warning: mcpgo.WithInputSchema\[Conditions\]: field Town: tag jsonschema: google/jsonschema-go \(the go-sdk's mcp.AddTool\) and mark3labs/mcp-go read the required part as description text, .* so 2 properties they require are optional here: "area", "country"`
	Area string `json:"area"`
}

// Report is a clean result.
type Report struct {
	Summary string `json:"summary"`
}

// Watch has a field with no schema.
type Watch struct {
	Updates chan string `json:"updates"` // want `OLT002: mcpgo.NewTypedToolHandler\[Watch\]: input.updates: type chan string has no schema`
}

// Clean is a type with nothing to say.
type Clean struct {
	Name  string   `json:"name"`
	Count int      `json:"count,omitempty"`
	Tags  []string `json:"tags"`
}

// Stream is a result with no schema.
type Stream struct {
	Feed chan int `json:"feed"` // want `OLT003: reflectimpl.Create\(stream\): .*chan int`
}

func forecast(ctx context.Context, req *mcp.CallToolRequest, in Forecast) (*mcp.CallToolResult, Report, error) {
	return nil, Report{}, nil
}

func clean(ctx context.Context, req *mcp.CallToolRequest, in Clean) (*mcp.CallToolResult, Clean, error) {
	return nil, Clean{}, nil
}

func query(ctx context.Context, req *mcp.CallToolRequest, in elsewhere.Query) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func stream(ctx context.Context, in Clean) (Stream, error) { return Stream{}, nil }

func serve(s *mcp.Server) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "forecast"}, forecast)
	mcpserver.AddTool(s, &mcp.Tool{Name: "clean"}, clean)
	mcpserver.AddTool(s, &mcp.Tool{Name: "query"}, query) // want `OLT011: mcpserver.AddTool\[elsewhere.Query, any\]: input.terms: json tag option "omitemtpy" is unknown to encoding/json`
	mcpserver.AddTool[Clean, any](s, &mcp.Tool{Name: "none"}, nil)
}

func mcpgoTools() {
	mcpgo.WithInputSchema[Clean]()
	mcpgo.WithInputSchema[Conditions]()
	mcpgo.WithOutputSchema[Clean]()
	mcpgo.WithInputSchema[elsewhere.Query]() // want `OLT011: mcpgo.WithInputSchema\[elsewhere.Query\]: input.terms`
	mcpgo.NewTypedToolHandler(func(ctx context.Context, request mcpgo.Request, args Watch) (*mcpgo.Result, error) {
		return nil, nil
	})
	mcpgo.NewStructuredToolHandler(func(ctx context.Context, request mcpgo.Request, args Clean) (Report, error) {
		return Report{}, nil
	})
}

func creates() {
	reflectimpl.Create(stream)
	reflectimpl.Create(func(ctx context.Context, in Clean) (Report, error) { return Report{}, nil }) // want `OLT008: reflectimpl.Create\(func literal\): a function literal has no name, and no reflectimpl.Meta option gives the tool one, so reflectimpl.Create refuses it: add reflectimpl.Meta\(tool.Meta\{Name: "..."\}\)`
	var f any = stream
	reflectimpl.Create(f) // the function's type is not known here
	// Named by a Meta option: nothing to say.
	reflectimpl.Create(func(in Clean) (Report, error) { return Report{}, nil }, reflectimpl.Meta(tool.Meta{Name: "clean"}))
	// Meta options that name nothing.
	var c reflectimpl.Cache
	c.Create(func(in Clean) error { return nil }, reflectimpl.Meta(tool.Meta{Description: "Cleans."}), reflectimpl.RequiredFromTags()) // want `OLT008: reflectimpl.Create\(func literal\): a function literal has no name`
	reflectimpl.Create(func(in Clean) error { return nil }, reflectimpl.Meta(tool.Meta{Name: ""}))                                     // want `OLT008: reflectimpl.Create\(func literal\): a function literal has no name`
	// Options whose Name is not known here: nothing to say.
	m := tool.Meta{Name: "clean"}
	reflectimpl.Create(func(in Clean) error { return nil }, reflectimpl.Meta(m))
	opts := []reflectimpl.Option{reflectimpl.Meta(m)}
	reflectimpl.Create(func(in Clean) error { return nil }, opts...)
	name := "clean"
	reflectimpl.Create(func(in Clean) error { return nil }, reflectimpl.Meta(tool.Meta{Name: name}))
}

// Signatures reflectimpl.Create refuses, as it would at run time.
func createSignatures(m reflectimpl.Option) {
	reflectimpl.Create(func(in Clean, ctx context.Context) error { return nil }, m)        // want `OLT009: reflectimpl.Create\(func literal\): parameter 1, the context.Context, comes after the input; it must come before`
	reflectimpl.Create(func(ctx, ctx2 context.Context, in Clean) error { return nil }, m)  // want `OLT009: reflectimpl.Create\(func literal\): parameter 1 is a second context.Context; a tool takes at most one`
	reflectimpl.Create(func(a, b Clean) error { return nil }, m)                           // want `OLT002: reflectimpl.Create\(func literal\): parameter 1 \(dropin.Clean\) is a second input; a tool takes one input struct`
	reflectimpl.Create(func(in ...Clean) error { return nil }, m)                          // want `OLT002: reflectimpl.Create\(func literal\): the input is variadic \(...dropin.Clean\); a tool takes one input struct`
	reflectimpl.Create(func(in Clean) (Report, int, error) { return Report{}, 0, nil }, m) // want `OLT003: reflectimpl.Create\(func literal\): the function has 3 results; a tool returns at most a value and an error`
	reflectimpl.Create(func(in Clean) (error, Report) { return nil, Report{} }, m)         // want `OLT003: reflectimpl.Create\(func literal\): the first result is an error; a tool returns a value and then an error`
	reflectimpl.Create(func(in Clean) (Report, int) { return Report{}, 0 }, m)             // want `OLT003: reflectimpl.Create\(func literal\): the second result is int; it must be error`
	reflectimpl.Create(late, m)                                                            // want `OLT009: reflectimpl.Create\(late\): parameter 1, the context.Context, comes after the input; it must come before`
	reflectimpl.Create(func(ctx context.Context, in Clean) (Report, error) { return Report{}, nil }, m)
	// A go-sdk handler is refused as one (OLT030), not parameter by parameter.
	reflectimpl.Create(func(ctx context.Context, req *mcp.CallToolRequest, in Clean) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	}, m)
}

func late(in Clean, ctx context.Context) error { return nil }

// register passes its type argument on: its instantiations are not
// checked here, and nothing is said about T.
func register[T any](s *mcp.Server) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "t"}, func(ctx context.Context, req *mcp.CallToolRequest, in T) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
}
