package openaiadapter

import (
	"bytes"
	"encoding/json"
)

// ToolNames returns the names of the tools the model can call now, as the
// last request gave them: the functions and custom tools of Params.Tools,
// by their wire names. The runner (loop.Runner.Run) answers a call of a
// name its set does not have with them.
func (c *Chat) ToolNames() []string {
	var names []string
	for _, t := range c.Params.Tools {
		b, err := json.Marshal(t)
		if err != nil {
			continue
		}
		var d struct {
			Function, Custom struct{ Name string }
		}
		if json.Unmarshal(b, &d) != nil {
			continue
		}
		for _, n := range []string{d.Function.Name, d.Custom.Name} {
			if n != "" {
				names = append(names, n)
			}
		}
	}
	return names
}

// ToolNames returns the names of the tools the model can call now, as the
// last request gave them: the functions of Params.Tools (a namespace's
// among them) but the deferred ones, by their wire names, and the
// functions a tool search loaded: the Catalog's found, or, when
// Params.Tools has deferred tools, those of the server's search (the
// tool_search_output items of the input and of the last response). The
// runner (loop.Runner.Run) answers a call of a name its set does not
// have with them.
func (c *Responses) ToolNames() []string {
	var names []string
	hosted := false
	for _, t := range c.Params.Tools {
		if b, err := json.Marshal(t); err == nil {
			names = appendFunctions(names, b, false)
			hosted = hosted || bytes.Contains(b, []byte(`"defer_loading":true`))
		}
	}
	if c.Catalog != nil && c.loaded != nil {
		set := c.Catalog.Set()
		wire, err := set.WireNames("openai")
		if err == nil {
			for i, t := range set.Tools() {
				if t.DeferLoading && c.loaded[t.Name] {
					names = append(names, wire[i])
				}
			}
		}
	}
	if !hosted {
		return names // no server's search: nothing else loads a tool
	}
	for _, item := range c.Params.Input.OfInputItemList {
		if b, err := json.Marshal(item); err == nil && bytes.Contains(b, []byte(`"tool_search_output"`)) {
			names = appendLoaded(names, b)
		}
	}
	if c.Last != nil {
		for _, item := range c.Last.Output {
			if item.Type == "tool_search_output" {
				names = appendLoaded(names, []byte(item.RawJSON()))
			}
		}
	}
	return names
}

// appendFunctions appends the names of the functions of a Responses tool
// (a function, or a namespace of them); of the deferred ones only when
// loaded (a tool search's output loaded them).
func appendFunctions(names []string, def []byte, loaded bool) []string {
	var d struct {
		Type         string
		Name         string
		DeferLoading bool `json:"defer_loading"`
		Tools        []json.RawMessage
	}
	if json.Unmarshal(def, &d) != nil {
		return names
	}
	switch d.Type {
	case "function":
		if d.Name != "" && (loaded || !d.DeferLoading) {
			names = append(names, d.Name)
		}
	case "namespace":
		for _, t := range d.Tools {
			names = appendFunctions(names, t, loaded)
		}
	}
	return names
}

// appendLoaded appends the names of the functions a tool_search_output
// item loads; any other item adds none.
func appendLoaded(names []string, item []byte) []string {
	var d struct {
		Type  string
		Tools []json.RawMessage
	}
	if json.Unmarshal(item, &d) != nil || d.Type != "tool_search_output" {
		return names
	}
	for _, t := range d.Tools {
		names = appendFunctions(names, t, true)
	}
	return names
}
