package mcpgo_test

// Servers in the shapes of six public Go MCP servers built on mcp-go,
// written for these tests (names and texts paraphrased, the features
// kept): the builder options, middlewares, tool filters, ServerTool
// lists and argument helpers each uses. Each server is written once,
// against the identifiers a move changes (ids), and served as written
// for mcp-go and as moved:
//
//   - korotovsky/slack-mcp-server: builder tools with DefaultString,
//     DefaultBool and DefaultNumber, two server.WithToolHandlerMiddleware
//     (a logger and an auth check on a token the HTTP context function
//     puts in the context), server.WithRecovery, handlers reading
//     GetString, GetBool, GetInt and returning their errors;
//   - stijnie2210/nexaa-mcp-server: mcp.WithArray with mcp.Items (objects
//     with enums and required keys), mcp.WithStringItems, mcp.WithObject
//     with nested mcp.Properties, DefaultString, a handler binding its
//     arguments with BindArguments;
//   - neo4j/mcp: mcp.WithInputSchema[T] over structs with jsonschema tags
//     (plain descriptions, and invopop-style "default=...,description=..."
//     parts), the four hint annotations and the title, tools added as a
//     []server.ServerTool with s.AddTools, handlers using BindArguments;
//   - Tencent/WeKnora: server.WithToolFilter and a guard middleware
//     keeping an endpoint's allowlist, a []server.ServerTool catalog,
//     RequireString, GetStringSlice, GetInt with clamping, results from
//     mcp.NewToolResultStructured with no output schema;
//   - VictoriaMetrics-Community/mcp-victorialogs: mcp.WithToolAnnotation
//     with a struct, property titles (mcp.Title), patterns (mcp.Pattern),
//     DefaultString and DefaultNumber;
//   - mr-karan/logchef: mcp.WithInputSchema[T] and mcp.WithOutputSchema[T]
//     (a struct, a slice), mcp.NewTypedToolHandler with
//     mcp.NewToolResultStructuredOnly, mcp.NewStructuredToolHandler
//     returning errors and a nil slice.
//
// The identifiers changed: server.NewMCPServer, mcp.WithInputSchema,
// mcp.WithOutputSchema, mcp.NewTypedToolHandler and
// mcp.NewStructuredToolHandler, each for mcpgo's; nothing else.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// ids are the identifiers a move changes, as each server uses them.
// Nothing else of a server differs.
type ids struct {
	NewMCPServer     func(name, version string, opts ...server.ServerOption) *server.MCPServer
	readCypherSchema func() mcp.ToolOption // WithInputSchema[ReadCypherInput]
	vectorSchema     func() mcp.ToolOption // WithInputSchema[VectorSearchInput]

	// mr-karan/logchef's typed tools.
	queryLogsIn, sourceSchemaIn, savedQueryIn    func() mcp.ToolOption
	queryLogsOut, sourceSchemaOut, savedQueryOut func() mcp.ToolOption
	queryLogsHandler                             func(mcp.TypedToolHandlerFunc[QueryLogsParams]) handlerFunc
	sourceSchemaHandler                          func(mcp.StructuredToolHandlerFunc[SourceSchemaParams, []SchemaColumn]) handlerFunc
	savedQueryHandler                            func(mcp.StructuredToolHandlerFunc[SavedQueryParams, SavedQuery]) handlerFunc
}

var (
	upstreamIDs = ids{
		server.NewMCPServer, mcp.WithInputSchema[ReadCypherInput], mcp.WithInputSchema[VectorSearchInput],
		mcp.WithInputSchema[QueryLogsParams], mcp.WithInputSchema[SourceSchemaParams], mcp.WithInputSchema[SavedQueryParams],
		mcp.WithOutputSchema[QueryLogsResult], mcp.WithOutputSchema[[]SchemaColumn], mcp.WithOutputSchema[SavedQuery],
		mcp.NewTypedToolHandler[QueryLogsParams], mcp.NewStructuredToolHandler[SourceSchemaParams, []SchemaColumn],
		mcp.NewStructuredToolHandler[SavedQueryParams, SavedQuery],
	}
	movedIDs = ids{
		mcpgo.NewMCPServer, mcpgo.WithInputSchema[ReadCypherInput], mcpgo.WithInputSchema[VectorSearchInput],
		mcpgo.WithInputSchema[QueryLogsParams], mcpgo.WithInputSchema[SourceSchemaParams], mcpgo.WithInputSchema[SavedQueryParams],
		mcpgo.WithOutputSchema[QueryLogsResult], mcpgo.WithOutputSchema[[]SchemaColumn], mcpgo.WithOutputSchema[SavedQuery],
		mcpgo.NewTypedToolHandler[QueryLogsParams], mcpgo.NewStructuredToolHandler[SourceSchemaParams, []SchemaColumn],
		mcpgo.NewStructuredToolHandler[SavedQueryParams, SavedQuery],
	}
)

// handlerFunc is the type the typed handlers' makers return.
type handlerFunc = func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error)

type tokenKey struct{}

const goodToken = "Bearer xoxp-1"

// --- korotovsky/slack-mcp-server ---

// slackLog is what the logger middleware saw: the tool and its params.
type slackLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *slackLog) middleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, _ := json.Marshal(req.GetArguments())
		l.mu.Lock()
		l.lines = append(l.lines, req.Params.Name+" "+string(args))
		l.mu.Unlock()
		return next(ctx, req)
	}
}

func slackAuth(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if tok, _ := ctx.Value(tokenKey{}).(string); tok != goodToken {
			return nil, errors.New("invalid auth token")
		}
		return next(ctx, req)
	}
}

