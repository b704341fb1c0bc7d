package mcpserver_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type exampleGreetIn struct {
	Name string `json:"name" description:"Who to greet." minLength:"1"`
}

func exampleGreet(ctx context.Context, in exampleGreetIn) (string, error) {
	return "Hello, " + in.Name + ".", nil
}

// Register serves tools on an MCP server of the go-sdk, with their own
// schemas; every call goes through the invoker, so arguments that break
// the schema come back as an error result the model can act on. Here the
// client is in the same process (in-memory transports); a real server
// runs on mcp.StdioTransport or over HTTP.
func ExampleRegister() {
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

	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, mt := range list.Tools {
		fmt.Println(mt.Name, "-", mt.Description)
	}
	for _, args := range []map[string]any{{"name": "Ada"}, {"name": ""}} {
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: args})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(r.IsError, r.Content[0].(*mcp.TextContent).Text)
	}
	// Output:
	// greet - Greets someone.
	// false Hello, Ada.
	// true Argument 'name' must be at least 1 character long.
}

// NewElicitApproval makes the approval hook of instances behind a load
// balancer: each has the same key (from a secret store) and, in a fleet,
// one record of used states (a NonceStore over a shared database; here
// the one in memory, which serves one process).
func ExampleNewElicitApproval() {
	secret := "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA" // 34 bytes, in base64url
	key, err := base64.RawURLEncoding.DecodeString(secret)
	if err != nil {
		fmt.Println(err)
		return
	}
	approve, err := mcpserver.NewElicitApproval(mcpserver.ApprovalConfig{Key: key, TTL: 5 * time.Minute, Nonces: mcpserver.NewNonceStore(0, 0)})
	if err != nil {
		fmt.Println(err)
		return
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "orders", Version: "v1"}, nil)
	fmt.Println(mcpserver.Register(server, nil, &mcpserver.Options{Approve: approve}))

	_, err = mcpserver.NewElicitApproval(mcpserver.ApprovalConfig{Key: []byte("too short")})
	fmt.Println(err)
	// Output:
	// <nil>
	// mcpserver: the approval key is 9 bytes: HMAC-SHA-256 takes at least 32 (random, secret)
}
