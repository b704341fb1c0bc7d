package reflectimpl

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

type DocketQuery struct {
	Court  string `json:"court" description:"Court identifier." pattern:"^[a-z]+$"`
	Case   string `json:"case"`
	Limit  int    `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
	Status Status `json:"status,omitempty"`
}

type Docket struct {
	Entries []string `json:"entries"`
}

func GetDocket(ctx context.Context, in DocketQuery) (*Docket, error) {
	return &Docket{Entries: []string{in.Court + "/" + in.Case}}, nil
}

func HTTPRequest(in struct {
	URL string `json:"url" format:"uri"`
}) (string, error) {
	return in.URL, nil
}

func ParseURLPath(*tool.Call, context.Context) error { return nil }

func NoInput() string { return "" }

type Service struct{ prefix string }

func (s *Service) GetOrder(ctx context.Context, in struct {
	ID string `json:"id"`
}) (string, error) {
	return s.prefix + in.ID, nil
}

func (s Service) ListOrders() ([]Docket, error) { return nil, nil }

func Größe() error { return nil }

func Generic[T any](in struct{ V T }) error { return nil }

const docketInput = `{"type":"object","properties":{` +
	`"court":{"type":"string","description":"Court identifier.","pattern":"^[a-z]+$"},` +
	`"case":{"type":"string"},` +
	`"limit":{"type":"integer","minimum":1,"maximum":100,"default":20},` +
	`"status":{"type":"string","enum":["open","closed","on hold"]}},` +
	`"required":["court","case"],"additionalProperties":false}`

func TestCreate(t *testing.T) {
	tl, err := Create(GetDocket, Meta(tool.Meta{
		Description:      "Returns the docket.",
		Version:          "2",
		Timeout:          5 * time.Second,
		EndsLoop:         true,
		RequiresApproval: true,
		ParallelSafe:     new(false),
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := tool.Tool{
		Meta: tool.Meta{
			Name:             "get_docket",
			Description:      "Returns the docket.",
			Version:          "2",
			EndsLoop:         true,
			RequiresApproval: true,
			ParallelSafe:     new(false),
			Timeout:          5 * time.Second,
		},
		InputSchema:  json.RawMessage(docketInput),
		OutputSchema: json.RawMessage(`{"type":["object","null"],"properties":{"entries":{"type":["array","null"],"items":{"type":"string"}}},"required":["entries"],"additionalProperties":false}`),
	}
	if got := exported(tl); !reflect.DeepEqual(got, want) {
		t.Errorf("Create(GetDocket) =\n%+v\nwant\n%+v", got, want)
	}
	schematest.Check(t, tl.InputSchema)
	schematest.Check(t, tl.OutputSchema)

	// Defaults: parallel-safe, no timeout, no description; MCP's policy
	// (a destructive, non-idempotent write in an open world).
	tl, err = Create(GetDocket)
	if err != nil {
		t.Fatal(err)
	}
	if !tl.IsParallelSafe() || tl.Timeout != 0 || tl.EndsLoop || tl.RequiresApproval || tl.Description != "" || tl.Version != "" ||
		tl.Title != "" || tl.ReadOnly || !tl.IsDestructive() || tl.Idempotent || !tl.IsOpenWorld() {
		t.Errorf("defaults: %+v", tl)
	}
}

// TestPolicy checks the execution policy options, each on its own and
// together.
func TestPolicy(t *testing.T) {
	// policy is the policy of a tool, its defaults applied.
	type policy struct {
		title                                        string
		readOnly, destructive, idempotent, openWorld bool
		approval                                     bool
	}
	def := policy{destructive: true, openWorld: true}
	tests := []struct {
		name string
		opts []Option
		want policy
	}{
		{"none", nil, def},
		{"title", []Option{Meta(tool.Meta{Title: "Get a docket"})}, policy{title: "Get a docket", destructive: true, openWorld: true}},
		{"read-only", []Option{Meta(tool.Meta{ReadOnly: true})}, policy{readOnly: true, openWorld: true}},
		{"read-only in a closed world", []Option{Meta(tool.Meta{
			ReadOnly:  true,
			OpenWorld: new(false),
		})}, policy{readOnly: true}},
		{"read-only with approval", []Option{Meta(tool.Meta{
			ReadOnly:         true,
			RequiresApproval: true,
		})}, policy{readOnly: true, openWorld: true, approval: true}},
		{"additive", []Option{Meta(tool.Meta{Destructive: new(false)})}, policy{openWorld: true}},
		{"destructive said", []Option{Meta(tool.Meta{Destructive: new(true)})}, def},
		{"idempotent", []Option{Meta(tool.Meta{Idempotent: true})}, policy{destructive: true, idempotent: true, openWorld: true}},
		{"open world said", []Option{Meta(tool.Meta{OpenWorld: new(true)})}, def},
		{"the last wins", []Option{Meta(tool.Meta{Destructive: new(false)}), Meta(tool.Meta{Destructive: new(true)})}, def},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := Create(GetDocket, tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			got := policy{title: tl.Title, readOnly: tl.ReadOnly, destructive: tl.IsDestructive(), idempotent: tl.Idempotent,
				openWorld: tl.IsOpenWorld(), approval: tl.RequiresApproval}
			if got != tt.want {
				t.Errorf("policy %+v, want %+v", got, tt.want)
			}
		})
	}
}

// exported copies the exported fields of a tool.
func exported(t *tool.Tool) tool.Tool {
	return tool.Tool{
		Meta: tool.Meta{
			Name:             t.Name,
			Description:      t.Description,
			Version:          t.Version,
			EndsLoop:         t.EndsLoop,
			RequiresApproval: t.RequiresApproval,
			ParallelSafe:     t.ParallelSafe,
			Timeout:          t.Timeout,
		},
		InputSchema:  t.InputSchema,
		OutputSchema: t.OutputSchema,
	}
}

func TestNames(t *testing.T) {
	svc := &Service{}
	tests := []struct {
		name string
		fn   any
		opts []Option
		want string
	}{
		{"function", GetDocket, nil, "get_docket"},
		{"initialism", HTTPRequest, nil, "http_request"},
		{"initialism inside", ParseURLPath, nil, "parse_url_path"},
		{"pointer method value", svc.GetOrder, nil, "get_order"},
		{"value method value", Service{}.ListOrders, nil, "list_orders"},
		{"generic instance", Generic[int], nil, "generic"},
		{"option", GetDocket, []Option{Meta(tool.Meta{Name: "docket-v2"})}, "docket-v2"},
		{"closure with option", func() error { return nil }, []Option{Meta(tool.Meta{Name: "inline"})}, "inline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := Create(tt.fn, tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if tl.Name != tt.want {
				t.Errorf("Name = %q, want %q", tl.Name, tt.want)
			}
			schematest.Check(t, tl.InputSchema)
			if tl.OutputSchema != nil {
				schematest.Check(t, tl.OutputSchema)
			}
		})
	}
}

func TestInputAndOutput(t *testing.T) {
	tests := []struct {
		name     string
		fn       any
		in, out  string
		noOutput bool
	}{
		{"no input", NoInput, `{"type":"object","properties":{},"additionalProperties":false}`, "", true},
		{"runtime parameters only", ParseURLPath, `{"type":"object","properties":{},"additionalProperties":false}`, "", true},
		{"pointer input", func(*DocketQuery) error { return nil }, docketInput, "", true},
		{"value result", func() int8 { return 0 }, "", `{"type":"integer","minimum":-128,"maximum":127}`, false},
		{"text result", func() (string, error) { return "", nil }, "", "", true},
		{"parts result", func() ([]tool.Part, error) { return nil, nil }, "", "", true},
		{"part result", func() tool.Part { return nil }, "", "", true},
		{"result passthrough", func() (*tool.Result, error) { return nil, nil }, "", "", true},
		{"raw JSON result", func() (json.RawMessage, error) { return nil, nil }, "", "", true},
		{"any result", func() any { return nil }, "", "", true},
		{"named string result", func() Status { return "" }, "", `{"type":"string","enum":["open","closed","on hold"]}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := Create(tt.fn, Meta(tool.Meta{Name: "t"}))
			if err != nil {
				t.Fatal(err)
			}
			if tt.in != "" && string(tl.InputSchema) != tt.in {
				t.Errorf("InputSchema = %s\nwant %s", tl.InputSchema, tt.in)
			}
			schematest.Check(t, tl.InputSchema)
			if tt.noOutput != (tl.OutputSchema == nil) || (!tt.noOutput && string(tl.OutputSchema) != tt.out) {
				t.Errorf("OutputSchema = %s, want %s", tl.OutputSchema, tt.out)
			}
			if tl.OutputSchema != nil {
				schematest.Check(t, tl.OutputSchema)
			}
		})
	}
}

