package metaschema

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func items(open string, n int, elem func(int) string, closing string) string {
	var b strings.Builder
	b.WriteString(open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(elem(i))
	}
	return b.String() + closing
}

func names(i int) string { return `"n` + strconv.Itoa(i) + `"` }
func num(i int) string   { return strconv.Itoa(i) }

// TestPrecheckAgreesWithWalk: the check as the text is read refuses what
// the walk of the parsed document refuses, with the same words at the
// same place, and takes what it takes (at each bound and one past it).
func TestPrecheckAgreesWithWalk(t *testing.T) {
	nested := func(n int) string {
		return strings.Repeat(`{"type":"object","properties":{"a":`, n) + `{}` + strings.Repeat(`}}`, n)
	}
	schemas := []string{
		nested(32), nested(33),
		`{"items":` + strings.Repeat(`{"items":`, 63) + `true` + strings.Repeat(`}`, 64),
		`{"items":` + strings.Repeat(`{"items":`, 64) + `true` + strings.Repeat(`}`, 65),
		`{"default":` + strings.Repeat(`[`, 63) + strings.Repeat(`]`, 63) + `}`,
		`{"default":` + strings.Repeat(`[`, 64) + strings.Repeat(`]`, 64) + `}`,
		items(`{"anyOf":[`, MaxSubschemas-1, func(int) string { return `true` }, `]}`),
		items(`{"anyOf":[`, MaxSubschemas, func(int) string { return `true` }, `]}`),
		items(`{"properties":{`, MaxSubschemas-1, func(i int) string { return names(i) + `:{}` }, `}}`),
		items(`{"properties":{`, MaxSubschemas, func(i int) string { return names(i) + `:{}` }, `}}`),
		items(`{"dependencies":{"a":[],"b":[`, 10, names, `]}}`),
		items(`{"required":[`, MaxListValues, names, `]}`),
		items(`{"required":[`, MaxListValues+1, names, `]}`),
		items(`{"dependentRequired":{"a":[`, MaxListValues+1, names, `]}}`),
		items(`{"enum":[`, MaxListValues, num, `]}`),
		items(`{"enum":[`, MaxListValues+1, num, `]}`),
		items(`{"enum":[[`, MaxListValues-1, num, `]]}`),
		items(`{"enum":[[`, MaxListValues, num, `]]}`),
		items(`{"const":[`, MaxListValues-1, num, `]}`),
		items(`{"const":[`, MaxListValues, num, `]}`),
		items(`{"properties":{"required":{"enum":[`, MaxListValues, num, `]}}}`),
		items(`{"default":{"required":[`, MaxListValues+5, num, `]}}`),
		items(`{"$defs":{"x":{"required":[`, MaxListValues+1, num, `]}}}`),
		`{"minimum":1e400}`, `{"minimum":1e401}`, `{"minimum":-1E-401}`, `{"x-data":[1e-401]}`,
		`{"minimum":1` + strings.Repeat("0", MaxNumberLength) + `}`,
		`{"pattern":"` + strings.Repeat("[a-z]", MaxPatternBytes/5) + strings.Repeat("a", MaxPatternBytes%5) + `"}`,
		`{"pattern":"` + strings.Repeat("a", MaxPatternBytes+1) + `"}`,
		`{"pattern":"` + strings.Repeat(`\\`, MaxPatternBytes/2) + `"}`,
		`{"patternProperties":{"` + strings.Repeat("a", MaxPatternBytes+1) + `":{}}}`,
		`{"properties":{"` + strings.Repeat("a", MaxPatternBytes+1) + `":{}}}`,
		`{"properties":{"pattern":{"default":"` + strings.Repeat("a", MaxPatternBytes+1) + `"}}}`,
	}
	for _, s := range schemas {
		pre := Precheck([]byte(s))
		root, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(s)))
		if err != nil {
			t.Fatalf("%.60s: %v", s, err)
		}
		_, walk := check(root, resourceURL)
		// The place may differ where the bound is passed in more than
		// one: the walk takes members in order of their names.
		if pre != nil && (walk == nil || pre.Error() != walk.Error() && rule(pre) != rule(walk)) {
			t.Errorf("%.60s:\nprecheck: %v\nwalk:     %v", s, pre, walk)
		}
		if pre == nil && walk != nil {
			t.Errorf("%.60s: precheck took it; walk: %v", s, walk)
		}
	}
}

func rule(err error) string {
	s := err.Error()
	return s[strings.LastIndex(s, "': ")+1:]
}

// TestPrecheckLeavesSyntax: a text that is not JSON is left to the
// parser, wherever it breaks off.
func TestPrecheckLeavesSyntax(t *testing.T) {
	s := `{"type":"object","properties":{"a\"b":{"enum":[1,"x",true,false,null,{"k":[]}],"items":[{},true]}},"required":["a"]}`
	for i := range len(s) {
		if err := Precheck([]byte(s[:i])); err != nil {
			t.Errorf("%q: %v", s[:i], err)
		}
	}
	for _, bad := range []string{`[`, `]`, `{,}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `tru`, `{"a":nul}`, `"`, `{"a":"\`, `}`, "\x00"} {
		if err := Precheck([]byte(bad)); err != nil {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// FuzzPrecheck: on any text, Precheck does not fail, and what it refuses
// the walk of the parsed document refuses too (a text with a member given
// twice aside: Precheck counts both). The walk may name another bound,
// where the text passes more than one: it takes members by name.
func FuzzPrecheck(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"a":{"enum":[1,2,[3]],"items":[{},true]}},"required":["a"]}`,
		`{"anyOf":[true,false,{"const":{"a":[1]}}],"dependentRequired":{"a":["b"]}}`,
		`{"patternProperties":{"^a":{"pattern":"b"}},"$defs":{"x":{"minimum":1e400}}}`,
		`{"dependencies":{"a":["b"],"c":{"not":{}}},"default":{"required":[1]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		pre := Precheck(b)
		if pre == nil || duplicates(b) {
			return
		}
		root, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return // not JSON: the precheck stops where it breaks, or before
		}
		_, walk := check(root, resourceURL)
		if walk == nil {
			t.Fatalf("%q:\nprecheck: %v\nwalk:     %v", b, pre, walk)
		}
	})
}

// duplicates reports whether a JSON text gives a member twice in one
// object.
func duplicates(b []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	type obj struct {
		keys  map[string]bool
		isObj bool
		key   bool // the next string is a key
	}
	var stack []*obj
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		top := (*obj)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		isKey := top != nil && top.isObj && top.key
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				if top != nil && top.isObj {
					top.key = true
				}
				stack = append(stack, &obj{keys: map[string]bool{}, isObj: t == '{', key: true})
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		case string:
			if isKey {
				if top.keys[t] {
					return true
				}
				top.keys[t] = true
				top.key = false
				continue
			}
		}
		if top != nil && top.isObj {
			top.key = true
		}
	}
}
