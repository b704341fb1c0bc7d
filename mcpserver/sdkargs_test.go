package mcpserver_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// CountNums counts the numbers it is given: a tool of this package whose
// arguments are read into a Go type.
func CountNums(in struct {
	Nums []int `json:"nums"`
}) (int, error) {
	return len(in.Nums), nil
}

// sumIn is the input of a tool the SDK adds itself.
type sumIn struct {
	Nums []float64 `json:"nums"`
}

// addSDKSum adds to s, with the SDK's own mcp.AddTool, a tool that counts
// its numbers, and returns how many times its handler ran.
func addSDKSum(s *mcp.Server) *atomic.Int32 {
	var called atomic.Int32
	mcp.AddTool(s, &mcp.Tool{Name: "sdk_sum", Description: "Sums numbers."},
		func(ctx context.Context, req *mcp.CallToolRequest, in sumIn) (*mcp.CallToolResult, any, error) {
			called.Add(1)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(len(in.Nums))}}}, nil, nil
		})
	return &called
}

// nums returns the arguments {"nums":[1,1,...]} with n numbers.
func nums(n int) map[string]any {
	return map[string]any{"nums": jsonNumbers(n)}
}

type jsonNumbers int

func (n jsonNumbers) MarshalJSON() ([]byte, error) {
	return []byte("[" + strings.Repeat("1,", int(n)-1) + "1]"), nil
}

// TestSDKToolArgumentsBounded: a tool the SDK adds itself (mcp.AddTool),
// beside this package's, has its arguments read by the SDK into a map of
// any, some 70 times their text (16 MiB of numbers: 1.1 GB); past 65,536
// values they are refused before the SDK reads them, with an error result
// that names the tool and the bound. This package's own tools bound their
// arguments themselves: 65,537 numbers for a []int are theirs to read.
// The same on a server that has no tool of this package and that
// HTTPHandler serves, over HTTP or any other transport.
func TestSDKToolArgumentsBounded(t *testing.T) {
	count, err := reflectimpl.Create(CountNums)
	if err != nil {
		t.Fatal(err)
	}
	mixed := mcp.NewServer(&mcp.Implementation{Name: "mixed", Version: "v0"}, nil)
	if err := mcpserver.Register(mixed, []*tool.Tool{count}, nil); err != nil {
		t.Fatal(err)
	}
	mixedCalls := addSDKSum(mixed)

	sdkOnly := mcp.NewServer(&mcp.Implementation{Name: "sdk-only", Version: "v0"}, nil)
	sdkCalls := addSDKSum(sdkOnly)
	hs := httptest.NewServer(mcpserver.HTTPHandler(sdkOnly, nil))
	t.Cleanup(hs.Close)
	ctx := context.Background()
	overHTTP, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: hs.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { overHTTP.Close() })

	const over = 1<<16 + 1
	const refused = "Tool 'sdk_sum' was not called: its arguments hold more than 65536 JSON values, more than this server reads for a tool it does not check itself. Send fewer."
	for _, tt := range []struct {
		name    string
		cs      *mcp.ClientSession
		calls   *atomic.Int32
		tool    string
		n       int
		want    string
		isError bool
		ran     int32
	}{
		{"mixed/sdk over", connectServer(t, mixed, nil, ""), mixedCalls, "sdk_sum", over, refused, true, 0},
		{"mixed/sdk within", connectServer(t, mixed, nil, ""), mixedCalls, "sdk_sum", 60000, "60000", false, 1},
		{"mixed/own over", connectServer(t, mixed, nil, ""), mixedCalls, "count_nums", over, fmt.Sprint(over), false, 1},
		{"http/sdk over", overHTTP, sdkCalls, "sdk_sum", over, refused, true, 0},
		{"http/sdk within", overHTTP, sdkCalls, "sdk_sum", 1000, "1000", false, 1},
		// The server HTTPHandler serves is bounded over its other
		// transports too: the middleware is the server's.
		{"http's server, another transport/sdk over", connectServer(t, sdkOnly, nil, ""), sdkCalls, "sdk_sum", over, refused, true, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.calls.Load()
			res, err := tt.cs.CallTool(ctx, &mcp.CallToolParams{Name: tt.tool, Arguments: nums(tt.n)})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError != tt.isError || len(res.Content) != 1 {
				t.Fatalf("IsError %v, content %v", res.IsError, res.Content)
			}
			if got := res.Content[0].(*mcp.TextContent).Text; got != tt.want {
				t.Errorf("answered %q, want %q", got, tt.want)
			}
			if tt.tool == "sdk_sum" {
				if ran := tt.calls.Load() - before; ran != tt.ran {
					t.Errorf("the SDK's handler ran %d times, want %d", ran, tt.ran)
				}
			}
			if tt.isError && res.Meta["io.github.toolschema/code"] != string(tool.InvalidArguments) {
				t.Errorf("_meta %v", res.Meta)
			}
		})
	}
}
