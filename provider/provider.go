// Package provider turns tools into the tool definitions of model APIs:
// OpenAI's function tools, Anthropic's tool use and Gemini's function
// declarations, strict or not as the options choose. Each API's strict
// mode takes a subset of JSON Schema; a keyword it rejects is removed and
// its meaning moved into the description, so the model still sees it,
// while the invoker keeps enforcing the tool's full schema: in plain words
// where the conversion has them ("At least 3 characters.", `Not "x".` for
// a not of a const or an enum), else as the keyword and its JSON
// (`not: {"type":"string","minLength":3}.`, `if: {...}.`).
// A keyword or a schema the mode cannot express refuses the tool: the
// error is a *RefusalError (several are a Refusals) naming the tool, the
// place as a JSON pointer, the keyword, the vendor's rule and its page.
//
// The entry points are one function per API: OpenAI (Chat Completions)
// and OpenAIResponses convert one tool (OpenAIResponsesTools a request's,
// namespaces and tool search included), Anthropic a request's tools
// together (its strict mode bounds the request), Gemini one tool; the
// functions ending in Format or ResponseSchema convert a structured
// output made with OutputOf. StrictIfPossible sends a tool the strict
// mode refuses non-strict rather than refusing it. A nil tool or a nil
// output is refused with an error that says so ("provider: a nil tool";
// among a request's tools, "tool 1 of the set is nil").
//
// A program that proxies many tools (a raw tool for each of an MCP
// server's) leaves out those a provider cannot take rather than lose the
// request: under StrictIfPossible only what even the non-strict mode
// refuses (a property name the API does not take, as Anthropic does not
// "a b") is an error, errors.As finds its *RefusalError, whose Tool names
// the tool to drop before converting the others again (see the example
// Proxy). A raw tool's refusal of a name says to rename the property where
// its schema comes from: the conversion cannot rename it, since the
// model's arguments would come back under the new name.
package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/toolschema/toolschema/internal/jsonscan"
	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// An Option chooses how a conversion writes a definition. Every
// conversion takes the same options; one that does not apply to a
// provider (Gemini has no strict mode) changes nothing there.
type Option func(*config)

// config is what the options chose.
type config struct {
	strict bool
	// ifPossible: each tool in the strict mode when it fits, else in the
	// non-strict one, told to refused (StrictIfPossible).
	ifPossible bool
	refused    *Refusals
	effects    bool
	dropNull   nullDrop
	ordering   bool // Gemini: propertyOrdering on every object of several properties
}

// Strict chooses the provider's strict mode (on, the default: the model's
// arguments are constrained to the schema, which must stay within what
// the mode takes) or its non-strict one (off: OpenAI's "strict":false,
// Anthropic's tool without "strict"; the schema is sent as the tool has
// it, maps and any-value properties included, and the model is only
// asked to follow it; the invoker checks the arguments either way).
func Strict(on bool) Option {
	return func(c *config) { c.strict, c.ifPossible = on, false }
}

