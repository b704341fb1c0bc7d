// Quickstart is a small order service offered to a model as tools. It shows
// the whole path: the tools are marked in the source and generated with
// toolgen (toolschema_gen.go, kept fresh by go generate), checked by
// toolvet (the tests run it), described for each provider, and called with
// good and bad arguments as a model would call them. With -mcp it serves
// the tools over MCP on standard input and output, for a desktop client;
// with -http, over MCP's streamable HTTP, with the limits of
// mcpserver.HTTPHandler and the timeouts of mcpserver.NewHTTPServer.
//
//	go run ./examples/quickstart                  # print the tools and some calls
//	go run ./examples/quickstart -mcp             # serve over MCP on stdio
//	go run ./examples/quickstart -http :8080      # serve over HTTP on 127.0.0.1:8080
package main

//go:generate go tool toolgen

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// Status is where an order stands.
type Status string

const (
	Pending   Status = "pending"
	Shipped   Status = "shipped"
	Cancelled Status = "cancelled"
)

// Line is one product of an order.
type Line struct {
	// SKU is the stock keeping unit.
	SKU string `json:"sku" pattern:"^[A-Z0-9-]+$"`
	// Quantity is how many.
	Quantity int `json:"quantity" minimum:"1" maximum:"1000"`
}

// Address is where an order goes.
type Address struct {
	// Street is the number and the street.
	Street string `json:"street"`
	// City is the city.
	City    string `json:"city"`
	Country string `json:"country" description:"ISO 3166-1 alpha-2 code, such as FR." pattern:"^[A-Z]{2}$"`
}

// Order is an order as the service keeps it.
type Order struct {
	ID     string    `json:"id"`
	Status Status    `json:"status"`
	Lines  []Line    `json:"lines"`
	Placed time.Time `json:"placed"`
	To     *Address  `json:"to,omitempty"`
}

// FindQuery selects orders.
type FindQuery struct {
	// Status keeps only the orders in this state.
	Status Status `json:"status,omitempty"`
	// Since keeps only the orders placed after this instant.
	Since time.Time `json:"since,omitzero"`
	// Limit is the most orders to return.
	Limit int `json:"limit,omitempty" minimum:"1" maximum:"50" default:"10"`
}

// NewOrder is an order to place.
type NewOrder struct {
	// Lines are the products ordered.
	Lines []Line `json:"lines" minItems:"1"`
	// To is where the order goes.
	To Address `json:"to"`
}

// CancelRequest names the order to cancel and why.
type CancelRequest struct {
	// ID is the order's identifier, such as A-17.
	ID string `json:"id" minLength:"1"`
	// Reason is why the order is cancelled.
	Reason string `json:"reason" enum:"customer request, out of stock, fraud"`
}

// Service is the order service whose methods are tools. A server may run
// its tools' calls at the same time (every tool but CancelOrder says it
// is parallel-safe), so the orders are behind a lock.
type Service struct {
	mu     sync.RWMutex
	orders []Order
	now    func() time.Time
}

// FindOrders finds orders by state and date, newest first.
//
//tool:export timeout=5s read-only open-world=false "title=Find orders" icon=data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+PGNpcmNsZSBjeD0iNyIgY3k9IjciIHI9IjUiIGZpbGw9Im5vbmUiIHN0cm9rZT0iYmxhY2siIHN0cm9rZS13aWR0aD0iMiIvPjxwYXRoIGQ9Ik0xMSAxMWw0IDQiIHN0cm9rZT0iYmxhY2siIHN0cm9rZS13aWR0aD0iMiIvPjwvc3ZnPg==
func (s *Service) FindOrders(ctx context.Context, in FindQuery) ([]Order, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []Order
	for i := len(s.orders) - 1; i >= 0 && len(out) < in.Limit; i-- {
		if o := s.orders[i]; (in.Status == "" || o.Status == in.Status) && o.Placed.After(in.Since) {
			out = append(out, o)
		}
	}
	return out, nil
}

// PlaceOrder places a new order and returns it.
//
//tool:export destructive=false open-world=false
func (s *Service) PlaceOrder(ctx context.Context, call *tool.Call, in NewOrder) (*Order, error) {
	call.AddCost(tool.Cost{Item: "address check", Amount: 1, Unit: "request"})
	s.mu.Lock()
	defer s.mu.Unlock()
	o := Order{ID: fmt.Sprintf("A-%d", 16+len(s.orders)), Status: Pending, Lines: in.Lines, Placed: s.now(), To: &in.To}
	s.orders = append(s.orders, o)
	return &o, nil
}

// CancelOrder cancels an order that has not shipped. A person approves
// each call.
//
//tool:export requires-approval parallel-safe=false
func (s *Service) CancelOrder(ctx context.Context, in CancelRequest) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.orders {
		if o := &s.orders[i]; o.ID == in.ID {
			if o.Status == Shipped {
				return "", fmt.Errorf("order %s has shipped", in.ID)
			}
			o.Status = Cancelled
			return "order " + in.ID + " cancelled", nil
		}
	}
	return "", fmt.Errorf("no order %s", in.ID)
}

// Ping checks that the service is up.
//
//tool:export read-only open-world=false
func Ping() string { return "pong" }

