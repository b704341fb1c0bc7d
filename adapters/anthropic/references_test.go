package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// refRequest is what a test reads of a Messages request.
type refRequest struct {
	Tools    []json.RawMessage
	Messages []struct {
		Role    string
		Content []refBlock
	}
}

// refBlock is a content block of a request's message.
type refBlock struct {
	Type      string          `json:"type"`
	ToolUseID string          `json:"tool_use_id"`
	IsError   bool            `json:"is_error"`
	Content   json.RawMessage `json:"content"`
}

// result returns the tool_result block of the last message that answers
// the call id.
func (r *refRequest) result(t *testing.T, id string) refBlock {
	t.Helper()
	if len(r.Messages) == 0 {
		t.Fatal("a request without messages")
	}
	for _, b := range r.Messages[len(r.Messages)-1].Content {
		if b.Type == "tool_result" && b.ToolUseID == id {
			return b
		}
	}
	t.Fatalf("the last message has no tool_result for %s: %+v", id, r.Messages[len(r.Messages)-1])
	return refBlock{}
}

// refToolUse is a response of the model that calls tools: name and
// input, in pairs; the calls' ids are toolu_<n>_<i>.
func refToolUse(n int, calls ...string) string {
	var b strings.Builder
	for i := 0; i < len(calls); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"tool_use","id":"toolu_%d_%d","name":%q,"input":%s}`, n, i/2, calls[i], calls[i+1])
	}
	return fmt.Sprintf(`{"id":"msg_%d","type":"message","role":"assistant","model":"claude-test","stop_reason":"tool_use",`+
		`"usage":{"input_tokens":1,"output_tokens":1},"content":[%s]}`, n, b.String())
}

// refPlay runs a conversation over cat in References mode through the
// SDK's client against a server that answers with responses in turn, and
// returns the requests it got. budget is the runner's MaxResultBytes.
func refPlay(t *testing.T, cat *loop.Catalog, budget int, responses []string) ([]refRequest, *loop.Final) {
	t.Helper()
	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n := len(bodies)
		bodies = append(bodies, body)
		if n >= len(responses) {
			http.Error(w, "one request too many", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, responses[n])
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Catalog: cat, References: true, CatalogOptions: []provider.Option{provider.Strict(false)},
		Params: anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 100,
			Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Refund invoice INV-7: 12.50."))},
		}}
	f, err := (&loop.Runner{Tools: cat.Set(), MaxResultBytes: budget}).Run(context.Background(), conv)
	if err != nil {
		t.Fatal(err)
	}
	if len(bodies) != len(responses) {
		t.Fatalf("%d requests, want %d", len(bodies), len(responses))
	}
	reqs := make([]refRequest, len(bodies))
	for i, b := range bodies {
		if err := json.Unmarshal(b, &reqs[i]); err != nil {
			t.Fatal(err)
		}
		if i > 0 && len(reqs[i].Tools) != len(reqs[0].Tools) {
			t.Fatalf("request %d carries %d tools, the first %d: nothing is appended", i, len(reqs[i].Tools), len(reqs[0].Tools))
		}
		for j := range reqs[i].Tools {
			if string(reqs[i].Tools[j]) != string(reqs[0].Tools[j]) {
				t.Fatalf("tool %d of request %d changed:\n%s\n%s", j, i, reqs[0].Tools[j], reqs[i].Tools[j])
			}
		}
	}
	return reqs, f
}

// refEnd is a response of the model that ends the run: text, no call.
const refEnd = `{"id":"msg_end","type":"message","role":"assistant","model":"claude-test","stop_reason":"end_turn",` +
	`"usage":{"input_tokens":1,"output_tokens":1},"content":[{"type":"text","text":"Done."}]}`

// references is the content of a tool_result that references the tools
// named, as the SDK sends it.
func references(names ...string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"tool_name":%q,"type":"tool_reference"}`, n)
	}
	return b.String() + "]"
}

// found returns the names loop's search_tools answers for args, in its
// order, run on a catalog of its own.
func found(t *testing.T, set *tool.Set, args string) []string {
	t.Helper()
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	turn, err := (&loop.Runner{Tools: cat.Set()}).Turn(context.Background(), []loop.Call{{ID: "x", Name: loop.SearchToolName, Args: json.RawMessage(args)}})
	if err != nil || turn.Outcomes[0].Result.IsError {
		t.Fatalf("search_tools %s: %v %v", args, err, turn.Outcomes[0].Result)
	}
	var list []struct{ Name string }
	if err := json.Unmarshal([]byte(loop.Content(turn.Outcomes[0].Result)), &list); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range list {
		names = append(names, f.Name)
	}
	return names
}

