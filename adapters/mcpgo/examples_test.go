package mcpgo_test

// The tools of mcp-go v1.2.1's own examples, as they are there (the same
// field names, tags, builder options and handler behaviour), written for
// these tests: examples/typed_tools (greeting), examples/structured_input_and_output
// (get_weather, get_user_profile, get_assets, manual_structured) and the
// tools of examples/everything. Three types are renamed, where this
// package's fixture has the name already (WeatherRequest, WeatherResponse,
// Asset become StructWeatherRequest, StructWeatherResponse and
// StructAsset); a handler's clock is fixed, so that answers compare.

import (
	"context"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// typed_tools.

type GreetingArgs struct {
	Name      string   `json:"name"`
	Age       int      `json:"age"`
	IsVIP     bool     `json:"is_vip"`
	Languages []string `json:"languages"`
	Metadata  struct {
		Location string `json:"location"`
		Timezone string `json:"timezone"`
	} `json:"metadata"`
	AnyData any `json:"any_data"`
}

// greetingTool is the example's builder schema.
func greetingTool() mcp.Tool {
	return mcp.NewTool("greeting",
		mcp.WithDescription("Generate a personalized greeting"),
		mcp.WithString("name", mcp.Required(), mcp.Description("Name of the person to greet")),
		mcp.WithNumber("age", mcp.Description("Age of the person"), mcp.Min(0), mcp.Max(150)),
		mcp.WithBoolean("is_vip", mcp.Description("Whether the person is a VIP"), mcp.DefaultBool(false)),
		mcp.WithArray("languages", mcp.Description("Languages the person speaks"),
			mcp.Items(map[string]any{"type": "string"})),
		mcp.WithObject("metadata", mcp.Description("Additional information about the person"),
			mcp.Properties(map[string]any{
				"location": map[string]any{"type": "string", "description": "Current location"},
				"timezone": map[string]any{"type": "string", "description": "Timezone"},
			})),
		mcp.WithAny("any_data", mcp.Description("Any kind of data, e.g., an integer")),
	)
}

// greeting answers as the example's typedGreetingHandler does.
func greeting(_ context.Context, _ mcp.CallToolRequest, args GreetingArgs) (*mcp.CallToolResult, error) {
	if args.Name == "" {
		return mcp.NewToolResultError("name is required"), nil
	}
	s := fmt.Sprintf("Hello, %s!", args.Name)
	if args.Age > 0 {
		s += fmt.Sprintf(" You are %d years old.", args.Age)
	}
	if args.IsVIP {
		s += " Welcome back, valued VIP customer!"
	}
	if len(args.Languages) > 0 {
		s += fmt.Sprintf(" You speak %d languages: %v.", len(args.Languages), args.Languages)
	}
	if args.Metadata.Location != "" {
		s += fmt.Sprintf(" I see you're from %s.", args.Metadata.Location)
		if args.Metadata.Timezone != "" {
			s += fmt.Sprintf(" Your timezone is %s.", args.Metadata.Timezone)
		}
	}
	if args.AnyData != nil {
		s += fmt.Sprintf(" I also received some other data: %v.", args.AnyData)
	}
	return mcp.NewToolResultText(s), nil
}

// structured_input_and_output.

type StructWeatherRequest struct {
	Location string `json:"location" jsonschema:"City or location"`
	Units    string `json:"units,omitempty" jsonschema:"celsius or fahrenheit"`
}

type StructWeatherResponse struct {
	Location    string    `json:"location" jsonschema:"Location"`
	Temperature float64   `json:"temperature" jsonschema:"Temperature"`
	Units       string    `json:"units" jsonschema:"Units"`
	Conditions  string    `json:"conditions" jsonschema:"Weather conditions"`
	Timestamp   time.Time `json:"timestamp" jsonschema:"When retrieved"`
}

type UserProfile struct {
	ID    string   `json:"id" jsonschema:"User ID"`
	Name  string   `json:"name" jsonschema:"Full name"`
	Email string   `json:"email" jsonschema:"Email"`
	Tags  []string `json:"tags" jsonschema:"User tags"`
}

type UserRequest struct {
	UserID string `json:"userId" jsonschema:"User ID"`
}

type StructAsset struct {
	ID       string  `json:"id" jsonschema:"Asset identifier"`
	Name     string  `json:"name" jsonschema:"Asset name"`
	Value    float64 `json:"value" jsonschema:"Current value"`
	Currency string  `json:"currency" jsonschema:"Currency code"`
}

type AssetListRequest struct {
	Limit int `json:"limit,omitempty" jsonschema:"Number of assets to return"`
}

// exampleNow is the examples' clock, fixed.
var exampleNow = time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)

func getWeather(_ context.Context, _ mcp.CallToolRequest, args StructWeatherRequest) (StructWeatherResponse, error) {
	temp := 22.5
	if args.Units == "fahrenheit" {
		temp = temp*9/5 + 32
	}
	return StructWeatherResponse{Location: args.Location, Temperature: temp, Units: args.Units,
		Conditions: "Cloudy with a chance of meatballs", Timestamp: exampleNow}, nil
}

