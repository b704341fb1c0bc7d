package mcpserver_test

// The shapes of two large public go-sdk servers, written for these tests
// in our own words (no code of theirs): how they define and register
// tools, kept idiom for idiom.
//
//   - github/github-mcp-server: every tool's input schema is a
//     *jsonschema.Schema literal written by hand (enums, a pagination
//     helper that adds minimum and maximum, arrays of strings and of
//     closed objects, an anyOf of a string and null where null means
//     "remove", an object with no properties), the handler typed with
//     In map[string]any and Out any and reading the map with helpers of
//     its own (numbers as float64); a generic constructor that takes the
//     handler's dependencies from the context; toolsets whose icon a tool
//     gets at registration when it has none of its own; the title only in
//     the annotations; x-mcp-header (SEP-2243) added at registration to
//     the owner and repo properties; _meta with an MCP Apps resource;
//     errors as IsError results the handler builds. It registers through
//     Server.AddTool with its own decoding, which checks nothing.
//   - containers/kubernetes-mcp-server: its own tool type (annotations as
//     pointers, a hand-written *jsonschema.Schema with patterns, integer
//     and boolean defaults, minimums, enums, a closed object), converted
//     to an mcp.Tool with the title both at the top and in the
//     annotations, nil properties made an empty map, an output schema
//     only when it is an object; a mutator that adds the target
//     parameter to every cluster-aware tool; a handler that reads a map
//     of the arguments and answers text beside structured content
//     (a slice wrapped as {"items": [...]}). It registers through
//     Server.AddTool with its own decoding too.
//
// Each server is registered three ways: as it is (Server.AddTool), with
// the SDK's typed mcp.AddTool (what its generic helper's signature asks
// for), and moved to mcpserver.AddTool.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

// bigWay is how a server's tools are registered.
type bigWay int

const (
	asIs  bigWay = iota // Server.AddTool, the server's own decoding
	sdk                 // the SDK's mcp.AddTool
	moved               // mcpserver.AddTool
)

func (w bigWay) String() string { return [...]string{"as is", "sdk", "moved"}[w] }

// --- github-mcp-server ---

type hubSet struct{ id, icon string }

func (s hubSet) icons() []mcp.Icon {
	if s.icon == "" {
		return nil
	}
	return []mcp.Icon{{Source: "data:image/svg+xml;base64," + s.icon, MIMEType: "image/svg+xml", Sizes: []string{"16x16"}}}
}

var (
	hubIssues   = hubSet{id: "issues", icon: "aXNzdWU="}
	hubSnippets = hubSet{id: "snippets", icon: "Y29kZQ=="}
	hubContext  = hubSet{id: "context"}
)

// hubDeps is what the server's middleware puts in every request's context.
type hubDeps struct{ login string }

type hubDepsKey struct{}

// hubTool is a tool with its toolset and a register function, made by
// hubNew from a handler typed as the SDK's are.
type hubTool struct {
	def mcp.Tool
	set hubSet
	add func(s *mcp.Server, t *mcp.Tool, way bigWay)
}

func hubNew[In, Out any](set hubSet, def mcp.Tool, h func(context.Context, hubDeps, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) hubTool {
	typed := func(ctx context.Context, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, Out, error) {
		deps, ok := ctx.Value(hubDepsKey{}).(hubDeps)
		if !ok {
			panic("no deps in the context")
		}
		return h(ctx, deps, req, args)
	}
	return hubTool{def: def, set: set, add: func(s *mcp.Server, t *mcp.Tool, way bigWay) {
		switch way {
		case moved:
			mcpserver.AddTool(s, t, typed)
		case sdk:
			mcp.AddTool(s, t, typed)
		default:
			s.AddTool(t, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				raw := req.Params.Arguments
				if len(raw) == 0 {
					raw = json.RawMessage(`{}`)
				}
				if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
					return hubFailed("invalid arguments: arguments must be a JSON object"), nil
				}
				var args In
				if err := json.Unmarshal(raw, &args); err != nil {
					return hubFailed("invalid arguments: " + err.Error()), nil
				}
				res, _, err := typed(ctx, req, args)
				return res, err
			})
		}
	}}
}

// register copies the definition, gives it its toolset's icon when it
// has none, and marks the routing properties with x-mcp-header, cloning
// what it changes: the definitions are shared.
func (ht hubTool) register(s *mcp.Server, way bigWay) {
	t := ht.def
	if len(t.Icons) == 0 {
		t.Icons = ht.set.icons()
	}
	if in, ok := t.InputSchema.(*jsonschema.Schema); ok {
		var mark []string
		for _, p := range []string{"owner", "repo"} {
			if ps := in.Properties[p]; ps != nil && ps.Extra["x-mcp-header"] == nil {
				mark = append(mark, p)
			}
		}
		if len(mark) > 0 {
			c := *in
			c.Properties = maps.Clone(in.Properties)
			for _, p := range mark {
				ps := *c.Properties[p]
				ps.Extra = map[string]any{"x-mcp-header": p}
				maps.Copy(ps.Extra, in.Properties[p].Extra)
				c.Properties[p] = &ps
			}
			t.InputSchema = &c
		}
	}
	ht.add(s, &t, way)
}

func hubText(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func hubFailed(s string) *mcp.CallToolResult {
	r := hubText(s)
	r.IsError = true
	return r
}

func hubJSON(v any) *mcp.CallToolResult {
	b, err := json.Marshal(v)
	if err != nil {
		return hubFailed("failed to marshal response: " + err.Error())
	}
	return hubText(string(b))
}

// hubRequired is the server's helper: present, of type T, not zero.
func hubRequired[T ~string | ~float64 | ~bool](args map[string]any, p string) (T, error) {
	var zero T
	v, ok := args[p]
	if !ok {
		return zero, fmt.Errorf("missing required parameter: %s", p)
	}
	t, ok := v.(T)
	if !ok {
		return zero, fmt.Errorf("parameter %s is not of type %T", p, zero)
	}
	if t == zero {
		return zero, fmt.Errorf("missing required parameter: %s", p)
	}
	return t, nil
}

// hubOptional returns the zero T when p is absent.
func hubOptional[T any](args map[string]any, p string) (T, error) {
	var zero T
	v, ok := args[p]
	if !ok {
		return zero, nil
	}
	t, ok := v.(T)
	if !ok {
		return zero, fmt.Errorf("parameter %s is not of type %T, is %T", p, zero, v)
	}
	return t, nil
}

// hubInt reads a number the model sent (a float64 once decoded).
func hubInt(args map[string]any, p string, def int) (int, error) {
	v, ok := args[p]
	if !ok {
		return def, nil
	}
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) {
		return 0, fmt.Errorf("parameter %s is not a valid number", p)
	}
	return int(f), nil
}