func newConfig(opts []Option) config {
	c := config{strict: true}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

// mode returns the table's row for a provider under c.
func (c config) mode(provider string) strictmode.StrictMode {
	m, ok := strictmode.Mode(provider, c.strict)
	if !ok {
		panic("provider: no mode for " + provider)
	}
	return m
}

// The errors of a conversion given nil for its tool or its output.
var (
	errNilTool   = errors.New("provider: a nil tool")
	errNilOutput = errors.New("provider: a nil output")
)

// OpenAI returns the definition of t as a function tool of the Chat
// Completions API, strict unless Strict(false) is given:
//
//	{"type":"function","function":{"name":...,"description":...,"parameters":...,"strict":true}}
//
// The name is t's wire name for OpenAI (tool.Set.WireNames under its rule,
// strictmode.StrictMode.ToolName): t.Name when OpenAI takes it, else a name
// it takes ("admin.tools.list" is "admin_tools_list"), which
// tool.Set.Resolve maps back to t. Every conversion names tools so.
func OpenAI(t *tool.Tool, opts ...Option) (json.RawMessage, error) {
	if t == nil {
		return nil, errNilTool
	}
	c := newConfig(opts)
	params, strict, err := openAIFunction(t, c)
	if err != nil {
		return nil, err
	}
	return marshal(ordered{{"type", "function"}, {"function", ordered{
		{"name", wireName(t, "openai")}, {"description", c.description(t)}, {"parameters", params}, {"strict", strict}}}})
}

// openAIFunction converts t's input schema for OpenAI's function tools
// and says whether they are strict: what the Chat Completions and the
// Responses shapes both carry.
func openAIFunction(t *tool.Tool, c config) (params ordered, strict bool, err error) {
	return openAISchema(sourceOf(t), c)
}

// openAISchema converts src for OpenAI, checking the limits of its strict
// mode; under StrictIfPossible, in its non-strict mode when the strict one
// refuses src.
func openAISchema(src source, c config) (params ordered, strict bool, err error) {
	if c.ifPossible {
		c.ifPossible = false
		params, _, err := openAISchema(src, c)
		why, refused := refusalsIn(err)
		if !refused {
			return params, err == nil, err
		}
		c.strict = false
		if params, _, err = openAISchema(src, c); err != nil {
			return nil, false, err
		}
		c.fellBack(why)
		return params, false, nil
	}
	mode := c.mode("openai")
	params, st, err := convert(src, mode, c)
	if err != nil {
		return nil, false, err
	}
	if !c.strict {
		return params, false, nil
	}
	if l, n := passedLimit(mode, st); l.Max > 0 {
		return nil, false, limitRefusal(l, src.name, fmt.Sprintf("provider: %s %s %s", src.kind, src.name, l.Exceeded(n)))
	}
	return params, true, nil
}

// passedLimit returns the first of mode's limits on one schema that st
// passes, and st's count; a Limit of Max 0 when none.
func passedLimit(mode strictmode.StrictMode, st stats) (strictmode.Limit, int) {
	for _, l := range mode.Limits {
		if n := st.count(l.Count); !l.PerRequest && n > l.Max {
			return l, n
		}
	}
	return strictmode.Limit{}, 0
}

// limitWayOut ends the refusal of a set past a limit of the request's
// strict tools with the conversions that send it all the same.
const limitWayOut = "; convert with StrictIfPossible to send the tools past it non-strict, or with Strict(false)"

// Anthropic returns the definitions of tools sent in one request as tools
// of the Messages API, strict unless Strict(false) is given
// ({"name":...,"description":...,"input_schema":...,"strict":true};
// without "strict" when not; with "input_examples" after the schema when
// the tool has examples, tool.Meta.Examples; a deferred tool, Meta.DeferLoading, with
// "defer_loading":true last), checking the per-request limits of strict
// tools. The names must be unique (a *tool.CollisionError names the one
// given twice), and so must their wire names (a *tool.CollisionError
// names both tools). Under StrictIfPossible, a tool the strict mode
// refuses, or that would pass a limit of the request's strict tools, is
// sent non-strict.
func Anthropic(tools []*tool.Tool, opts ...Option) ([]json.RawMessage, error) {
	set, err := tool.NewSet(tools)
	if err != nil {
		return nil, fmt.Errorf("provider: %w", err)
	}
	names, err := set.WireNames("anthropic")
	if err != nil {
		return nil, fmt.Errorf("provider: %w", err)
	}
	c := newConfig(opts)
	strictMode, _ := strictmode.Mode("anthropic", true)
	looseMode, _ := strictmode.Mode("anthropic", false)
	maxTools, _ := strictMode.Limit(strictmode.StrictTools)
	maxOptional, _ := strictMode.Limit(strictmode.Optional)
	maxUnions, _ := strictMode.Limit(strictmode.Unions)
	if c.strict && !c.ifPossible && len(tools) > maxTools.Max {
		t := tools[maxTools.Max]
		return nil, limitRefusal(maxTools, t.Name, fmt.Sprintf("provider: %d tools in one request (tool %s is number %d); %s %s%s",
			len(tools), t.Name, maxTools.Max+1, maxTools.TakesAtMost(), maxTools.Noun, limitWayOut))
	}
	var out []json.RawMessage
	strictTools, optional, unions := 0, 0, 0
	for i, t := range tools {
		src := sourceOf(t)
		var params ordered
		strict := false
		if c.strict {
			p, st, err := convert(src, strictMode, c)
			var why []*RefusalError
			switch {
			case err != nil:
				var refused bool
				if why, refused = refusalsIn(err); !refused || !c.ifPossible {
					return nil, err
				}
			case strictTools == maxTools.Max: // StrictIfPossible's: the others are refused above
				why = []*RefusalError{limitRefusal(maxTools, t.Name, fmt.Sprintf("provider: tool %s would be strict tool number %d of the request; %s %s",
					t.Name, strictTools+1, maxTools.TakesAtMost(), maxTools.Noun))}
			default:
				for _, l := range []struct {
					limit strictmode.Limit
					n     int
				}{{maxOptional, optional + st.optional}, {maxUnions, unions + st.unions}} {
					if l.n > l.limit.Max && why == nil {
						why = []*RefusalError{limitRefusal(l.limit, t.Name, fmt.Sprintf("provider: tool %s brings the %s of the request to %d; %s",
							t.Name, l.limit.Noun, l.n, l.limit.TakesAtMost()))}
					}
				}
				if why != nil && !c.ifPossible {
					e := *why[0]
					e.wayOut = limitWayOut
					return nil, &e
				}
			}
			if why == nil {
				params, strict = p, true
				strictTools, optional, unions = strictTools+1, optional+st.optional, unions+st.unions
			} else {
				c.fellBack(why)
			}
		}
		if !strict {
			if params, _, err = convert(src, looseMode, c); err != nil {
				return nil, err
			}
		}
		def := ordered{{"name", names[i]}, {"description", c.description(t)}, {"input_schema", params}}
		if len(t.Examples) > 0 {
			def = append(def, kv{"input_examples", t.Examples})
		}
		if strict {
			def = append(def, kv{"strict", true})
		}
		if t.DeferLoading {
			def = append(def, kv{"defer_loading", true})
		}
		b, err := marshal(def)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// Gemini returns the function declaration of t:
// {"name":...,"description":...,"parametersJsonSchema":...}. Gemini's
// function declarations have one mode: Strict changes nothing.
func Gemini(t *tool.Tool, opts ...Option) (json.RawMessage, error) {
	if t == nil {
		return nil, errNilTool
	}
	c := newConfig(opts)
	params, _, err := convert(sourceOf(t), c.mode("gemini"), c)
	if err != nil {
		return nil, err
	}
	if c.ordering {
		params = withPropertyOrdering(params)
	}
	return marshal(ordered{{"name", wireName(t, "gemini")}, {"description", c.description(t)}, {"parametersJsonSchema", params}})
}

// stats are what the limits count in one converted schema.
type stats struct {
	properties, depth, enumValues, chars, optional, unions int
}

// count returns what st counts of c.
func (st stats) count(c strictmode.Count) int {
	switch c {
	case strictmode.Properties:
		return st.properties
	case strictmode.Depth:
		return st.depth
	case strictmode.EnumValues:
		return st.enumValues
	case strictmode.Chars:
		return st.chars
	case strictmode.Optional:
		return st.optional
	case strictmode.Unions:
		return st.unions
	}
	return 0
}

// convert rewrites src's schema for d under c, after checking its name
// (a tool's wire name). A refusal is a *RefusalError, or Refusals.
func convert(src source, d strictmode.StrictMode, c config) (ordered, stats, error) {
	name := src.name
	if src.wire {
		name = strictmode.WireName(name, d.ToolName)
	}
	if why := d.ToolNameProblem(name); why != "" && !src.anyName {
		return nil, stats{}, &RefusalError{Tool: src.name, Provider: d.Name, Rule: why, URL: d.NameSource,
			text: fmt.Sprintf("provider: %s %q: %s %s", src.kind, src.name, d.Name, why)}
	}
	root, err := parseOrdered(src.schema)
	if err != nil {
		return nil, stats{}, fmt.Errorf("provider: %s %s: %s schema: %v", src.kind, src.name, src.root, err)
	}
	out, w := walk(src, root, d, c)
	if err := refusalOf(w.refusals); err != nil {
		return nil, stats{}, err
	}
	return out, w.stats, nil
}

// A source is what a conversion converts: a tool's input schema, or the
// schema of a structured output.
type source struct {
	kind, name string       // "tool", "output"; its name
	root       string       // the root's name in paths: "input", "output"
	schema     []byte       // the schema
	in         reflect.Type // the Go type it describes, nil when unknown
	// model is that type as the core describes it, when the caller has
	// that rather than in (Check's).
	model *schema.Type
	// given are the schemas the tool gives types for its own use
	// (reflectimpl.TypeSchema), nil when none.
	given   *reflecttype.Schemas
	anyName bool // the name is not sent: any will do
	wire    bool // a tool's name: sent as its wire name
}

// toolNameRules are the providers' rules for tool names (one rule for
// both of a provider's modes), from the strictmode table.
var toolNameRules = sync.OnceValue(func() map[string]string {
	rules := make(map[string]string)
	for _, p := range strictmode.Providers() {
		m, _ := strictmode.Mode(p, true)
		rules[p] = m.ToolName
	}
	return rules
})

// wireName is the name t goes by in provider's definitions.
func wireName(t *tool.Tool, provider string) string {
	return strictmode.WireName(t.Name, toolNameRules()[provider])
}

// sourceOf returns t's input as a source.
func sourceOf(t *tool.Tool) source {
	src := source{kind: "tool", name: t.Name, root: "input", schema: t.InputSchema, wire: true}
	if h, _ := toolimpl.Binding(t); h != nil {
		src.in = h.Input()
		if ts, ok := h.(interface{ TypeSchemas() *reflecttype.Schemas }); ok {
			src.given = ts.TypeSchemas()
		}
	}
	return src
}

// describe says in words what a removed keyword meant.
func describe(k string, v, typ any) string {
	switch k {
	case "minimum":
		return "At least " + num(v) + "."
	case "maximum":
		return "At most " + num(v) + "."
	case "exclusiveMinimum", "exclusiveMaximum":
		// A number: every mode that moves them reads draft-04's boolean
		// as 2020-12's first (NumericExclusive).
		if k == "exclusiveMinimum" {
			return "More than " + num(v) + "."
		}
		return "Less than " + num(v) + "."
	case "multipleOf":
		return "A multiple of " + num(v) + "."
	case "minLength":
		return fmt.Sprintf("At least %s %s.", num(v), pluralOf(v, "character"))
	case "maxLength":
		return fmt.Sprintf("At most %s %s.", num(v), pluralOf(v, "character"))
	case "minItems":
		return fmt.Sprintf("At least %s %s.", num(v), pluralOf(v, "item"))
	case "maxItems":
		return fmt.Sprintf("At most %s %s.", num(v), pluralOf(v, "item"))
	case "format":
		if f, ok := v.(string); ok {
			return "Format: " + f + "."
		}
	case "uniqueItems":
		return "Items are unique."
	case "pattern":
		if p, ok := v.(string); ok {
			return "Matches the regular expression " + p + "."
		}
	case "contentEncoding":
		return "Base64 text."
	case "default":
		b, _ := json.Marshal(v)
		return "Default: " + string(b) + "."
	case "not":
		if w := notWords(v); w != "" {
			return w
		}
	}
	b, _ := json.Marshal(v)
	return k + ": " + string(b) + "."
}

// nullable adds "null" to a schema's type (and to its enum).
func nullable(s ordered) ordered {
	switch t := s.get("type").(type) {
	case string:
		s = s.set("type", []any{t, "null"})
	case []any:
		if !slices.Contains(t, any("null")) {
			s = s.set("type", append(slices.Clone(t), "null"))
		}
	default:
		if branches, ok := s.get("anyOf").([]any); ok {
			// A declared schema: null as one more branch.
			for _, b := range branches {
				if o, ok := b.(ordered); ok && o.get("type") == "null" {
					return s
				}
			}
			return s.set("anyOf", append(slices.Clone(branches), ordered{{"type", "null"}}))
		}
		if ref, ok := s.get("$ref").(string); ok {
			// A reference: null as a branch beside it, the rest (a
			// description) kept outside.
			out := ordered{{"anyOf", []any{ordered{{"$ref", ref}}, ordered{{"type", "null"}}}}}
			for _, e := range s {
				if e.k != "$ref" {
					out = append(out, e)
				}
			}
			return out
		}
		return s // no type: any value, null included
	}
	if e, ok := s.get("enum").([]any); ok && !slices.Contains(e, nil) {
		s = s.set("enum", append(slices.Clone(e), nil))
	} else if !ok {
		// A const beside the nullable type would still refuse null: it
		// becomes an enum of its value and null.
		for i, e := range s {
			if e.k == "const" && e.v != nil {
				out := slices.Clone(s)
				out[i] = kv{"enum", []any{e.v, nil}}
				return out
			}
		}
	}
	return s
}

// objectKeywords are the keywords that constrain an object's names beside
// its branches or its reference: with any of them, a branch or a
// referenced schema is one part of a merge, and closing it would forbid
// the names the other parts allow.
var objectKeywords = []string{"properties", "required", "additionalProperties", "patternProperties", "minProperties",
	"dependentRequired", "dependentSchemas", "dependencies", "if", "then", "else", "unevaluatedProperties", "propertyNames"}

// merges reports whether the schemas that keyword k of s holds (an
// allOf's, anyOf's or oneOf's branches, a $ref's target) hold together
// with something else of s: another allOf branch, another combinator or a
// reference, or s's own object keywords. An allOf of one branch alone is
// that branch; an anyOf alone is a choice.
func merges(s ordered, k string) bool {
	if branches, ok := s.get("allOf").([]any); k == "allOf" && ok && len(branches) > 1 {
		return true
	}
	for _, o := range []string{"allOf", "anyOf", "oneOf", "$ref"} {
		if o != k && s.get(o) != nil {
			return true
		}
	}
	for _, o := range objectKeywords {
		if s.get(o) != nil {
			return true
		}
	}
	return false
}

// exclusiveBounds returns s with draft-04's boolean exclusiveMinimum and
// exclusiveMaximum written as JSON Schema 2020-12 writes them, for a mode
// that reads them so (NumericExclusive): true with a numeric minimum
// becomes exclusiveMinimum of that minimum, in its place, and the minimum
// goes; false, or true with no numeric bound to make exclusive, goes.
func exclusiveBounds(s ordered) ordered {
	for _, pair := range [][2]string{{"exclusiveMinimum", "minimum"}, {"exclusiveMaximum", "maximum"}} {
		flag, ok := s.get(pair[0]).(bool)
		if !ok {
			continue
		}
		_, numeric := s.get(pair[1]).(json.Number)
		kept := make(ordered, 0, len(s))
		for _, e := range s {
			switch {
			case e.k == pair[0]:
				continue
			case e.k == pair[1] && flag && numeric:
				kept = append(kept, kv{pair[0], e.v}) // in the bound's place
				continue
			}
			kept = append(kept, e)
		}
		s = kept
	}
	return s
}

// unwrapAllOf returns s with an allOf of one branch replaced by that
// branch's keywords, where none of them is s's too: the same schema
// without the allOf (pydantic writes a described reference so), for a mode
// that takes no allOf.
func unwrapAllOf(s ordered, numericExclusive bool) ordered {
	branches, ok := s.get("allOf").([]any)
	if !ok || len(branches) != 1 {
		return s
	}
	b, ok := branches[0].(ordered)
	if !ok {
		return s
	}
	if numericExclusive {
		b = exclusiveBounds(b) // its flags are its own bounds', not s's
	}
	// Keywords that judge the names of their own object's properties
	// would judge the branch's too, once merged: not unwrapped.
	for _, k := range []string{"additionalProperties", "unevaluatedProperties", "patternProperties"} {
		if s.get(k) != nil || b.get(k) != nil && s.get("properties") != nil {
			return s
		}
	}
	for _, e := range b {
		if s.get(e.k) != nil {
			return s
		}
	}
	out := make(ordered, 0, len(s)+len(b)-1)
	for _, e := range s {
		if e.k == "allOf" {
			out = append(out, b...)
			continue
		}
		out = append(out, e)
	}
	return out
}

func has(t any, name string) bool {
	ts, ok := t.([]any)
	return ok && slices.Contains(ts, any(name))
}

func stringsOf(v any) []string {
	var out []string
	for _, e := range asSlice(v) {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

// num writes a JSON number as a person would: an integer of up to 16
// digits as it is (1, -128, 4294967295), any other number in the
// shortest exact form, with an exponent when that is clearly shorter (3.4e38 is
// written 3.4e38, not as 39 digits; 1e300 as 1e300; 0.25 as 0.25;
// 1.5e-7 as 1.5e-7). The value is never rounded.
func num(v any) string {
	n, ok := v.(json.Number)
	if !ok {
		return fmt.Sprint(v)
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return string(n)
	}
	if r.IsInt() && len(r.Num().String()) <= 16 {
		return r.Num().String()
	}
	return readable(r)
}

// readable writes r, a number read from a JSON literal (so a finite
// decimal), as digits and an exponent, or plainly when that is no longer.
func readable(r *big.Rat) string {
	sign := ""
	if r.Sign() < 0 {
		sign = "-"
		r = new(big.Rat).Neg(r)
	}
	// r = digits × 10^exp, digits without trailing zeros.
	exp := 0
	ten := big.NewRat(10, 1)
	x := new(big.Rat).Set(r)
	for !x.IsInt() {
		x.Mul(x, ten)
		exp--
	}
	digits := x.Num().String()
	trimmed := strings.TrimRight(digits, "0")
	if trimmed == "" {
		return "0"
	}
	exp += len(digits) - len(trimmed)
	digits = trimmed
	// Exponent form: d.ddd e E.
	e := exp + len(digits) - 1
	sci := digits[:1]
	if len(digits) > 1 {
		sci += "." + digits[1:]
	}
	sci += "e" + strconv.Itoa(e)
	// Plain form.
	var plain string
	switch {
	case exp >= 0:
		plain = digits + strings.Repeat("0", exp)
	case -exp < len(digits):
		plain = digits[:len(digits)+exp] + "." + digits[len(digits)+exp:]
	default:
		plain = "0." + strings.Repeat("0", -exp-len(digits)) + digits
	}
	if len(plain) <= len(sci)+2 { // 0.0001 rather than 1e-4
		return sign + plain
	}
	return sign + sci
}

func pluralOf(v any, word string) string {
	if num(v) == "1" {
		return word
	}
	return word + "s"
}

// ordered is a JSON object that keeps its key order.
type ordered []kv

type kv struct {
	k string
	v any
}

func (o ordered) get(k string) any {
	for _, e := range o {
		if e.k == k {
			return e.v
		}
	}
	return nil
}

// setDescription sets the description where the contract's keyword order
// puts it: after type and format.
func (o ordered) setDescription(d string) ordered {
	for i := range o {
		if o[i].k == "description" {
			o[i].v = d
			return o
		}
	}
	at := 0
	for at < len(o) && (o[at].k == "type" || o[at].k == "format") {
		at++
	}
	return slices.Insert(o, at, kv{"description", d})
}

// set replaces k's value, or appends it.
func (o ordered) set(k string, v any) ordered {
	for i := range o {
		if o[i].k == k {
			o[i].v = v
			return o
		}
	}
	return append(o, kv{k, v})
}

func (o ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(e.k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := marshal(e.v)
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal writes v as compact JSON without HTML escaping.
func marshal(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimSuffix(b.Bytes(), []byte("\n"))), nil
}

// parseOrdered reads JSON keeping object key order and number text.
// Valid JSON is read in one walk (readValid, with internal/jsonscan); the
// decoder's tokens, which cost an allocation each, only say what is wrong
// with invalid JSON.
func parseOrdered(data []byte) (ordered, error) {
	if json.Valid(data) {
		v, _ := readValid(string(data), 0) // its strings are slices of one copy
		o, ok := v.(ordered)
		if !ok {
			return nil, fmt.Errorf("not an object")
		}
		return o, nil
	}
	return decodeOrdered(data)
}

// decodeOrdered is parseOrdered by encoding/json's tokens.
func decodeOrdered(data []byte) (ordered, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := parseValue(d)
	if err != nil {
		return nil, err
	}
	o, ok := v.(ordered)
	if !ok {
		return nil, fmt.Errorf("not an object")
	}
	return o, nil
}

func parseValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := ordered{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := parseValue(d)
			if err != nil {
				return nil, err
			}
			o = append(o, kv{k.(string), v})
		}
		_, err := d.Token()
		return o, err
	case json.Delim('['):
		a := []any{}
		for d.More() {
			v, err := parseValue(d)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := d.Token()
		return a, err
	}
	return tok, nil
}

// readValid reads the JSON value that starts at or after text[i], text
// being valid JSON (json.Valid), as parseValue does, and returns it with
// the index past it.
func readValid(text string, i int) (any, int) {
	i = jsonscan.Space(text, i)
	switch text[i] {
	case '{':
		o := ordered{}
		i = jsonscan.Space(text, i+1)
		if text[i] == '}' {
			return o, i + 1
		}
		for {
			k, j := jsonscan.String(text, jsonscan.Space(text, i))
			var v any
			v, i = readValid(text, jsonscan.Space(text, j)+1) // past the colon
			o = append(o, kv{k, v})
			i = jsonscan.Space(text, i)
			if text[i] == '}' {
				return o, i + 1
			}
			i++ // the comma
		}
	case '[':
		a := []any{}
		i = jsonscan.Space(text, i+1)
		if text[i] == ']' {
			return a, i + 1
		}
		for {
			var v any
			v, i = readValid(text, i)
			a = append(a, v)
			i = jsonscan.Space(text, i)
			if text[i] == ']' {
				return a, i + 1
			}
			i++ // the comma
		}
	case '"':
		return jsonscan.String(text, i)
	case 't':
		return true, i + 4
	case 'f':
		return false, i + 5
	case 'n':
		return nil, i + 4
	}
	j := jsonscan.Number(text, i)
	return json.Number(text[i:j]), j
}
