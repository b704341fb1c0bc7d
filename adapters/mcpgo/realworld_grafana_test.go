package mcpgo_test

// A server in the shape of grafana/mcp-grafana, the largest public Go MCP
// server on mcp-go, written for these tests (names and texts paraphrased,
// the shapes kept). It defines no tool with mcp-go's typed tools: every
// tool goes through a helper of its own, the shape of its MustTool[T, R]:
//
//   - the input schema is reflected by invopop/jsonschema with
//     RequiredFromJSONSchemaTags (a property is required only when its tag
//     says "required"), references expanded, interfaces mapped to {}, and
//     listed as RawInputSchema with additionalProperties false at the top;
//   - the tags are invopop's: "required,description=...", "enum=a,enum=b",
//     "default=10", commas in descriptions escaped (\,); one tag is a plain
//     text, which invopop drops;
//   - the handler is func(ctx, T) (R, error): R a pointer to a struct, a
//     slice, a map, a string or an *mcp.CallToolResult, sent as text (JSON
//     for the others; a nil one as "null"); an error is an isError result;
//   - the call: unknown top-level keys refused (a key equal but for case
//     taken), then json.Unmarshal with two repairs on failure: a quoted
//     integer for an integer field, a string for a []string field;
//   - the argument types: strings and time.Time for times, *int, *int64,
//     *bool and *string options, []int64, []int, *[]string, float64,
//     interface{}, nested structs by value and by pointer with required
//     fields of their own, slices of them, map[string]string,
//     map[string]any, []map[string]any, an empty struct, a type with its
//     own JSON methods and invopop's JSONSchema method (StringOrSlice);
//   - the four hints and the title as mcp-go annotations, on most tools.
//
// The move changes the helper (mcp-go has no identifier for it): the
// schema line becomes mcpgo.WithInputSchema[T](), the handler is wrapped
// by mcpgo.NewTypedToolHandler[T], and mcpgo.SetRequiredFromTags(true) is
// called once, before the tools are made, for invopop's convention. The
// argument types, the tools' definitions and the result conversion stay.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/invopop/jsonschema"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/tool"
)

// gTool is a tool and its handler, as the helper makes them.
type gTool struct {
	Tool    mcp.Tool
	Handler server.ToolHandlerFunc
}

// --- the argument types ---

type BoardSearchArgs struct {
	Query string `json:"query" jsonschema:"description=Words to search board titles for"`
	Limit int    `json:"limit,omitempty" jsonschema:"default=50,description=At most this many boards (100 at most)"`
	Page  int    `json:"page,omitempty" jsonschema:"default=1,description=The page\\, from 1"`
}

type BoardHit struct {
	UID   string   `json:"uid"`
	Title string   `json:"title"`
	Tags  []string `json:"tags,omitempty"`
}

type BoardHits struct {
	Boards  []BoardHit `json:"boards"`
	HasMore bool       `json:"hasMore"`
}

type TeamQuery struct {
	Query string `json:"query" jsonschema:"description=A team name to look for; empty lists them all"`
}

type Team struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type OrgUsersArgs struct{}

type OrgUser struct {
	Login string `json:"login"`
	Role  string `json:"role"`
}

type MetricQueryArgs struct {
	SourceUID string `json:"sourceUid" jsonschema:"required,description=The data source to query"`
	Expr      string `json:"expr" jsonschema:"required,description=The expression to evaluate"`
	Start     string `json:"start,omitempty" jsonschema:"description=Start of the range\\, RFC3339 or relative ('now-1h'); needed for a range query"`
	End       string `json:"end" jsonschema:"required,description=End of the range\\, RFC3339 or relative ('now')"`
	Step      int    `json:"step,omitempty" jsonschema:"description=Step in seconds\\, for a range query"`
	Kind      string `json:"kind,omitempty" jsonschema:"description=Either 'range' or 'instant'"`
}

type MetricPoint struct {
	T float64 `json:"t"`
	V string  `json:"v"`
}

type MetricResult struct {
	Kind   string        `json:"kind"`
	Points []MetricPoint `json:"points"`
	Hints  *string       `json:"hints,omitempty"`
}

type LogQueryArgs struct {
	SourceUID string `json:"sourceUid" jsonschema:"required,description=The data source to query"`
	Query     string `json:"query" jsonschema:"required,description=The log query\\, selectors and filters"`
	Limit     int    `json:"limit,omitempty" jsonschema:"default=10,description=At most this many lines (100 at most)"`
	Direction string `json:"direction,omitempty" jsonschema:"description=Optionally\\, 'forward' or 'backward' (the default)"`
	Format    string `json:"format,omitempty" jsonschema:"enum=full,enum=compact,description=How lines are written: 'full' with labels per line or 'compact' by stream"`
}

type LabelMatcher struct {
	Name  string `json:"name" jsonschema:"required,description=The label"`
	Value string `json:"value" jsonschema:"required,description=The value to match"`
	Type  string `json:"type" jsonschema:"required,description=One of '='\\, '!='\\, '=~' or '!~'"`
}

type Selector struct {
	Filters []LabelMatcher `json:"filters"`
}

type LabelValuesArgs struct {
	SourceUID string     `json:"sourceUid" jsonschema:"required,description=The data source to query"`
	Label     string     `json:"label" jsonschema:"required,description=The label whose values to list"`
	Matches   []Selector `json:"matches,omitempty" jsonschema:"description=Optionally\\, selectors the series must match"`
	Limit     int        `json:"limit,omitempty" jsonschema:"default=100,description=At most this many values"`
}

type SilenceMatcher struct {
	Name    string `json:"name" jsonschema:"required,description=The label to match"`
	Value   string `json:"value" jsonschema:"required,description=The value to match"`
	IsRegex bool   `json:"isRegex,omitempty" jsonschema:"description=Whether value is a regular expression"`
	IsEqual *bool  `json:"isEqual,omitempty" jsonschema:"description=Equality (true\\, the default) or inequality"`
}

type SilencesArgs struct {
	Operation string           `json:"operation" jsonschema:"required,enum=list,enum=get,enum=create,enum=delete,description=What to do: 'list'\\, 'get'\\, 'create' or 'delete'"`
	SilenceID *string          `json:"silence_id,omitempty" jsonschema:"description=The silence (for 'get' and 'delete')"`
	Matchers  []SilenceMatcher `json:"matchers,omitempty" jsonschema:"description=Matchers; at least one for 'create'"`
	EndsAt    *string          `json:"ends_at,omitempty" jsonschema:"description=When it ends\\, RFC3339 (for 'create')"`
	Comment   *string          `json:"comment,omitempty" jsonschema:"description=Why (for 'create')"`
}