func getUserProfile(_ context.Context, _ mcp.CallToolRequest, args UserRequest) (UserProfile, error) {
	return UserProfile{ID: args.UserID, Name: "John Doe", Email: "john.doe@example.com", Tags: []string{"developer", "golang"}}, nil
}

func getAssets(_ context.Context, _ mcp.CallToolRequest, args AssetListRequest) ([]StructAsset, error) {
	limit := args.Limit
	if limit <= 0 {
		limit = 10
	}
	all := []StructAsset{
		{"btc", "Bitcoin", 45000.50, "USD"},
		{"eth", "Ethereum", 3200.75, "USD"},
		{"ada", "Cardano", 0.85, "USD"},
		{"sol", "Solana", 125.30, "USD"},
		{"dot", "Pottedot", 18.45, "USD"},
	}
	return all[:min(limit, len(all))], nil
}

func manualStructured(_ context.Context, _ mcp.CallToolRequest, args StructWeatherRequest) (*mcp.CallToolResult, error) {
	r := StructWeatherResponse{Location: args.Location, Temperature: 25.0, Units: "celsius",
		Conditions: "Sunny, yesterday my life was filled with rain", Timestamp: exampleNow}
	return mcp.NewToolResultStructured(r, fmt.Sprintf("Weather in %s: %.1f°C, %s", r.Location, r.Temperature, r.Conditions)), nil
}

// The tools of examples/everything: builder schemas, untyped handlers.

// tinyImage stands in for the example's PNG (any base64 data will do).
const tinyImage = "iVBORw0KGgo="

func everythingTools() []server.ServerTool {
	return []server.ServerTool{
		{Tool: mcp.NewTool("echo",
			mcp.WithDescription("Echoes back the input"),
			mcp.WithString("message", mcp.Description("Message to echo"), mcp.Required()),
			mcp.WithToolIcons(mcp.Icon{Src: "https://example.com/tool.png", Sizes: []string{"32x32"}}),
		), Handler: echoTool},
		{Tool: mcp.NewTool("notify"), Handler: notifyTool},
		{Tool: mcp.NewTool("add",
			mcp.WithDescription("Adds two numbers"),
			mcp.WithNumber("a", mcp.Description("First number"), mcp.Required()),
			mcp.WithNumber("b", mcp.Description("Second number"), mcp.Required()),
		), Handler: addTool},
		{Tool: mcp.NewTool("longRunningOperation",
			mcp.WithDescription("Demonstrates a long running operation with progress updates"),
			mcp.WithNumber("duration", mcp.Description("Duration of the operation in seconds"), mcp.DefaultNumber(10)),
			mcp.WithNumber("steps", mcp.Description("Number of steps in the operation"), mcp.DefaultNumber(5)),
		), Handler: longRunningTool},
		{Tool: mcp.NewTool("getTinyImage", mcp.WithDescription("Returns the MCP_TINY_IMAGE")), Handler: tinyImageTool},
		{Tool: mcp.NewTool("get_resource_link",
			mcp.WithDescription("Returns a resource link example"),
			mcp.WithString("resource_type", mcp.Description("Type of resource to link to"), mcp.DefaultString("document")),
		), Handler: resourceLinkTool},
	}
}

func echoTool(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	message, ok := req.GetArguments()["message"].(string)
	if !ok {
		return mcp.NewToolResultError("invalid message argument: expected string"), nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.TextContent{Type: "text", Text: "Echo: " + message}}}, nil
}

func addTool(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	a, ok1 := args["a"].(float64)
	b, ok2 := args["b"].(float64)
	if !ok1 || !ok2 {
		return mcp.NewToolResultError("invalid number arguments: expected numeric values for 'a' and 'b'"), nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.TextContent{Type: "text",
		Text: fmt.Sprintf("The sum of %f and %f is %f.", a, b, a+b)}}}, nil
}

func notifyTool(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := server.ServerFromContext(ctx).SendNotificationToClient(ctx, "notifications/progress",
		map[string]any{"progress": 10, "total": 10, "progressToken": 0})
	if err != nil {
		return nil, fmt.Errorf("failed to send notification: %w", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.TextContent{Type: "text", Text: "notification sent successfully"}}}, nil
}

func longRunningTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	token := req.Params.Meta.ProgressToken
	duration, _ := args["duration"].(float64)
	steps, _ := args["steps"].(float64)
	step := duration / steps
	s := server.ServerFromContext(ctx)
	for i := 1; i < int(steps)+1; i++ {
		time.Sleep(time.Duration(step * float64(time.Second)))
		if token != nil {
			err := s.SendNotificationToClient(ctx, "notifications/progress", map[string]any{
				"progress": i, "total": int(steps), "progressToken": token,
				"message": fmt.Sprintf("Server progress %v%%", int(float64(i)*100/steps)),
			})
			if err != nil {
				return nil, fmt.Errorf("failed to send notification: %w", err)
			}
		}
	}
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.TextContent{Type: "text",
		Text: fmt.Sprintf("Long running operation completed. Duration: %f seconds, Steps: %d.", duration, int(steps))}}}, nil
}