// TestReferences plays, through the SDK's client, a conversation over 200
// deferred tools with loop's search answered Anthropic's way: the first
// request carries every definition as provider.Anthropic writes it (200
// with "defer_loading":true added last to the bytes they have when not
// deferred, the two others and search_tools without, no hosted search
// tool), and every later request the same bytes; the
// search's tool_result is tool_reference blocks of the tools found, best
// first; the model calls the first, which runs, and its answer goes back.
func TestReferences(t *testing.T) {
	set := looptest.Catalog(t)
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	search := fmt.Sprintf(`{"query":%q,"limit":3}`, looptest.CatalogSearch)
	want := found(t, set, search)
	if len(want) != 3 || want[0] != looptest.CatalogTarget {
		t.Fatalf("the search finds %q, want 3 with %s first", want, looptest.CatalogTarget)
	}
	reqs, f := refPlay(t, cat, 0, []string{
		refToolUse(0, loop.SearchToolName, search),
		refToolUse(1, looptest.CatalogTarget, `{"id":"INV-7","amount":12.5}`),
		refToolUse(2, "finish", `{"text":"refunded"}`),
	})
	if f.End == nil || f.End.Tool.Name != "finish" {
		t.Fatalf("the run ended with %+v, want finish", f)
	}

	defs, err := provider.Anthropic(cat.Set().Tools(), provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	if len(reqs[0].Tools) != len(defs) || len(defs) != 203 {
		t.Fatalf("the first request carries %d tools, want the catalog's %d (203)", len(reqs[0].Tools), len(defs))
	}
	var deferred int
	var loaded []string
	for i, d := range reqs[0].Tools {
		if string(d) != string(defs[i]) {
			t.Errorf("tool %d sent as\n%s\nwant provider.Anthropic's\n%s", i, d, defs[i])
		}
		var def struct {
			Name, Type   string
			DeferLoading *bool `json:"defer_loading"`
		}
		if err := json.Unmarshal(d, &def); err != nil {
			t.Fatal(err)
		}
		switch {
		case def.Type != "":
			t.Errorf("tool %d is a %s: no hosted tool goes with the client's search", i, def.Type)
		case def.DeferLoading != nil && *def.DeferLoading:
			deferred++
			// The definition the tool has when not deferred, with the
			// flag added last and nothing else changed.
			cp := *cat.Set().Tools()[i]
			cp.DeferLoading = false
			plain, err := provider.Anthropic([]*tool.Tool{&cp}, provider.Strict(false))
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.TrimSuffix(string(plain[0]), "}") + `,"defer_loading":true}`; string(d) != want {
				t.Errorf("deferred tool %d sent as\n%s\nwant\n%s", i, d, want)
			}
		default:
			loaded = append(loaded, def.Name)
		}
	}
	if deferred != 200 || strings.Join(loaded, " ") != "note finish "+loop.SearchToolName {
		t.Errorf("%d tools deferred and %q not, want 200 and note, finish, %s", deferred, loaded, loop.SearchToolName)
	}

	res := reqs[1].result(t, "toolu_0_0")
	if res.IsError || string(res.Content) != references(want...) {
		t.Errorf("the search's tool_result (is_error %v) has the content\n%s\nwant\n%s", res.IsError, res.Content, references(want...))
	}
	res = reqs[2].result(t, "toolu_1_0")
	if res.IsError || !strings.Contains(string(res.Content), `refund_invoice INV-7 done`) {
		t.Errorf("the found tool's tool_result (is_error %v): %s", res.IsError, res.Content)
	}
}

// TestReferencesAnswers checks the other answers of References mode, each
// through the SDK's client: a search that finds nothing is a text, not an
// error, that says to search again; a search with bad arguments is a
// refusal the model can act on, with no tool_reference; a search answer
// cut by the runner's result budget references the tools the cut kept,
// best first; a tool whose name
// Anthropic does not take is referenced by its wire name, called by it,
// and run, while a call of a tool not deferred in the same turn is
// answered as usual.
func TestReferencesAnswers(t *testing.T) {
	dotted := func(t testing.TB) *tool.Set {
		var tools []*tool.Tool
		add := func(fn any, opts ...reflectimpl.Option) {
			tl, err := reflectimpl.Create(fn, opts...)
			if err != nil {
				t.Fatal(err)
			}
			tools = append(tools, tl)
		}
		add(func(in looptest.Note) (string, error) { return "noted", nil }, reflectimpl.Meta(tool.Meta{Name: "note", Description: "Writes a note for the user."}))
		// Tools proxied from elsewhere keep their names, which Anthropic
		// does not take as they are.
		raw := func(name, desc string) {
			tl, err := rawtool.New(tool.Meta{Name: name, Description: desc, DeferLoading: true},
				json.RawMessage(`{"type":"object","properties":{"id":{"type":"string","description":"The invoice's identifier."}},"required":["id"]}`),
				func(_ context.Context, _ *tool.Call, args json.RawMessage) (any, error) {
					return name + " " + string(args), nil
				})
			if err != nil {
				t.Fatal(err)
			}
			tools = append(tools, tl)
		}
		raw("billing.refund", "Refunds the money a customer paid for an invoice.")
		raw("billing.list", "Lists the invoices of a customer.")
		set, err := tool.NewSet(tools)
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
	tests := []struct {
		name      string
		set       func(testing.TB) *tool.Set
		budget    int // the runner's MaxResultBytes
		responses []string
		check     func(t *testing.T, set *tool.Set, reqs []refRequest)
	}{
		{"nothing found", looptest.Catalog, 0, []string{
			refToolUse(0, loop.SearchToolName, `{"query":"zebra xylophone"}`),
			refToolUse(1, "finish", `{"text":"no tool for that"}`),
		}, func(t *testing.T, _ *tool.Set, reqs []refRequest) {
			res := reqs[1].result(t, "toolu_0_0")
			var content []struct{ Type, Text string }
			if err := json.Unmarshal(res.Content, &content); err != nil {
				t.Fatal(err)
			}
			if res.IsError || len(content) != 1 || content[0].Type != "text" || !strings.Contains(content[0].Text, "No tool was found") ||
				!strings.Contains(content[0].Text, "Search again") {
				t.Errorf("the empty search's tool_result (is_error %v): %s", res.IsError, res.Content)
			}
		}},
		{"bad arguments", looptest.Catalog, 0, []string{
			refToolUse(0, loop.SearchToolName, `{"query":"","limit":50}`),
			refToolUse(1, "finish", `{"text":"gave up"}`),
		}, func(t *testing.T, _ *tool.Set, reqs []refRequest) {
			res := reqs[1].result(t, "toolu_0_0")
			if !res.IsError || strings.Contains(string(res.Content), "tool_reference") ||
				!strings.Contains(string(res.Content), "query") || !strings.Contains(string(res.Content), "limit") {
				t.Errorf("the refused search's tool_result (is_error %v): %s", res.IsError, res.Content)
			}
		}},
		{"cut by the budget", looptest.Catalog, 600, []string{
			refToolUse(0, loop.SearchToolName, `{"query":"refund","limit":20}`),
			refToolUse(1, "finish", `{"text":"found some"}`),
		}, func(t *testing.T, set *tool.Set, reqs []refRequest) {
			all := found(t, set, `{"query":"refund","limit":20}`)
			res := reqs[1].result(t, "toolu_0_0")
			var kept []struct {
				ToolName string `json:"tool_name"`
			}
			if err := json.Unmarshal(res.Content, &kept); err != nil {
				t.Fatal(err)
			}
			if len(all) != 20 || len(kept) == 0 || len(kept) >= len(all) || string(res.Content) != references(all[:len(kept)]...) {
				t.Errorf("the cut search's tool_result: %s, want the first of %q", res.Content, all)
			}
		}},
		{"wire names", dotted, 0, []string{
			refToolUse(0, loop.SearchToolName, `{"query":"refund the money for an invoice","limit":1}`, "note", `{"text":"looking"}`),
			refToolUse(1, "billing_refund", `{"id":"INV-9"}`),
			refEnd,
		}, func(t *testing.T, set *tool.Set, reqs []refRequest) {
			wire, err := set.WireNames("anthropic")
			if err != nil {
				t.Fatal(err)
			}
			if wire[1] != "billing_refund" {
				t.Fatalf("the wire name of billing.refund is %s", wire[1])
			}
			if !strings.Contains(string(reqs[0].Tools[1]), `"name":"billing_refund"`) {
				t.Errorf("billing.refund sent as %s", reqs[0].Tools[1])
			}
			if res := reqs[1].result(t, "toolu_0_0"); res.IsError || string(res.Content) != references("billing_refund") {
				t.Errorf("the search's tool_result (is_error %v): %s, want %s", res.IsError, res.Content, references("billing_refund"))
			}
			if res := reqs[1].result(t, "toolu_0_1"); res.IsError || !strings.Contains(string(res.Content), "noted") {
				t.Errorf("note's tool_result (is_error %v): %s", res.IsError, res.Content)
			}
			if res := reqs[2].result(t, "toolu_1_0"); res.IsError || !strings.Contains(string(res.Content), `billing.refund {\"id\":\"INV-9\"}`) {
				t.Errorf("billing_refund's tool_result (is_error %v): %s", res.IsError, res.Content)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := tt.set(t)
			cat, err := loop.NewCatalog(set)
			if err != nil {
				t.Fatal(err)
			}
			reqs, _ := refPlay(t, cat, tt.budget, tt.responses)
			tt.check(t, set, reqs)
		})
	}
}

// TestReferencesNoCatalog checks that References without a Catalog is
// refused before any request.
func TestReferencesNoCatalog(t *testing.T) {
	c := anthropic.NewClient(option.WithBaseURL("http://127.0.0.1:1/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, References: true}
	if _, err := conv.Next(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "no Catalog") {
		t.Errorf("References without a Catalog: %v", err)
	}
}