type RepoPreview struct {
	Repo string `json:"repo" jsonschema:"required,description=The repository"`
	Path string `json:"path" jsonschema:"required,description=The file in it"`
	Ref  string `json:"ref,omitempty" jsonschema:"description=A branch or commit; the main branch if left out"`
}

type LinkRange struct {
	From string `json:"from" jsonschema:"description=Start (e.g.\\, 'now-1h')"`
	To   string `json:"to" jsonschema:"description=End (e.g.\\, 'now')"`
}

type DeeplinkArgs struct {
	Kind        string            `json:"kind" jsonschema:"required,description=What to link to: board\\, panel or explore"`
	BoardUID    *string           `json:"boardUid,omitempty" jsonschema:"description=The board (board and panel links)"`
	Preview     *RepoPreview      `json:"preview,omitempty" jsonschema:"description=A board on a branch of a repository\\, instead of boardUid"`
	PanelID     *int              `json:"panelId,omitempty" jsonschema:"description=The panel (panel links)"`
	Queries     []map[string]any  `json:"queries,omitempty" jsonschema:"description=Query objects for explore links"`
	QueryParams map[string]string `json:"queryParams,omitempty" jsonschema:"description=More URL query parameters"`
	Range       *LinkRange        `json:"range,omitempty" jsonschema:"description=The time range shown"`
	Shorten     bool              `json:"shorten,omitempty" jsonschema:"description=Whether to shorten the link"`
}

type AnnotationsArgs struct {
	From     *int64   `json:"from,omitempty" jsonschema:"description=Start\\, epoch ms"`
	To       *int64   `json:"to,omitempty" jsonschema:"description=End\\, epoch ms"`
	Tags     []string `json:"tags,omitempty" jsonschema:"description=Tags to filter by"`
	MatchAny *bool    `json:"matchAny,omitempty" jsonschema:"description=Any tag (true) or all of them"`
	Type     *string  `json:"type,omitempty" jsonschema:"description=annotation or alert"`
}

type AnnotationUpdateArgs struct {
	ID   int64          `json:"id" jsonschema:"description=The annotation to change"`
	Text *string        `json:"text,omitempty" jsonschema:"description=Its new text"`
	Data map[string]any `json:"data,omitempty" jsonschema:"description=A JSON payload"`
}

type UserRolesArgs struct {
	UserIDs []int64 `json:"userIds" jsonschema:"required,description=The users whose roles to list"`
}

type ResourceArgs struct {
	Kind string `json:"kind" jsonschema:"required,enum=boards,enum=sources,enum=folders,description=The kind of resource"`
}

type APIArgs struct {
	Path    string            `json:"path" jsonschema:"required,description=The API path\\, from '/'"`
	Method  string            `json:"method,omitempty" jsonschema:"enum=GET,enum=POST,enum=DELETE,description=The HTTP method; GET if left out"`
	Headers map[string]string `json:"headers,omitempty" jsonschema:"description=More headers"`
	Body    string            `json:"body,omitempty" jsonschema:"description=A JSON body\\, for POST"`
}

type ProfileTypesArgs struct {
	SourceUID string `json:"sourceUid" jsonschema:"required,description=The data source to query"`
	// A plain text, not invopop's form: invopop drops it.
	Matchers string `json:"matchers,omitempty" jsonschema:"Label matchers to narrow the profiles (defaults to: {})"`
}

type PatchOp struct {
	Op    string      `json:"op" jsonschema:"required,description=What to do: 'replace'\\, 'add' or 'remove'"`
	Path  string      `json:"path" jsonschema:"required,description=A JSONPath to the property\\, e.g. '$.panels[0].title'"`
	Value interface{} `json:"value,omitempty" jsonschema:"description=The new value\\, for replace and add"`
}

type BoardUpdateArgs struct {
	Board   map[string]interface{} `json:"board,omitempty" jsonschema:"description=The whole board JSON\\, for a new board or a rewrite"`
	UID     string                 `json:"uid,omitempty" jsonschema:"description=The board to patch\\, with ops"`
	Ops     []PatchOp              `json:"ops,omitempty" jsonschema:"description=Patch operations\\, in order"`
	Tags    *[]string              `json:"tags,omitempty" jsonschema:"description=The board's new tags; the whole list"`
	Message string                 `json:"message,omitempty" jsonschema:"description=A note for the version history"`
}

type ErrorPatternArgs struct {
	Name   string            `json:"name" jsonschema:"required,description=A name for the investigation"`
	Labels map[string]string `json:"labels" jsonschema:"required,description=Labels that scope it"`
	Start  time.Time         `json:"start,omitempty" jsonschema:"description=Its start; 30 minutes ago if left out"`
	End    time.Time         `json:"end,omitempty" jsonschema:"description=Its end; now if left out"`
}

type PanelRunArgs struct {
	BoardUID   string  `json:"boardUid" jsonschema:"required,description=The board"`
	PanelIDs   []int   `json:"panelIds" jsonschema:"required,description=The panels to run\\, one or more"`
	Percentile float64 `json:"percentile,omitempty" jsonschema:"description=A percentile to reduce to (e.g. 95)"`
}

// --- the handlers ---

func searchBoards(_ context.Context, a BoardSearchArgs) (*BoardHits, error) {
	if a.Query == "boom" {
		return nil, errors.New("search: the backend answered 502")
	}
	limit := a.Limit
	if limit <= 0 {
		limit = 50
	}
	limit = min(limit, 100)
	return &BoardHits{Boards: []BoardHit{{UID: "b1", Title: fmt.Sprintf("%s limit=%d page=%d", a.Query, limit, a.Page), Tags: []string{"ops"}}}}, nil
}

func listTeams(_ context.Context, a TeamQuery) ([]Team, error) {
	if a.Query == "none" {
		return nil, nil
	}
	return []Team{{1, "ops " + a.Query}}, nil
}

func listOrgUsers(context.Context, OrgUsersArgs) ([]*OrgUser, error) {
	return []*OrgUser{{"admin", "Admin"}}, nil
}

func queryMetrics(_ context.Context, a MetricQueryArgs) (*MetricResult, error) {
	kind := a.Kind
	if kind == "" {
		kind = "range"
	}
	if kind == "range" && (a.Start == "" || a.Step == 0) {
		return nil, errors.New("start and step are required for a range query")
	}
	return &MetricResult{Kind: kind, Points: []MetricPoint{{1.5, a.Expr + "@" + a.SourceUID + " " + a.Start + ".." + a.End + fmt.Sprintf(" step=%d", a.Step)}}}, nil
}

func queryLogs(_ context.Context, a LogQueryArgs) (string, error) {
	limit := a.Limit
	if limit <= 0 {
		limit = 10
	}
	return fmt.Sprintf("logs %s %q limit=%d dir=%q format=%q", a.SourceUID, a.Query, min(limit, 100), a.Direction, a.Format), nil
}

