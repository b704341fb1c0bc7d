// Package olt022dropin gives types with peers' tags that have native
// forms to the drop-ins, and to no //tool:export tool: OLT022 does not
// look at them (docs/diagnostics.md says so), while OLT020 checks them at
// the call.
package olt022dropin

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/mcpserver"
)

// WeatherRequest's tags would be rewritten on a //tool:export tool's
// input.
type WeatherRequest struct {
	City  string `json:"city" jsonschema:"required,description=The city"`
	Units string `json:"units" jsonschema:"enum=metric,enum=imperial"`
}

// Forecast is the same for the go-sdk drop-in.
type Forecast struct {
	Days int32 `json:"days" jsonschema_description:"How many days ahead."`
}

var weatherOption = mcpgo.WithInputSchema[WeatherRequest]()

func forecast(ctx context.Context, req *mcp.CallToolRequest, in Forecast) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func register(s *mcp.Server) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "forecast"}, forecast)
}
