// Package anthropicadapter runs a tool set's calls through the official
// Anthropic Go SDK (github.com/anthropics/anthropic-sdk-go/v2, API version
// 2026-10-21): tool_use blocks of the assistant's message, answered by
// tool_result blocks (with is_error) in one user message.
//
// The definitions are the bytes provider.Anthropic writes, handed to the
// SDK as raw JSON (param.Override): the SDK holds a schema's properties as
// a map, which would send them sorted and its integers as float64s; raw
// JSON is sent as it is, member order and exact numbers kept. The SDK's
// typed fields of such a definition are empty: read its JSON; a field
// the SDK would set there is merged into the bytes instead (CacheLast's
// cache_control). A call's
// input is the SDK's raw JSON too, so the invoker reads the model's
// numbers exactly.
//
// It is a module of its own, so that the toolschema module does not
// depend on the SDK.
package anthropicadapter

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// Tools returns the definitions of the set's tools, in the set's order,
// for the Tools of a Messages request: each one exactly the bytes of
// provider.Anthropic(set.Tools(), opts...), whose per-request limits are
// checked over the whole set. The names are the tools' wire names for
// Anthropic (tool.WireName: "admin.tools.list" is sent as
// "admin_tools_list"; the loop's runner maps it back); two tools with one
// are refused, naming both. With provider.StrictIfPossible(&fallbacks), a
// tool the strict mode refuses, or that would pass a per-request limit, is
// sent without "strict" and told in fallbacks, rather than refusing the
// set. When a tool is deferred (Meta.DeferLoading: "defer_loading":true),
// Anthropic's hosted BM25 tool search comes last
// (provider.AnthropicToolSearchBM25), which the server runs: its results
// load the tools found.
func Tools(set *tool.Set, opts ...provider.Option) ([]anthropic.ToolUnionParam, error) {
	defs, err := provider.Anthropic(set.Tools(), opts...)
	if err != nil {
		return nil, err
	}
	out := make([]anthropic.ToolUnionParam, len(defs))
	for i, def := range defs {
		t := param.Override[anthropic.ToolParam](def)
		out[i] = anthropic.ToolUnionParam{OfTool: &t}
	}
	for _, t := range set.Tools() {
		if t.DeferLoading {
			search := param.Override[anthropic.ToolSearchToolBm25_20251119Param](provider.AnthropicToolSearchBM25())
			out = append(out, anthropic.ToolUnionParam{OfToolSearchToolBm25_20251119: &search})
			break
		}
	}
	return out, nil
}

// Calls returns the tool_use blocks of a message, in order: each block's
// id, name and input (the raw JSON the API sent).
func Calls(m *anthropic.Message) []loop.Call {
	var calls []loop.Call
	for i := range m.Content {
		b := &m.Content[i] // a large struct: not copied
		if b.Type != "tool_use" {
			continue
		}
		calls = append(calls, loop.Call{ID: b.ID, Name: b.Name, Args: b.Input})
	}
	return calls
}

// Results returns the user message that answers a turn (the SDK's
// MessageParam union with OfUser set): one tool_result block per outcome,
// in order, with its call's id and is_error set for a failure. A text part is a text block, a JSON part a text block of its
// JSON, an image (JPEG, PNG, GIF or WebP) an image block; other binary
// parts are a text block that says what they were (loop.BlobNote).
func Results(outs []loop.Outcome) anthropic.MessageParam {
	// The blocks and, for the usual result of one text or JSON part, its
	// content and text block, made at once.
	type answer struct {
		result  anthropic.ToolResultBlockParam
		content [1]anthropic.ToolResultBlockParamContentUnion
		text    anthropic.TextBlockParam
	}
	as, blocks := two[answer, anthropic.ContentBlockParamUnion](len(outs))
	for i, o := range outs {
		a := &as[i]
		a.result.ToolUseID = o.Call.ID
		if s, ok := onlyText(o.Result); ok {
			a.text.Text = s
			a.content[0].OfText = &a.text
			a.result.Content = a.content[:]
		} else {
			a.result.Content = content(o.Result)
		}
		if o.Result.IsError {
			a.result.IsError = anthropic.Bool(true)
		}
		blocks[i].OfToolResult = &a.result
	}
	return anthropic.NewUserMessage(blocks...)
}