func slackServer(id ids, log *slackLog) *server.MCPServer {
	s := id.NewMCPServer("slack", "1.0.0",
		server.WithLogging(),
		server.WithRecovery(),
		server.WithToolHandlerMiddleware(log.middleware),
		server.WithToolHandlerMiddleware(slackAuth),
	)
	s.AddTool(mcp.NewTool("conversations_history",
		mcp.WithDescription("Messages of a channel or DM; the last row's cursor pages on."),
		mcp.WithString("channel_id", mcp.Required(), mcp.Description("The channel's ID (Cxxxx), or #name or @user.")),
		mcp.WithBoolean("include_activity_messages", mcp.Description("Whether join and leave messages are included."), mcp.DefaultBool(false)),
		mcp.WithString("cursor", mcp.Description("Where the previous page ended.")),
		mcp.WithString("limit", mcp.DefaultString("1d"), mcp.Description("A time range (1d, 1w, 30d) or a count (50). Must be empty when cursor is given.")),
	), slackHistory)
	s.AddTool(mcp.NewTool("conversations_search_messages",
		mcp.WithDescription("Searches messages with filters."),
		mcp.WithString("search_query", mcp.Description("Words to search for, or a message's permalink.")),
		mcp.WithBoolean("filter_threads_only", mcp.Description("Only messages in threads.")),
		mcp.WithString("cursor", mcp.DefaultString(""), mcp.Description("Where the previous page ended.")),
		mcp.WithNumber("limit", mcp.DefaultNumber(20), mcp.Description("At most this many; an integer from 1 to 100.")),
	), slackSearch)
	s.AddTool(mcp.NewTool("channels_list",
		mcp.WithDescription("Lists channels."),
		mcp.WithString("channel_types", mcp.Required(), mcp.Description("Comma-separated: mpim, im, public_channel, private_channel.")),
		mcp.WithString("sort", mcp.Description("popularity: by member count.")),
		mcp.WithNumber("limit", mcp.DefaultNumber(100), mcp.Description("At most this many, from 1 to 999.")),
		mcp.WithString("cursor", mcp.Description("Where the previous page ended.")),
	), slackChannels)
	return s
}

// slackHistory parses its parameters as the server does: the limit is a
// range (1d) or a count, and a count is read only without a cursor.
func slackHistory(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	channel := req.GetString("channel_id", "")
	if channel == "" {
		return nil, errors.New("channel_id must be a string")
	}
	limit := req.GetString("limit", "")
	cursor := req.GetString("cursor", "")
	activity := req.GetBool("include_activity_messages", false)
	window := "none"
	switch {
	case strings.HasSuffix(limit, "d") || strings.HasSuffix(limit, "w"):
		window = "range " + limit
	case cursor == "":
		n := 50
		if limit != "" {
			if _, err := fmt.Sscanf(limit, "%d", &n); err != nil {
				return nil, fmt.Errorf("invalid limit %q", limit)
			}
		}
		window = fmt.Sprintf("count %d", n)
	}
	return mcp.NewToolResultText(fmt.Sprintf("history %s window=%s cursor=%q activity=%v", channel, window, cursor, activity)), nil
}

func slackSearch(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := req.GetInt("limit", 20)
	if limit < 1 || limit > 100 {
		return nil, errors.New("limit must be between 1 and 100")
	}
	return mcp.NewToolResultText(fmt.Sprintf("search %q threads=%v limit=%d cursor=%q",
		req.GetString("search_query", ""), req.GetBool("filter_threads_only", false), limit, req.GetString("cursor", ""))), nil
}

func slackChannels(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	types := req.GetString("channel_types", "")
	if types == "" {
		return nil, errors.New("channel_types must be a string")
	}
	return mcp.NewToolResultText(fmt.Sprintf("channels %s sort=%q limit=%d", types, req.GetString("sort", ""), req.GetInt("limit", 0))), nil
}

// --- stijnie2210/nexaa-mcp-server ---

var nexaaEnvItem = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"name":   map[string]any{"type": "string"},
		"value":  map[string]any{"type": "string"},
		"secret": map[string]any{"type": "boolean"},
		"state":  map[string]any{"type": "string", "enum": []string{"PRESENT", "ABSENT"}},
	},
	"required": []string{"name", "value", "secret", "state"},
}

var nexaaScaling = map[string]any{
	"replicas": map[string]any{
		"type": "object",
		"properties": map[string]any{
			"minimum": map[string]any{"type": "integer"},
			"maximum": map[string]any{"type": "integer"},
		},
		"required": []string{"minimum", "maximum"},
	},
	"triggers": map[string]any{
		"type": "array",
		"items": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"type":      map[string]any{"type": "string", "enum": []string{"CPU", "MEMORY"}},
				"threshold": map[string]any{"type": "integer", "description": "Percent, 1 to 100"},
			},
			"required": []string{"type", "threshold"},
		},
	},
}

func nexaaServer(id ids) *server.MCPServer {
	s := id.NewMCPServer("nexaa", "1.0.0")
	s.AddTool(mcp.NewTool("nexaa_container_create",
		mcp.WithDescription("Creates a container. type is DEFAULT or STARTER."),
		mcp.WithString("namespace", mcp.Required()),
		mcp.WithString("name", mcp.Required()),
		mcp.WithString("image", mcp.Required(), mcp.Description("The image, e.g. nginx:latest")),
		mcp.WithString("type", mcp.Description("DEFAULT or STARTER"), mcp.DefaultString("DEFAULT")),
		mcp.WithArray("ports", mcp.Description("Ports listened on, e.g. [\"80\"]"), mcp.WithStringItems()),
		mcp.WithArray("environmentVariables", mcp.Description("Environment variables"), mcp.Items(nexaaEnvItem)),
		mcp.WithObject("healthCheck", mcp.Description("Health check"),
			mcp.Properties(map[string]any{
				"port": map[string]any{"type": "integer"},
				"path": map[string]any{"type": "string", "description": "e.g. /health"},
			})),
		mcp.WithObject("autoScaling", mcp.Description("Auto-scaling"), mcp.Properties(nexaaScaling)),
	), nexaaCreate)
	return s
}

type nexaaEnv struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Secret bool   `json:"secret"`
	State  string `json:"state"`
}

func nexaaCreate(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		Namespace   string     `json:"namespace"`
		Name        string     `json:"name"`
		Image       string     `json:"image"`
		Type        string     `json:"type"`
		Ports       []string   `json:"ports"`
		Env         []nexaaEnv `json:"environmentVariables"`
		HealthCheck *struct {
			Port int    `json:"port"`
			Path string `json:"path"`
		} `json:"healthCheck"`
		AutoScaling *struct {
			Replicas struct {
				Minimum int `json:"minimum"`
				Maximum int `json:"maximum"`
			} `json:"replicas"`
			Triggers []struct {
				Type      string `json:"type"`
				Threshold int    `json:"threshold"`
			} `json:"triggers"`
		} `json:"autoScaling"`
	}
	if err := req.BindArguments(&args); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if args.Type == "" {
		args.Type = "DEFAULT"
	}
	out := fmt.Sprintf("created %s/%s image=%s type=%s ports=%v env=%v", args.Namespace, args.Name, args.Image, args.Type, args.Ports, args.Env)
	if args.HealthCheck != nil {
		out += fmt.Sprintf(" health=%d%s", args.HealthCheck.Port, args.HealthCheck.Path)
	}
	if a := args.AutoScaling; a != nil {
		out += fmt.Sprintf(" replicas=%d-%d triggers=%v", a.Replicas.Minimum, a.Replicas.Maximum, a.Triggers)
	}
	return mcp.NewToolResultText(out), nil
}