// TestRefusals checks that a refused tool gets no Tool and an error whose
// text starts with the rule's ID and names the path and the type.
func TestRefusals(t *testing.T) {
	tests := []struct {
		name string
		fn   any
		opts []Option
		want string
	}{
		{"not a function", 42, nil, "OLT001: a tool must be a function or method value, not int"},
		{"nil function", (func())(nil), nil, "OLT001: a tool must be a function or method value, not func()"},
		{"closure without a name", func() {}, nil, "OLT008: github.com/toolschema/toolschema/reflectimpl.TestRefusals.func1 is a function literal and has no name; give the tool one with reflectimpl.Meta (its Name)"},
		{"method expression", (*Service).GetOrder, nil, "OLT001: github.com/toolschema/toolschema/reflectimpl.(*Service).GetOrder is a method expression, whose receiver would be a parameter; pass a method value (v.GetOrder) instead"},
		{"name that is not ASCII", Größe, nil, `OLT008: tool name "größe" has 'ö' at offset 2; only letters, digits, '_' and '-' are allowed; give the tool a name with reflectimpl.Meta (its Name)`},
		{"invalid name option", GetDocket, []Option{Meta(tool.Meta{Name: "get docket"})}, `OLT008: tool name "get docket" has ' ' at offset 3; only letters, digits, '_' and '-' are allowed`},
		{"input not a struct", func(int) error { return nil }, []Option{Meta(tool.Meta{Name: "t"})}, "OLT002: input: the input is int, not a struct; tool arguments are the fields of one struct"},
		{"two inputs", func(DocketQuery, DocketQuery) {}, []Option{Meta(tool.Meta{Name: "t"})}, "OLT002: parameter 1 (reflectimpl.DocketQuery) is a second input; a tool takes one input struct"},
		{"variadic", func(...DocketQuery) {}, []Option{Meta(tool.Meta{Name: "t"})}, "OLT002: the input is variadic (...reflectimpl.DocketQuery); a tool takes one input struct"},
		{"two contexts", func(context.Context, context.Context) {}, []Option{Meta(tool.Meta{Name: "t"})}, "OLT009: parameter 1 is a second context.Context; a tool takes at most one"},
		{"context after input", func(DocketQuery, context.Context) {}, []Option{Meta(tool.Meta{Name: "t"})}, "OLT009: parameter 1, the context.Context, comes after the input; it must come before"},
		{"call after input", func(DocketQuery, *tool.Call) {}, []Option{Meta(tool.Meta{Name: "t"})}, "OLT009: parameter 1, the *tool.Call, comes after the input; it must come before"},
		{"three results", func() (int, int, error) { return 0, 0, nil }, []Option{Meta(tool.Meta{Name: "t"})}, "OLT003: output: the function has 3 results; a tool returns at most a value and an error"},
		{"second result not error", func() (int, int) { return 0, 0 }, []Option{Meta(tool.Meta{Name: "t"})}, "OLT003: output: the second result is int; it must be error"},
		{"error first", func() (error, error) { return nil, nil }, []Option{Meta(tool.Meta{Name: "t"})}, "OLT003: output: the first result is an error; a tool returns a value and then an error"},
		{"result without schema", func() (chan int, error) { return nil, nil }, []Option{Meta(tool.Meta{Name: "t"})}, "OLT003: output: result type chan int has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"field without schema", func(struct {
			Items []struct {
				When func() `json:"when"`
			} `json:"items"`
		}) {
		}, []Option{Meta(tool.Meta{Name: "t"})}, "OLT002: input.items[].when: type func has no schema: functions cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"bad tag", func(struct {
			N int `json:"n" minimum:"x"`
		}) {
		}, []Option{Meta(tool.Meta{Name: "t"})}, `OLT012: input.n: tag minimum: "x" is not an integer`},
		{"made by reflect", reflect.ValueOf(Service{}).MethodByName("ListOrders").Interface(), nil, "OLT008: the function was made by reflect and has no name of its own; give the tool one with reflectimpl.Meta (its Name)"},
		{"every problem at once", func(a, b DocketQuery) {}, []Option{Meta(tool.Meta{
			Name:    "a b",
			Timeout: -1,
		})}, "OLT008: tool name \"a b\" has ' ' at offset 1; only letters, digits, '_' and '-' are allowed\n" +
			"OLT002: parameter 1 (reflectimpl.DocketQuery) is a second input; a tool takes one input struct\n" +
			"OLT013: tool.Meta.Timeout: the timeout must not be negative"},
		{"pointer-receiver marshaller in a map", func(struct {
			M map[string]big.Int `json:"m"`
		}) {
		}, []Option{Meta(tool.Meta{Name: "t"})}, "OLT005: input.m{}: big.Int marshals through a method with a pointer receiver, which encoding/json does not call on a value inside a map; give the method a value receiver, or store *big.Int"},
		{"negative timeout", GetDocket, []Option{Meta(tool.Meta{Timeout: -time.Second})}, "OLT013: tool.Meta.Timeout: the timeout must not be negative"},
		{"negative budget", GetDocket, []Option{Meta(tool.Meta{MaxResultBytes: -1})}, "OLT013: tool.Meta.MaxResultBytes: the budget must not be negative"},
		{"icon not https", GetDocket, []Option{Meta(tool.Meta{Icon: "http://example.com/i.png"})}, `OLT013: tool.Meta.Icon: "http://example.com/i.png" is not an https or data: URL`},
		{"invalid example", GetDocket, []Option{Meta(tool.Meta{Examples: []json.RawMessage{json.RawMessage(`{"court":"nysd","case":"1"}`), json.RawMessage(`{"court":"nysd","case":"1","limit":500}`), json.RawMessage(`{"court":`)}})},
			"OLT034: tool.Meta.Examples: example 2 is not valid: Argument 'limit' must be at most 100.\n" +
				"OLT034: tool.Meta.Examples: example 3 is not JSON: unexpected end of JSON input"},
		{"bad error code", GetDocket, []Option{Meta(tool.Meta{ErrorCodes: []string{"ORDER_NOT_FOUND", "not-found", "ORDER_NOT_FOUND"}})},
			"OLT013: tool.Meta.ErrorCodes: \"not-found\" is not an error code: upper-case letters, digits and '_', starting with a letter (ORDER_NOT_FOUND)\n" +
				"OLT013: tool.Meta.ErrorCodes: ORDER_NOT_FOUND is given twice"},
		{"bad namespace", GetDocket, []Option{Meta(tool.Meta{Namespace: "crm/v2"})}, "OLT013: tool.Meta.Namespace: namespace \"crm/v2\" has '/' at offset 3; only letters, digits, '_' and '-' are allowed"},
		{"read-only and additive", GetDocket, []Option{Meta(tool.Meta{
			ReadOnly:    true,
			Destructive: new(false),
		})}, "OLT025: tool.Meta.Destructive = false has no meaning for a read-only tool, which writes nothing; remove it"},
		{"read-only and destructive", GetDocket, []Option{Meta(tool.Meta{
			Destructive: new(true),
			ReadOnly:    true,
		})}, "OLT025: tool.Meta.Destructive = true contradicts read-only: a tool that changes nothing deletes nothing; remove one of them"},
		{"read-only and idempotent", GetDocket, []Option{Meta(tool.Meta{
			ReadOnly:    true,
			Idempotent:  true,
			Destructive: new(false),
		})}, "OLT025: tool.Meta.Destructive = false has no meaning for a read-only tool, which writes nothing; remove it\n" +
			"OLT025: tool.Meta.Idempotent has no meaning for a read-only tool: calls that change nothing are idempotent already; remove it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := Create(tt.fn, tt.opts...)
			if tl != nil {
				t.Errorf("Create returned a tool with its error: %+v", tl)
			}
			// The refusals' text; TestRefusalsNameTheTool checks the
			// error's.
			var rs Refusals
			if !errors.As(err, &rs) || rs.Error() != tt.want {
				t.Errorf("error\n got %v\nwant %s", err, tt.want)
			}
			if strings.HasPrefix(tt.want, "OLT") {
				var es schema.Errors
				if !errors.As(err, &es) || string(es[0].ID) != tt.want[:6] {
					t.Errorf("error %#v is not schema.Errors with ID %s", err, tt.want[:6])
				}
			}
		})
	}
}

