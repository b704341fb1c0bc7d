// Package oracle is the parity suite's checker of arguments and results:
// it validates them against a tool's schema bytes with
// github.com/santhosh-tekuri/jsonschema/v6, through the raw-tool checker
// (internal/rawcheck), and the parity tests require the invoker's typed
// checks to give the same violations. The checking it stands for is
// independent of what it checks: the typed invoker (package tool) reads
// Go types, rawcheck reads the schema, and they share only the order of
// violations and the words that start a message (internal/violation).
// Since rawcheck promises the invoker's words for raw tools, the parity
// suite that holds it to the oracle holds raw tools to them too.
//
// What is the oracle's own: one checker per schema text, without the cost
// budget of a raw tool's calls (the invoker has none); the check of a
// result against an output schema; and the invoker's repair mode read
// from the schema (ArgumentsRepaired). Only tests and the parity suite
// import it (a test checks).
package oracle

import (
	"encoding/json"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/rawcheck"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/tool"
)

// Violation is the invoker's.
type Violation = tool.Violation

// checkers holds a checker per schema text: tools of one type share their
// schema, so each is compiled once. Their number is that of the distinct
// schemas in the program.
var checkers struct {
	sync.RWMutex
	m map[string]*rawcheck.Checker
}

func checkerOf(schema json.RawMessage) *rawcheck.Checker {
	checkers.RLock()
	c := checkers.m[string(schema)]
	checkers.RUnlock()
	if c != nil {
		return c
	}
	c = rawcheck.Unbounded(schema)
	checkers.Lock()
	defer checkers.Unlock()
	if old := checkers.m[string(schema)]; old != nil {
		return old
	}
	if checkers.m == nil {
		checkers.m = map[string]*rawcheck.Checker{}
	}
	checkers.m[string(schema)] = c
	return c
}

// Arguments checks and completes a call's arguments as the invoker did
// with the validator: the completed arguments, or the violations (all of
// them: the invoker keeps the first limits.MaxViolations).
func Arguments(schema json.RawMessage, args []byte) (json.RawMessage, []Violation) {
	return checkerOf(schema).Arguments(args)
}

// Result checks a tool's JSON result against its output schema.
func Result(schema json.RawMessage, data []byte) []Violation {
	c := checkerOf(schema)
	v, perr := rawcheck.Parse(data, false)
	if perr != nil {
		return []Violation{perr.Violation("Result", c)}
	}
	if c.Err() != nil {
		return nil
	}
	return c.Check(v, "Result")
}

// ArgumentsRepaired is Arguments under tool.RepairArgs: where a value's
// JSON type is not the one its schema names, it is first read as the
// invoker's repair mode reads it, when the schema makes that unambiguous
// (a string that is exactly a JSON number for an integer or a number,
// "true" or "false" for a boolean, a string that is exactly a JSON text
// of the array or object wanted, a scalar of the items' type where an
// array is wanted, a whole number with a fraction or an exponent for an
// integer), and then checked as Arguments checks. It returns the
// paths of the values read so, in the order of the text, on a refusal
// too.
func ArgumentsRepaired(schema json.RawMessage, args []byte) (json.RawMessage, []Violation, []string) {
	c := checkerOf(schema)
	var paths []string
	out, viols := c.ArgumentsPrepared(args, func(v *rawcheck.Value) (bool, *rawcheck.ParseError) {
		perr := repair(c, v, c.Root(), nil, 0, &paths)
		return len(paths) > 0, perr
	})
	return out, viols, paths
}