// --- neo4j/mcp ---

// ReadCypherInput is the server's read-cypher input but for the params'
// default={}, which the core refuses on a map (OLT012, see
// TestRealWorldRefusedTag): the user's one change to the type. mcp-go's
// WithInputSchema cannot read its tags either: each time the upstream
// server is made, it prints "For[mcpgo_test.ReadCypherInput](): tag must
// not begin with 'WORD='" to stderr, which shows in the tests' output,
// and lists the tool with no schema.
type ReadCypherInput struct {
	Query  string         `json:"query" jsonschema:"default=MATCH(n) RETURN n,description=The Cypher query to run"`
	Params map[string]any `json:"params" jsonschema:"description=Parameters of the Cypher query"`
}

// ReadCypherTagged is read-cypher's input as the server has it.
type ReadCypherTagged struct {
	Query  string         `json:"query" jsonschema:"default=MATCH(n) RETURN n,description=The Cypher query to run"`
	Params map[string]any `json:"params" jsonschema:"default={},description=Parameters of the Cypher query"`
}

type VectorFilter struct {
	Property string `json:"property" jsonschema:"The node property to filter on"`
	Operator string `json:"operator" jsonschema:"One of =, <>, <, <=, >, >=, IN, CONTAINS"`
	Value    any    `json:"value"    jsonschema:"The value to compare with (a list for IN)"`
}

type VectorSearchInput struct {
	Query     string         `json:"query"               jsonschema:"Text to search for by meaning"`
	IndexName string         `json:"indexName,omitempty" jsonschema:"The vector index; if left out and there is one, that one."`
	TopK      int            `json:"topK,omitempty"      jsonschema:"How many neighbours (default 5, max 100)"`
	Filters   []VectorFilter `json:"filters,omitempty"   jsonschema:"Filters on the results, all of them applied"`
}

func neoServer(id ids) *server.MCPServer {
	s := id.NewMCPServer("neo4j", "1.0.0")
	s.AddTools(
		server.ServerTool{Tool: mcp.NewTool("get-schema",
			mcp.WithDescription("The labels, relationship types and property keys of the database."),
			mcp.WithReadOnlyHintAnnotation(true),
			mcp.WithIdempotentHintAnnotation(true),
		), Handler: neoSchema},
		server.ServerTool{Tool: mcp.NewTool("read-cypher",
			mcp.WithDescription("Runs a read-only Cypher statement."),
			id.readCypherSchema(),
			mcp.WithTitleAnnotation("Read Cypher"),
			mcp.WithReadOnlyHintAnnotation(true),
			mcp.WithDestructiveHintAnnotation(false),
			mcp.WithIdempotentHintAnnotation(true),
			mcp.WithOpenWorldHintAnnotation(true),
		), Handler: neoReadCypher},
		server.ServerTool{Tool: mcp.NewTool("vector-search",
			mcp.WithDescription("Searches a vector index by meaning."),
			id.vectorSchema(),
			mcp.WithTitleAnnotation("Vector Search"),
			mcp.WithReadOnlyHintAnnotation(true),
			mcp.WithDestructiveHintAnnotation(false),
			mcp.WithIdempotentHintAnnotation(true),
			mcp.WithOpenWorldHintAnnotation(true),
		), Handler: neoVectorSearch},
	)
	return s
}

func neoSchema(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("labels: Person, Movie"), nil
}

func neoReadCypher(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args ReadCypherInput
	if err := req.BindArguments(&args); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if args.Query == "" {
		return mcp.NewToolResultError("query is required and cannot be empty"), nil
	}
	keys := make([]string, 0, len(args.Params))
	for k := range args.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return mcp.NewToolResultText(fmt.Sprintf("ran %q with %v", args.Query, keys)), nil
}

func neoVectorSearch(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args VectorSearchInput
	if err := req.BindArguments(&args); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if args.Query == "" {
		return mcp.NewToolResultError("query is required"), nil
	}
	if args.TopK == 0 {
		args.TopK = 5
	}
	if args.TopK < 1 || args.TopK > 100 {
		return mcp.NewToolResultError("topK must be between 1 and 100"), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("search %q index=%q topK=%d filters=%v", args.Query, args.IndexName, args.TopK, args.Filters)), nil
}

// --- Tencent/WeKnora ---

// kbEnabled is the endpoint's allowlist (the server reads it from the
// endpoint the request authenticated as).
var kbEnabled = map[string]bool{"search_knowledge": true, "list_documents": true}

func kbFilter(_ context.Context, all []mcp.Tool) []mcp.Tool {
	out := make([]mcp.Tool, 0, len(all))
	for _, t := range all {
		if kbEnabled[t.Name] {
			out = append(out, t)
		}
	}
	return out
}

func kbGuard(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if !kbEnabled[req.Params.Name] {
			return mcp.NewToolResultErrorf("tool %q is not enabled on this endpoint", req.Params.Name), nil
		}
		return next(ctx, req)
	}
}

func kbServer(id ids) *server.MCPServer {
	s := id.NewMCPServer("weknora", "1.0.0",
		server.WithToolCapabilities(false),
		server.WithRecovery(),
		server.WithToolFilter(kbFilter),
		server.WithToolHandlerMiddleware(kbGuard),
	)
	s.AddTools([]server.ServerTool{
		{Tool: mcp.NewTool("search_knowledge",
			mcp.WithDescription("Searches the knowledge bases in scope by meaning."),
			mcp.WithString("query", mcp.Required(), mcp.Description("A question or topic")),
			mcp.WithArray("knowledge_base_ids", mcp.WithStringItems(), mcp.Description("Knowledge bases to search; all in scope if left out")),
			mcp.WithReadOnlyHintAnnotation(true),
		), Handler: kbSearch},
		{Tool: mcp.NewTool("list_documents",
			mcp.WithDescription("Lists a knowledge base's documents a page at a time."),
			mcp.WithString("knowledge_base_id", mcp.Required(), mcp.Description("Knowledge base ID or name")),
			mcp.WithString("keyword", mcp.Description("Words the titles must contain")),
			mcp.WithNumber("page", mcp.Description("The page, from 1 (default 1)")),
			mcp.WithNumber("page_size", mcp.Description("Documents a page, default 20, max 100")),
			mcp.WithReadOnlyHintAnnotation(true),
		), Handler: kbList},
		{Tool: mcp.NewTool("delete_document",
			mcp.WithDescription("Deletes a document."),
			mcp.WithString("knowledge_id", mcp.Required()),
		), Handler: kbList},
	}...)
	return s
}