// PanickyEnum's method panics the first time it is called.
type PanickyEnum string

var panicked bool

func (PanickyEnum) ToolschemaEnumValues() []string {
	if !panicked {
		panicked = true
		panic("not ready")
	}
	return []string{"ready"}
}

// TestPanicInDescription checks that a panic in user code called while
// describing a type is an error, and leaves nothing half built behind.
func TestPanicInDescription(t *testing.T) {
	var c Cache
	fn := func(struct {
		E PanickyEnum `json:"e"`
	}) error {
		return nil
	}
	_, err := c.Create(fn, Meta(tool.Meta{Name: "p"}))
	if err == nil || !strings.Contains(err.Error(), "OLT005: describing the function's types panicked: not ready") {
		t.Fatalf("first Create: %v", err)
	}
	tl, err := c.Create(fn, Meta(tool.Meta{Name: "p"}))
	if err != nil {
		t.Fatalf("second Create: %v", err)
	}
	if want := `{"type":"object","properties":{"e":{"type":"string","enum":["ready"]}},"required":["e"],"additionalProperties":false}`; string(tl.InputSchema) != want {
		t.Errorf("second Create: %s, want %s", tl.InputSchema, want)
	}
}

// TestOwnCopies checks that what Create returns can be changed without
// changing what the cache gives the next caller.
func TestOwnCopies(t *testing.T) {
	var c Cache
	bad := func(int) error { return nil }
	_, err := c.Create(bad, Meta(tool.Meta{Name: "x"}))
	var es schema.Errors
	errors.As(err, &es)
	es[0].Path = "changed"
	_, err = c.Create(bad, Meta(tool.Meta{Name: "x"}))
	if strings.Contains(err.Error(), "changed") {
		t.Error("a change to a returned error reached the cache")
	}
	a, _ := c.Create(GetDocket)
	b, _ := c.Create(GetDocket)
	a.InputSchema = append(a.InputSchema, "AAAA"...)
	b.InputSchema = append(b.InputSchema, "BBBB"...)
	if strings.HasSuffix(string(a.InputSchema), "BBBB") {
		t.Error("appending to one tool's schema changed another's")
	}
	if tl, _ := c.Create(GetDocket, Meta(tool.Meta{Timeout: 0})); tl == nil || tl.Timeout != 0 {
		t.Error("Timeout(0) is not 'no timeout'")
	}
}