func labelValues(_ context.Context, a LabelValuesArgs) ([]string, error) {
	var out []string
	for _, m := range a.Matches {
		for _, f := range m.Filters {
			out = append(out, f.Name+f.Type+f.Value)
		}
	}
	return append(out, fmt.Sprintf("%s/%s limit=%d", a.SourceUID, a.Label, a.Limit)), nil
}

func manageSilences(_ context.Context, a SilencesArgs) (string, error) {
	switch a.Operation {
	case "create":
		if len(a.Matchers) == 0 || a.EndsAt == nil {
			return "", errors.New("create needs matchers and ends_at")
		}
		var ms []string
		for _, m := range a.Matchers {
			eq := m.IsEqual == nil || *m.IsEqual
			ms = append(ms, fmt.Sprintf("%s:%s:regex=%v:eq=%v", m.Name, m.Value, m.IsRegex, eq))
		}
		return fmt.Sprintf("created %v until %s", ms, *a.EndsAt), nil
	case "get", "delete":
		if a.SilenceID == nil {
			return "", fmt.Errorf("%s needs silence_id", a.Operation)
		}
		return a.Operation + " " + *a.SilenceID, nil
	}
	return fmt.Sprintf("silences matching %d matchers", len(a.Matchers)), nil
}

func makeDeeplink(_ context.Context, a DeeplinkArgs) (string, error) {
	var b strings.Builder
	b.WriteString("/" + a.Kind)
	if a.BoardUID != nil {
		b.WriteString("/" + *a.BoardUID)
	}
	if a.Preview != nil {
		fmt.Fprintf(&b, "/preview/%s/%s@%s", a.Preview.Repo, a.Preview.Path, a.Preview.Ref)
	}
	if a.PanelID != nil {
		fmt.Fprintf(&b, "?viewPanel=%d", *a.PanelID)
	}
	if a.Range != nil {
		fmt.Fprintf(&b, "&from=%s&to=%s", a.Range.From, a.Range.To)
	}
	keys := make([]string, 0, len(a.QueryParams))
	for k := range a.QueryParams {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "&%s=%s", k, a.QueryParams[k])
	}
	if len(a.Queries) > 0 {
		q, _ := json.Marshal(a.Queries)
		b.WriteString("&queries=" + string(q))
	}
	fmt.Fprintf(&b, " short=%v", a.Shorten)
	return b.String(), nil
}

func listAnnotations(_ context.Context, a AnnotationsArgs) (string, error) {
	show := func(p any) string {
		v := reflect.ValueOf(p)
		if v.IsNil() {
			return "-"
		}
		return fmt.Sprint(v.Elem().Interface())
	}
	return fmt.Sprintf("annotations from=%s to=%s tags=%v any=%s type=%s", show(a.From), show(a.To), a.Tags, show(a.MatchAny), show(a.Type)), nil
}

func updateAnnotation(_ context.Context, a AnnotationUpdateArgs) (string, error) {
	if a.ID == 0 {
		return "", errors.New("id is required")
	}
	text := "-"
	if a.Text != nil {
		text = *a.Text
	}
	data, _ := json.Marshal(a.Data)
	return fmt.Sprintf("updated %d text=%s data=%s", a.ID, text, data), nil
}

func userRoles(_ context.Context, a UserRolesArgs) (map[string][]string, error) {
	out := map[string][]string{}
	for _, id := range a.UserIDs {
		out[fmt.Sprint(id)] = []string{"viewer"}
	}
	return out, nil
}

func describeResource(_ context.Context, a ResourceArgs) (string, error) {
	return "resource kind " + a.Kind, nil
}

func apiRequest(_ context.Context, a APIArgs) (*mcp.CallToolResult, error) {
	method := a.Method
	if method == "" {
		method = "GET"
	}
	if !strings.HasPrefix(a.Path, "/") {
		return mcp.NewToolResultError("path must start with '/'"), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s %s headers=%d body=%q", method, a.Path, len(a.Headers), a.Body)), nil
}

func profileTypes(_ context.Context, a ProfileTypesArgs) (string, error) {
	m := a.Matchers
	if m == "" {
		m = "{}"
	}
	return "profile types of " + a.SourceUID + " " + m, nil
}

func updateBoard(_ context.Context, a BoardUpdateArgs) (string, error) {
	if a.Board == nil && (a.UID == "" || len(a.Ops) == 0) {
		return "", errors.New("give board, or uid with ops")
	}
	ops, _ := json.Marshal(a.Ops)
	tags := "-"
	if a.Tags != nil {
		tags = fmt.Sprint(*a.Tags)
	}
	return fmt.Sprintf("board uid=%q fields=%d ops=%s tags=%s message=%q", a.UID, len(a.Board), ops, tags, a.Message), nil
}

func findErrorPatterns(_ context.Context, a ErrorPatternArgs) (string, error) {
	at := func(t time.Time, dflt string) string {
		if t.IsZero() {
			return dflt
		}
		return t.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("investigation %q labels=%d from %s to %s", a.Name, len(a.Labels), at(a.Start, "-30m"), at(a.End, "now")), nil
}

func runPanels(_ context.Context, a PanelRunArgs) (string, error) {
	return fmt.Sprintf("ran %v of %s p=%v", a.PanelIDs, a.BoardUID, a.Percentile), nil
}

// --- the helper, as written for mcp-go ---

// grafanaReflector is invopop's reflector set up as the server sets it up.
var grafanaReflector = jsonschema.Reflector{
	Anonymous:                  true,
	AllowAdditionalProperties:  true,
	RequiredFromJSONSchemaTags: true,
	DoNotReference:             true,
	ExpandedStruct:             true,
	Mapper: func(t reflect.Type) *jsonschema.Schema {
		if t.Kind() == reflect.Interface {
			return &jsonschema.Schema{Extras: map[string]any{}}
		}
		return nil
	},
}

// upstreamTool is the helper as the server has it: invopop's schema, and
// a handler that refuses unknown keys, repairs two slips and converts R.
func upstreamTool[T, R any](name, desc string, h func(context.Context, T) (R, error), opts ...mcp.ToolOption) gTool {
	reflected, err := json.Marshal(grafanaReflector.ReflectFromType(reflect.TypeFor[T]()))
	if err != nil {
		panic(err)
	}
	var sc struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	if err := json.Unmarshal(reflected, &sc); err != nil {
		panic(err)
	}
	if sc.Properties == nil {
		sc.Properties = map[string]json.RawMessage{}
	}
	in := map[string]any{"type": "object", "properties": sc.Properties, "additionalProperties": false}
	if len(sc.Required) > 0 {
		in["required"] = sc.Required
	}
	raw, err := json.Marshal(in)
	if err != nil {
		panic(err)
	}
	t := mcp.Tool{Name: name, Description: desc, RawInputSchema: raw}
	for _, o := range opts {
		o(&t)
	}
	return gTool{t, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if unknown := unknownKeys(req.Params.Arguments, sc.Properties); len(unknown) > 0 {
			known := slices.Sorted(func(yield func(string) bool) {
				for k := range sc.Properties {
					if !yield(k) {
						return
					}
				}
			})
			return mcp.NewToolResultError(fmt.Sprintf("unknown arguments %q; valid arguments: %s", unknown, strings.Join(known, ", "))), nil
		}
		data, err := json.Marshal(req.Params.Arguments)
		if err != nil {
			return nil, fmt.Errorf("marshal args: %w", err)
		}
		var args T
		if err := unmarshalRepairing(data, &args); err != nil {
			return nil, fmt.Errorf("unmarshal args: %s", err)
		}
		r, err := h(ctx, args)
		if err != nil {
			return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(err.Error())}, IsError: true}, nil
		}
		return toolResult(r)
	}}
}

