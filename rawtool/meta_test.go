package rawtool_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestNewMetaChecks: New checks the examples (as a call's arguments),
// the icon and the result budget it is given, as reflectimpl.Create does,
// and keeps valid examples compact.
func TestNewMetaChecks(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","maxLength":3}},"required":["q"],"additionalProperties":false}`)
	fn := func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil }
	for _, c := range []struct {
		name string
		meta tool.Meta
		err  string
	}{
		{"valid", tool.Meta{Examples: []json.RawMessage{json.RawMessage(`{ "q": "abc" }`)}, Icon: "https://example.com/q.png", MaxResultBytes: 1024}, ""},
		{"example too long", tool.Meta{Examples: []json.RawMessage{json.RawMessage(`{"q":"abc"}`), json.RawMessage(`{"q":"abcd"}`)}}, "example 2 is not valid: Argument 'q' must be at most 3 characters"},
		{"example not JSON", tool.Meta{Examples: []json.RawMessage{json.RawMessage(`{"q":`)}}, "example 1 is not JSON"},
		{"icon", tool.Meta{Icon: "ftp://example.com/q.png"}, "Icon: \"ftp://example.com/q.png\" is not an https or data: URL"},
		{"budget", tool.Meta{MaxResultBytes: -1}, "MaxResultBytes: the budget must not be negative"},
		{"namespace", tool.Meta{Namespace: "crm/v2"}, "Namespace: namespace \"crm/v2\" has '/'"},
		{"error codes", tool.Meta{ErrorCodes: []string{"not-found"}}, "ErrorCodes: \"not-found\" is not an error code"},
		{"timeout", tool.Meta{Timeout: -1}, "Timeout: the timeout must not be negative"},
		{"read-only and idempotent", tool.Meta{ReadOnly: true, Idempotent: true}, "Idempotent: has no meaning for a read-only tool"},
	} {
		c.meta.Name = "q"
		tl, err := rawtool.New(c.meta, schema, fn)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.err == "" && string(tl.Examples[0]) != `{"q":"abc"}`:
			t.Errorf("%s: example kept as %s", c.name, tl.Examples[0])
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.name, err, c.err)
		}
	}
}