// TestCached checks that a second Create over known types allocates only
// the tool and shares the schema bytes.
func TestCached(t *testing.T) {
	var c Cache
	first, err := c.Create(GetDocket)
	if err != nil {
		t.Fatal(err)
	}
	second, _ := c.Create(GetDocket)
	if &first.InputSchema[0] != &second.InputSchema[0] {
		t.Error("the second Create built the input schema again")
	}
	if allocs := testing.AllocsPerRun(100, func() { c.Create(GetDocket) }); allocs > 1 {
		t.Errorf("cached Create allocates %v times, want at most 1", allocs)
	}
	// A new function over a known type reuses the type's schema.
	other, _ := c.Create(func(context.Context, DocketQuery) (*Docket, error) { return nil, nil }, Meta(tool.Meta{Name: "other"}))
	if &other.InputSchema[0] != &first.InputSchema[0] {
		t.Error("a second function of the same type did not reuse the schema")
	}
}

// TestConcurrentCreate runs Create from many goroutines on one cold cache
// (run with -race).
func TestConcurrentCreate(t *testing.T) {
	var c Cache
	fns := []any{GetDocket, HTTPRequest, NoInput, (&Service{}).GetOrder, Service{}.ListOrders}
	var wg sync.WaitGroup
	results := make([][]string, 8)
	for g := range results {
		wg.Go(func() {
			for _, fn := range fns {
				tl, err := c.Create(fn)
				if err != nil {
					t.Error(err)
					return
				}
				results[g] = append(results[g], tl.Name+string(tl.InputSchema))
			}
		})
	}
	wg.Wait()
	for g := range results {
		if !reflect.DeepEqual(results[g], results[0]) {
			t.Errorf("goroutine %d saw %v, goroutine 0 saw %v", g, results[g], results[0])
		}
	}
}