func kbSearch(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	query, err := req.RequireString("query")
	if err != nil || strings.TrimSpace(query) == "" {
		return mcp.NewToolResultError("query is required"), nil
	}
	ids := req.GetStringSlice("knowledge_base_ids", nil)
	res := map[string]any{"query": query, "knowledge_base_ids": ids, "total": len(ids)}
	data, _ := json.Marshal(res)
	return mcp.NewToolResultStructured(res, string(data)), nil
}

func kbList(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	kb, err := req.RequireString("knowledge_base_id")
	if err != nil {
		return mcp.NewToolResultError("knowledge_base_id is required"), nil
	}
	page := max(req.GetInt("page", 1), 1)
	size := req.GetInt("page_size", 20)
	if size < 1 {
		size = 20
	}
	size = min(size, 100)
	return mcp.NewToolResultText(fmt.Sprintf("documents of %s page=%d size=%d keyword=%q", kb, page, size, req.GetString("keyword", ""))), nil
}

// --- VictoriaMetrics-Community/mcp-victorialogs ---

const vlogsTime = `^((?:(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d+)?))(Z|[\+-]\d{2}:\d{2})?)|([0-9]+)$`

func vlogsServer(id ids) *server.MCPServer {
	s := id.NewMCPServer("victorialogs", "1.0.0")
	s.AddTool(mcp.NewTool("query",
		mcp.WithDescription("Runs a LogsQL query over the log entries."),
		mcp.WithToolAnnotation(mcp.ToolAnnotation{
			Title:           "Query logs",
			ReadOnlyHint:    mcp.ToBoolPtr(true),
			DestructiveHint: mcp.ToBoolPtr(false),
			OpenWorldHint:   mcp.ToBoolPtr(true),
		}),
		mcp.WithString("tenant",
			mcp.Title("Tenant (account and project IDs)"),
			mcp.Description("The tenant whose logs to read, as AccountID:ProjectID"),
			mcp.DefaultString("0:0"),
			mcp.Pattern(`^([0-9]+)\:[0-9]+$`),
		),
		mcp.WithString("query", mcp.Required(), mcp.Title("LogsQL expression"), mcp.Description("The LogsQL expression")),
		mcp.WithString("start", mcp.Required(), mcp.Title("Start"), mcp.Description("RFC3339 start, e.g. 2026-10-01T00:00:00Z"), mcp.Pattern(vlogsTime)),
		mcp.WithString("end", mcp.Title("End"), mcp.Description("RFC3339 end"), mcp.Pattern(vlogsTime)),
		mcp.WithNumber("limit", mcp.Title("Limit"), mcp.Description("At most this many entries"), mcp.DefaultNumber(1000)),
		mcp.WithString("timeout", mcp.Title("Timeout"), mcp.Description("e.g. 5s"), mcp.Pattern(`^([0-9]+)([a-z]+)$`)),
	), vlogsQuery)
	return s
}

func vlogsQuery(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	tenant := req.GetString("tenant", "0:0")
	account, project, ok := strings.Cut(tenant, ":")
	if !ok {
		return mcp.NewToolResultError("invalid tenant: " + tenant), nil
	}
	query, err := req.RequireString("query")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	start, err := req.RequireString("start")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	limit := req.GetFloat("limit", 0)
	if limit <= 0 {
		limit = 1000
	}
	return mcp.NewToolResultText(fmt.Sprintf("query %q account=%s project=%s start=%s limit=%.f timeout=%q",
		query, account, project, start, limit, req.GetString("timeout", ""))), nil
}

// --- mr-karan/logchef ---

type QueryLogsParams struct {
	TeamID       int    `json:"team_id" jsonschema:"The team with access to the source"`
	SourceID     int    `json:"source_id" jsonschema:"The source to query"`
	StartTime    string `json:"start_time,omitempty" jsonschema:"Inclusive start (RFC3339)"`
	RawSQL       string `json:"raw_sql" jsonschema:"The query, with a time filter, ORDER BY and LIMIT"`
	Limit        int    `json:"limit,omitempty" jsonschema:"At most this many entries (1-100, default 100)"`
	QueryTimeout *int   `json:"query_timeout,omitempty" jsonschema:"Timeout in seconds (default 30)"`
}

type QueryLogsResult struct {
	Logs     []map[string]any `json:"logs" jsonschema:"The entries"`
	RowCount int              `json:"row_count"`
	TeamID   int              `json:"team_id"`
	Warnings []string         `json:"warnings,omitempty"`
}

type SourceSchemaParams struct {
	TeamID   int `json:"team_id" jsonschema:"The team with access to the source"`
	SourceID int `json:"source_id" jsonschema:"The source whose columns to list"`
}

type SchemaColumn struct {
	Name string `json:"name" jsonschema:"Column name"`
	Type string `json:"type" jsonschema:"Column type"`
}

type SavedQueryParams struct {
	QueryID int `json:"query_id" jsonschema:"The saved query's ID"`
}

type SavedQuery struct {
	ID        int    `json:"id" jsonschema:"Saved query ID"`
	Name      string `json:"name"`
	QueryType string `json:"query_type" jsonschema:"Either 'logchefql' or 'sql'"`
	CreatedBy *int   `json:"created_by,omitempty" jsonschema:"Creator's user ID; null on old queries"`
}

func logchefServer(id ids) *server.MCPServer {
	s := id.NewMCPServer("logchef", "1.0.0")
	s.AddTool(mcp.NewTool("query_logs",
		mcp.WithDescription("Runs a query on a team's log source; at most 100 entries."),
		id.queryLogsIn(),
		id.queryLogsOut(),
		mcp.WithTitleAnnotation("Query Logs (SQL)"),
		mcp.WithReadOnlyHintAnnotation(true),
	), id.queryLogsHandler(logchefQuery))
	s.AddTool(mcp.NewTool("get_source_schema",
		mcp.WithDescription("The columns of a team's log source."),
		id.sourceSchemaIn(),
		id.sourceSchemaOut(),
		mcp.WithTitleAnnotation("Get Source Schema"),
		mcp.WithReadOnlyHintAnnotation(true),
	), id.sourceSchemaHandler(logchefSchema))
	s.AddTool(mcp.NewTool("get_saved_query",
		mcp.WithDescription("A saved query by ID."),
		id.savedQueryIn(),
		id.savedQueryOut(),
		mcp.WithTitleAnnotation("Get Saved Query"),
		mcp.WithReadOnlyHintAnnotation(true),
	), id.savedQueryHandler(logchefSaved))
	return s
}