// unknownKeys returns the keys of args no property has, by name or by
// name under case folding (encoding/json's match).
func unknownKeys(args any, props map[string]json.RawMessage) []string {
	m, _ := args.(map[string]any)
	var out []string
	for k := range m {
		if _, ok := props[k]; ok {
			continue
		}
		folded := false
		for p := range props {
			folded = folded || strings.EqualFold(p, k)
		}
		if !folded {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// unmarshalRepairing decodes data into v; when that fails, it reads a
// quoted integer for a top-level integer field and a lone string for a
// top-level []string field, and decodes again.
func unmarshalRepairing(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err == nil {
		return nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return json.Unmarshal(data, v)
	}
	for _, f := range reflect.VisibleFields(reflect.TypeOf(v).Elem()) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		val, ok := raw[name]
		if !ok || len(val) < 2 || val[0] != '"' {
			continue
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch {
		case ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Uint64:
			raw[name] = val[1 : len(val)-1]
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.String:
			raw[name] = json.RawMessage("[" + string(val) + "]")
		}
	}
	fixed, _ := json.Marshal(raw)
	return json.Unmarshal(fixed, v)
}

// toolResult converts what a handler returned as the helper does: an
// *mcp.CallToolResult as it is, a string as text, a nil pointer, slice or
// map as "null", anything else as its JSON.
func toolResult(r any) (*mcp.CallToolResult, error) {
	if v := reflect.ValueOf(r); r == nil || (v.Kind() == reflect.Pointer || v.Kind() == reflect.Slice || v.Kind() == reflect.Map) && v.IsNil() {
		return mcp.NewToolResultText("null"), nil
	}
	switch r := r.(type) {
	case *mcp.CallToolResult:
		return r, nil
	case string:
		return mcp.NewToolResultText(r), nil
	}
	data, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("failed to marshal return value: %s", err)
	}
	return mcp.NewToolResultText(string(data)), nil
}

// --- the helper, moved ---

// movedTool is the helper moved: the schema is the drop-in's, the handler
// is wrapped by the drop-in, the result converted as before. A handler's
// error goes to the drop-in, which answers it as an isError result.
func movedTool[T, R any](name, desc string, h func(context.Context, T) (R, error), opts ...mcp.ToolOption) gTool {
	t := mcp.Tool{Name: name, Description: desc}
	mcpgo.WithInputSchema[T]()(&t)
	for _, o := range opts {
		o(&t)
	}
	return gTool{t, mcpgo.NewTypedToolHandler(func(ctx context.Context, _ mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
		r, err := h(ctx, args)
		if err != nil {
			return nil, err
		}
		return toolResult(r)
	})}
}

// --- the server ---

// makeTool is the helper of one side, for one type pair.
type makeTool[T, R any] func(name, desc string, h func(context.Context, T) (R, error), opts ...mcp.ToolOption) gTool

// helper returns the helper as written for mcp-go, or moved.
func helper[T, R any](moved bool) makeTool[T, R] {
	if moved {
		return movedTool[T, R]
	}
	return upstreamTool[T, R]
}

// readOnly are the annotations of a read-only tool, as the server writes
// them.
func readOnly(title string) []mcp.ToolOption {
	return []mcp.ToolOption{
		mcp.WithTitleAnnotation(title),
		mcp.WithIdempotentHintAnnotation(true),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithDestructiveHintAnnotation(false),
		mcp.WithOpenWorldHintAnnotation(false),
	}
}

// grafanaTools are the server's tools made by the helper of one side.
func grafanaTools(moved bool) []gTool {
	if moved {
		// invopop's convention, for the whole server, before the tools
		// are made (the server makes them in package variables: this goes
		// in an init of the helper's package, which runs first).
		mcpgo.SetRequiredFromTags(true)
		defer mcpgo.SetRequiredFromTags(false)
	}
	search := helper[BoardSearchArgs, *BoardHits](moved)
	teams := helper[TeamQuery, []Team](moved)
	users := helper[OrgUsersArgs, []*OrgUser](moved)
	metrics := helper[MetricQueryArgs, *MetricResult](moved)
	logs := helper[LogQueryArgs, string](moved)
	values := helper[LabelValuesArgs, []string](moved)
	silences := helper[SilencesArgs, string](moved)
	link := helper[DeeplinkArgs, string](moved)
	annotations := helper[AnnotationsArgs, string](moved)
	update := helper[AnnotationUpdateArgs, string](moved)
	roles := helper[UserRolesArgs, map[string][]string](moved)
	resource := helper[ResourceArgs, string](moved)
	api := helper[APIArgs, *mcp.CallToolResult](moved)
	profiles := helper[ProfileTypesArgs, string](moved)
	boards := helper[BoardUpdateArgs, string](moved)
	patterns := helper[ErrorPatternArgs, string](moved)
	panels := helper[PanelRunArgs, string](moved)

	return []gTool{
		search("search_boards", "Searches boards by title.", searchBoards, readOnly("Search boards")...),
		teams("list_teams", "Lists the teams of the organisation.", listTeams, readOnly("List teams")...),
		users("list_org_users", "Lists the users of the current organisation.", listOrgUsers,
			mcp.WithTitleAnnotation("List users"), mcp.WithReadOnlyHintAnnotation(true)),
		metrics("query_metrics", "WORKFLOW: list metric names, then labels, then query. Runs an instant or range query; times are RFC3339 or relative ('now'\\, 'now-1h').",
			queryMetrics, readOnly("Query metrics")...),
		logs("query_logs", "Runs a log query; at most 100 lines.", queryLogs, readOnly("Query logs")...),
		values("list_label_values", "Lists the values of a label, optionally among series matching selectors.", labelValues, readOnly("List label values")...),
		silences("manage_silences", "Lists, gets, creates or deletes silences.", manageSilences,
			mcp.WithTitleAnnotation("Manage silences"), mcp.WithDestructiveHintAnnotation(true), mcp.WithOpenWorldHintAnnotation(false)),
		link("make_deeplink", "Makes a link to a board, a panel or an explore view.", makeDeeplink, readOnly("Make a link")...),
		annotations("list_annotations", "Lists annotations, filtered.", listAnnotations, readOnly("List annotations")...),
		update("update_annotation", "Changes an annotation; only the fields given.", updateAnnotation,
			mcp.WithTitleAnnotation("Update annotation"), mcp.WithIdempotentHintAnnotation(true), mcp.WithDestructiveHintAnnotation(true)),
		roles("list_user_roles", "Lists the roles of users.", userRoles, readOnly("List user roles")...),
		resource("describe_resource", "Describes a kind of resource and its permissions.", describeResource, readOnly("Describe resource")...),
		api("api_request", "Sends a request to the HTTP API.", apiRequest,
			mcp.WithTitleAnnotation("API request"), mcp.WithOpenWorldHintAnnotation(false)),
		profiles("list_profile_types", "Lists the profile types of a profiling data source.", profileTypes, readOnly("List profile types")...),
		boards("update_board", "Creates or changes a board: the whole JSON, or patch operations.", updateBoard,
			mcp.WithTitleAnnotation("Update board"), mcp.WithDestructiveHintAnnotation(true)),
		patterns("find_error_patterns", "Looks for error patterns in the logs of a scope.", findErrorPatterns, readOnly("Find error patterns")...),
		panels("run_panels", "Runs the queries of a board's panels.", runPanels, readOnly("Run panels")...),
	}
}

// grafanaServer is the server of one side; with repair, the moved server
// keeps the helper's two repairs of slips (a quoted integer, a lone
// string for a list) by a middleware that asks the invoker for them.
func grafanaServer(moved, repair bool) *server.MCPServer {
	var opts []server.ServerOption
	if repair {
		opts = append(opts, server.WithToolHandlerMiddleware(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
			return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return next(tool.WithLeniency(ctx, tool.RepairArgs), req)
			}
		}))
	}
	s := server.NewMCPServer("grafana", "1.0.0", opts...)
	for _, t := range grafanaTools(moved) {
		s.AddTool(t.Tool, t.Handler)
	}
	return s
}