func hubStrings(args map[string]any, p string) ([]string, error) {
	v, ok := args[p]
	if !ok || v == nil {
		return nil, nil
	}
	items, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("parameter %s could not be coerced to []string, is %T", p, v)
	}
	out := make([]string, len(items))
	for i, it := range items {
		s, ok := it.(string)
		if !ok {
			return nil, fmt.Errorf("parameter %s is not of type string, is %T", p, it)
		}
		out[i] = s
	}
	return out, nil
}

// hubPaged adds the pagination properties, as the server's helper does.
func hubPaged(s *jsonschema.Schema) *jsonschema.Schema {
	s.Properties["page"] = &jsonschema.Schema{Type: "number", Description: "Page number for pagination (min 1)", Minimum: jsonschema.Ptr(1.0)}
	s.Properties["perPage"] = &jsonschema.Schema{Type: "number", Description: "Results per page for pagination (min 1, max 100)", Minimum: jsonschema.Ptr(1.0), Maximum: jsonschema.Ptr(100.0)}
	return s
}

func hubPage(args map[string]any) (page, per int, err error) {
	if page, err = hubInt(args, "page", 1); err != nil {
		return 0, 0, err
	}
	per, err = hubInt(args, "perPage", 30)
	return page, per, err
}

type hubAny = map[string]any