func tinyImageTool(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{
		mcp.TextContent{Type: "text", Text: "This is a tiny image:"},
		mcp.ImageContent{Type: "image", Data: tinyImage, MIMEType: "image/png"},
		mcp.TextContent{Type: "text", Text: "The image above is the MCP tiny image."},
	}}, nil
}

func resourceLinkTool(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	kind := req.GetString("resource_type", "document")
	return &mcp.CallToolResult{Content: []mcp.Content{
		mcp.TextContent{Type: "text", Text: fmt.Sprintf("Here's a link to a %s resource:", kind)},
		mcp.NewResourceLink("file:///example/"+kind+".pdf", "Sample "+kind, "A sample "+kind+" for demonstration", "application/pdf"),
		mcp.TextContent{Type: "text", Text: "You can access this resource using the provided URI."},
	}}, nil
}

// exampleServer is the examples' server (everything's hooks, resources
// and prompts left out: no tool reads them).
func exampleServer() *server.MCPServer {
	return server.NewMCPServer("examples", "1.0.0", server.WithToolCapabilities(false))
}

// upstreamExamples is the examples' tools on mcp-go's own identifiers.
func upstreamExamples() *server.MCPServer {
	s := server.NewMCPServer("examples", "1.0.0", server.WithToolCapabilities(false))
	s.AddTool(greetingTool(), mcp.NewTypedToolHandler(greeting))

	s.AddTool(mcp.NewTool("get_weather",
		mcp.WithDescription("Get weather with structured output"),
		mcp.WithInputSchema[StructWeatherRequest](),
		mcp.WithOutputSchema[StructWeatherResponse](),
	), mcp.NewStructuredToolHandler(getWeather))
	s.AddTool(mcp.NewTool("get_user_profile",
		mcp.WithDescription("Get user profile"),
		mcp.WithInputSchema[UserRequest](),
		mcp.WithOutputSchema[UserProfile](),
	), mcp.NewStructuredToolHandler(getUserProfile))
	s.AddTool(mcp.NewTool("get_assets",
		mcp.WithDescription("Get list of assets as array"),
		mcp.WithInputSchema[AssetListRequest](),
		mcp.WithOutputSchema[[]StructAsset](),
	), mcp.NewStructuredToolHandler(getAssets))
	s.AddTool(mcp.NewTool("manual_structured",
		mcp.WithDescription("Manual structured result"),
		mcp.WithInputSchema[StructWeatherRequest](),
		mcp.WithOutputSchema[StructWeatherResponse](),
	), mcp.NewTypedToolHandler(manualStructured))

	for _, st := range everythingTools() {
		s.AddTool(st.Tool, st.Handler)
	}
	return s
}

// movedExamples is upstreamExamples moved: server.NewMCPServer and the
// drop-ins' identifiers change package (to mcpgo.), nothing else; the
// builder tools of everything, whose handlers are mcp-go's untyped ones,
// are checked by the server.
func movedExamples() *server.MCPServer {
	s := mcpgo.NewMCPServer("examples", "1.0.0", server.WithToolCapabilities(false))
	s.AddTool(greetingTool(), mcpgo.NewTypedToolHandler(greeting))

	s.AddTool(mcp.NewTool("get_weather",
		mcp.WithDescription("Get weather with structured output"),
		mcpgo.WithInputSchema[StructWeatherRequest](),
		mcpgo.WithOutputSchema[StructWeatherResponse](),
	), mcpgo.NewStructuredToolHandler(getWeather))
	s.AddTool(mcp.NewTool("get_user_profile",
		mcp.WithDescription("Get user profile"),
		mcpgo.WithInputSchema[UserRequest](),
		mcpgo.WithOutputSchema[UserProfile](),
	), mcpgo.NewStructuredToolHandler(getUserProfile))
	s.AddTool(mcp.NewTool("get_assets",
		mcp.WithDescription("Get list of assets as array"),
		mcpgo.WithInputSchema[AssetListRequest](),
		mcpgo.WithOutputSchema[[]StructAsset](),
	), mcpgo.NewStructuredToolHandler(getAssets))
	s.AddTool(mcp.NewTool("manual_structured",
		mcp.WithDescription("Manual structured result"),
		mcpgo.WithInputSchema[StructWeatherRequest](),
		mcpgo.WithOutputSchema[StructWeatherResponse](),
	), mcpgo.NewTypedToolHandler(manualStructured))

	for _, st := range everythingTools() {
		s.AddTool(st.Tool, st.Handler)
	}
	return s
}
