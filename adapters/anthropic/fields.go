package anthropicadapter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolschema/toolschema/tool"
)

// CacheLast puts a prompt-cache breakpoint on the last of tools: its
// cache_control becomes cc (the SDK's value: {"type":"ephemeral"}, with
// "ttl" "5m" or "1h" when TTL is set), so that the definitions up to it
// are cached across requests. The definition keeps its bytes, member order
// and numbers included, with "cache_control" added at its end (or its
// value replaced where it has one). Any kind of tool may be last, those a
// program appends after Tools' included. A list without tools is left as
// it is.
func CacheLast(tools []anthropic.ToolUnionParam, cc anthropic.CacheControlEphemeralParam) error {
	if len(tools) == 0 {
		return nil
	}
	switch cc.TTL {
	case "", anthropic.CacheControlEphemeralTTLTTL5m, anthropic.CacheControlEphemeralTTLTTL1h:
	default:
		return fmt.Errorf("anthropicadapter: a cache_control ttl of %q; Anthropic takes %q or %q", cc.TTL,
			anthropic.CacheControlEphemeralTTLTTL5m, anthropic.CacheControlEphemeralTTLTTL1h)
	}
	val, err := cc.MarshalJSON()
	if err != nil {
		return err
	}
	last := &tools[len(tools)-1]
	if last.OfTool != nil {
		def, err := last.OfTool.MarshalJSON()
		if err != nil {
			return err
		}
		if def, err = withMember(def, "cache_control", val); err != nil {
			return fmt.Errorf("anthropicadapter: the last tool: %v", err)
		}
		t := param.Override[anthropic.ToolParam](json.RawMessage(def))
		last.OfTool = &t
		return nil
	}
	def, err := last.MarshalJSON()
	if err != nil {
		return err
	}
	if def, err = withMember(def, "cache_control", val); err != nil {
		return fmt.Errorf("anthropicadapter: the last tool: %v", err)
	}
	*last = param.Override[anthropic.ToolUnionParam](json.RawMessage(def))
	return nil
}

// withMember returns the JSON object obj with the member key set to val:
// in its place when obj has it, else at the end. The other members keep
// their bytes and their order.
func withMember(obj []byte, key string, val []byte) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	out := append(make([]byte, 0, len(obj)+len(key)+len(val)+4), '{')
	k, _ := json.Marshal(key)
	found := false
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		name, _ := tok.(string)
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		n, _ := json.Marshal(name)
		out = append(append(out, n...), ':')
		if name == key {
			v, found = val, true
		}
		out = append(out, v...)
	}
	if !found {
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(out, k...), ':'), val...)
	}
	return append(out, '}'), nil
}

// The modes of ToolChoice.
const (
	ChoiceAuto = "auto" // the model decides whether to call a tool
	ChoiceAny  = "any"  // the model calls one or more of the tools
	ChoiceTool = "tool" // the model calls the named tool
	ChoiceNone = "none" // the model calls no tool
)

// ToolChoice returns the tool_choice of a Messages request: mode is
// ChoiceAuto, ChoiceAny, ChoiceTool or ChoiceNone. name, for ChoiceTool
// only, is a tool of set by its own name, sent as its wire name for
// Anthropic (what Tools calls it); a name the set does not have is
// refused. oneCall sets disable_parallel_tool_use: the model makes at most
// one call (with ChoiceAuto), exactly one (ChoiceAny, ChoiceTool); it
// cannot go with ChoiceNone.
func ToolChoice(set *tool.Set, mode, name string, oneCall bool) (anthropic.ToolChoiceUnionParam, error) {
	var c anthropic.ToolChoiceUnionParam
	if (mode == ChoiceTool) != (name != "") {
		return c, fmt.Errorf("anthropicadapter: tool_choice %q with the name %q: a name goes with %q, and only with it", mode, name, ChoiceTool)
	}
	one := param.Opt[bool]{}
	if oneCall {
		one = anthropic.Bool(true)
	}
	switch mode {
	case ChoiceAuto:
		c.OfAuto = &anthropic.ToolChoiceAutoParam{DisableParallelToolUse: one}
	case ChoiceAny:
		c.OfAny = &anthropic.ToolChoiceAnyParam{DisableParallelToolUse: one}
	case ChoiceTool:
		wire, err := wireName(set, name)
		if err != nil {
			return c, err
		}
		c.OfTool = &anthropic.ToolChoiceToolParam{Name: wire, DisableParallelToolUse: one}
	case ChoiceNone:
		if oneCall {
			return c, errors.New("anthropicadapter: tool_choice none makes no calls: disable_parallel_tool_use does not go with it")
		}
		c.OfNone = &anthropic.ToolChoiceNoneParam{}
	default:
		return c, fmt.Errorf("anthropicadapter: no tool_choice %q; the modes are auto, any, tool and none", mode)
	}
	return c, nil
}

// wireName returns the wire name for Anthropic of set's tool name.
func wireName(set *tool.Set, name string) (string, error) {
	if set == nil {
		return "", errNilSet
	}
	names, err := set.WireNames("anthropic")
	if err != nil {
		return "", err
	}
	var all []string
	for i, t := range set.Tools() {
		if t.Name == name {
			return names[i], nil
		}
		all = append(all, t.Name)
	}
	return "", fmt.Errorf("anthropicadapter: no tool named %q in the set; its tools are %s", name, strings.Join(all, ", "))
}
