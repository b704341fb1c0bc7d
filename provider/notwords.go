package provider

import (
	"encoding/json"
	"strings"
)

// notWords says in words what a not of one const or one enum excludes
// (`Not "x".`, `Not "a", "b" or 3.`), "" for any other not, which
// describe writes as the keyword and its JSON.
func notWords(v any) string {
	s, ok := v.(ordered)
	if !ok || len(s) != 1 {
		return ""
	}
	var vals []any
	switch s[0].k {
	case "const":
		vals = []any{s[0].v}
	case "enum":
		if vals, ok = s[0].v.([]any); !ok || len(vals) == 0 {
			return ""
		}
	default:
		return ""
	}
	words := make([]string, len(vals))
	for i, x := range vals {
		b, err := json.Marshal(x)
		if err != nil {
			return ""
		}
		words[i] = string(b)
	}
	if len(words) == 1 {
		return "Not " + words[0] + "."
	}
	return "Not " + strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1] + "."
}