// hubTools are the server's tools, one for each idiom.
func hubTools() []hubTool {
	str := func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Description: d} }
	strs := func(d string) *jsonschema.Schema {
		return &jsonschema.Schema{Type: "array", Description: d, Items: &jsonschema.Schema{Type: "string"}}
	}
	return []hubTool{
		hubNew(hubSnippets, mcp.Tool{
			Name:        "list_snippets",
			Description: "List snippets of a user",
			Annotations: &mcp.ToolAnnotations{Title: "List snippets", ReadOnlyHint: true},
			InputSchema: hubPaged(&jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"username": str("A username (omit for your own)"),
				"since":    str("Only snippets updated after this time (ISO 8601)"),
			}}),
		}, func(_ context.Context, d hubDeps, _ *mcp.CallToolRequest, args hubAny) (*mcp.CallToolResult, any, error) {
			user, err := hubOptional[string](args, "username")
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			if user == "" {
				user = d.login
			}
			page, per, err := hubPage(args)
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			return hubJSON(map[string]any{"user": user, "page": page, "per_page": per}), nil, nil
		}),
		hubNew(hubSnippets, mcp.Tool{
			Name:        "get_snippet",
			Description: "Get a snippet by its ID",
			Annotations: &mcp.ToolAnnotations{Title: "Get snippet", ReadOnlyHint: true},
			InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"snippet_id": str("The snippet's ID"),
			}, Required: []string{"snippet_id"}},
		}, func(_ context.Context, _ hubDeps, _ *mcp.CallToolRequest, args hubAny) (*mcp.CallToolResult, any, error) {
			id, err := hubRequired[string](args, "snippet_id")
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			if id == "gone" {
				return nil, nil, errors.New("failed to get snippet: 404 Not Found")
			}
			return hubJSON(map[string]any{"id": id, "files": 1}), nil, nil
		}),
		hubNew(hubIssues, mcp.Tool{
			Name:        "issue_read",
			Description: "Read one issue of a repository.",
			Annotations: &mcp.ToolAnnotations{Title: "Get issue details", ReadOnlyHint: true},
			InputSchema: hubPaged(&jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"method":       {Type: "string", Description: "The read to do:\n1. get\n2. get_comments\n3. get_labels", Enum: []any{"get", "get_comments", "get_labels"}},
				"owner":        str("The owner of the repository"),
				"repo":         str("The name of the repository"),
				"issue_number": {Type: "number", Description: "The number of the issue"},
			}, Required: []string{"method", "owner", "repo", "issue_number"}}),
		}, func(_ context.Context, _ hubDeps, _ *mcp.CallToolRequest, args hubAny) (*mcp.CallToolResult, any, error) {
			method, err := hubRequired[string](args, "method")
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			owner, err := hubRequired[string](args, "owner")
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			repo, err := hubRequired[string](args, "repo")
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			n, err := hubInt(args, "issue_number", 0)
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			switch method {
			case "get":
				return hubJSON(map[string]any{"repo": owner + "/" + repo, "number": n, "title": "a bug"}), nil, nil
			case "get_labels":
				return hubJSON([]string{"bug"}), nil, nil
			}
			return hubFailed("unknown method: " + method), nil, nil
		}),
		hubNew(hubIssues, mcp.Tool{
			Name:        "issue_write",
			Description: "Create or update an issue.",
			Annotations: &mcp.ToolAnnotations{Title: "Create or update issue"},
			Meta:        mcp.Meta{"ui": map[string]any{"resourceUri": "ui://hub/issue-write.html", "visibility": []string{"model", "app"}}},
			InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"method":       {Type: "string", Description: "create or update", Enum: []any{"create", "update"}},
				"owner":        str("Repository owner"),
				"repo":         str("Repository name"),
				"issue_number": {Type: "number", Description: "Issue number to update"},
				"title":        str("Issue title"),
				"labels":       strs("Labels to apply"),
				"state":        {Type: "string", Description: "New state", Enum: []any{"open", "closed"}},
				"kind": {
					AnyOf:       []*jsonschema.Schema{{Type: "string", MinLength: jsonschema.Ptr(1)}, {Type: "null"}},
					Description: "The issue's type; on update, null removes the current one",
				},
				"fields": {Type: "array", Description: "Field values to set; each names its field", Items: &jsonschema.Schema{
					Type:                 "object",
					AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
					Properties: map[string]*jsonschema.Schema{
						"field_name": str("The field's name"),
						"value":      {Types: []string{"string", "number"}, Description: "The value"},
						"delete":     {Type: "boolean", Description: "Clear the field"},
					},
					Required: []string{"field_name"},
				}},
			}, Required: []string{"method", "owner", "repo"}},
		}, func(_ context.Context, _ hubDeps, _ *mcp.CallToolRequest, args hubAny) (*mcp.CallToolResult, any, error) {
			method, err := hubRequired[string](args, "method")
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			labels, err := hubStrings(args, "labels")
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			change := map[string]any{"method": method}
			if len(labels) > 0 {
				change["labels"] = labels
			}
			// A kind given as null removes it; a kind absent leaves it.
			if k, ok := args["kind"]; ok {
				if k == nil {
					change["kind"] = "removed"
				} else {
					change["kind"] = k
				}
			}
			if fs, ok := args["fields"].([]any); ok {
				change["fields"] = len(fs)
			}
			if method == "update" {
				n, err := hubInt(args, "issue_number", 0)
				if err != nil || n == 0 {
					return hubFailed("missing required parameter: issue_number"), nil, nil
				}
				change["number"] = n
			}
			return hubJSON(change), nil, nil
		}),
		hubNew(hubIssues, mcp.Tool{
			Name:        "push_files",
			Description: "Push several files in one commit.",
			Annotations: &mcp.ToolAnnotations{Title: "Push files"},
			InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"owner":   str("Repository owner"),
				"repo":    str("Repository name"),
				"message": str("Commit message"),
				"files": {Type: "array", Description: "The files, each with its path and content", Items: &jsonschema.Schema{
					Type: "object",
					Properties: map[string]*jsonschema.Schema{
						"path":    str("Path of the file"),
						"content": str("Content of the file"),
					},
					Required: []string{"path", "content"},
				}},
			}, Required: []string{"owner", "repo", "message", "files"}},
		}, func(_ context.Context, _ hubDeps, _ *mcp.CallToolRequest, args hubAny) (*mcp.CallToolResult, any, error) {
			files, ok := args["files"].([]any)
			if !ok {
				return hubFailed("files parameter must be an array of objects with path and content"), nil, nil
			}
			var paths []string
			for _, f := range files {
				m, ok := f.(map[string]any)
				if !ok {
					return hubFailed("each file must be an object with path and content"), nil, nil
				}
				p, ok := m["path"].(string)
				if !ok {
					return hubFailed("each file must have a path"), nil, nil
				}
				paths = append(paths, p)
			}
			return hubJSON(map[string]any{"pushed": paths}), nil, nil
		}),
		hubNew(hubContext, mcp.Tool{
			Name:        "get_me",
			Description: "Details of the authenticated user.",
			Annotations: &mcp.ToolAnnotations{Title: "Get my user profile", ReadOnlyHint: true},
			InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}},
		}, func(_ context.Context, d hubDeps, _ *mcp.CallToolRequest, _ hubAny) (*mcp.CallToolResult, any, error) {
			return hubJSON(map[string]any{"login": d.login}), nil, nil
		}),
		hubNew(hubIssues, mcp.Tool{
			Name:        "assign_bot",
			Description: "Assign the coding bot to an issue.",
			Icons:       []mcp.Icon{{Source: "data:image/svg+xml;base64,Ym90", MIMEType: "image/svg+xml", Sizes: []string{"24x24"}}},
			Annotations: &mcp.ToolAnnotations{Title: "Assign bot", IdempotentHint: true, DestructiveHint: new(false)},
			InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"owner":        str("Repository owner"),
				"repo":         str("Repository name"),
				"issue_number": {Type: "number", Description: "Issue number"},
				"base_ref":     str("The branch to start from (default: the repository's default branch)"),
			}, Required: []string{"owner", "repo", "issue_number"}},
		}, func(_ context.Context, _ hubDeps, _ *mcp.CallToolRequest, args hubAny) (*mcp.CallToolResult, any, error) {
			n, err := hubInt(args, "issue_number", 0)
			if err != nil {
				return hubFailed(err.Error()), nil, nil
			}
			return hubText(fmt.Sprintf("assigned to #%d", n)), nil, nil
		}),
	}
}

func hubServer(way bigWay) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "hub"}, nil)
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			return next(context.WithValue(ctx, hubDepsKey{}, hubDeps{login: "octo"}), method, req)
		}
	})
	for _, ht := range hubTools() {
		ht.register(s, way)
	}
	return s
}

// --- kubernetes-mcp-server ---

type kubeHints struct {
	Title                                   string
	ReadOnly, Destructive, Idempotent, Open *bool
}

type kubeDef struct {
	Name, Description string
	Input, Output     *jsonschema.Schema
	Hints             kubeHints
	Meta              map[string]any
}

type kubeParams struct {
	ctx    context.Context
	args   map[string]any
	target string
}

type kubeResult struct {
	text       string
	structured any
	err        error
}

type kubeTool struct {
	def          kubeDef
	clusterAware bool
	handle       func(kubeParams) (*kubeResult, error)
}

// kubeTarget adds the target parameter to every cluster-aware tool.
func kubeTarget(kt kubeTool) kubeTool {
	if !kt.clusterAware {
		return kt
	}
	if kt.def.Input == nil {
		kt.def.Input = &jsonschema.Schema{Type: "object"}
	}
	if kt.def.Input.Properties == nil {
		kt.def.Input.Properties = map[string]*jsonschema.Schema{}
	}
	kt.def.Input.Properties["context"] = &jsonschema.Schema{Type: "string", Description: "Optional parameter selecting which context to run the tool in. Defaults to kind-dev if not set"}
	return kt
}

func kubeDeref(b *bool) bool { return b != nil && *b }

