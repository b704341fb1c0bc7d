package openaiadapter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// withOutputSchema returns a Responses definition of t with t's output
// schema as "output_schema" at its end, or def when t has none or a
// boolean one (true says nothing of the output; false, that there is
// none).
func withOutputSchema(def json.RawMessage, t *tool.Tool) (json.RawMessage, error) {
	if !objectSchema(t.OutputSchema) {
		return def, nil
	}
	format, err := provider.OpenAIResponsesFormat(&provider.Output{Name: "output", Schema: t.OutputSchema}, provider.Strict(false))
	if err != nil {
		return nil, fmt.Errorf("openaiadapter: tool %s: output_schema: %w", t.Name, err)
	}
	var f struct {
		Schema json.RawMessage `json:"schema"`
	}
	if err := json.Unmarshal(format, &f); err != nil {
		return nil, fmt.Errorf("openaiadapter: tool %s: output_schema: %v", t.Name, err)
	}
	return withMember(def, "output_schema", f.Schema)
}

// withMember returns the JSON object obj with the member key set to val:
// in its place when obj has it, else at the end. The other members keep
// their bytes and their order.
func withMember(obj []byte, key string, val []byte) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("openaiadapter: a definition that is not a JSON object")
	}
	out := append(make([]byte, 0, len(obj)+len(key)+len(val)+4), '{')
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
		k, _ := json.Marshal(key)
		out = append(append(append(out, k...), ':'), val...)
	}
	return append(out, '}'), nil
}

// The modes of ResponsesToolChoice and ChatToolChoice.
const (
	ChoiceAuto     = "auto"     // the model decides whether to call a tool
	ChoiceRequired = "required" // the model calls one or more tools
	ChoiceNone     = "none"     // the model calls no tool
)

// ResponsesToolChoice returns the tool_choice of a Responses request.
// mode is ChoiceAuto, ChoiceRequired or ChoiceNone. Without names it is
// the mode itself ("auto"); with names, the model may call only those
// tools of set (named by their own names; a name the set does not have
// is refused), in the mode, auto or required:
//
//	{"type":"allowed_tools","mode":"required","tools":[{"type":"function","name":"get_docket"}]}
//
// each sent by its wire name for OpenAI, as ResponsesTools sends it. The
// tools stay in the request, so its prompt cache survives a change of
// the allowed ones. Required with one name makes the model call that
// tool.
func ResponsesToolChoice(set *tool.Set, mode string, names ...string) (responses.ResponseNewParamsToolChoiceUnion, error) {
	var c responses.ResponseNewParamsToolChoiceUnion
	wires, err := allowed(set, mode, names)
	if err != nil || wires == nil {
		if err == nil {
			c.OfToolChoiceMode = openai.Opt(responses.ToolChoiceOptions(mode))
		}
		return c, err
	}
	tools := make([]map[string]any, len(wires))
	for i, w := range wires {
		tools[i] = map[string]any{"type": "function", "name": w}
	}
	c.OfAllowedTools = &responses.ToolChoiceAllowedParam{Mode: responses.ToolChoiceAllowedMode(mode), Tools: tools}
	return c, nil
}

// ChatToolChoice is ResponsesToolChoice for Chat Completions: the mode
// itself, or
//
//	{"type":"allowed_tools","allowed_tools":{"mode":"required","tools":[{"type":"function","function":{"name":"get_docket"}}]}}
func ChatToolChoice(set *tool.Set, mode string, names ...string) (openai.ChatCompletionToolChoiceOptionUnionParam, error) {
	var c openai.ChatCompletionToolChoiceOptionUnionParam
	wires, err := allowed(set, mode, names)
	if err != nil || wires == nil {
		if err == nil {
			c.OfAuto = openai.String(mode)
		}
		return c, err
	}
	tools := make([]map[string]any, len(wires))
	for i, w := range wires {
		tools[i] = map[string]any{"type": "function", "function": map[string]any{"name": w}}
	}
	c.OfAllowedTools = &openai.ChatCompletionAllowedToolChoiceParam{AllowedTools: openai.ChatCompletionAllowedToolsParam{
		Mode: openai.ChatCompletionAllowedToolsMode(mode), Tools: tools}}
	return c, nil
}

// allowed checks a tool choice and returns the wire names of its tools,
// nil when it names none.
func allowed(set *tool.Set, mode string, names []string) ([]string, error) {
	switch mode {
	case ChoiceAuto, ChoiceRequired:
	case ChoiceNone:
		if len(names) > 0 {
			return nil, errors.New("openaiadapter: tool_choice none calls no tool: it takes no names")
		}
	default:
		return nil, fmt.Errorf("openaiadapter: no tool_choice %q; the modes are auto, required and none", mode)
	}
	if len(names) == 0 {
		return nil, nil
	}
	if set == nil {
		return nil, errNilSet
	}
	all, err := set.WireNames("openai")
	if err != nil {
		return nil, err
	}
	wire := make(map[string]string, len(all))
	for i, t := range set.Tools() {
		wire[t.Name] = all[i]
	}
	out := make([]string, 0, len(names))
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		w, ok := wire[n]
		if !ok {
			var own []string
			for _, t := range set.Tools() {
				own = append(own, t.Name)
			}
			return nil, fmt.Errorf("openaiadapter: no tool named %q in the set; its tools are %s", n, strings.Join(own, ", "))
		}
		if seen[n] {
			return nil, fmt.Errorf("openaiadapter: the tool %q is named twice", n)
		}
		seen[n] = true
		out = append(out, w)
	}
	return out, nil
}

// objectSchema reports whether s is a schema object, not absent and not a
// boolean schema.
func objectSchema(s json.RawMessage) bool {
	s = bytes.TrimLeft(s, " \t\r\n")
	return len(s) > 0 && s[0] == '{'
}
