// Package mcpserver serves tools over the Model Context Protocol, on the
// server of github.com/modelcontextprotocol/go-sdk: each tool with its
// exact schemas, every call through tool.Invoke, every failure an IsError
// result.
package mcpserver

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
)

// Options tunes Register.
type Options struct {
	// Approve is asked when a tool that requires approval is called (by
	// MCP elicitation, say): true runs the call with these arguments. Nil
	// refuses every such call with an approval_required result.
	Approve func(ctx context.Context, t *tool.Tool, args json.RawMessage) (bool, error)
}

// Register adds tools to s. The input schema is the tool's own; the output
// schema too when it describes an object (MCP's structured content must
// be one), and then a call's JSON result is also its structured content.
// A tool that requires approval is marked destructive in its annotations;
// the other metadata (ends-loop, parallel-safe, timeout, version) goes in
// the tool's _meta under "toolschema/".
//
// The names must be unique: the server lists one tool per name and routes
// a call to the last tool added with it, so a name given twice (a program
// joining lists with append) is refused, with a *tool.DuplicateError that
// names it, and nothing is added. Register all the tools of a server in
// one call; tools added to s otherwise are not seen.
func Register(s *mcp.Server, tools []*tool.Tool, opts *Options) error {
	set, err := tool.NewSet(tools)
	if err != nil {
		return err
	}
	if opts == nil {
		opts = &Options{}
	}
	for _, t := range set.Tools() {
		s.AddTool(Tool(t), handler(t, opts))
	}
	return nil
}

// Tool returns the MCP description of t.
func Tool(t *tool.Tool) *mcp.Tool {
	mt := &mcp.Tool{
		Name:        t.Name,
		Description: t.Description,
		InputSchema: t.InputSchema,
		Meta: mcp.Meta{
			"toolschema/endsLoop":     t.EndsLoop,
			"toolschema/parallelSafe": t.ParallelSafe,
		},
	}
	if objectSchema(t.OutputSchema) {
		mt.OutputSchema = t.OutputSchema
	}
	if t.Timeout > 0 {
		mt.Meta["toolschema/timeout"] = t.Timeout.String()
	}
	if t.Version != "" {
		mt.Meta["toolschema/version"] = t.Version
	}
	if t.RequiresApproval {
		destructive := true
		mt.Annotations = &mcp.ToolAnnotations{DestructiveHint: &destructive}
	}
	return mt
}

// objectSchema reports whether a schema's type is exactly "object".
func objectSchema(s json.RawMessage) bool {
	var v struct {
		Type any `json:"type"`
	}
	return s != nil && json.Unmarshal(s, &v) == nil && v.Type == "object"
}

func handler(t *tool.Tool, opts *Options) mcp.ToolHandler {
	structured := objectSchema(t.OutputSchema)
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.Params.Arguments
		if t.RequiresApproval && opts.Approve != nil {
			ok, err := opts.Approve(ctx, t, args)
			if err != nil {
				return nil, err
			}
			if ok {
				ctx = tool.Approve(ctx, t.Name, args)
			}
		}
		r, err := t.Invoke(ctx, args)
		if err != nil {
			return nil, err // the caller's context ended
		}
		out := &mcp.CallToolResult{IsError: r.IsError, Content: []mcp.Content{}}
		for _, p := range r.Parts {
			switch p := p.(type) {
			case tool.TextPart:
				out.Content = append(out.Content, &mcp.TextContent{Text: p.Text})
			case tool.JSONPart:
				out.Content = append(out.Content, &mcp.TextContent{Text: string(p.JSON)})
				if structured && !r.IsError && len(r.Parts) == 1 {
					out.StructuredContent = p.JSON
				}
			case tool.BlobPart:
				switch {
				case strings.HasPrefix(p.MIMEType, "image/"):
					out.Content = append(out.Content, &mcp.ImageContent{Data: p.Data, MIMEType: p.MIMEType})
				case strings.HasPrefix(p.MIMEType, "audio/"):
					out.Content = append(out.Content, &mcp.AudioContent{Data: p.Data, MIMEType: p.MIMEType})
				default:
					out.Content = append(out.Content, &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
						URI: "toolschema:blob", MIMEType: p.MIMEType, Blob: p.Data}})
				}
			}
		}
		if r.IsError {
			out.Meta = mcp.Meta{"toolschema/code": string(r.Code), "toolschema/started": r.Started}
		}
		return out, nil
	}
}
