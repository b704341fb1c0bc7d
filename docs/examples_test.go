package docs

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// The examples the docs show. Each region, from a "//docs:begin NAME" line
// to the next "//docs:end" line, is what a block of a doc marked
// "<!-- source docs/examples_test.go#NAME -->" holds; what the example
// gives (a schema, a refusal, a result) is computed in docs_test.go and is
// what a block marked "<!-- output docs/examples_test.go#NAME -->" holds.

//docs:begin order
type Base struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
}
type Order struct {
	Base
	ID    int    `json:"id"`
	Total uint32 `json:"total"`
}

//docs:end

//docs:begin search
type Search struct {
	Query string   `json:"query" description:"Words to look for." minLength:"1" maxLength:"200"`
	Kind  string   `json:"kind" enum:"code, issues, docs" default:"code"`
	Page  *int     `json:"page" minimum:"1"`
	Tags  []string `json:"tags,omitempty" maxItems:"5" uniqueItems:"true"`
}

//docs:end

// Refused is refused twice: a function has no JSON form, and "x" is no
// bound. Its refusal is the "refusals" output.
type Refused struct {
	Items []struct {
		When func() `json:"when"`
	} `json:"items"`
	Limit int `json:"limit" minimum:"x"`
}

//docs:begin docket
type DocketQuery struct {
	Court string `json:"court" description:"Court identifier." pattern:"^[a-z]+$"`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
}

//docs:end

// Docket is the result of GetDocket.
type Docket struct {
	Entries []string `json:"entries"`
}

// GetDocket returns the docket of one court case.
func GetDocket(ctx context.Context, in DocketQuery) (*Docket, error) {
	return &Docket{}, nil
}

// docketTool is the README example's tool, made by reflection.
func docketTool() (*tool.Tool, error) {
	//docs:begin docket-reflect
	t, err := reflectimpl.Create(GetDocket,
		reflectimpl.Meta(tool.Meta{
			Description: "GetDocket returns the docket of one court case.",
			Timeout:     5 * time.Second,
		}))
	//docs:end
	return t, err
}

// OrderRef names an order.
type OrderRef struct {
	Ref string `json:"ref"`
}

// errNoRows stands for a database's "no such row".
var errNoRows = errors.New("no rows in result set")

// GetOrder finds no order: its result is the "envelope" output.
func GetOrder(ctx context.Context, in OrderRef) (*Order, error) {
	return nil, &tool.Error{Code: "ORDER_NOT_FOUND", Category: tool.CategoryNotFound,
		SafeMessage: "No order has this reference.", Recovery: tool.RecoverAskUser,
		Outcome: tool.OutcomeNotStarted, Err: errNoRows}
}

// The usage blocks of contract.md, compiled here so that a renamed
// function or field fails this package. Those that serve forever
// (HTTP, stdio) are only compiled; the others run in TestWovenExamples.

// Verdict is the structured output of the contract's example.
type Verdict struct {
	Guilty bool   `json:"guilty"`
	Reason string `json:"reason" minLength:"1"`
}

// structuredOutputs is contract.md's "Structured outputs" block.
func structuredOutputs(answer []byte) ([]json.RawMessage, Verdict, []tool.Violation, error) {
	//docs:begin structured-outputs
	o, err := provider.OutputOf[Verdict]("verdict", "The court's verdict.")
	rf, err := provider.OpenAIResponseFormat(o)  // Chat Completions response_format
	tf, err := provider.OpenAIResponsesFormat(o) // Responses text.format
	af, err := provider.AnthropicOutputFormat(o) // output_config.format (output_format in the beta)
	gs, err := provider.GeminiResponseSchema(o)  // generationConfig.responseJsonSchema
	v, viols, err := tool.DecodeAnswer[Verdict](answer)
	//docs:end
	return []json.RawMessage{rf, tf, af, gs}, v, viols, err
}

// scripted is a loop.Model that answers with the calls it holds, one
// turn each, then with none.
type scripted struct{ turns [][]loop.Call }

func (s *scripted) Next(ctx context.Context, outcomes []loop.Outcome) ([]loop.Call, error) {
	if len(s.turns) == 0 {
		return nil, nil
	}
	calls := s.turns[0]
	s.turns = s.turns[1:]
	return calls, nil
}

// runLoop is contract.md's "The loop" block.
func runLoop(ctx context.Context, set *tool.Set, conversation loop.Model) (*loop.Final, error) {
	ask := func(ctx context.Context, a loop.Approval) (bool, error) { return true, nil }
	//docs:begin loop-run
	r := &loop.Runner{Tools: set, Approve: ask, MaxTurns: 10}
	final, err := r.Run(ctx, conversation) // an adapter's loop.Model
	//docs:end
	return final, err
}

// resumed is a conversation that goes on after a stop: its first Next
// hands the held turn's outcomes to the adapter, whose request answers
// the calls of its last response.
//
//docs:begin loop-resume
type resumed struct {
	loop.Model
	held []loop.Outcome
}

func (r *resumed) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	if r.held != nil {
		outs, r.held = r.held, nil
	}
	return r.Model.Next(ctx, outs)
}

//docs:end

