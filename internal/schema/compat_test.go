package schema_test

import (
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
)

// TestCompareSchemas checks the verdict on each kind of change, for an
// input schema and, where it differs, for an output schema.
func TestCompareSchemas(t *testing.T) {
	obj := func(props, required string) string {
		s := `{"type":"object","properties":{` + props + `}`
		if required != "" {
			s += `,"required":[` + required + `]`
		}
		return s + `,"additionalProperties":false}`
	}
	n := `"n":{"type":"integer","minimum":1,"maximum":50}`
	tests := []struct {
		name     string
		old, new string
		output   bool
		want     string // the changes, one a line
	}{
		{"same", obj(n, `"n"`), obj(n, `"n"`), false, ""},
		{"new optional property", obj(n, `"n"`), obj(n+`,"q":{"type":"string"}`, `"n"`), false, "input.q: new optional property (compatible)"},
		{"new required property", obj(n, `"n"`), obj(n+`,"q":{"type":"string"}`, `"n","q"`), false, "input.q: new required property (breaking)"},
		{"new property of an output", obj(n, `"n"`), obj(n+`,"q":{"type":"string"}`, `"n","q"`), true, "input.q: new property (compatible)"},
		{"removed property", obj(n+`,"q":{"type":"string"}`, `"n"`), obj(n, `"n"`), false, "input.q: property removed (or renamed) (breaking)"},
		{"made required", obj(n, ``), obj(n, `"n"`), false, "input.n: now required (breaking)"},
		{"made optional", obj(n, `"n"`), obj(n, ``), false, "input.n: no longer required (compatible)"},
		{"widened range", obj(n, ``), obj(`"n":{"type":"integer","minimum":0}`, ``), false,
			"input.n: minimum 1 to 0 (compatible)\ninput.n: maximum 50 removed (compatible)"},
		{"narrowed range", obj(n, ``), obj(`"n":{"type":"integer","minimum":2,"maximum":50}`, ``), false, "input.n: minimum 1 to 2 (breaking)"},
		{"narrowed range of an output", obj(n, ``), obj(`"n":{"type":"integer","minimum":2,"maximum":50}`, ``), true, "input.n: minimum 1 to 2 (compatible)"},
		{"exact big bounds", `{"type":"integer","maximum":18446744073709551615}`, `{"type":"integer","maximum":18446744073709551614}`, false,
			"input: maximum 18446744073709551615 to 18446744073709551614 (breaking)"},
		{"narrowed type", `{"type":["string","null"]}`, `{"type":"string"}`, false, `input: type narrowed from ["string","null"] to "string" (breaking)`},
		{"widened type", `{"type":"string"}`, `{"type":["string","null"]}`, false, `input: type widened from "string" to ["string","null"] (compatible)`},
		{"changed type", `{"type":"string"}`, `{"type":"integer"}`, false, `input: type changed from "string" to "integer" (breaking)`},
		{"narrowed enum", `{"type":"string","enum":["a","b"]}`, `{"type":"string","enum":["a"]}`, false, `input: enum narrowed: ["b"] removed (breaking)`},
		{"widened enum", `{"type":"string","enum":["a"]}`, `{"type":"string","enum":["a","b"]}`, false, `input: enum widened: ["b"] added (compatible)`},
		{"widened enum of an output", `{"type":"string","enum":["a"]}`, `{"type":"string","enum":["a","b"]}`, true, `input: enum widened: ["b"] added (breaking)`},
		{"new pattern", `{"type":"string"}`, `{"type":"string","pattern":"^a"}`, false, `input: pattern "^a" added (breaking)`},
		{"changed pattern", `{"type":"string","pattern":"^a"}`, `{"type":"string","pattern":"^b"}`, false, `input: pattern changed from "^a" to "^b" (breaking)`},
		{"shorter max length", `{"type":"string","maxLength":10}`, `{"type":"string","maxLength":5}`, false, `input: maxLength 10 to 5 (breaking)`},
		{"new description", `{"type":"string"}`, `{"type":"string","description":"A name."}`, false, `input: description changed (compatible)`},
		{"changed default", `{"type":"integer","default":3}`, `{"type":"integer","default":4}`, false, `input: default changed from 3 to 4 (breaking)`},
		{"nested", obj(`"items":{"type":["array","null"],"items":`+obj(n, `"n"`)+`}`, `"items"`),
			obj(`"items":{"type":["array","null"],"items":`+obj(`"n":{"type":"integer","minimum":1,"maximum":10}`, `"n"`)+`}`, `"items"`), false,
			"input.items[].n: maximum 50 to 10 (breaking)"},
		{"schema added", ``, `{"type":"string"}`, true, "input: a schema where there was none (breaking)"},
		// Keywords the comparison does not weigh one by one (a declared
		// schema's anyOf, const, exclusive bounds) still count, as breaking.
		{"anyOf narrowed", `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, `{"anyOf":[{"type":"string"}]}`, false, `input: anyOf changed (breaking)`},
		{"anyOf loses null", obj(`"d":{"anyOf":[{"type":"string"},{"type":"null"}]}`, ``), obj(`"d":{"anyOf":[{"type":"string"}]}`, ``), false, `input.d: anyOf changed (breaking)`},
		{"const changed", `{"const":"a"}`, `{"const":"b"}`, false, `input: const changed (breaking)`},
		{"exclusiveMinimum changed", `{"type":"number","exclusiveMinimum":1}`, `{"type":"number","exclusiveMinimum":5}`, false, `input: exclusiveMinimum changed (breaking)`},
		{"anyOf the same", `{"anyOf":[{"type":"string"}]}`, `{"anyOf":[{"type":"string"}]}`, false, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := schema.CompareSchemas("input", []byte(tt.old), []byte(tt.new), tt.output)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, c := range cs {
				lines = append(lines, c.String())
			}
			if got := strings.Join(lines, "\n"); got != tt.want {
				t.Errorf("changes\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