// repair reads, in place, the values under v (at loc, depth) whose JSON
// type their schema s does not name as the repair mode does, and adds
// their paths to paths. A JSON text read so may break what any arguments
// must keep (a key given twice, the depth): that is the error.
func repair(c *rawcheck.Checker, v *rawcheck.Value, s map[string]any, loc []string, depth int, paths *[]string) *rawcheck.ParseError {
	s = c.View(s)
	if v == nil || s == nil {
		return nil
	}
	want := wanted(s)
	if want != "" && v.Kind != 'n' && !fits(v.Kind, want) {
		if perr := repairOne(c, v, s, want, loc, depth, paths); perr != nil {
			return perr
		}
	}
	if want == "integer" && v.Kind == '0' && strings.ContainsAny(v.Str, ".eE") {
		// A whole number written with a fraction or an exponent: an
		// integer to JSON Schema, read as that integer (its exponent is
		// within ±400: the parser refused any other).
		if r, ok := new(big.Rat).SetString(v.Str); ok && r.IsInt() {
			*paths = append(*paths, c.Render(loc, nil))
			if r.Sign() == 0 && strings.HasPrefix(v.Str, "-") {
				v.Str = "-0" // as the invoker reads it: the integer -0
			} else {
				v.Str = r.Num().String()
			}
		}
	}
	switch v.Kind {
	case '{':
		props, _ := s["properties"].(map[string]any)
		addl, _ := s["additionalProperties"].(map[string]any)
		for i, k := range v.Keys {
			ps, ok := props[k].(map[string]any)
			if !ok {
				if _, ok := s["properties"]; ok || addl == nil {
					continue // a name the schema lacks: refused, not read
				}
				ps = addl
			}
			if perr := repair(c, v.Vals[i], ps, append(slices.Clip(loc), rawcheck.KeyMark+k), depth+1, paths); perr != nil {
				return perr
			}
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for i, e := range v.Vals {
			if perr := repair(c, e, items, append(slices.Clip(loc), rawcheck.IndexMark+strconv.Itoa(i)), depth+1, paths); perr != nil {
				return perr
			}
		}
	}
	return nil
}

// repairOne reads v, whose JSON type is not want, as the repair mode
// does, when a rule applies; v is changed in place.
func repairOne(c *rawcheck.Checker, v *rawcheck.Value, s map[string]any, want string, loc []string, depth int, paths *[]string) *rawcheck.ParseError {
	var read *rawcheck.Value
	switch {
	case v.Kind == '"' && (want == "integer" || want == "number"):
		if !isNumberText(v.Str, want == "integer") {
			return nil
		}
		if len(v.Str) > limits.MaxNumberLength {
			*paths = append(*paths, c.Render(loc, nil))
			return &rawcheck.ParseError{Rule: "size", Loc: loc}
		}
		if e := schema.Exponent(v.Str); e > schema.MaxExponent || e < -schema.MaxExponent {
			*paths = append(*paths, c.Render(loc, nil))
			return &rawcheck.ParseError{Rule: "range", Loc: loc}
		}
		read = &rawcheck.Value{Kind: '0', Str: v.Str}
	case v.Kind == '"' && want == "boolean":
		switch v.Str {
		case "true":
			read = &rawcheck.Value{Kind: 't'}
		case "false":
			read = &rawcheck.Value{Kind: 'f'}
		default:
			return nil
		}
	case v.Kind == '"' && (want == "array" || want == "object"):
		open, closing := "[", "]"
		if want == "object" {
			open, closing = "{", "}"
		}
		text := v.Str
		if want == "array" && !strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "[") {
			if items, _ := s["items"].(map[string]any); itemsTake(c.View(items), '"') {
				read = &rawcheck.Value{Kind: '[', Vals: []*rawcheck.Value{{Kind: '"', Str: v.Str}}}
			}
			break
		}
		if !strings.HasPrefix(text, open) || !strings.HasSuffix(text, closing) || len(text) < 2 {
			return nil
		}
		if !json.Valid([]byte(text)) {
			// Not a JSON text, though the parser might stop at a key
			// given twice before it reaches the fault: not read.
			return nil
		}
		inner, perr := rawcheck.ParseAt(text, loc, depth)
		if perr != nil && perr.Rule == "json" {
			return nil // not a JSON text: not read
		}
		*paths = append(*paths, c.Render(loc, nil))
		if perr != nil {
			return perr
		}
		*v = *inner
		return nil
	case want == "array" && (v.Kind == '0' || v.Kind == 't' || v.Kind == 'f'):
		if items, _ := s["items"].(map[string]any); itemsTake(c.View(items), v.Kind) {
			e := *v
			read = &rawcheck.Value{Kind: '[', Vals: []*rawcheck.Value{&e}}
		}
	}
	if read == nil {
		return nil
	}
	*paths = append(*paths, c.Render(loc, nil))
	*v = *read
	return nil
}

// wanted returns the JSON type a schema names besides null, "" when it
// names none or more than one.
func wanted(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		out := ""
		for _, e := range t {
			if e == "null" {
				continue
			}
			if out != "" {
				return ""
			}
			out, _ = e.(string)
		}
		return out
	}
	return ""
}

// fits reports whether a value of kind k is of JSON type want (an integer
// is told from a number later).
func fits(k byte, want string) bool {
	switch want {
	case "string":
		return k == '"'
	case "integer", "number":
		return k == '0'
	case "boolean":
		return k == 't' || k == 'f'
	case "array":
		return k == '['
	case "object":
		return k == '{'
	}
	return true
}

// itemsTake reports whether an array whose items have schema items takes
// an item of kind k: its type fits, or the items name no one type.
func itemsTake(items map[string]any, k byte) bool {
	if items == nil {
		return false
	}
	if _, typed := items["type"]; !typed {
		return true
	}
	w := wanted(items)
	return w != "" && fits(k, w)
}

// isNumberText reports whether s is exactly a JSON number literal, and
// for an integer one without fraction or exponent, by the grammar as a
// regular expression.
func isNumberText(s string, integer bool) bool {
	if integer {
		return integerText.MatchString(s)
	}
	return numberTextRE.MatchString(s)
}

var (
	integerText  = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)
	numberTextRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)
)