// TestHandler checks that the reflected handler decodes the arguments and
// calls the function with the runtime parameters in their places.
func TestHandler(t *testing.T) {
	svc := &Service{prefix: "order-"}
	tl, err := Create(svc.GetOrder)
	if err != nil {
		t.Fatal(err)
	}
	h, fn := toolimpl.Binding(tl)
	in := reflect.New(h.Input())
	if err := json.Unmarshal([]byte(`{"id":"7"}`), in.Interface()); err != nil {
		t.Fatal(err)
	}
	got, err := h.Call(context.Background(), &tool.Call{Tool: tl.Name}, fn, in.Interface())
	if err != nil || got != "order-7" {
		t.Errorf("Call = %v, %v; want order-7", got, err)
	}

	var seen *tool.Call
	tl, _ = Create(func(c *tool.Call, ctx context.Context) error {
		seen = c
		if ctx == nil {
			return errors.New("no context")
		}
		return errors.New("boom")
	}, Meta(tool.Meta{Name: "t"}))
	h, fn = toolimpl.Binding(tl)
	call := &tool.Call{Tool: "t"}
	got, err = h.Call(context.Background(), call, fn, nil)
	if got != nil || err == nil || err.Error() != "boom" || seen != call {
		t.Errorf("Call = %v, %v (call %p, want %p)", got, err, seen, call)
	}

	tl, _ = Create(GetDocket)
	h, fn = toolimpl.Binding(tl)
	in = reflect.New(h.Input())
	if err := json.Unmarshal([]byte(`{"court":"x","case":"1"}`), in.Interface()); err != nil {
		t.Fatal(err)
	}
	got, err = h.Call(context.Background(), nil, fn, in.Interface())
	if d, ok := got.(*Docket); err != nil || !ok || d.Entries[0] != "x/1" {
		t.Errorf("Call = %#v, %v", got, err)
	}
}

func TestEnumMethodName(t *testing.T) {
	m, ok := reflect.TypeFor[interface{ ToolschemaEnumValues() []string }]().MethodByName(schema.EnumMethod)
	if !ok || m.Type != reflect.TypeFor[func() []string]() {
		t.Errorf("enumValuer does not have the method schema.EnumMethod = %s as func() []string", schema.EnumMethod)
	}
}

// TestExamples: valid examples are kept, compacted, in the tool's
// metadata, in the order given.
func TestExamples(t *testing.T) {
	tl, err := Create(GetDocket, Meta(tool.Meta{Examples: []json.RawMessage{json.RawMessage(`{ "court": "nysd", "case": "1" }`)}}), Meta(tool.Meta{Examples: []json.RawMessage{json.RawMessage(`{"court":"cand","case":"2","limit":5}`)}}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`{"court":"nysd","case":"1"}`, `{"court":"cand","case":"2","limit":5}`}
	if len(tl.Examples) != len(want) {
		t.Fatalf("examples %s", tl.Examples)
	}
	for i, ex := range tl.Examples {
		if string(ex) != want[i] {
			t.Errorf("example %d: %s, want %s", i+1, ex, want[i])
		}
	}
}