// --- the comparison ---

// schemaChanges returns the paths where the moved listing mv differs from
// upstream's up other than by the contract's documented differences
// (docs/contract.md, "What differs from mcp-go, on purpose", and the
// parity table of invopop): "null" added to the type of a pointer, slice
// or map, which encoding/json writes as null and reads into it; and
// additionalProperties on a nested object, false (closed objects) or {}
// (a map of any values, as open as the peer's). Each path is prefixed
// "lost " (upstream has it, moved has not or differs) or "added ".
func schemaChanges(path string, up, mv any) []string {
	um, uok := up.(map[string]any)
	mm, mok := mv.(map[string]any)
	if !uok || !mok {
		if a, b := canonicalJSON(up), canonicalJSON(mv); a != b {
			return []string{"lost " + path}
		}
		return nil
	}
	var out []string
	for k, uv := range um {
		mv, ok := mm[k]
		switch {
		case !ok:
			out = append(out, "lost "+path+"."+k)
		case k == "type":
			if !sameSet(uv, mv) && !sameSet(append(typeSet(uv), "null"), mv) {
				out = append(out, "lost "+path+"."+k)
			}
		case k == "required":
			if !sameSet(uv, mv) {
				out = append(out, "lost "+path+"."+k)
			}
		case k == "properties":
			out = append(out, propertyChanges(path+"."+k, uv, mv)...)
		default:
			out = append(out, schemaChanges(path+"."+k, uv, mv)...)
		}
	}
	for k, mv := range mm {
		if _, ok := um[k]; ok {
			continue
		}
		if m, isMap := mv.(map[string]any); k == "additionalProperties" && (mv == false || isMap && len(m) == 0) {
			continue
		}
		out = append(out, "added "+path+"."+k)
	}
	return out
}

// propertyChanges is schemaChanges for the properties of an object, a map
// of names (which are no keywords) to schemas.
func propertyChanges(path string, up, mv any) []string {
	um, _ := up.(map[string]any)
	mm, _ := mv.(map[string]any)
	var out []string
	for name, uv := range um {
		if mv, ok := mm[name]; ok {
			out = append(out, schemaChanges(path+"."+name, uv, mv)...)
		} else {
			out = append(out, "lost "+path+"."+name)
		}
	}
	for name := range mm {
		if _, ok := um[name]; !ok {
			out = append(out, "added "+path+"."+name)
		}
	}
	return out
}

func typeSet(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	return []any{v}
}