// kubeConvert is the server's conversion of its tool to the SDK's, and
// of its handler to one that reads the arguments as a map.
func kubeConvert(kt kubeTool) (*mcp.Tool, func(ctx context.Context, args map[string]any) *mcp.CallToolResult, error) {
	in := kt.def.Input
	if in == nil || in.Type != "object" {
		return nil, nil, fmt.Errorf("tool %q: the input schema must be an object", kt.def.Name)
	}
	if in.Properties == nil {
		in.Properties = map[string]*jsonschema.Schema{}
	}
	t := &mcp.Tool{
		Name:        kt.def.Name,
		Description: kt.def.Description,
		Title:       kt.def.Hints.Title,
		Meta:        mcp.Meta(kt.def.Meta),
		Annotations: &mcp.ToolAnnotations{
			Title:           kt.def.Hints.Title,
			ReadOnlyHint:    kubeDeref(kt.def.Hints.ReadOnly),
			DestructiveHint: kt.def.Hints.Destructive,
			IdempotentHint:  kubeDeref(kt.def.Hints.Idempotent),
			OpenWorldHint:   kt.def.Hints.Open,
		},
		InputSchema: in,
	}
	if kt.def.Output != nil {
		if kt.def.Output.Type != "object" {
			return nil, nil, fmt.Errorf("tool %q: the output schema must be an object", kt.def.Name)
		}
		t.OutputSchema = kt.def.Output
	}
	return t, func(ctx context.Context, args map[string]any) *mcp.CallToolResult {
		target := "kind-dev"
		if s, ok := args["context"].(string); ok {
			target = s
		}
		if target != "kind-dev" && target != "kind-prod" {
			return kubeResultOf("", nil, fmt.Errorf("target %q: unknown target", target))
		}
		r, err := kt.handle(kubeParams{ctx: ctx, args: args, target: target})
		if err != nil {
			return kubeResultOf("", nil, err)
		}
		return kubeResultOf(r.text, r.structured, r.err)
	}, nil
}

// kubeResultOf is the server's structured result: text beside a
// structured value, a slice wrapped as {"items": [...]}.
func kubeResultOf(text string, structured any, err error) *mcp.CallToolResult {
	if err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
	}
	r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
	switch s := structured.(type) {
	case nil:
	case []map[string]any:
		r.StructuredContent = map[string]any{"items": s}
	default:
		r.StructuredContent = s
	}
	return r
}

func kubeString(args map[string]any, p, def string) string {
	if s, ok := args[p].(string); ok {
		return s
	}
	return def
}

func kubeTools() []kubeTool {
	hint := func(b bool) *bool { return &b }
	read := kubeHints{ReadOnly: hint(true), Destructive: hint(false), Open: hint(true)}
	titled := func(h kubeHints, title string) kubeHints { h.Title = title; return h }
	str := func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Description: d} }
	selector := &jsonschema.Schema{Type: "string", Description: "Optional label selector (e.g. 'app=web')", Pattern: `^[A-Za-z0-9=!,()._/ -]*$`}
	raw := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }
	return []kubeTool{
		{clusterAware: true, def: kubeDef{
			Name: "pods_list", Description: "List pods in all namespaces",
			Input: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"labelSelector": selector}},
			Hints: titled(read, "Pods: List"),
		}, handle: func(p kubeParams) (*kubeResult, error) {
			return &kubeResult{text: fmt.Sprintf("pods in %s matching %q", p.target, kubeString(p.args, "labelSelector", ""))}, nil
		}},
		{clusterAware: true, def: kubeDef{
			Name: "pods_top", Description: "Resource use of pods",
			Input: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"all_namespaces": {Type: "boolean", Description: "Every namespace, or the given one", Default: raw(true)},
				"namespace":      str("Namespace (Optional)"),
			}},
			Hints: titled(kubeHints{ReadOnly: hint(true), Destructive: hint(false), Idempotent: hint(true), Open: hint(true)}, "Pods: Top"),
		}, handle: func(p kubeParams) (*kubeResult, error) {
			all, ok := p.args["all_namespaces"].(bool)
			if !ok {
				all = true // the default, when the SDK did not fill it in
			}
			return &kubeResult{text: fmt.Sprintf("top all=%v ns=%q", all, kubeString(p.args, "namespace", ""))}, nil
		}},
		{clusterAware: true, def: kubeDef{
			Name: "pods_log", Description: "Logs of a pod",
			Input: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"name":     str("Name of the pod"),
				"tail":     {Type: "integer", Description: "Lines from the end (Optional, default: 100)", Default: raw(100), Minimum: jsonschema.Ptr(0.0)},
				"previous": {Type: "boolean", Description: "The previous container's logs (Optional)"},
			}, Required: []string{"name"}},
			Hints: titled(read, "Pods: Log"),
		}, handle: func(p kubeParams) (*kubeResult, error) {
			name := kubeString(p.args, "name", "")
			if name == "" {
				return nil, errors.New("failed to get pod log, missing argument name")
			}
			tail := 100
			if f, ok := p.args["tail"].(float64); ok {
				tail = int(f)
			}
			return &kubeResult{text: fmt.Sprintf("last %d lines of %s", tail, name)}, nil
		}},
		{clusterAware: true, def: kubeDef{
			Name: "pods_exec", Description: "Run a command in a pod",
			Input: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"name":    str("Name of the pod"),
				"command": {Type: "array", Description: `The command and its arguments, e.g. ["ls", "-l"]`, Items: &jsonschema.Schema{Type: "string"}},
			}, Required: []string{"name", "command"}},
			Hints: kubeHints{Title: "Pods: Exec", Destructive: hint(true), Open: hint(true)},
		}, handle: func(p kubeParams) (*kubeResult, error) {
			cmd, ok := p.args["command"].([]any)
			if !ok || len(cmd) == 0 {
				return nil, errors.New("failed to exec in pod, missing argument command")
			}
			return &kubeResult{text: fmt.Sprintf("ran %v in %s", cmd, kubeString(p.args, "name", ""))}, nil
		}},
		{clusterAware: true, def: kubeDef{
			Name: "flows_query", Description: "Query network flows",
			Input: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"packetLoss": {Type: "string", Description: "Packet loss filter.", Default: raw("all"), Enum: []any{"all", "dropped", "sent"}},
				"limit":      {Type: "integer", Description: "At most this many flows", Minimum: jsonschema.Ptr(1.0), Maximum: jsonschema.Ptr(1000.0)},
			}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}},
			Output: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"items": {Type: "array", Items: &jsonschema.Schema{Type: "object"}},
			}, Required: []string{"items"}},
			Hints: titled(kubeHints{ReadOnly: hint(true), Destructive: hint(false), Idempotent: hint(true), Open: hint(true)}, "Flows: Query"),
			Meta:  map[string]any{"io.example/toolset": "netobserv"},
		}, handle: func(p kubeParams) (*kubeResult, error) {
			loss := kubeString(p.args, "packetLoss", "all")
			flows := []map[string]any{{"src": "a", "dst": "b", "loss": loss}}
			b, _ := json.Marshal(flows)
			return &kubeResult{text: string(b), structured: flows}, nil
		}},
		{def: kubeDef{
			Name: "contexts_list", Description: "List the contexts tools can target",
			Input: &jsonschema.Schema{Type: "object"},
			Hints: titled(read, "Contexts: List"),
		}, handle: func(kubeParams) (*kubeResult, error) {
			return &kubeResult{text: "kind-dev\nkind-prod"}, nil
		}},
	}
}

