package mcpserver_test

import (
	"context"
	"fmt"
	"net"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// HTTPHandler serves tools over MCP's streamable HTTP transport with the
// limits of a careful operator (origins checked, calls bounded, requests
// rate-limited, a call cancelled when its client goes away), and
// NewHTTPServer runs it with timeouts, on the loopback interface unless
// told otherwise. A program serves with
//
//	log.Fatal(mcpserver.NewHTTPServer("localhost:8080", handler).ListenAndServe())
//
// Here the server listens on a port of the system's choosing, and a client
// of the SDK calls the tool.
func ExampleHTTPHandler() {
	t, err := reflectimpl.Create(exampleGreet, reflectimpl.Meta(tool.Meta{
		Name:        "greet",
		Description: "Greets someone.",
	}))
	if err != nil {
		fmt.Println(err)
		return
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "greeter", Version: "v1"}, nil)
	if err := mcpserver.Register(server, []*tool.Tool{t}, nil); err != nil {
		fmt.Println(err)
		return
	}
	handler := mcpserver.HTTPHandler(server, &mcpserver.HTTPOptions{
		AllowedOrigins: []string{"https://app.example.com"}, // a web app of ours; the defaults otherwise
	})
	srv := mcpserver.NewHTTPServer(":0", handler) // 127.0.0.1, any free port
	ln, err := net.Listen("tcp", srv.Addr)
	if err != nil {
		fmt.Println(err)
		return
	}
	go srv.Serve(ln)
	ctx := context.Background()
	defer srv.Shutdown(ctx)

	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: "http://" + ln.Addr().String()}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "Ada"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.IsError, r.Content[0].(*mcp.TextContent).Text)
	// Output:
	// false Hello, Ada.
}