func canonicalJSON(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

// TestGrafanaListed lists the server's tools as written for mcp-go and as
// moved, as the server writes them and as mcp-go's client reads them over
// streamable HTTP: the same tools, every description, enum, default,
// title, annotation and required list kept, the nested objects' required
// fields and optional pointers as invopop lists them; and only the
// differences the contract documents, besides one addition: the plain
// text tag of list_profile_types' matchers, which invopop drops, is read
// as its description (google/jsonschema-go's form).
func TestGrafanaListed(t *testing.T) {
	want := []string{"added list_profile_types.inputSchema.properties.matchers.description"}
	check := func(t *testing.T, up, mv map[string]any) {
		t.Helper()
		if !slices.Equal(slices.Sorted(mapsKeys(up)), slices.Sorted(mapsKeys(mv))) {
			t.Fatalf("tools: upstream %v, moved %v", slices.Sorted(mapsKeys(up)), slices.Sorted(mapsKeys(mv)))
		}
		if len(up) != 17 {
			t.Fatalf("%d tools listed, want 17", len(up))
		}
		var got []string
		for name := range up {
			got = append(got, schemaChanges(name, up[name], mv[name])...)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			for _, name := range slices.Sorted(mapsKeys(up)) {
				t.Logf("%s\nupstream %s\n   moved %s", name, canonical(t, up[name]), canonical(t, mv[name]))
			}
			t.Errorf("changes:\n got %q\nwant %q", got, want)
		}
	}
	t.Run("wire", func(t *testing.T) {
		wire := func(moved bool) map[string]any {
			out := map[string]any{}
			for name, sc := range listed(t, grafanaServer(moved, false)) {
				out[name] = generic(t, map[string]json.RawMessage{"inputSchema": json.RawMessage(sc.In)})
			}
			return out
		}
		check(t, wire(false), wire(true))
	})
	t.Run("client", func(t *testing.T) {
		list := func(moved bool) map[string]any {
			res, err := serveHTTP(t, grafanaServer(moved, false), false).ListTools(t.Context(), mcp.ListToolsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]any{}
			for _, tl := range res.Tools {
				out[tl.Name] = generic(t, tl)
			}
			return out
		}
		check(t, list(false), list(true))
	})
}

// TestGrafanaCalled calls the server's tools as written for mcp-go, as
// moved, and as moved with the middleware that asks for the invoker's
// repairs, with mcp-go's client over streamable HTTP. A want of "=" is
// the column before's; "!" first is an isError result, "protocol error: "
// first a JSON-RPC error.
func TestGrafanaCalled(t *testing.T) {
	const same = "="
	cases := []struct {
		name, tool, args          string
		upstream, moved, repaired string
	}{
		// Good arguments: the same result, but where a listed default is
		// filled in (the handler read 0 for page; the listing says 1).
		{"search", "search_boards", `{"query":"cpu","limit":500,"page":2}`, `{"boards":[{"uid":"b1","title":"cpu limit=100 page=2","tags":["ops"]}],"hasMore":false}`, same, same},
		{"search defaults", "search_boards", `{"query":"cpu"}`,
			`{"boards":[{"uid":"b1","title":"cpu limit=50 page=0","tags":["ops"]}],"hasMore":false}`, `{"boards":[{"uid":"b1","title":"cpu limit=50 page=1","tags":["ops"]}],"hasMore":false}`, same},
		// A handler's error: the drop-in's words around it.
		{"search error", "search_boards", `{"query":"boom"}`, "!search: the backend answered 502", "!Tool 'search_boards' failed: search: the backend answered 502", same},
		// The helper's repairs: a quoted integer, a lone string for a
		// list. Strict, the moved server refuses them with the path;
		// with tool.RepairArgs it reads them as the helper did.
		{"search quoted", "search_boards", `{"query":"cpu","limit":"20","page":1}`,
			`{"boards":[{"uid":"b1","title":"cpu limit=20 page=1","tags":["ops"]}],"hasMore":false}`, "!Argument 'limit' must be an integer.", `{"boards":[{"uid":"b1","title":"cpu limit=20 page=1","tags":["ops"]}],"hasMore":false}`},
		{"annotations lone tag", "list_annotations", `{"tags":"deploy"}`,
			"annotations from=- to=- tags=[deploy] any=- type=-", "!Argument 'tags' must be null or an array.", "annotations from=- to=- tags=[deploy] any=- type=-"},
		{"update quoted id", "update_annotation", `{"id":"7"}`, "updated 7 text=- data=null", "!Argument 'id' must be an integer.", "updated 7 text=- data=null"},
		// Unknown keys: both refuse a misspelt one (upstream lists the
		// names, the moved server names the key); a name that differs
		// only in case upstream takes, the moved server refuses, naming
		// the parameter.
		{"search unknown", "search_boards", `{"query":"cpu","lmit":5}`, `!unknown arguments ["lmit"]; valid arguments: limit, page, query`, "!Argument 'lmit' is not a parameter of the tool.", same},
		{"search case", "search_boards", `{"Query":"cpu","page":1}`,
			`{"boards":[{"uid":"b1","title":"cpu limit=50 page=1","tags":["ops"]}],"hasMore":false}`, "!Argument 'Query' is not a parameter of the tool; the parameter is 'query' (names are case-sensitive).", same},
		// What encoding/json refuses is a protocol error upstream, which
		// the model does not read; moved, an isError result with the path.
		{"search fraction", "search_boards", `{"query":"cpu","limit":2.5}`,
			"protocol error: internal error: unmarshal args: json: cannot unmarshal number 2.5 into Go struct field BoardSearchArgs.limit of type int", "!Argument 'limit' must be an integer.", same},
		{"roles item", "list_user_roles", `{"userIds":[1,"two"]}`,
			"protocol error: internal error: unmarshal args: json: cannot unmarshal string into Go struct field UserRolesArgs.userIds of type int64", "!Argument 'userIds[1]' must be an integer.", same},
		{"link map value", "make_deeplink", `{"kind":"explore","queryParams":{"n":1}}`,
			"protocol error: internal error: unmarshal args: json: cannot unmarshal number into Go struct field DeeplinkArgs.queryParams of type string", "!Argument 'queryParams{}' must be a string.", same},
		// Optional by invopop's convention (no "required" part): absent,
		// the handler runs, on both.
		{"teams", "list_teams", `{}`, `[{"id":1,"name":"ops "}]`, same, same},
		{"teams nil", "list_teams", `{"query":"none"}`, "null", same, same},
		{"users", "list_org_users", ``, `[{"login":"admin","role":"Admin"}]`, same, same},
		{"update no id", "update_annotation", `{"text":"x"}`, "!id is required", "!Tool 'update_annotation' failed: id is required", same},
		{"annotations none", "list_annotations", `{}`, "annotations from=- to=- tags=[] any=- type=-", same, same},
		{"annotations", "list_annotations", `{"from":1,"tags":["deploy"],"matchAny":true,"type":null}`, "annotations from=1 to=- tags=[deploy] any=true type=-", same, same},
		// Required, and enums, kept: upstream's handler runs without
		// them or with a value off the list.
		{"metrics", "query_metrics", `{"sourceUid":"p","expr":"up","end":"now","start":"now-1h","step":60}`, `{"kind":"range","points":[{"t":1.5,"v":"up@p now-1h..now step=60"}]}`, same, same},
		{"metrics instant", "query_metrics", `{"sourceUid":"p","expr":"up","end":"now","kind":"instant"}`, `{"kind":"instant","points":[{"t":1.5,"v":"up@p ..now step=0"}]}`, same, same},
		{"metrics missing", "query_metrics", `{"sourceUid":"p","expr":"up"}`, "!start and step are required for a range query", "!Argument 'end' is required.", same},
		{"roles", "list_user_roles", `{"userIds":[1,2]}`, `{"1":["viewer"],"2":["viewer"]}`, same, same},
		{"roles missing", "list_user_roles", `{}`, "{}", "!Argument 'userIds' is required.", same},
		{"resource", "describe_resource", `{"kind":"folders"}`, "resource kind folders", same, same},
		{"resource enum", "describe_resource", `{"kind":"folder"}`, "resource kind folder", "!Argument 'kind' must be one of \"boards\", \"sources\", \"folders\".", same},
		{"logs", "query_logs", `{"sourceUid":"l","query":"{app=\"x\"}","format":"compact"}`, `logs l "{app=\"x\"}" limit=10 dir="" format="compact"`, same, same},
		{"logs enum", "query_logs", `{"sourceUid":"l","query":"q","format":"short"}`, `logs l "q" limit=10 dir="" format="short"`, "!Argument 'format' must be one of \"full\", \"compact\".", same},
		// An empty string for an optional enum: the helper's handler
		// reads it as absent; the listing does not allow it.
		{"logs empty enum", "query_logs", `{"sourceUid":"l","query":"q","format":""}`, `logs l "q" limit=10 dir="" format=""`, "!Argument 'format' must be one of \"full\", \"compact\".", same},
		{"api", "api_request", `{"path":"/api/org","headers":{"X-A":"1"}}`, `GET /api/org headers=1 body=""`, same, same},
		{"api result error", "api_request", `{"path":"api/org"}`, "!path must start with '/'", same, same},
		{"api enum", "api_request", `{"path":"/api/org","method":"PUT"}`, `PUT /api/org headers=0 body=""`, "!Argument 'method' must be one of \"GET\", \"POST\", \"DELETE\".", same},
		{"profiles", "list_profile_types", `{"sourceUid":"py"}`, "profile types of py {}", same, same},
		// Nested structs: required fields inside, optional pointers, maps
		// of strings and of any values, kept.
		{"values", "list_label_values", `{"sourceUid":"p","label":"job","matches":[{"filters":[{"name":"env","value":"prod","type":"="}]}]}`,
			`["env=prod","p/job limit=0"]`, `["env=prod","p/job limit=100"]`, same},
		{"values nested missing", "list_label_values", `{"sourceUid":"p","label":"job","limit":5,"matches":[{"filters":[{"name":"env","type":"="}]}]}`,
			`["env=","p/job limit=5"]`, "!Argument 'matches[0].filters[0].value' is required.", same},
		{"values nested unknown", "list_label_values", `{"sourceUid":"p","label":"job","limit":5,"matches":[{"filters":[{"name":"env","value":"prod","type":"=","op":"x"}]}]}`,
			`["env=prod","p/job limit=5"]`, "!Argument 'matches[0].filters[0].op' is not a parameter of the tool.", same},
		{"silence", "manage_silences", `{"operation":"create","matchers":[{"name":"a","value":"b","isEqual":false},{"name":"c","value":"d"}],"ends_at":"2026-12-08T00:00:00Z"}`,
			"created [a:b:regex=false:eq=false c:d:regex=false:eq=true] until 2026-12-08T00:00:00Z", same, same},
		{"silence enum", "manage_silences", `{"operation":"expire","silence_id":"s1"}`, "silences matching 0 matchers", "!Argument 'operation' must be one of \"list\", \"get\", \"create\", \"delete\".", same},
		{"silence null", "manage_silences", `{"operation":"get","silence_id":null}`, "!get needs silence_id", "!Tool 'manage_silences' failed: get needs silence_id", same},
		{"silence nested missing", "manage_silences", `{"operation":"create","matchers":[{"name":"a"}]}`, "!create needs matchers and ends_at", "!Argument 'matchers[0].value' is required.", same},
		{"link", "make_deeplink", `{"kind":"panel","boardUid":"b1","panelId":4,"range":{"from":"now-6h","to":"now"},"queryParams":{"var-env":"prod"},"shorten":true}`,
			"/panel/b1?viewPanel=4&from=now-6h&to=now&var-env=prod short=true", same, same},
		{"link preview", "make_deeplink", `{"kind":"board","preview":{"repo":"r","path":"d.json"},"range":{"from":"now-6h"}}`, "/board/preview/r/d.json@&from=now-6h&to= short=false", same, same},
		{"link preview missing", "make_deeplink", `{"kind":"board","preview":{"repo":"r"}}`, "/board/preview/r/@ short=false", "!Argument 'preview.path' is required.", same},
		{"link queries", "make_deeplink", `{"kind":"explore","queries":[{"refId":"A","expr":"up"}]}`, `/explore&queries=[{"expr":"up","refId":"A"}] short=false`, same, same},
		{"update", "update_annotation", `{"id":7,"text":"x","data":{"k":[1,2]}}`, `updated 7 text=x data={"k":[1,2]}`, same, same},
		// Any values (interface{}, map[string]interface{}), a pointer to
		// a slice, time.Time, []int and float64.
		{"board patch", "update_board", `{"uid":"b1","ops":[{"op":"replace","path":"$.title","value":"New"},{"op":"add","path":"$.x","value":null}],"tags":[]}`,
			`board uid="b1" fields=0 ops=[{"op":"replace","path":"$.title","value":"New"},{"op":"add","path":"$.x"}] tags=[] message=""`, same, same},
		{"board whole", "update_board", `{"board":{"title":"x","panels":[]},"message":"m","tags":null}`, `board uid="" fields=2 ops=null tags=- message="m"`, same, same},
		{"board op missing", "update_board", `{"uid":"b1","ops":[{"op":"add","value":{"a":1}}]}`,
			`board uid="b1" fields=0 ops=[{"op":"add","path":"","value":{"a":1}}] tags=- message=""`, "!Argument 'ops[0].path' is required.", same},
		{"patterns", "find_error_patterns", `{"name":"n","labels":{"cluster":"c1"},"start":"2026-12-07T10:00:00+01:00"}`, `investigation "n" labels=1 from 2026-12-07T09:00:00Z to now`, same, same},
		{"patterns missing", "find_error_patterns", `{"name":"n"}`, `investigation "n" labels=0 from -30m to now`, "!Argument 'labels' is required.", same},
		{"patterns relative", "find_error_patterns", `{"name":"n","labels":{},"start":"now-1h"}`,
			`protocol error: internal error: unmarshal args: parsing time "now-1h" as "2006-01-02T15:04:05Z07:00": cannot parse "now-1h" as "2006"`, "!Argument 'start' must be in the format date-time.", same},
		{"panels", "run_panels", `{"boardUid":"b","panelIds":[1,2],"percentile":99.5}`, "ran [1 2] of b p=99.5", same, same},
		{"panels fraction", "run_panels", `{"boardUid":"b","panelIds":[1.5]}`,
			"protocol error: internal error: unmarshal args: json: cannot unmarshal number 1.5 into Go struct field PanelRunArgs.panelIds of type int", "!Argument 'panelIds[0]' must be an integer.", same},
		// A quoted number for a float: the helper repairs integers only;
		// the invoker's repair reads it.
		{"panels quoted", "run_panels", `{"boardUid":"b","panelIds":[],"percentile":"95"}`,
			"protocol error: internal error: unmarshal args: json: cannot unmarshal string into Go struct field PanelRunArgs.percentile of type float64", "!Argument 'percentile' must be a number.", "ran [] of b p=95"},
	}
	clients := []*client.Client{serveHTTP(t, grafanaServer(false, false), false), serveHTTP(t, grafanaServer(true, false), false), serveHTTP(t, grafanaServer(true, true), false)}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.upstream
			var results []*mcp.CallToolResult
			for i, w := range []string{tc.upstream, tc.moved, tc.repaired} {
				if w != same {
					want = w
				}
				got, r := called(t, clients[i], tc.tool, tc.args)
				if got != want {
					t.Errorf("%s:\n got %q\nwant %q", []string{"upstream", "moved", "repaired"}[i], got, want)
				}
				results = append(results, r)
			}
			// Answered alike, a good call's whole result: content and no
			// structured content (the helper lists no output schema).
			if tc.moved != same || results[0] == nil || results[1] == nil {
				return
			}
			if a, b := canonical(t, results[0].Content), canonical(t, results[1].Content); a != b {
				t.Errorf("content:\nupstream %s\n   moved %s", a, b)
			}
			if a, b := string(results[0].RawStructuredContent), string(results[1].RawStructuredContent); a != b {
				t.Errorf("structured content:\nupstream %s\n   moved %s", a, b)
			}
		})
	}
}

