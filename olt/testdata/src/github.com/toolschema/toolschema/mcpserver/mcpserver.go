// Package mcpserver is a stand-in for the mcpserver package in analyzer
// tests: the drop-in for the go-sdk's mcp.AddTool.
package mcpserver

import "github.com/modelcontextprotocol/go-sdk/mcp"

func AddTool[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {}