func kubeServer(t *testing.T, way bigWay) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "kube"}, nil)
	for _, kt := range kubeTools() {
		tl, h, err := kubeConvert(kubeTarget(kt))
		if err != nil {
			t.Fatal(err)
		}
		typed := func(ctx context.Context, _ *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
			return h(ctx, args), nil, nil
		}
		switch way {
		case moved:
			mcpserver.AddTool(s, tl, typed)
		case sdk:
			mcp.AddTool(s, tl, typed)
		default:
			s.AddTool(tl, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				var args map[string]any
				if len(req.Params.Arguments) > 0 {
					if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
						return nil, fmt.Errorf("failed to unmarshal tool call arguments: %w", err)
					}
				}
				return h(ctx, args), nil
			})
		}
	}
	return s
}

// bigCall is a call of a tool on each way, and the text it answers
// ("!" first for an isError result); a way not in want answers as sdk.
type bigCall struct {
	name, tool, args string
	want             map[bigWay]string
	structured       string // the structured content of every way; "" none
}

// TestBigServersMoved lists and calls the tools of both servers as
// registered now, with the SDK's mcp.AddTool, and moved to
// mcpserver.AddTool, with the SDK's client.
func TestBigServersMoved(t *testing.T) {
	servers := []struct {
		name  string
		make  func(bigWay) *mcp.Server
		calls []bigCall
	}{
		{"github-mcp-server", hubServer, []bigCall{
			{name: "list, defaults", tool: "list_snippets", args: `{}`,
				want: map[bigWay]string{sdk: `{"page":1,"per_page":30,"user":"octo"}`}},
			{name: "list, a page", tool: "list_snippets", args: `{"username":"ann","page":2,"perPage":50}`,
				want: map[bigWay]string{sdk: `{"page":2,"per_page":50,"user":"ann"}`}},
			{name: "list, perPage past its maximum", tool: "list_snippets", args: `{"perPage":500}`,
				want: map[bigWay]string{
					asIs:  `{"page":1,"per_page":500,"user":"octo"}`,
					sdk:   `!validating "arguments": validating root: validating /properties/perPage: maximum: 500/1 is greater than 100.000000`,
					moved: "!Argument 'perPage' must be at most 100.",
				}},
			{name: "list, a fractional page", tool: "list_snippets", args: `{"page":1.5}`,
				want: map[bigWay]string{sdk: "!parameter page is not a valid number"}},
			{name: "get", tool: "get_snippet", args: `{"snippet_id":"abc"}`,
				want: map[bigWay]string{sdk: `{"files":1,"id":"abc"}`}},
			{name: "get, empty id", tool: "get_snippet", args: `{"snippet_id":""}`,
				want: map[bigWay]string{sdk: "!missing required parameter: snippet_id"}},
			{name: "get, the handler's error", tool: "get_snippet", args: `{"snippet_id":"gone"}`,
				// The server's own decoding passes the error on as it is:
				// a protocol error.
				want: map[bigWay]string{asIs: `error: calling "tools/call": failed to get snippet: 404 Not Found`, sdk: "!failed to get snippet: 404 Not Found"}},
			{name: "get, missing id", tool: "get_snippet", args: `{}`,
				want: map[bigWay]string{
					asIs:  "!missing required parameter: snippet_id",
					sdk:   `!validating "arguments": validating root: required: missing properties: ["snippet_id"]`,
					moved: "!Argument 'snippet_id' is required.",
				}},
			{name: "get, a number for the id", tool: "get_snippet", args: `{"snippet_id":7}`,
				want: map[bigWay]string{
					asIs:  "!parameter snippet_id is not of type string",
					sdk:   `!validating "arguments": validating root: validating /properties/snippet_id: type: 7 has type "integer", want "string"`,
					moved: "!Argument 'snippet_id' must be a string.",
				}},
			{name: "read", tool: "issue_read", args: `{"method":"get","owner":"o","repo":"r","issue_number":12}`,
				want: map[bigWay]string{sdk: `{"number":12,"repo":"o/r","title":"a bug"}`}},
			{name: "read labels", tool: "issue_read", args: `{"method":"get_labels","owner":"o","repo":"r","issue_number":12}`,
				want: map[bigWay]string{sdk: `["bug"]`}},
			{name: "read, a method not in the enum", tool: "issue_read", args: `{"method":"get_parent","owner":"o","repo":"r","issue_number":12}`,
				want: map[bigWay]string{
					asIs:  "!unknown method: get_parent",
					sdk:   `!validating "arguments": validating root: validating /properties/method: enum: get_parent does not equal any of: [get get_comments get_labels]`,
					moved: `!Argument 'method' must be one of "get", "get_comments", "get_labels".`,
				}},
			{name: "write, create", tool: "issue_write", args: `{"method":"create","owner":"o","repo":"r","title":"t","labels":["bug","ui"],"kind":"Bug","fields":[{"field_name":"size","value":3}]}`,
				want: map[bigWay]string{sdk: `{"fields":1,"kind":"Bug","labels":["bug","ui"],"method":"create"}`}},
			{name: "write, null removes the kind", tool: "issue_write", args: `{"method":"update","owner":"o","repo":"r","issue_number":3,"kind":null}`,
				want: map[bigWay]string{sdk: `{"kind":"removed","method":"update","number":3}`}},
			{name: "write, an empty kind", tool: "issue_write", args: `{"method":"create","owner":"o","repo":"r","kind":""}`,
				want: map[bigWay]string{
					asIs:  `{"kind":"","method":"create"}`,
					sdk:   "!validating \"arguments\": validating root: validating /properties/kind: anyOf: did not validate against any of [<anonymous schema> <anonymous schema>]:\nvalidating /properties/kind/anyOf/0: minLength: \"\" contains 0 Unicode code points, fewer than 1\nvalidating /properties/kind/anyOf/1: type:  has type \"string\", want \"null\"",
					moved: "!Argument 'kind' must be at least 1 character long, or null.",
				}},
			{name: "write, a field's unknown key", tool: "issue_write", args: `{"method":"create","owner":"o","repo":"r","fields":[{"field_name":"size","colour":"red"}]}`,
				want: map[bigWay]string{
					asIs:  `{"fields":1,"method":"create"}`,
					sdk:   `!validating "arguments": validating root: validating /properties/fields: validating /properties/fields/items: unexpected additional properties ["colour"]`,
					moved: "!Argument 'fields[0].colour' is not a parameter of the tool.",
				}},
			{name: "write, labels not strings", tool: "issue_write", args: `{"method":"create","owner":"o","repo":"r","labels":["bug",2]}`,
				want: map[bigWay]string{
					asIs:  "!parameter labels is not of type string, is float64",
					sdk:   `!validating "arguments": validating root: validating /properties/labels: validating /properties/labels/items: type: 2 has type "integer", want "string"`,
					moved: "!Argument 'labels[1]' must be a string.",
				}},
			{name: "push", tool: "push_files", args: `{"owner":"o","repo":"r","message":"m","files":[{"path":"a.go","content":"package a"}]}`,
				want: map[bigWay]string{sdk: `{"pushed":["a.go"]}`}},
			{name: "push, a file without content", tool: "push_files", args: `{"owner":"o","repo":"r","message":"m","files":[{"path":"a.go"}]}`,
				want: map[bigWay]string{
					asIs:  `{"pushed":["a.go"]}`,
					sdk:   `!validating "arguments": validating root: validating /properties/files: validating /properties/files/items: required: missing properties: ["content"]`,
					moved: "!Argument 'files[0].content' is required.",
				}},
			{name: "get, a key given twice", tool: "get_snippet", args: `{"snippet_id":"a","snippet_id":"b"}`,
				want: map[bigWay]string{
					sdk:   `{"files":1,"id":"b"}`,
					moved: "!Argument 'snippet_id' is given twice.",
				}},
			// The server's schemas are open: a key they do not name
			// reaches the map on every way.
			{name: "list, a key the schema does not name", tool: "list_snippets", args: `{"usernme":"ann"}`,
				want: map[bigWay]string{sdk: `{"page":1,"per_page":30,"user":"octo"}`}},
			// null for the arguments: refused by the server as it is and
			// by the invoker (as for every tool), taken as none by the SDK.
			{name: "me, null arguments", tool: "get_me", args: `null`,
				want: map[bigWay]string{asIs: "!invalid arguments: arguments must be a JSON object", sdk: `{"login":"octo"}`, moved: "!Arguments must be a JSON object."}},
			{name: "me", tool: "get_me", args: `{}`, want: map[bigWay]string{sdk: `{"login":"octo"}`}},
			{name: "me, no arguments", tool: "get_me", args: ``, want: map[bigWay]string{sdk: `{"login":"octo"}`}},
			{name: "assign", tool: "assign_bot", args: `{"owner":"o","repo":"r","issue_number":4}`, want: map[bigWay]string{sdk: "assigned to #4"}},
		}},
		{"kubernetes-mcp-server", func(w bigWay) *mcp.Server { return kubeServer(t, w) }, []bigCall{
			{name: "list", tool: "pods_list", args: `{"labelSelector":"app=web"}`, want: map[bigWay]string{sdk: `pods in kind-dev matching "app=web"`}},
			{name: "list, another target", tool: "pods_list", args: `{"context":"kind-prod"}`, want: map[bigWay]string{sdk: `pods in kind-prod matching ""`}},
			{name: "list, an unknown target", tool: "pods_list", args: `{"context":"mars"}`, want: map[bigWay]string{sdk: `!target "mars": unknown target`}},
			{name: "list, a selector past its pattern", tool: "pods_list", args: `{"labelSelector":"app=web;rm"}`,
				want: map[bigWay]string{
					asIs:  `pods in kind-dev matching "app=web;rm"`,
					sdk:   `!validating "arguments": validating root: validating /properties/labelSelector: pattern: "app=web;rm" does not match regular expression "^[A-Za-z0-9=!,()._/ -]*$"`,
					moved: "!Argument 'labelSelector' must match the pattern ^[A-Za-z0-9=!,()._/ -]*$.",
				}},
			{name: "top, the default", tool: "pods_top", args: `{}`, want: map[bigWay]string{sdk: `top all=true ns=""`}},
			{name: "top, one namespace", tool: "pods_top", args: `{"all_namespaces":false,"namespace":"web"}`, want: map[bigWay]string{sdk: `top all=false ns="web"`}},
			{name: "log", tool: "pods_log", args: `{"name":"web-1"}`, want: map[bigWay]string{sdk: "last 100 lines of web-1"}},
			{name: "log, a tail", tool: "pods_log", args: `{"name":"web-1","tail":5}`, want: map[bigWay]string{sdk: "last 5 lines of web-1"}},
			{name: "log, a negative tail", tool: "pods_log", args: `{"name":"web-1","tail":-5}`,
				want: map[bigWay]string{
					asIs:  "last -5 lines of web-1",
					sdk:   `!validating "arguments": validating root: validating /properties/tail: minimum: -5/1 is less than 0.000000`,
					moved: "!Argument 'tail' must be at least 0.",
				}},
			{name: "log, no name", tool: "pods_log", args: `{}`,
				want: map[bigWay]string{
					asIs:  "!failed to get pod log, missing argument name",
					sdk:   `!validating "arguments": validating root: required: missing properties: ["name"]`,
					moved: "!Argument 'name' is required.",
				}},
			{name: "exec", tool: "pods_exec", args: `{"name":"web-1","command":["ls","-l"]}`, want: map[bigWay]string{sdk: "ran [ls -l] in web-1"}},
			{name: "exec, a command not an array", tool: "pods_exec", args: `{"name":"web-1","command":"ls -l"}`,
				want: map[bigWay]string{
					asIs:  "!failed to exec in pod, missing argument command",
					sdk:   `!validating "arguments": validating root: validating /properties/command: type: ls -l has type "string", want "array"`,
					moved: "!Argument 'command' must be an array.",
				}},
			{name: "flows", tool: "flows_query", args: `{"limit":10}`, want: map[bigWay]string{sdk: `[{"dst":"b","loss":"all","src":"a"}]`},
				structured: `{"items":[{"dst":"b","loss":"all","src":"a"}]}`},
			{name: "flows, an unknown key", tool: "flows_query", args: `{"limt":10}`,
				want: map[bigWay]string{
					asIs:  `[{"dst":"b","loss":"all","src":"a"}]`,
					sdk:   `!validating "arguments": validating root: unexpected additional properties ["limt"]`,
					moved: "!Argument 'limt' is not a parameter of the tool.",
				}},
			{name: "flows, not in the enum", tool: "flows_query", args: `{"packetLoss":"lost"}`,
				want: map[bigWay]string{
					asIs:  `[{"dst":"b","loss":"lost","src":"a"}]`,
					sdk:   `!validating "arguments": validating root: validating /properties/packetLoss: enum: lost does not equal any of: [all dropped sent]`,
					moved: `!Argument 'packetLoss' must be one of "all", "dropped", "sent".`,
				}},
			{name: "contexts", tool: "contexts_list", args: `{}`, want: map[bigWay]string{sdk: "kind-dev\nkind-prod"}},
		}},
	}
	for _, srv := range servers {
		t.Run(srv.name, func(t *testing.T) {
			sessions := map[bigWay]*mcp.ClientSession{}
			listed := map[bigWay]map[string]json.RawMessage{}
			for _, way := range []bigWay{asIs, sdk, moved} {
				cs := connectServer(t, srv.make(way), nil, "")
				sessions[way] = cs
				res, err := cs.ListTools(context.Background(), nil)
				if err != nil {
					t.Fatal(err)
				}
				listed[way] = map[string]json.RawMessage{}
				for _, tl := range res.Tools {
					b, _ := json.Marshal(tl)
					listed[way][tl.Name] = normalTypes(t, b)
				}
			}
			// Hand-written schemas, titles, annotations, icons, _meta
			// and output schemas are listed as given, on every way.
			names := func(m map[string]json.RawMessage) []string {
				var ns []string
				for n := range m {
					ns = append(ns, n)
				}
				sort.Strings(ns)
				return ns
			}
			for _, way := range []bigWay{sdk, moved} {
				if a, b := strings.Join(names(listed[asIs]), " "), strings.Join(names(listed[way]), " "); a != b {
					t.Fatalf("%v lists %s, as is %s", way, b, a)
				}
				for name, want := range listed[asIs] {
					if got := listed[way][name]; !jsonEqual(got, want) {
						t.Errorf("%s listed %v\n  got %s\n want %s", name, way, got, want)
					}
				}
			}
			for _, c := range srv.calls {
				for _, way := range []bigWay{asIs, sdk, moved} {
					want, ok := c.want[way]
					if !ok {
						want = c.want[sdk]
					}
					params := &mcp.CallToolParams{Name: c.tool}
					if c.args != "" {
						params.Arguments = json.RawMessage(c.args)
					}
					r, err := sessions[way].CallTool(context.Background(), params)
					if err != nil {
						if got := "error: " + err.Error(); got != want {
							t.Errorf("%s (%v):\n got %q\nwant %q", c.name, way, got, want)
						}
						continue
					}
					got := texts(t, r)
					if r.IsError {
						got = "!" + got
					}
					if got != want && !(json.Valid([]byte(got)) && jsonEqual([]byte(got), []byte(want))) {
						t.Errorf("%s (%v):\n got %q\nwant %q", c.name, way, got, want)
					}
					if r.IsError || want != c.want[sdk] {
						continue // the structured content of the calls that pass
					}
					sc, _ := json.Marshal(r.StructuredContent)
					if c.structured == "" && r.StructuredContent != nil || c.structured != "" && !jsonEqual(sc, []byte(c.structured)) {
						t.Errorf("%s (%v): structured content %s, want %q", c.name, way, sc, c.structured)
					}
				}
			}
		})
	}
}