// --- a type with its own JSON form ---

// VarValues is a board variable's value: one string or a list of them, by
// its own JSON methods, with invopop's JSONSchema method saying so (the
// shape of the server's StringOrSlice, in its panel-rendering input).
type VarValues []string

func (s *VarValues) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*s = VarValues{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return errors.New("a variable's value is a string or a list of strings")
	}
	*s = many
	return nil
}

func (s VarValues) MarshalJSON() ([]byte, error) {
	if len(s) == 1 {
		return json.Marshal(s[0])
	}
	return json.Marshal([]string(s))
}

func (VarValues) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{OneOf: []*jsonschema.Schema{{Type: "string"}, {Type: "array", Items: &jsonschema.Schema{Type: "string"}}}}
}

// SilenceState is a string whose enum invopop's JSONSchema method gives.
type SilenceState string

func (SilenceState) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Enum: []any{"active", "expired", "pending"}}
}

type SilenceStateArgs struct {
	State SilenceState `json:"state" jsonschema:"description=Silences in this state"`
}

type RenderArgs struct {
	BoardUID  string               `json:"boardUid,omitempty" jsonschema:"description=The board"`
	Variables map[string]VarValues `json:"variables,omitempty" jsonschema:"description=Board variables: a value or a list of values"`
}

// DeclaredValues is VarValues with its schema declared as the contract
// reads it: the one change the move asks of the type.
type DeclaredValues []string

