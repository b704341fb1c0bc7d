package mcpserver_test

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type exampleForecastIn struct {
	City string `json:"city" pattern:"^[A-Z][a-z]+$"`
	Days int    `json:"days,omitempty" minimum:"1" maximum:"7" default:"3"`
}

type exampleForecast struct {
	City    string `json:"city"`
	Days    int    `json:"days"`
	Summary string `json:"summary"`
}

// A handler written for the go-sdk's mcp.AddTool, unchanged.
func exampleForecastHandler(ctx context.Context, req *mcp.CallToolRequest, in exampleForecastIn) (*mcp.CallToolResult, exampleForecast, error) {
	return nil, exampleForecast{City: in.City, Days: in.Days, Summary: "mild"}, nil
}

// AddTool is the go-sdk's mcp.AddTool with the contract's schemas and
// checks: a server changes mcp.AddTool to mcpserver.AddTool. The default
// is filled in before the handler runs, and refused arguments never reach
// it.
func ExampleAddTool() {
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcpserver.AddTool(server, &mcp.Tool{Name: "forecast", Description: "Forecasts the weather."}, exampleForecastHandler)

	ctx := context.Background()
	serverTransport, clientTransport := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(ctx, clientTransport, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()

	for _, args := range []map[string]any{{"city": "Paris"}, {"city": "paris", "days": 10}} {
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "forecast", Arguments: args})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(r.IsError, r.Content[0].(*mcp.TextContent).Text)
	}
	// Output:
	// false {"city":"Paris","days":3,"summary":"mild"}
	// true Argument 'days' must be at most 7.
	// Argument 'city' must match the pattern ^[A-Z][a-z]+$.
}