// onlyText is the text of a result of one text or JSON part.
func onlyText(r *tool.Result) (string, bool) {
	if len(r.Parts) != 1 {
		return "", false
	}
	return loop.PartText(r.Parts[0])
}

func content(r *tool.Result) []anthropic.ToolResultBlockParamContentUnion {
	if len(r.Parts) == 0 {
		return nil // no content member: a tool that returns nothing
	}
	out := make([]anthropic.ToolResultBlockParamContentUnion, 0, len(r.Parts))
	for _, p := range r.Parts {
		if b, ok := p.(tool.BlobPart); ok && anthropicImage(b.MIMEType) {
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
				Source: anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{
					Data: base64.StdEncoding.EncodeToString(b.Data), MediaType: anthropic.Base64ImageSourceMediaType(b.MIMEType),
				}},
			}})
			continue
		}
		s, _ := loop.PartText(p)
		out = append(out, anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: s}})
	}
	return out
}

// anthropicImage reports whether an image block takes the media type.
func anthropicImage(mime string) bool {
	switch mime {
	case "image/jpeg", "image/png", "image/gif", "image/webp":
		return true
	}
	return false
}

// A Conversation is a conversation through the Messages API, a
// loop.Model: each Next appends the user message of the outcomes' results
// to Params.Messages (none on the first turn), sends Params, appends the
// assistant's message and returns its tool_use calls.
type Conversation struct {
	// Client sends the requests.
	Client *anthropic.Client
	// Params is the request: the model, max tokens, the messages so far,
	// the tools (Tools), and anything else the program sets.
	Params anthropic.MessageNewParams
	// Options are passed to each request.
	Options []option.RequestOption
	// Last is the last response; the model's answer when Run ends without
	// a tool ending the loop.
	Last *anthropic.Message
	// Catalog, when set, gives the tools by loop's client-side search
	// rather than Anthropic's: each Next appends to Params.Tools the
	// definitions (provider.Anthropic with CatalogOptions, without
	// defer_loading, and strict limits counted over each turn's additions)
	// of the catalog's visible tools not yet sent, after the tools already
	// sent. The runner's Tools is then Catalog.Set().
	Catalog        *loop.Catalog
	CatalogOptions []provider.Option

	sent int // how many of Catalog.Visible() Params.Tools has
}

// Next implements loop.Model.
func (c *Conversation) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	if c.Client == nil {
		return nil, errors.New("anthropicadapter: a Conversation without a Client")
	}
	if c.Catalog != nil {
		visible := c.Catalog.Visible()
		if len(visible) > c.sent {
			var add []*tool.Tool
			for _, t := range visible[c.sent:] {
				cp := *t // sent now: not deferred on the wire
				cp.DeferLoading = false
				add = append(add, &cp)
			}
			defs, err := provider.Anthropic(add, c.CatalogOptions...)
			if err != nil {
				return nil, fmt.Errorf("anthropicadapter: %w", err)
			}
			for _, def := range defs {
				t := param.Override[anthropic.ToolParam](def)
				c.Params.Tools = append(c.Params.Tools, anthropic.ToolUnionParam{OfTool: &t})
			}
		}
		c.sent = len(visible)
	}
	if len(outs) > 0 {
		c.Params.Messages = append(c.Params.Messages, Results(outs))
	}
	m, err := c.Client.Messages.New(ctx, c.Params, c.Options...)
	if err != nil {
		return nil, fmt.Errorf("anthropicadapter: message: %w", err)
	}
	c.Last = m
	c.Params.Messages = append(c.Params.Messages, m.ToParam())
	return Calls(m), nil
}