func logchefQuery(_ context.Context, _ mcp.CallToolRequest, args QueryLogsParams) (*mcp.CallToolResult, error) {
	if args.Limit < 0 {
		args.Limit = 0
	}
	if args.Limit > 100 {
		args.Limit = 100
	}
	if args.TeamID != 1 {
		return mcp.NewToolResultError("team not found"), nil
	}
	timeout := 30
	if args.QueryTimeout != nil {
		timeout = *args.QueryTimeout
	}
	logs := []map[string]any{{"msg": args.RawSQL, "limit": args.Limit, "timeout": timeout}}
	return mcp.NewToolResultStructuredOnly(QueryLogsResult{Logs: logs, RowCount: len(logs), TeamID: args.TeamID}), nil
}

func logchefSchema(_ context.Context, _ mcp.CallToolRequest, args SourceSchemaParams) ([]SchemaColumn, error) {
	if args.SourceID == 0 {
		return nil, errors.New("get source schema: source not found")
	}
	if args.SourceID == 9 {
		return nil, nil // a source with no columns
	}
	return []SchemaColumn{{"timestamp", "DateTime64(3)"}, {"body", "String"}}, nil
}

func logchefSaved(_ context.Context, _ mcp.CallToolRequest, args SavedQueryParams) (SavedQuery, error) {
	if args.QueryID != 4 {
		return SavedQuery{}, fmt.Errorf("get saved query: no query %d", args.QueryID)
	}
	return SavedQuery{ID: 4, Name: "errors", QueryType: "sql"}, nil
}

// --- the comparison ---

// realServers are the servers, by the repository each is in the shape of.
var realServers = []struct {
	repo      string
	make      func(ids) *server.MCPServer
	stateless bool // served as streamable HTTP with server.WithStateLess
}{
	{slack, func(id ids) *server.MCPServer { return slackServer(id, &slackLog{}) }, false},
	{nexaa, nexaaServer, false},
	{neo, neoServer, false},
	{kb, kbServer, true},
	{vlogs, vlogsServer, false},
	{chef, logchefServer, false},
}

// serveHTTP serves s on loopback over streamable HTTP, the Authorization
// header put in the context as the servers' context functions do, and
// returns mcp-go's client of it, with the good token. Tencent/WeKnora
// serves statelessly, the others with sessions.
func serveHTTP(t *testing.T, s *server.MCPServer, stateless bool) *client.Client {
	t.Helper()
	ts := httptest.NewServer(server.NewStreamableHTTPServer(s, server.WithStateLess(stateless),
		server.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
			return context.WithValue(ctx, tokenKey{}, r.Header.Get("Authorization"))
		})))
	t.Cleanup(ts.Close)
	c, err := client.NewStreamableHttpClient(ts.URL+"/mcp", transport.WithHTTPHeaders(map[string]string{"Authorization": goodToken}))
	if err != nil {
		t.Fatal(err)
	}
	return connect(t, c)
}

// TestRealWorldListed lists each server's tools as written for mcp-go and
// as moved, as the servers write them and as mcp-go's client reads them
// over streamable HTTP: nothing lost of what mcp-go lists (descriptions,
// enums, defaults, items, patterns, titles, annotations, what is
// optional), and only the changes and additions below, each with its
// reason.
func TestRealWorldListed(t *testing.T) {
	// What mcp-go lists that the moved listing changes.
	changed := map[string][]string{
		// mcp-go fails on read-cypher's tags (invopop-style parts other
		// than enum=), prints the error to stderr and lists no schema;
		// the moved server reads mcp-go's dialect (docs/contract.md,
		// "mcp-go's own tag dialect ... is read as it means") and lists
		// params as required (no omitempty, no default), as
		// google/jsonschema-go does a field without omitempty.
		neo: {"read-cypher.inputSchema.required"},
		// []map[string]any: mcp-go lists the items as
		// {"type":"object","additionalProperties":true}, the core as
		// {"type":["object","null"],"additionalProperties":{}}, the same
		// but for null, which encoding/json writes for a nil map (the
		// schemas are the core's: docs/contract.md, "What differs from
		// mcp-go, on purpose").
		chef: {"query_logs.outputSchema.properties.logs.items.additionalProperties", "query_logs.outputSchema.properties.logs.items.type"},
	}
	// What the moved listing has that mcp-go's has not.
	added := map[string][]string{
		// read-cypher's schema, where mcp-go lists none (above).
		neo: {"read-cypher.inputSchema.additionalProperties", "read-cypher.inputSchema.properties.params", "read-cypher.inputSchema.properties.query", "read-cypher.inputSchema.required"},
		// mcp-go lists no output schema for []SchemaColumn (it forces
		// "object" and drops an array's); the drop-in lists the array
		// (docs/contract.md: "the output schema's non-null form, whatever
		// JSON type it is"; mcp-go's client keeps its type only). And the
		// items of logs, changed above.
		chef: {"get_source_schema.outputSchema", "query_logs.outputSchema.properties.logs.items.additionalProperties", "query_logs.outputSchema.properties.logs.items.type"},
	}
	check := func(t *testing.T, repo string, up, mv map[string]any) {
		t.Helper()
		if !slices.Equal(slices.Sorted(mapsKeys(up)), slices.Sorted(mapsKeys(mv))) {
			t.Fatalf("tools: upstream %v, moved %v", slices.Sorted(mapsKeys(up)), slices.Sorted(mapsKeys(mv)))
		}
		var lost, more []string
		for name := range up {
			lost = append(lost, schemaDiff(name, up[name], mv[name])...)
			more = append(more, schemaDiff(name, mv[name], up[name])...)
		}
		slices.Sort(lost)
		slices.Sort(more)
		if !slices.Equal(lost, changed[repo]) || !slices.Equal(more, added[repo]) {
			for _, name := range slices.Sorted(mapsKeys(up)) {
				t.Logf("%s\nupstream %s\n   moved %s", name, canonical(t, up[name]), canonical(t, mv[name]))
			}
			t.Errorf("lost or changed in the moved listing:\n got %q\nwant %q", lost, changed[repo])
			t.Errorf("added in the moved listing:\n got %q\nwant %q", more, added[repo])
		}
	}
	for _, rs := range realServers {
		t.Run(rs.repo, func(t *testing.T) {
			t.Run("wire", func(t *testing.T) {
				wire := func(id ids) map[string]any {
					out := map[string]any{}
					for name, sc := range listed(t, rs.make(id)) {
						tl := map[string]json.RawMessage{"inputSchema": json.RawMessage(sc.In)}
						if len(sc.Out) > 0 {
							tl["outputSchema"] = sc.Out
						}
						out[name] = generic(t, tl)
					}
					return out
				}
				check(t, rs.repo, wire(upstreamIDs), wire(movedIDs))
			})
			t.Run("client", func(t *testing.T) {
				list := func(id ids) map[string]any {
					res, err := serveHTTP(t, rs.make(id), rs.stateless).ListTools(t.Context(), mcp.ListToolsRequest{})
					if err != nil {
						t.Fatal(err)
					}
					out := map[string]any{}
					for _, tl := range res.Tools {
						out[tl.Name] = generic(t, tl)
					}
					return out
				}
				check(t, rs.repo, list(upstreamIDs), list(movedIDs))
			})
		})
	}
}