// resumeLoop is contract.md's "The loop" block on a run stopped for an
// approval: held are the calls of the adapter's last response.
func resumeLoop(ctx context.Context, r *loop.Runner, conversation loop.Model, held []loop.Call) (*loop.Final, error) {
	//docs:begin loop-resume-run
	turn, err := r.Turn(ctx, held) // the person's decisions are the hook's answers now
	if err != nil {
		return nil, err
	}
	if turn.End != nil { // a held call ended the loop, as Run's would
		return &loop.Final{End: turn.End, Last: turn}, nil
	}
	final, err := r.Run(ctx, &resumed{Model: conversation, held: turn.Outcomes})
	//docs:end
	return final, err
}

// rawWeather is contract.md's "Raw-schema tools" block: a raw tool that
// forwards its arguments, in a set with typed tools.
func rawWeather(typedTools []*tool.Tool, schemaFromConfig json.RawMessage, forward func(context.Context, json.RawMessage) (any, error)) (*tool.Set, error) {
	//docs:begin rawtool-new
	weather, err := rawtool.New(tool.Meta{Name: "weather", Description: "The weather of a city."},
		schemaFromConfig,
		func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) {
			return forward(ctx, args)
		})
	set, err := tool.NewSet(typedTools, []*tool.Tool{weather})
	//docs:end
	return set, err
}

// register is contract.md's "Register" block.
func register(tools []*tool.Tool, orderIcon string) (*mcp.Server, error) {
	//docs:begin mcp-register
	server := mcp.NewServer(&mcp.Implementation{Name: "orders", Version: "v1"}, nil)
	err := mcpserver.Register(server, tools, &mcpserver.Options{
		Approve:     mcpserver.ElicitApproval, // ask the client's user
		Icons:       map[string][]mcp.Icon{"get_order": {{Source: orderIcon, MIMEType: "image/svg+xml"}}},
		ToolListTTL: time.Hour, // the tools do not change while the server runs
	})
	//docs:end
	return server, err
}

// elicitApproval is contract.md's "Approval state" block.
func elicitApproval(key []byte, nonces mcpserver.NonceStore) (func(context.Context, *mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error), error) {
	//docs:begin mcp-elicit-approval
	approve, err := mcpserver.NewElicitApproval(mcpserver.ApprovalConfig{
		Key:    key, // at least 32 secret random bytes, the same on every instance
		TTL:    5 * time.Minute,
		Nonces: nonces, // one record every instance shares
	})
	//docs:end
	return approve, err
}

// Greeting is the input of SayHi.
type Greeting struct {
	Name string `json:"name"`
}

// SayHi is a go-sdk handler, as a server has it for mcp.AddTool.
func SayHi(ctx context.Context, req *mcp.CallToolRequest, in Greeting) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Hello, " + in.Name}}}, nil, nil
}

// addTool is contract.md's drop-in block.
func addTool(server *mcp.Server) {
	//docs:begin mcp-addtool
	mcpserver.AddTool(server, &mcp.Tool{Name: "greet", Description: "Says hello."}, SayHi)
	//docs:end
}

// serveBalanced is contract.md's "Serving past one machine" block; it
// serves until the process ends, and is only compiled.
func serveBalanced(server *mcp.Server) {
	//docs:begin mcp-http-balanced
	handler := mcpserver.HTTPHandler(server, &mcpserver.HTTPOptions{
		// Behind the balancer every request comes from it: count each client
		// by what the balancer vouches for.
		ClientKey: func(r *http.Request) string { return r.Header.Get("X-Client-ID") },
	})
	log.Fatal(mcpserver.NewHTTPServer("0.0.0.0:8080", handler).ListenAndServe())
	//docs:end
}

// serveHTTP is contract.md's "Over HTTP" block; only compiled.
func serveHTTP(server *mcp.Server) {
	//docs:begin mcp-http
	handler := mcpserver.HTTPHandler(server, nil) // the defaults below
	srv := mcpserver.NewHTTPServer("localhost:8080", handler)
	log.Fatal(srv.ListenAndServe())
	//docs:end
}

// serveStdio is contract.md's "Over stdio" block; only compiled.
func serveStdio(ctx context.Context, server *mcp.Server) error {
	//docs:begin mcp-stdio
	err := server.Run(ctx, &mcpserver.StdioTransport{})
	//docs:end
	return err
}

// OrderQuery is the input of Orders.FindOrders.
type OrderQuery struct {
	Status string `json:"status,omitempty"`
}

// Orders is a service whose method is a tool.
type Orders struct{}

// FindOrders finds no orders.
func (Orders) FindOrders(ctx context.Context, in OrderQuery) ([]Order, error) { return nil, nil }

// reflectOrders is contract.md's "Reflection" block.
func reflectOrders(svc Orders) (*tool.Tool, error) {
	//docs:begin reflection-meta
	t, err := reflectimpl.Create(svc.FindOrders, reflectimpl.Meta(tool.Meta{
		Name:             "find_orders",
		Title:            "Find orders",
		Description:      "Finds orders by state and date.",
		Version:          "2",
		Timeout:          5 * time.Second,
		RequiresApproval: true,
		ParallelSafe:     new(false),
		EndsLoop:         true,
		ReadOnly:         true,
		OpenWorld:        new(false),
	}))
	//docs:end
	return t, err
}
