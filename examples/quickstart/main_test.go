package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/olt"
)

var update = flag.Bool("update", false, "rewrite testdata/output.golden")

// TestOutput runs the example and compares what it prints with the golden
// file, so that the README's first command cannot rot.
func TestOutput(t *testing.T) {
	svc := newService()
	tools := append(svc.Tools(), Tools()...)
	var buf bytes.Buffer
	if err := run(&buf, svc, tools); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "output.golden")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("output differs from %s (run go test -update to accept):\n%s", golden, buf.Bytes())
	}
	for _, tl := range tools {
		schematest.Check(t, tl.InputSchema)
		if tl.OutputSchema != nil {
			schematest.Check(t, tl.OutputSchema)
		}
	}
}

// TestGenerated checks the committed generated file is what toolgen writes.
func TestGenerated(t *testing.T) {
	rs, err := generator.Generate(context.Background(), nil, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs[0].Errs) > 0 {
		t.Fatal(rs[0].Errs)
	}
	got, err := os.ReadFile("toolschema_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, rs[0].Content) {
		t.Error("toolschema_gen.go is stale: run go generate ./examples/quickstart")
	}
}

// TestVetClean runs every rule of toolvet over the example, the
// contract-quality checks included: no diagnostic. (The providers' strict
// modes would report the constraint tags they move into descriptions.)
func TestVetClean(t *testing.T) {
	// The rules use no facts: the dependencies' types come from export
	// data (compiled without -race, shared with go build and go vet)
	// rather than type-checked from source here, which under -race took
	// most of this package's test time.
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax | packages.NeedModule}, ".")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the example does not load")
	}
	as, err := olt.NewAnalyzers(olt.Config{Quality: true})
	if err != nil {
		t.Fatal(err)
	}
	core := as[0].Requires[0] // the front end every rule reports from
	graph, err := checker.Analyze(append([]*analysis.Analyzer{core}, as...), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	tools := 0
	for act := range graph.All() {
		for _, d := range act.Diagnostics {
			t.Errorf("%s: %s", act.Package.Fset.Position(d.Pos), d.Message)
		}
		if act.Analyzer == core {
			// The core's result type is olt's own; its Package field is
			// the front end's (internal/analyzer).
			if p, ok := reflect.ValueOf(act.Result).Elem().FieldByName("Package").Interface().(*analyzer.Package); ok && p != nil {
				tools += len(p.Tools)
			}
		}
	}
	// The rules looked at the example's tools (a load that left the core
	// nothing to see would pass the check above).
	if want := len(append(newService().Tools(), Tools()...)); tools != want {
		t.Errorf("the core saw %d tools, want the example's %d", tools, want)
	}
}

// TestMCP serves the example's tools as -mcp does, to the SDK's client over
// in-memory transports, and calls one.
func TestMCP(t *testing.T) {
	svc := newService()
	tools := append(svc.Tools(), Tools()...)
	st, ct := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serveMCP(ctx, st, tools) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != len(tools) {
		t.Fatalf("listed %v, %v", list, err)
	}
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "find_orders", Arguments: map[string]any{"limit": 0}})
	if err != nil || !r.IsError || r.Content[0].(*mcp.TextContent).Text != "Argument 'limit' must be at least 1." {
		t.Errorf("a bad call over MCP: %+v %v", r, err)
	}
	cs.Close()
	if err := <-done; err != nil {
		t.Errorf("serveMCP: %v", err)
	}
}

// TestMCPConcurrent calls the example's tools at once over MCP, as a busy
// client would, with the user approving every cancellation: under the
// race detector (the README's test command) no call may race another, and
// each order placed is found.
func TestMCPConcurrent(t *testing.T) {
	svc := newService()
	tools := append(svc.Tools(), Tools()...)
	st, ct := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serveMCP(ctx, st, tools) }()
	approve := func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}, nil
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, &mcp.ClientOptions{ElicitationHandler: approve}).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	const rounds = 20
	var wg sync.WaitGroup
	errs := make(chan string, 3*rounds)
	call := func(name string, args map[string]any, want func(*mcp.CallToolResult) bool) {
		defer wg.Done()
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil || !want(r) {
			errs <- fmt.Sprintf("%s %v: %+v, %v", name, args, r, err)
		}
	}
	ok := func(r *mcp.CallToolResult) bool { return !r.IsError }
	for range rounds {
		wg.Add(3)
		go call("place_order", map[string]any{"lines": []any{map[string]any{"sku": "TEA-1", "quantity": 1}},
			"to": map[string]any{"street": "1 Main St", "city": "Springfield", "country": "US"}}, ok)
		go call("find_orders", map[string]any{"limit": 50}, ok)
		// Approved each time; cancelling A-17 again keeps it cancelled.
		go call("cancel_order", map[string]any{"id": "A-17", "reason": "customer request"}, ok)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "find_orders", Arguments: map[string]any{"limit": 50}})
	if err != nil || r.IsError {
		t.Fatalf("find_orders: %+v, %v", r, err)
	}
	var found []Order
	if err := json.Unmarshal([]byte(r.Content[0].(*mcp.TextContent).Text), &found); err != nil || len(found) != 2+rounds {
		t.Errorf("found %d orders (%v), want %d", len(found), err, 2+rounds)
	}
	cs.Close()
	if err := <-done; err != nil {
		t.Errorf("serveMCP: %v", err)
	}
}

// TestHTTP serves the example's tools as -http does, through
// mcpserver.HTTPHandler on a loopback server, to the SDK's client: a call
// is answered, and a request from another site's page is refused.
func TestHTTP(t *testing.T) {
	svc := newService()
	h, err := httpHandler(append(svc.Tools(), Tools()...))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	defer hs.Close()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "find_orders", Arguments: map[string]any{"status": "pending"}})
	if err != nil || r.IsError || !strings.Contains(r.Content[0].(*mcp.TextContent).Text, `"id":"A-17"`) {
		t.Errorf("find_orders over HTTP: %+v, %v", r, err)
	}
	req, _ := http.NewRequest("POST", hs.URL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site request: %d, want 403", resp.StatusCode)
	}
}