func main() {
	serve := flag.Bool("mcp", false, "serve the tools over MCP on standard input and output")
	addr := flag.String("http", "", "serve the tools over MCP's streamable HTTP at this address (a port alone, :8080, listens on 127.0.0.1)")
	flag.Parse()
	svc := newService()
	tools := append(svc.Tools(), Tools()...)
	if *addr != "" {
		h, err := httpHandler(tools)
		if err != nil {
			log.Fatal(err)
		}
		srv := mcpserver.NewHTTPServer(*addr, h)
		log.Printf("serving MCP at http://%s", srv.Addr)
		log.Fatal(srv.ListenAndServe())
	}
	if *serve {
		// The SDK's mcp.StdioTransport ends the session at the first line
		// that is not a message; this one answers it and goes on.
		if err := serveMCP(context.Background(), &mcpserver.StdioTransport{}, tools); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := run(os.Stdout, svc, tools); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// serveMCP serves tools over MCP on transport until the client leaves. A
// call that requires approval is put to the client's user by elicitation;
// a client that cannot ask its user gets it refused.
func serveMCP(ctx context.Context, transport mcp.Transport, tools []*tool.Tool) error {
	server, err := newServer(tools)
	if err != nil {
		return err
	}
	return server.Run(ctx, transport)
}

// httpHandler serves tools over MCP's streamable HTTP, with the checks and
// limits a server reachable from a browser needs (the Origin, a rate,
// calls at once). An approval is asked by elicitation in the call's
// response, so it holds across the instances of a fleet that share a key
// (mcpserver.NewElicitApproval); this one process makes its own.
func httpHandler(tools []*tool.Tool) (http.Handler, error) {
	server, err := newServer(tools)
	if err != nil {
		return nil, err
	}
	return mcpserver.HTTPHandler(server, nil), nil
}

// newServer is the MCP server of tools. A call that requires approval is
// put to the client's user by elicitation; a client that cannot ask its
// user gets it refused.
func newServer(tools []*tool.Tool) (*mcp.Server, error) {
	server := mcp.NewServer(&mcp.Implementation{Name: "orders", Version: "v1"}, nil)
	if err := mcpserver.Register(server, tools, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
		return nil, err
	}
	return server, nil
}

func newService() *Service {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 9, 0, 0, 0, time.UTC) }
	return &Service{
		orders: []Order{
			{ID: "A-16", Status: Shipped, Lines: []Line{{SKU: "TEA-1", Quantity: 2}}, Placed: day(2)},
			{ID: "A-17", Status: Pending, Lines: []Line{{SKU: "CUP-4", Quantity: 1}}, Placed: day(29)},
		},
		now: func() time.Time { return day(30) },
	}
}

func run(w io.Writer, svc *Service, tools []*tool.Tool) error {
	fmt.Fprintln(w, "The tools of this package, written by toolgen (go generate) into toolschema_gen.go")
	fmt.Fprintln(w, "from its //tool:export functions, and checked by toolvet (go vet -vettool=$(go tool -n toolvet)):")
	fmt.Fprintln(w, "each with its schemas and its definition for each provider.")
	fmt.Fprintln(w)
	for _, t := range tools {
		fmt.Fprintf(w, "tool %s: %s\n", t.Name, t.Description)
		fmt.Fprintf(w, "  requires approval: %v, parallel safe: %v, timeout: %v\n", t.RequiresApproval, t.IsParallelSafe(), t.Timeout)
		fmt.Fprintf(w, "  input:  %s\n", t.InputSchema)
		if t.OutputSchema != nil {
			fmt.Fprintf(w, "  output: %s\n", t.OutputSchema)
		}
		for _, p := range []struct {
			name string
			def  func() (json.RawMessage, error)
		}{
			{"openai", func() (json.RawMessage, error) { return provider.OpenAI(t) }},
			{"anthropic", func() (json.RawMessage, error) {
				defs, err := provider.Anthropic([]*tool.Tool{t})
				if err != nil {
					return nil, err
				}
				return defs[0], nil
			}},
			{"gemini", func() (json.RawMessage, error) { return provider.Gemini(t) }},
		} {
			def, err := p.def()
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "  %s: %s\n", p.name, def)
		}
	}

	// Calls as a model makes them.
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Calls as a model makes them: the arguments are checked against the schema before the tool runs.")
	fmt.Fprintln(w)
	ctx := context.Background()
	byName := map[string]*tool.Tool{}
	for _, t := range tools {
		byName[t.Name] = t
	}
	for _, c := range []struct{ tool, args string }{
		{"find_orders", `{"status":"shipped"}`},
		{"find_orders", `{"status":"lost","limit":500,"since":"yesterday"}`},
		{"place_order", `{"lines":[{"sku":"TEA-1","quantity":3}],"to":{"street":"1 rue de Rivoli","city":"Paris","country":"FR"}}`},
		{"place_order", `{"lines":[],"to":{"street":"1 rue de Rivoli","city":"Paris","country":"France"},"express":true}`},
		{"cancel_order", `{"id":"A-17","reason":"customer request"}`},
	} {
		r, err := byName[c.tool].Invoke(ctx, json.RawMessage(c.args))
		if err != nil {
			return err
		}
		report(w, c.tool, c.args, r)
	}
	args := json.RawMessage(`{"id":"A-17","reason":"customer request"}`)
	r, err := byName["cancel_order"].Invoke(tool.Approve(ctx, "cancel_order", args), args)
	if err != nil {
		return err
	}
	report(w, "cancel_order (approved)", string(args), r)
	return nil
}

// report prints a call's result: its parts, or why it failed.
func report(w io.Writer, name, args string, r *tool.Result) {
	status := "ok"
	if r.IsError {
		status = "error " + string(r.Code)
	}
	fmt.Fprintf(w, "call %s %s\n  %s\n", name, args, status)
	for _, p := range r.Parts {
		switch p := p.(type) {
		case tool.TextPart:
			fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(p.Text, "\n", "\n  "))
		case tool.JSONPart:
			fmt.Fprintf(w, "  %s\n", p.JSON)
		}
	}
	for _, c := range r.Costs {
		fmt.Fprintf(w, "  cost: %v %s (%s)\n", c.Amount, c.Unit, c.Item)
	}
}