// TestArgsMapNeedsSchema: a map of the arguments is taken only with an
// input schema set by hand, which is then the whole input contract; with
// none there is no schema to list, and AddTool panics, naming the rule
// and both ways out: a struct, or a schema set by hand with the import
// that links its checks. A map AddTool takes with no schema either (its
// values not any) is told only of the struct.
func TestArgsMapNeedsSchema(t *testing.T) {
	type Args map[string]interface{}
	tests := []struct {
		name string
		add  func(s *mcp.Server)
		want string
	}{
		{"map[string]any", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "bare"}, func(context.Context, *mcp.CallToolRequest, map[string]any) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
		}, `mcpserver.AddTool: tool "bare": OLT002: input: the input is map[string]any, not a struct; tool arguments are the fields of one struct: ` +
			`give In a struct of the arguments, or set the tool's InputSchema by hand, with import _ "github.com/toolschema/toolschema/declared"`},
		{"named map", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "named"}, func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
		}, `mcpserver.AddTool: tool "named": OLT002: input: the input is mcpserver_test.Args, not a struct; tool arguments are the fields of one struct: ` +
			`give In a struct of the arguments, or set the tool's InputSchema by hand, with import _ "github.com/toolschema/toolschema/declared"`},
		{"map[string]string", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "strings"}, func(context.Context, *mcp.CallToolRequest, map[string]string) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
		}, `mcpserver.AddTool: tool "strings": OLT002: input: the input is map[string]string, not a struct; tool arguments are the fields of one struct`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				msg, _ := recover().(string)
				if msg != tt.want {
					t.Fatalf("panic %q, want %q", msg, tt.want)
				}
			}()
			tt.add(mcp.NewServer(&mcp.Implementation{Name: "moved"}, nil))
		})
	}
}

