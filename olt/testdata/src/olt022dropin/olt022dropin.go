// Package olt022dropin gives types with peers' tags that have native
// forms to the drop-ins and to reflectimpl.Create, and to no //tool:export
// tool: OLT022 migrates them as it does a tool's, at the field, once
// however many calls reach it.
package olt022dropin

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
)

// WeatherRequest is an mcp-go server's input, given to two drop-ins: each
// field is reported once, as the first call's.
type WeatherRequest struct {
	City  string `json:"city" jsonschema:"required,description=The city"`                 // want `OLT022: mcpgo.WithInputSchema\[WeatherRequest\]: field City: the peer library's tags have native forms \(description, required:"true"\); the fix rewrites them$`
	Units string `json:"units" jsonschema:"enum=celsius,enum=fahrenheit,default=celsius"` // want `OLT022: mcpgo.WithInputSchema\[WeatherRequest\]: field Units: the peer library's tags have native forms \(enum, default\); the fix rewrites them$`
	Days  int32  `json:"days"`                                                            // want `OLT022: mcpgo.WithInputSchema\[WeatherRequest\]: field Days: the peer library's tags have native forms \(required:"false"\); the fix rewrites them$`
}

// Forecast is a go-sdk server's input and Report its result.
type Forecast struct {
	Days int32 `json:"days" jsonschema_description:"How many days ahead."` // want `OLT022: mcpserver.AddTool\[Forecast, Report\]: field Days: the peer library's tags have native forms \(description\); the fix rewrites them$`
}

type Report struct {
	Summary string `json:"summary" jsonschema:"description=What the days hold"` // want `OLT022: mcpserver.AddTool\[Forecast, Report\]: field Summary: the peer library's tags have native forms \(description\); the fix rewrites them$`
}

// Lookup is reflectimpl.Create's.
type Lookup struct {
	Key string `json:"key" jsonschema:"minLength=1"` // want `OLT022: reflectimpl.Create\(lookup\): field Key: the peer library's tags have native forms \(minLength\); the fix rewrites them$`
}

// Broken has a field with no schema: a call whose types have errors is
// not migrated, as a package with diagnostics is not.
type Broken struct {
	Feed chan int `json:"feed"`
	Note string   `json:"note" jsonschema:"description=Left as it is"`
}

// Native has nothing to migrate.
type Native struct {
	Name string `json:"name" description:"The name"`
}

var (
	weatherOption = mcpgo.WithInputSchema[WeatherRequest]()
	brokenOption  = mcpgo.WithInputSchema[Broken]()
	nativeOption  = mcpgo.WithInputSchema[Native]()
	weatherTool   = mcpgo.NewTypedToolHandler(func(ctx context.Context, request mcpgo.Request, args WeatherRequest) (*mcpgo.Result, error) {
		return nil, nil
	})
)

func forecast(ctx context.Context, req *mcp.CallToolRequest, in Forecast) (*mcp.CallToolResult, Report, error) {
	return nil, Report{}, nil
}

func lookup(ctx context.Context, in Lookup) (string, error) { return "", nil }

func register(s *mcp.Server) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "forecast"}, forecast)
	mcpserver.AddTool(s, &mcp.Tool{Name: "weather"}, func(ctx context.Context, req *mcp.CallToolRequest, in WeatherRequest) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	reflectimpl.Create(lookup)
}