func (s *DeclaredValues) UnmarshalJSON(data []byte) error { return (*VarValues)(s).UnmarshalJSON(data) }
func (s DeclaredValues) MarshalJSON() ([]byte, error)     { return VarValues(s).MarshalJSON() }
func (DeclaredValues) JSONSchema() *jsonschema.Schema     { return VarValues{}.JSONSchema() }
func (DeclaredValues) ToolschemaSchema() string {
	return `{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}`
}

type DeclaredRenderArgs struct {
	BoardUID  string                    `json:"boardUid,omitempty" jsonschema:"description=The board"`
	Variables map[string]DeclaredValues `json:"variables,omitempty" jsonschema:"description=Board variables: a value or a list of values"`
}

func renderVars[V ~[]string](board string, vars map[string]V) string {
	keys := make([]string, 0, len(vars))
	for k := range vars {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("render " + board)
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%v", k, []string(vars[k]))
	}
	return b.String()
}

// TestGrafanaOwnJSONType: the panel-rendering input, whose map values have
// JSON methods of their own and invopop's JSONSchema method, is refused by
// the drop-in at registration, naming the rule, the field, the type, the
// method and the way out (OLT020), where invopop lists the method's
// schema; and so is a plain type whose enum the method gives. With the
// schema declared (ToolschemaSchema), the moved tool lists it as invopop
// does and answers the same; a value off it is an isError result with the
// path, where the helper's decoding is a protocol error.
func TestGrafanaOwnJSONType(t *testing.T) {
	mcpgo.SetRequiredFromTags(true)
	defer mcpgo.SetRequiredFromTags(false)
	for _, tc := range []struct{ got, want string }{
		{panicText(func() { mcpgo.WithInputSchema[RenderArgs]() }),
			"mcpgo.WithInputSchema[mcpgo_test.RenderArgs]: OLT020: input.variables{}: mcpgo_test.VarValues has invopop/jsonschema's method JSONSchema, which the contract does not call: declare the schema it gives with a method ToolschemaSchema() string"},
		// A type read by its kind whose enum only invopop's method gives:
		// refused, where the enum would have been dropped.
		{panicText(func() { mcpgo.WithInputSchema[SilenceStateArgs]() }),
			"mcpgo.WithInputSchema[mcpgo_test.SilenceStateArgs]: OLT020: input.state: mcpgo_test.SilenceState has invopop/jsonschema's method JSONSchema, which the contract does not call, so what it says would be lost: say it with the type's fields, tags and constants, and drop the method"},
	} {
		if tc.got != tc.want {
			t.Errorf("refused:\n got %q\nwant %q", tc.got, tc.want)
		}
	}

	up := server.NewMCPServer("grafana", "1.0.0")
	ut := upstreamTool("render_panel", "Renders a panel.", func(_ context.Context, a RenderArgs) (string, error) {
		return renderVars(a.BoardUID, a.Variables), nil
	})
	up.AddTool(ut.Tool, ut.Handler)
	mv := server.NewMCPServer("grafana", "1.0.0")
	mt := movedTool("render_panel", "Renders a panel.", func(_ context.Context, a DeclaredRenderArgs) (string, error) {
		return renderVars(a.BoardUID, a.Variables), nil
	})
	mv.AddTool(mt.Tool, mt.Handler)

	ul, ml := listed(t, up)["render_panel"], listed(t, mv)["render_panel"]
	if changes := schemaChanges("render_panel", generic(t, json.RawMessage(ul.In)), generic(t, json.RawMessage(ml.In))); len(changes) > 0 {
		t.Errorf("listing changes %q\nupstream %s\n   moved %s", changes, ul.In, ml.In)
	}
	clients := []*client.Client{serveHTTP(t, up, false), serveHTTP(t, mv, false)}
	for _, tc := range []struct{ args, upstream, moved string }{
		{`{"boardUid":"b1","variables":{"var-env":"prod","var-host":["a","b"]}}`, "render b1 var-env=[prod] var-host=[a b]", "render b1 var-env=[prod] var-host=[a b]"},
		{`{"boardUid":"b1","variables":{"var-env":7}}`,
			"protocol error: internal error: unmarshal args: a variable's value is a string or a list of strings",
			"!Argument 'variables{}' does not match the schema of its type."},
	} {
		for i, want := range []string{tc.upstream, tc.moved} {
			got, _ := called(t, clients[i], "render_panel", tc.args)
			if got != want {
				t.Errorf("%s %s:\n got %q\nwant %q", []string{"upstream", "moved"}[i], tc.args, got, want)
			}
		}
	}
}