// TestBigServersHeaders serves github-mcp-server's shape over streamable
// HTTP, as it is and moved, through HTTPHandler and through the SDK's own
// handler: the SDK's client of 2026-07-28 keeps every tool (it drops one
// whose x-mcp-header breaks MCP's rules) and calls them with the
// Mcp-Param headers, and a call whose header disagrees with its argument
// is refused before the tool runs, a 400 with HeaderMismatch, on every
// way (the SDK reads these schemas, and checks the headers itself).
func TestBigServersHeaders(t *testing.T) {
	const head = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}},"name":`
	for _, way := range []bigWay{asIs, moved} {
		s := hubServer(way)
		for _, srv := range []struct{ name, url string }{{"HTTPHandler", serveSafe(t, s, nil).URL}, {"SDK", sdkServer(t, s).URL}} {
			t.Run(way.String()+"/"+srv.name, func(t *testing.T) {
				cs := connectSafe(t, srv.url, "2026-07-28")
				n := 0
				for tl, err := range cs.Tools(context.Background(), nil) {
					if err != nil {
						t.Fatal(err)
					}
					n++
					if tl.Name == "issue_read" && !strings.Contains(fmt.Sprint(tl.InputSchema), "x-mcp-header") {
						t.Errorf("issue_read listed without its x-mcp-header: %v", tl.InputSchema)
					}
				}
				if n != len(hubTools()) {
					t.Errorf("the client lists %d tools, want %d", n, len(hubTools()))
				}
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "issue_read", Arguments: map[string]any{"method": "get", "owner": "o", "repo": "r", "issue_number": 12}})
				if err != nil || res.IsError || !jsonEqual([]byte(texts(t, res)), []byte(`{"number":12,"repo":"o/r","title":"a bug"}`)) {
					t.Fatalf("call: %v %+v", err, res)
				}
				for _, tc := range []struct{ tool, args string }{
					{"issue_read", `{"method":"get","owner":"o","repo":"r","issue_number":12}`},
					{"issue_write", `{"method":"create","owner":"o","repo":"r"}`},
				} {
					hdr := map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": tc.tool,
						"Mcp-Param-Owner": "o", "Mcp-Param-Repo": "elsewhere"}
					status, _, text := post(t, srv.url, head+`"`+tc.tool+`","arguments":`+tc.args+`}}`, hdr)
					if status != http.StatusBadRequest || !strings.Contains(text, "-32020") || !strings.Contains(strings.ToLower(text), "mcp-param-repo") {
						t.Errorf("%s with a header that disagrees: %d %s", tc.tool, status, text)
					}
				}
			})
		}
	}
}

type bigCount struct {
	Kind  string   `json:"kind"`
	Count int      `json:"count"`
	Keys  []string `json:"keys"`
}

// TestArgsMapTypedOut: a map of the arguments with a typed result lists
// the result's output schema and sends it as structured content, as the
// SDK does; defaults of the schema set by hand reach the map, and so
// does a key an open schema does not name.
func TestArgsMapTypedOut(t *testing.T) {
	h := func(_ context.Context, _ *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, bigCount, error) {
		kind, _ := args["kind"].(string)
		n, _ := args["limit"].(float64)
		keys := slices.Sorted(maps.Keys(args))
		return nil, bigCount{Kind: kind, Count: int(n), Keys: keys}, nil
	}
	def := func() *mcp.Tool {
		return &mcp.Tool{Name: "count", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"kind":  {Type: "string", Enum: []any{"pods", "nodes"}},
			"limit": {Type: "integer", Default: json.RawMessage(`10`)},
		}, Required: []string{"kind"}}}
	}
	results := map[bigWay][2]string{}
	for _, way := range []bigWay{sdk, moved} {
		s := mcp.NewServer(&mcp.Implementation{Name: "count"}, nil)
		if way == moved {
			mcpserver.AddTool(s, def(), h)
		} else {
			mcp.AddTool(s, def(), h)
		}
		cs := connectServer(t, s, nil, "")
		lr, err := cs.ListTools(context.Background(), nil)
		if err != nil || len(lr.Tools) != 1 {
			t.Fatalf("%v: %v %v", way, err, lr)
		}
		out, _ := json.Marshal(lr.Tools[0].OutputSchema)
		r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "count", Arguments: map[string]any{"kind": "pods", "extra": true}})
		if err != nil || r.IsError {
			t.Fatalf("%v: %v %+v", way, err, r)
		}
		sc, _ := json.Marshal(r.StructuredContent)
		results[way] = [2]string{string(normalTypes(t, out)), string(sc)}
	}
	if want := `{"count":10,"keys":["extra","kind","limit"],"kind":"pods"}`; !jsonEqual([]byte(results[moved][1]), []byte(want)) || !jsonEqual([]byte(results[sdk][1]), []byte(want)) {
		t.Errorf("structured content: sdk %s, moved %s, want %s", results[sdk][1], results[moved][1], want)
	}
	if !jsonEqual([]byte(results[moved][0]), []byte(results[sdk][0])) {
		t.Errorf("output schema: sdk %s, moved %s", results[sdk][0], results[moved][0])
	}
}
