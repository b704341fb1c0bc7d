package schema

import "strings"

// MCPPkg is the import path of the MCP go-sdk's package, whose typed tool
// handlers (mcp.ToolHandlerFor) take the SDK's request and return its
// result.
const MCPPkg = "github.com/modelcontextprotocol/go-sdk/mcp"

// SDKHandlerType reports whether the type named name in package pkgPath
// is one that only a go-sdk tool handler takes or returns: the request
// (mcp.CallToolRequest, an alias of ServerRequest[*CallToolParamsRaw]) or
// the result (mcp.CallToolResult). name may carry type arguments, as
// reflect writes them.
func SDKHandlerType(pkgPath, name string) bool {
	if pkgPath != MCPPkg {
		return false
	}
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return name == "ServerRequest" || name == "CallToolResult"
}

// SDKHandler is the one error of a function that has a go-sdk tool
// handler's shape (it takes the SDK's request or returns its result): its
// request and result are the SDK's, not a model's arguments and a value,
// so none of the other rules is reported about them. fn names the
// function; what says which of its types gives it away ("request
// parameter", "result").
func SDKHandler(fn, what string) *Error {
	return Errorf(OLT030, "", "%s is a tool handler of the MCP go-sdk (its %s is the SDK's), not a tool: "+
		"serve it with mcpserver.AddTool(server, tool, handler), which checks its arguments by the contract; "+
		"or write it as func(ctx context.Context, in In) (Out, error) and reach the request with mcpserver.RequestFrom(ctx)",
		fn, what)
}