const (
	slack = "korotovsky/slack-mcp-server"
	nexaa = "stijnie2210/nexaa-mcp-server"
	neo   = "neo4j/mcp"
	kb    = "Tencent/WeKnora"
	vlogs = "VictoriaMetrics-Community/mcp-victorialogs"
	chef  = "mr-karan/logchef"
)

// TestRealWorldCalled calls each server's tools as written for mcp-go and
// as moved, with mcp-go's client over streamable HTTP. A moved want of
// "=" is upstream's; "!" first is an isError result, "protocol error: "
// first a JSON-RPC error.
func TestRealWorldCalled(t *testing.T) {
	const same = "="
	cases := []struct {
		repo, name, tool, args string
		upstream, moved        string
	}{
		// korotovsky/slack-mcp-server: builder tools on NewMCPServer.
		{slack, "history", "conversations_history", `{"channel_id":"C1","limit":"1w","include_activity_messages":true}`, `history C1 window=range 1w cursor="" activity=true`, same},
		{slack, "history count", "conversations_history", `{"channel_id":"C1","limit":"30"}`, `history C1 window=count 30 cursor="" activity=false`, same},
		// The listed default of limit (1d) is filled in (contract: builder
		// arguments "defaults filled in"); mcp-go's handler reads "" and
		// falls back to its own count of 50.
		{slack, "history defaults", "conversations_history", `{"channel_id":"C1"}`,
			`history C1 window=count 50 cursor="" activity=false`, `history C1 window=range 1d cursor="" activity=false`},
		// The same default with a cursor: the description says the limit
		// must then be empty, but the listing gives it a default, which
		// the moved server fills in; the handler now pages by range.
		{slack, "history cursor", "conversations_history", `{"channel_id":"C1","cursor":"c2"}`,
			`history C1 window=none cursor="c2" activity=false`, `history C1 window=range 1d cursor="c2" activity=false`},
		// A handler's error: mcp-go answers a JSON-RPC error the model does
		// not read; the moved server refuses before the handler, with the
		// argument's path.
		{slack, "history missing", "conversations_history", `{}`,
			"protocol error: internal error: channel_id must be a string", "!Argument 'channel_id' is required."},
		// GetBool reads "yes" as its default; the listing says boolean.
		{slack, "history type", "conversations_history", `{"channel_id":"C1","include_activity_messages":"yes"}`,
			`history C1 window=count 50 cursor="" activity=false`, "!Argument 'include_activity_messages' must be true or false."},
		// The builder's schema leaves other keys open: both let a misspelt
		// key by (checked against the schema as listed).
		{slack, "history unknown", "conversations_history", `{"channel_id":"C1","channel":"C2","limit":"2d"}`, `history C1 window=range 2d cursor="" activity=false`, same},
		{slack, "search", "conversations_search_messages", `{"search_query":"deploy","limit":5}`, `search "deploy" threads=false limit=5 cursor=""`, same},
		{slack, "search default", "conversations_search_messages", `{"search_query":"deploy"}`, `search "deploy" threads=false limit=20 cursor=""`, same},
		// The range is the handler's (the listing has none): its error is
		// a protocol error upstream, an isError result moved.
		{slack, "search range", "conversations_search_messages", `{"limit":500}`,
			"protocol error: internal error: limit must be between 1 and 100", "!Tool 'conversations_search_messages' failed: limit must be between 1 and 100"},
		// A number, as listed: GetInt truncates it on both.
		{slack, "search fraction", "conversations_search_messages", `{"limit":2.5}`, `search "" threads=false limit=2 cursor=""`, same},
		{slack, "channels", "channels_list", `{"channel_types":"im","limit":10}`, `channels im sort="" limit=10`, same},
		{slack, "channels default", "channels_list", `{"channel_types":"im"}`, `channels im sort="" limit=0`, `channels im sort="" limit=100`},
		{slack, "channels missing", "channels_list", `{"limit":10}`,
			"protocol error: internal error: channel_types must be a string", "!Argument 'channel_types' is required."},

		// stijnie2210/nexaa-mcp-server: items and nested properties.
		{nexaa, "create", "nexaa_container_create", `{"namespace":"n","name":"web","image":"nginx","ports":["80"],"environmentVariables":[{"name":"A","value":"1","secret":false,"state":"PRESENT"}],"healthCheck":{"port":80,"path":"/h"},"autoScaling":{"replicas":{"minimum":1,"maximum":3},"triggers":[{"type":"CPU","threshold":80}]}}`,
			"created n/web image=nginx type=DEFAULT ports=[80] env=[{A 1 false PRESENT}] health=80/h replicas=1-3 triggers=[{CPU 80}]", same},
		{nexaa, "create minimal", "nexaa_container_create", `{"namespace":"n","name":"web","image":"nginx"}`, "created n/web image=nginx type=DEFAULT ports=[] env=[]", same},
		{nexaa, "create missing", "nexaa_container_create", `{"namespace":"n","name":"web"}`, "created n/web image= type=DEFAULT ports=[] env=[]", "!Argument 'image' is required."},
		{nexaa, "create item enum", "nexaa_container_create", `{"namespace":"n","name":"web","image":"nginx","environmentVariables":[{"name":"A","value":"1","secret":false,"state":"GONE"}]}`,
			"created n/web image=nginx type=DEFAULT ports=[] env=[{A 1 false GONE}]", "!Argument 'environmentVariables[0].state' must be one of \"PRESENT\", \"ABSENT\"."},
		{nexaa, "create item missing", "nexaa_container_create", `{"namespace":"n","name":"web","image":"nginx","environmentVariables":[{"name":"A"}]}`,
			"created n/web image=nginx type=DEFAULT ports=[] env=[{A  false }]",
			"!Argument 'environmentVariables[0].secret' is required.\nArgument 'environmentVariables[0].state' is required.\nArgument 'environmentVariables[0].value' is required."},
		{nexaa, "create item type", "nexaa_container_create", `{"namespace":"n","name":"web","image":"nginx","ports":[80]}`,
			"!json: cannot unmarshal number into Go struct field .ports of type string", "!Argument 'ports[0]' must be a string."},
		{nexaa, "create nested", "nexaa_container_create", `{"namespace":"n","name":"web","image":"nginx","autoScaling":{"replicas":{"minimum":1},"triggers":[{"type":"DISK","threshold":1.5}]}}`,
			"!json: cannot unmarshal number 1.5 into Go struct field .autoScaling.triggers.threshold of type int",
			"!Argument 'autoScaling.replicas.maximum' is required.\nArgument 'autoScaling.triggers[0].threshold' must be an integer.\nArgument 'autoScaling.triggers[0].type' must be one of \"CPU\", \"MEMORY\"."},
		{nexaa, "create health type", "nexaa_container_create", `{"namespace":"n","name":"web","image":"nginx","healthCheck":{"port":"80"}}`,
			"!json: cannot unmarshal string into Go struct field .healthCheck.port of type int", "!Argument 'healthCheck.port' must be an integer."},

		// neo4j/mcp: WithInputSchema[T] with untyped handlers.
		{neo, "schema", "get-schema", `{}`, "labels: Person, Movie", same},
		{neo, "read", "read-cypher", `{"query":"MATCH (n) RETURN n LIMIT 1","params":{"a":1}}`, `ran "MATCH (n) RETURN n LIMIT 1" with [a]`, same},
		// mcp-go lists no schema for read-cypher (it cannot read the tags);
		// moved, the tags are read: params has no omitempty, so it is
		// required, as google/jsonschema-go would make it ...
		{neo, "read no params", "read-cypher", `{"query":"MATCH (n) RETURN n"}`, `ran "MATCH (n) RETURN n" with []`, "!Argument 'params' is required."},
		// ... and query has the tag's default, filled in.
		{neo, "read empty", "read-cypher", `{"params":{}}`, "!query is required and cannot be empty", `ran "MATCH(n) RETURN n" with []`},
		{neo, "read type", "read-cypher", `{"query":7,"params":{}}`,
			"!json: cannot unmarshal number into Go struct field ReadCypherInput.query of type string", "!Argument 'query' must be a string."},
		{neo, "vector", "vector-search", `{"query":"films about space","topK":3,"filters":[{"property":"year","operator":">","value":2000}]}`,
			`search "films about space" index="" topK=3 filters=[{year > 2000}]`, same},
		{neo, "vector defaults", "vector-search", `{"query":"films"}`, `search "films" index="" topK=5 filters=[]`, same},
		{neo, "vector filter missing", "vector-search", `{"query":"films","filters":[{"property":"year"}]}`,
			`search "films" index="" topK=5 filters=[{year  <nil>}]`, "!Argument 'filters[0].operator' is required.\nArgument 'filters[0].value' is required."},
		// Both list additionalProperties false; only the moved server holds
		// a call to it.
		{neo, "vector unknown", "vector-search", `{"query":"films","top_k":3}`, `search "films" index="" topK=5 filters=[]`, "!Argument 'top_k' is not a parameter of the tool."},
		{neo, "vector fraction", "vector-search", `{"query":"films","topK":2.5}`,
			"!json: cannot unmarshal number 2.5 into Go struct field VectorSearchInput.topK of type int", "!Argument 'topK' must be an integer."},

		// Tencent/WeKnora: a tool filter and a guard middleware.
		{kb, "search", "search_knowledge", `{"query":"leave policy","knowledge_base_ids":["hr"]}`, `{"knowledge_base_ids":["hr"],"query":"leave policy","total":1}`, same},
		{kb, "search missing", "search_knowledge", `{}`, "!query is required", "!Argument 'query' is required."},
		// GetStringSlice drops what is not a string; the listing's items
		// are strings.
		{kb, "search items", "search_knowledge", `{"query":"x","knowledge_base_ids":["hr",7]}`, `{"knowledge_base_ids":["hr"],"query":"x","total":1}`, "!Argument 'knowledge_base_ids[1]' must be a string."},
		{kb, "list", "list_documents", `{"knowledge_base_id":"hr","page":2,"page_size":500}`, `documents of hr page=2 size=100 keyword=""`, same},
		// GetInt reads a numeric string; the listing says number.
		{kb, "list type", "list_documents", `{"knowledge_base_id":"hr","page":"2"}`, `documents of hr page=2 size=20 keyword=""`, "!Argument 'page' must be a number."},
		// The filter hides the tool from calls too, on both.
		{kb, "hidden", "delete_document", `{"knowledge_id":"k1"}`, "protocol error: invalid params: tool 'delete_document' not found: tool not found", same},

		// VictoriaMetrics-Community/mcp-victorialogs: patterns and titles.
		{vlogs, "query", "query", `{"query":"error","start":"2026-10-01T00:00:00Z","tenant":"1:2","timeout":"5s"}`,
			`query "error" account=1 project=2 start=2026-10-01T00:00:00Z limit=1000 timeout="5s"`, same},
		{vlogs, "query defaults", "query", `{"query":"error","start":"1700000000"}`, `query "error" account=0 project=0 start=1700000000 limit=1000 timeout=""`, same},
		{vlogs, "query tenant pattern", "query", `{"query":"error","start":"1700000000","tenant":"x"}`, "!invalid tenant: x", "!Argument 'tenant' must match the pattern ^([0-9]+)\\:[0-9]+$."},
		{vlogs, "query start pattern", "query", `{"query":"error","start":"yesterday"}`,
			`query "error" account=0 project=0 start=yesterday limit=1000 timeout=""`, "!Argument 'start' must match the pattern " + vlogsTime + "."},
		{vlogs, "query timeout pattern", "query", `{"query":"error","start":"1700000000","timeout":"5"}`,
			`query "error" account=0 project=0 start=1700000000 limit=1000 timeout="5"`, "!Argument 'timeout' must match the pattern ^([0-9]+)([a-z]+)$."},

		// mr-karan/logchef: the typed drop-ins.
		{chef, "query", "query_logs", `{"team_id":1,"source_id":2,"raw_sql":"SELECT 1","limit":500,"query_timeout":5}`, `{"logs":[{"limit":100,"msg":"SELECT 1","timeout":5}],"row_count":1,"team_id":1}`, same},
		{chef, "query defaults", "query_logs", `{"team_id":1,"source_id":2,"raw_sql":"SELECT 1","query_timeout":null}`, `{"logs":[{"limit":0,"msg":"SELECT 1","timeout":30}],"row_count":1,"team_id":1}`, same},
		{chef, "query team", "query_logs", `{"team_id":3,"source_id":2,"raw_sql":"SELECT 1"}`, "!team not found", same},
		{chef, "query missing", "query_logs", `{"team_id":1,"raw_sql":"SELECT 1"}`, `{"logs":[{"limit":0,"msg":"SELECT 1","timeout":30}],"row_count":1,"team_id":1}`, "!Argument 'source_id' is required."},
		{chef, "query fraction", "query_logs", `{"team_id":1,"source_id":2.5,"raw_sql":"SELECT 1"}`,
			"!failed to bind arguments: json: cannot unmarshal number 2.5 into Go struct field QueryLogsParams.source_id of type int", "!Argument 'source_id' must be an integer."},
		{chef, "schema", "get_source_schema", `{"team_id":1,"source_id":2}`, `[{"name":"timestamp","type":"DateTime64(3)"},{"name":"body","type":"String"}]`, same},
		// A nil slice: mcp-go sends null; the drop-in the empty value of
		// the type (contract: "a nil pointer, slice or map sends the empty
		// value of its type").
		{chef, "schema empty", "get_source_schema", `{"team_id":1,"source_id":9}`, "null", "[]"},
		{chef, "schema error", "get_source_schema", `{"team_id":1,"source_id":0}`,
			"!tool execution failed: get source schema: source not found", "!Tool 'get_source_schema' failed: get source schema: source not found"},
		{chef, "saved", "get_saved_query", `{"query_id":4}`, `{"id":4,"name":"errors","query_type":"sql"}`, same},
		{chef, "saved error", "get_saved_query", `{"query_id":5}`, "!tool execution failed: get saved query: no query 5", "!Tool 'get_saved_query' failed: get saved query: no query 5"},
		{chef, "saved type", "get_saved_query", `{"query_id":"4"}`,
			"!failed to bind arguments: json: cannot unmarshal string into Go struct field SavedQueryParams.query_id of type int", "!Argument 'query_id' must be an integer."},
	}
	for _, rs := range realServers {
		t.Run(rs.repo, func(t *testing.T) {
			clients := map[string]*client.Client{"upstream": serveHTTP(t, rs.make(upstreamIDs), rs.stateless), "moved": serveHTTP(t, rs.make(movedIDs), rs.stateless)}
			for _, tc := range cases {
				if tc.repo != rs.repo {
					continue
				}
				t.Run(tc.name, func(t *testing.T) {
					results := map[string]*mcp.CallToolResult{}
					for _, side := range []string{"upstream", "moved"} {
						want := tc.upstream
						if side == "moved" && tc.moved != same {
							want = tc.moved
						}
						got, r := called(t, clients[side], tc.tool, tc.args)
						if got != want {
							t.Errorf("%s:\n got %q\nwant %q", side, got, want)
						}
						results[side] = r
					}
					if tc.moved != same || results["upstream"] == nil || results["moved"] == nil {
						return
					}
					// Answered alike: the whole content and the structured
					// content.
					up, mv := results["upstream"], results["moved"]
					if a, b := canonical(t, up.Content), canonical(t, mv.Content); a != b {
						t.Errorf("content:\nupstream %s\n   moved %s", a, b)
					}
					if a, b := string(up.RawStructuredContent), string(mv.RawStructuredContent); a != b {
						t.Errorf("structured content:\nupstream %s\n   moved %s", a, b)
					}
				})
			}
		})
	}
}

