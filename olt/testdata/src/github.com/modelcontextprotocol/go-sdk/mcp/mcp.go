// Package mcp is a stand-in for the MCP go-sdk's package in analyzer
// tests: the request and result of its tool handlers, with the kinds of
// fields the real ones have (functions, types with JSON forms of their
// own), which the contract has no schema for.
package mcp

import "context"

type ServerSession struct {
	Close func() error
}

type RequestExtra struct {
	CloseSSEStream func()
}

type InputResponseMap map[string]any

func (m *InputResponseMap) UnmarshalJSON([]byte) error { return nil }

type CallToolParamsRaw struct {
	Name           string           `json:"name"`
	InputResponses InputResponseMap `json:"inputResponses,omitempty"`
}

type ServerRequest[P any] struct {
	Session *ServerSession
	Params  P
	Extra   *RequestExtra
}

type CallToolRequest = ServerRequest[*CallToolParamsRaw]

type Content interface{ isContent() }

type CallToolResult struct {
	Content []Content `json:"content"`
	IsError bool      `json:"isError,omitempty"`
}

type ToolHandlerFor[In, Out any] func(context.Context, *CallToolRequest, In) (*CallToolResult, Out, error)

type Server struct{}

type Tool struct {
	Name        string
	InputSchema any
}
