// Package mcpgo is a stand-in for the adapters/mcpgo package in analyzer
// tests: the drop-ins for mcp-go's typed tool helpers.
package mcpgo

import "context"

type ToolOption func()

type Request struct{ Name string }

type Result struct{}

type Handler func(ctx context.Context, request Request) (*Result, error)

func WithInputSchema[T any]() ToolOption { return nil }

func WithOutputSchema[T any]() ToolOption { return nil }

func NewTypedToolHandler[T any](handler func(ctx context.Context, request Request, args T) (*Result, error)) Handler {
	return nil
}

func NewStructuredToolHandler[A any, R any](handler func(ctx context.Context, request Request, args A) (R, error)) Handler {
	return nil
}