// TestRealWorldMiddlewares: the middlewares of server.WithToolHandlerMiddleware
// (korotovsky/slack-mcp-server's logger and auth check) run on the moved
// server as on mcp-go's, before the checks (docs/contract.md: "a
// middleware of opts ... runs before them, with the call as it came"): a
// refused token is refused before the arguments are looked at, and the
// logger logs the arguments as sent, the default not filled in.
func TestRealWorldMiddlewares(t *testing.T) {
	for _, side := range []struct {
		name string
		id   ids
	}{{"upstream", upstreamIDs}, {"moved", movedIDs}} {
		t.Run(side.name, func(t *testing.T) {
			log := &slackLog{}
			s := slackServer(side.id, log)
			ts := httptest.NewServer(server.NewStreamableHTTPServer(s,
				server.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
					return context.WithValue(ctx, tokenKey{}, r.Header.Get("Authorization"))
				})))
			t.Cleanup(ts.Close)
			for _, tc := range []struct{ token, args, want string }{
				{"Bearer stolen", `{}`, "protocol error: internal error: invalid auth token"},
				{goodToken, `{"channel_id":"C1","limit":"30"}`, `history C1 window=count 30 cursor="" activity=false`},
			} {
				c, err := client.NewStreamableHttpClient(ts.URL+"/mcp", transport.WithHTTPHeaders(map[string]string{"Authorization": tc.token}))
				if err != nil {
					t.Fatal(err)
				}
				req := mcp.CallToolRequest{}
				req.Params.Name = "conversations_history"
				req.Params.Arguments = rawJSON(tc.args)
				r, err := connect(t, c).CallTool(t.Context(), req)
				got := ""
				if err != nil {
					got = "protocol error: " + err.Error()
				} else {
					got = text(r)
				}
				if got != tc.want {
					t.Errorf("token %q: got %q, want %q", tc.token, got, tc.want)
				}
			}
			want := []string{"conversations_history {}", `conversations_history {"channel_id":"C1","limit":"30"}`}
			if !slices.Equal(log.lines, want) {
				t.Errorf("logged %q, want %q", log.lines, want)
			}
		})
	}
}

// TestRealWorldRefusedTag: neo4j/mcp's read-cypher input as the server has
// it (default={} on a map) is refused by the drop-in at registration,
// naming the rule, the field and the type (docs/contract.md: "a refusal
// is an error or panic at registration naming rule, field and type";
// default applies to scalar fields), where mcp-go prints its own error to
// stderr and lists the tool with no schema. go vet -vettool=toolvet
// reports the same at the tag.
func TestRealWorldRefusedTag(t *testing.T) {
	want := "mcpgo.WithInputSchema[mcpgo_test.ReadCypherTagged]: OLT012: input.params: tag jsonschema (default): applies to boolean, integer, number and string fields, not a map"
	if got := panicText(func() { mcpgo.WithInputSchema[ReadCypherTagged]() }); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
