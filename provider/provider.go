// Package provider turns tools into the tool definitions of model APIs:
// OpenAI's function tools, Anthropic's tool use and Gemini's function
// declarations, strict or not as the options choose. Each API's strict
// mode takes a subset of JSON Schema; a keyword it rejects is removed and
// its meaning moved into the description in plain words, so the model
// still sees it, while the invoker keeps enforcing the tool's full schema.
package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/tool"
)

// An Option chooses how a conversion writes a definition. Every
// conversion takes the same options; one that does not apply to a
// provider (Gemini has no strict mode) changes nothing there.
type Option func(*config)

// config is what the options chose.
type config struct {
	strict   bool
	effects  bool
	dropNull nullDrop
	ordering bool // Gemini: propertyOrdering on every object of several properties
}

// Strict chooses the provider's strict mode (on, the default: the model's
// arguments are constrained to the schema, which must stay within what
// the mode takes) or its non-strict one (off: OpenAI's "strict":false,
// Anthropic's tool without "strict"; the schema is sent as the tool has
// it, maps and any-value properties included, and the model is only
// asked to follow it; the invoker checks the arguments either way).
func Strict(on bool) Option {
	return func(c *config) { c.strict = on }
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

// OpenAI returns the definition of t as a function tool of the Chat
// Completions API, strict unless Strict(false) is given:
//
//	{"type":"function","function":{"name":...,"description":...,"parameters":...,"strict":true}}
//
// The name is t's wire name for OpenAI (tool.WireName under its rule,
// strictmode.StrictMode.ToolName): t.Name when OpenAI takes it, else a name
// it takes ("admin.tools.list" is "admin_tools_list"), which
// tool.Set.Resolve maps back to t. Every conversion names tools so.
func OpenAI(t *tool.Tool, opts ...Option) (json.RawMessage, error) {
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
// mode.
func openAISchema(src source, c config) (params ordered, strict bool, err error) {
	mode := c.mode("openai")
	params, st, err := convert(src, mode, c)
	if err != nil {
		return nil, false, err
	}
	if !c.strict {
		return params, false, nil
	}
	if why := schemaLimitProblem(mode, st); why != "" {
		return nil, false, fmt.Errorf("provider: %s %s %s", src.kind, src.name, why)
	}
	return params, true, nil
}

// schemaLimitProblem says the first of mode's limits on one schema that
// st passes, "" when none.
func schemaLimitProblem(mode strictmode.StrictMode, st stats) string {
	for _, l := range mode.Limits {
		if n := st.count(l.Count); !l.PerRequest && n > l.Max {
			return l.Exceeded(n)
		}
	}
	return ""
}

// Anthropic returns the definitions of tools sent in one request as tools
// of the Messages API, strict unless Strict(false) is given
// ({"name":...,"description":...,"input_schema":...,"strict":true};
// without "strict" when not), checking the per-request limits of strict
// tools. The names must be unique (a *tool.DuplicateError names the one
// given twice), and so must their wire names (a *tool.WireCollisionError
// names both tools).
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
	mode := c.mode("anthropic")
	maxTools, _ := mode.Limit(strictmode.StrictTools)
	maxOptional, _ := mode.Limit(strictmode.Optional)
	maxUnions, _ := mode.Limit(strictmode.Unions)
	if c.strict && len(tools) > maxTools.Max {
		return nil, fmt.Errorf("provider: %d tools in one request (tool %s is number %d); %s %s",
			len(tools), tools[maxTools.Max].Name, maxTools.Max+1, maxTools.TakesAtMost(), maxTools.Noun)
	}
	var out []json.RawMessage
	optional, unions := 0, 0
	for i, t := range tools {
		params, st, err := convert(sourceOf(t), mode, c)
		if err != nil {
			return nil, err
		}
		def := ordered{{"name", names[i]}, {"description", c.description(t)}, {"input_schema", params}}
		if c.strict {
			optional += st.optional
			unions += st.unions
			for _, l := range []struct {
				limit strictmode.Limit
				n     int
			}{{maxOptional, optional}, {maxUnions, unions}} {
				if l.n > l.limit.Max {
					return nil, fmt.Errorf("provider: tool %s brings the %s of the request to %d; %s", t.Name, l.limit.Noun, l.n, l.limit.TakesAtMost())
				}
			}
			def = append(def, kv{"strict", true})
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

// convert rewrites t's input schema for d under c, after checking t's
// name (a tool's wire name).
func convert(src source, d strictmode.StrictMode, c config) (ordered, stats, error) {
	name := src.name
	if src.wire {
		name = tool.WireName(name, d.ToolName)
	}
	if why := d.ToolNameProblem(name); why != "" && !src.anyName {
		return nil, stats{}, fmt.Errorf("provider: %s %q: %s %s", src.kind, src.name, d.Name, why)
	}
	root, err := parseOrdered(src.schema)
	if err != nil {
		return nil, stats{}, fmt.Errorf("provider: %s %s: %s schema: %v", src.kind, src.name, src.root, err)
	}
	w := &walker{drop: c.nulls(d), root: root, own: ownBounds(src)}
	if w.drop == dropEmptyNull {
		w.empties = emptyNulls(src.in, src.root)
	}
	out, err := convertSchema(d, root, src.root, 1, w)
	if err != nil {
		return nil, stats{}, fmt.Errorf("provider: %s %s: %v", src.kind, src.name, err)
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
	return tool.WireName(t.Name, toolNameRules()[provider])
}

// sourceOf returns t's input as a source.
func sourceOf(t *tool.Tool) source {
	src := source{kind: "tool", name: t.Name, root: "input", schema: t.InputSchema, wire: true}
	if h, _ := t.Binding(); h != nil {
		src.in = h.Input()
		if ts, ok := h.(interface{ TypeSchemas() *reflecttype.Schemas }); ok {
			src.given = ts.TypeSchemas()
		}
	}
	return src
}

// walker is what one conversion carries down the schema.
type walker struct {
	stats
	drop    nullDrop
	empties map[string]bool // the paths whose null Go reads as empty
	// own are the bounds that are only the Go type's own range, by path
	// (nil without a Go type: every bound is then the author's).
	own map[string]schema.OwnBounds
	// report, when set, collects what the conversion does (Check) and the
	// conversion goes on past a refusal.
	report *Report
	// root is the schema converted; refs the references between its
	// definitions (graph, once: see refGraph); def the definition of root
	// being walked ("$defs/m"), "" outside them.
	root ordered
	refs *refGraph
	def  string
	// allOf counts the allOf branches being converted: an object in one
	// is not closed. nesting counts the schemas being converted: 1 at the
	// root.
	allOf, nesting int
	merged         map[string]bool // mergedDefs, once
	mergeUnknown   bool            // a $ref of a merge leads where mergedDefs cannot follow
}

// union counts a union-typed schema at path.
func (st *walker) union(path string) {
	st.unions++
	if st.report != nil {
		st.report.Unions = append(st.report.Unions, path)
	}
}

// refuse records a refusal in report mode, or returns err.
func (st *walker) refuse(f Finding, err error) error {
	if st.report == nil {
		return err
	}
	st.report.Findings = append(st.report.Findings, f)
	return nil
}

// note records a change in report mode.
func (st *walker) note(f Finding) {
	if st.report != nil {
		st.report.Findings = append(st.report.Findings, f)
	}
}

// schema rewrites one schema object at path; depth counts objects.
func convertSchema(d strictmode.StrictMode, s ordered, path string, depth int, st *walker) (ordered, error) {
	st.nesting++
	defer func() { st.nesting-- }()
	var notes []string
	var out ordered
	if d.NumericExclusive {
		s = exclusiveBounds(s)
	}
	if d.Drops["allOf"] != "" {
		s = unwrapAllOf(s, d.NumericExclusive)
	}
	// After the unwrapping: a null the branch allowed is the schema's.
	if st.drop == dropAllNull || (st.drop == dropEmptyNull && st.empties[path]) {
		s = withoutNull(s)
	}
	typ := s.get("type")
	if why := d.NodeProblem(s.get); why != "" {
		if err := st.refuse(Finding{Path: path, Verdict: strictmode.Refuse, Why: why},
			fmt.Errorf("%s: %s strict mode %s; give it a type, or use Strict(false)", path, d.Name, why)); err != nil {
			return nil, err
		}
	}
	for _, e := range s {
		k, v := e.k, e.v
		verdict, why := d.KeywordAt(k, v, s.get, st.own[path])
		switch {
		case verdict == strictmode.Skip:
			continue // the Go type's own range, or metadata: nothing to tell
		case verdict == strictmode.Move:
			st.note(Finding{Path: path, Keyword: k, Verdict: strictmode.Move, Why: why})
			if note := describe(k, v, typ); note != "" {
				notes = append(notes, note)
			}
			continue
		case verdict == strictmode.Refuse && k == "additionalProperties":
			if err := st.refuse(Finding{Path: path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
				fmt.Errorf("%s: a map (an object with any names) has no schema in %s strict mode, which %s; use Strict(false)", path, d.Name, why)); err != nil {
				return nil, err
			}
			// A report goes on into the map's values: what the mode does
			// there is still to be told.
			if sub, ok := v.(ordered); ok {
				if _, err := convertSchema(d, sub, path+"{}", depth, st); err != nil {
					return nil, err
				}
			}
			continue
		case verdict == strictmode.Refuse:
			if err := st.refuse(Finding{Path: path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
				fmt.Errorf("%s: %s: %s strict mode %s", path, k, d.Name, why)); err != nil {
				return nil, err
			}
			continue
		case verdict == strictmode.Rename && s.get(why) != nil:
			// Sent under a name the schema already uses: the two cannot
			// be joined into one keyword.
			why := d.RenameCollision(k, why)
			if err := st.refuse(Finding{Path: path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
				fmt.Errorf("%s: %s: %s strict mode %s", path, k, d.Name, why)); err != nil {
				return nil, err
			}
			continue
		case verdict == strictmode.Rename:
			st.note(Finding{Path: path, Keyword: k, Verdict: strictmode.Rename, Why: why})
			k = why
		}
		// Every keyword whose value is a schema, or holds schemas, is
		// converted by the mode's rules; its path says where the value
		// it describes is: input.a (the same value: a declared schema's
		// branches, not, if/then/else, dependentSchemas), input.a[] (an
		// item), input.a[0] (a tuple's first), input.a{} (a map's
		// value), input.a{^x} (the value of a name matching ^x),
		// input.a.propertyNames (the names), input.$defs.m (a
		// definition).
		switch {
		case k == "anyOf" || k == "oneOf" || k == "allOf":
			// A declared schema's branches: each converted as a schema
			// of the same value.
			merging := merges(s, k)
			if merging {
				st.allOf++
			}
			cv, err := st.schemaList(d, k, v, path, func(int) string { return path }, depth)
			if merging {
				st.allOf--
			}
			if err != nil {
				return nil, err
			}
			branches := asSlice(cv)
			if k == "anyOf" || k == "oneOf" {
				st.union(path) // Anthropic counts anyOf as a union type
			}
			out = out.set(k, branches)
		case k == "properties":
			props, ok := v.(ordered)
			if !ok {
				if err := st.notSchemas(path, k, "an object of schemas"); err != nil {
					return nil, err
				}
				out = append(out, kv{k, v})
				continue
			}
			var conv ordered
			for _, p := range props {
				if why := d.PropertyNameProblem(p.k); why != "" {
					if err := st.refuse(Finding{Path: path + "." + p.k, Name: true, Verdict: strictmode.Refuse, Why: why},
						fmt.Errorf("%s: property name %q: %s %s; rename it with a json tag", path, p.k, d.Name, why)); err != nil {
						return nil, err
					}
				}
				st.properties++
				st.chars += utf8.RuneCountInString(p.k)
				ps, err := st.value(d, p.v, path+"."+p.k, depth+1)
				if err != nil {
					return nil, err
				}
				conv = append(conv, kv{p.k, ps})
			}
			out = append(out, kv{k, conv})
		case k == "items":
			if _, ok := v.([]any); ok {
				why := "an array of schemas is draft-07's form, not JSON Schema 2020-12's; write it as prefixItems"
				if err := st.refuse(Finding{Path: path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
					fmt.Errorf("%s: items: %s", path, why)); err != nil {
					return nil, err
				}
				out = append(out, kv{k, v})
				continue
			}
			is, err := st.value(d, v, path+"[]", depth)
			if err != nil {
				return nil, err
			}
			out = append(out, kv{k, is})
		case k == "prefixItems":
			cv, err := st.schemaList(d, k, v, path, func(i int) string { return path + "[" + strconv.Itoa(i) + "]" }, depth)
			if err != nil {
				return nil, err
			}
			out = append(out, kv{k, cv})
		case k == "$defs" || k == "definitions":
			defs, ok := v.(ordered)
			if !ok {
				if err := st.notSchemas(path, k, "an object of schemas"); err != nil {
					return nil, err
				}
				out = append(out, kv{k, v})
				continue
			}
			conv := make(ordered, 0, len(defs))
			for _, e := range defs {
				st.chars += utf8.RuneCountInString(e.k) // OpenAI counts definition names too
				outer := st.def
				merged := false
				if st.nesting == 1 && outer == "" { // the root's own, not a branch's
					st.def = k + "/" + e.k                       // a definition $refs can name
					merged = d.Closed && st.mergedDefs()[st.def] // only a Closed mode closes objects
				}
				if merged {
					st.allOf++ // a part of an allOf that merges objects: not closed
				}
				cv, err := st.value(d, e.v, path+"."+k+"."+e.k, depth+1)
				if merged {
					st.allOf--
				}
				st.def = outer
				if err != nil {
					return nil, err
				}
				conv = append(conv, kv{e.k, cv})
			}
			out = append(out, kv{k, conv})
		case k == "patternProperties" || k == "dependentSchemas":
			pathOf := func(name string) string { return path + "{" + name + "}" }
			if k == "dependentSchemas" {
				pathOf = func(string) string { return path } // the same value
			}
			cv, err := st.schemaMap(d, k, v, path, pathOf, depth)
			if err != nil {
				return nil, err
			}
			out = append(out, kv{k, cv})
		case k == "dependencies":
			// Draft-07's: each value a schema (dependentSchemas) or a list
			// of names (dependentRequired).
			deps, ok := v.(ordered)
			if !ok {
				out = append(out, kv{k, v})
				continue
			}
			conv := make(ordered, 0, len(deps))
			for _, e := range deps {
				if sub, ok := e.v.(ordered); ok {
					cs, err := convertSchema(d, sub, path, depth, st)
					if err != nil {
						return nil, err
					}
					e.v = cs
				}
				conv = append(conv, e)
			}
			out = append(out, kv{k, conv})
		case k == "additionalProperties" || k == "unevaluatedProperties" || k == "unevaluatedItems" || k == "contains" ||
			k == "additionalItems" || k == "propertyNames" || k == "not" || k == "if" || k == "then" || k == "else":
			// A schema, or true or false, kept as it is: here they allow
			// or forbid, as the keyword says.
			if sub, ok := v.(ordered); ok {
				at := path
				switch k {
				case "additionalProperties", "unevaluatedProperties":
					at = path + "{}"
				case "unevaluatedItems", "contains", "additionalItems":
					at = path + "[]"
				case "propertyNames":
					at = path + ".propertyNames"
				}
				cs, err := convertSchema(d, sub, at, depth, st)
				if err != nil {
					return nil, err
				}
				v = cs
			}
			out = append(out, kv{k, v})
		case k == "$ref":
			if ref, ok := v.(string); ok && d.InternalRefs {
				if why := d.DanglingRefProblem(ref, st.dangles(ref)); why != "" {
					if err := st.refuse(Finding{Path: path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
						fmt.Errorf("%s: $ref: %s strict mode %s", path, d.Name, why)); err != nil {
						return nil, err
					}
					continue
				}
			}
			if ref, ok := v.(string); ok && d.NoRecursion {
				recursive, known := st.recursive(ref)
				if why := d.RecursionProblem(ref, recursive, known); why != "" {
					if err := st.refuse(Finding{Path: path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
						fmt.Errorf("%s: $ref: %s strict mode %s; use Strict(false)", path, d.Name, why)); err != nil {
						return nil, err
					}
					continue
				}
			}
			out = append(out, kv{k, v})
		case k == "enum":
			vals := asSlice(v)
			st.enumValues += len(vals)
			chars := 0
			for _, e := range vals {
				if s, ok := e.(string); ok {
					chars += utf8.RuneCountInString(s)
				}
			}
			st.chars += chars
			out = append(out, kv{k, v})
		case k == "const":
			if c, ok := v.(string); ok {
				st.chars += utf8.RuneCountInString(c)
			}
			out = append(out, kv{k, v})
		default:
			out = append(out, kv{k, v})
		}
	}
	if why := d.OpenObjectProblem(s.get); why != "" && st.mayClose(s) {
		// Properties and nothing said of others: closed, the others are
		// what a strict model may not send (the invoker still takes them).
		st.note(Finding{Path: path, Keyword: "additionalProperties", Verdict: strictmode.Close, Why: why})
		if out.get("properties") == nil {
			// A root without parameters: properties stated, as empty,
			// beside the closing (what OpenAI's examples of a tool
			// without parameters send).
			out = append(out, kv{"properties", ordered{}})
		}
		out = append(out, kv{"additionalProperties", false})
	} else if why != "" {
		if err := st.refuse(Finding{Path: path, Keyword: "additionalProperties", Verdict: strictmode.Refuse, Why: why + openObject, Open: true},
			fmt.Errorf(`%s: an object without additionalProperties false takes any other names, which %s strict mode does not: it %s; close it with "additionalProperties":false, or use Strict(false)`,
				path, d.Name, why)); err != nil {
			return nil, err
		}
	}
	if typ == "object" || has(typ, "object") {
		st.depth = max(st.depth, depth)
	}
	if ts, ok := typ.([]any); ok && len(ts) > 1 {
		st.union(path)
	}
	if props, ok := out.get("properties").(ordered); ok {
		required := stringsOf(out.get("required"))
		if d.AllRequired {
			all := make([]any, 0, len(props))
			for i, p := range props {
				all = append(all, p.k)
				if o, ok := p.v.(ordered); ok && !slices.Contains(required, p.k) {
					// Optional: required, and nullable; the invoker takes
					// null for absent.
					props[i].v = nullable(o)
				}
			}
			if len(all) > 0 {
				out = out.set("required", all)
			}
		} else {
			// The properties not required, one by one: required may name
			// one the object does not have (a declared schema's).
			for _, p := range props {
				if !slices.Contains(required, p.k) {
					st.optional++
					if st.report != nil {
						st.report.Optional = append(st.report.Optional, path+"."+p.k)
					}
				}
			}
		}
	}
	if len(notes) > 0 {
		desc, _ := out.get("description").(string)
		if desc != "" {
			desc += " "
		}
		out = out.setDescription(desc + strings.Join(notes, " "))
	}
	if ref, ok := out.get("$ref").(string); ok && d.RefAlone && len(out) > 1 {
		// Beside a $ref, an anyOf (or a oneOf sent as one) holds as well
		// as the reference: no single anyOf says both. The root must be
		// an object, not an anyOf.
		if why := d.RefSiblingsProblem(out.get("anyOf") != nil, st.nesting == 1); why != "" {
			if err := st.refuse(Finding{Path: path, Keyword: "$ref", Verdict: strictmode.Refuse, Why: why},
				fmt.Errorf("%s: $ref: %s strict mode %s", path, d.Name, why)); err != nil {
				return nil, err
			}
			return out, nil
		}
		// The mode takes no keyword beside a $ref: the reference becomes
		// the one branch of an anyOf, which takes them.
		wrapped := ordered{{"anyOf", []any{ordered{{"$ref", ref}}}}}
		for _, e := range out {
			if e.k != "$ref" {
				wrapped = append(wrapped, e)
			}
		}
		out = wrapped
	}
	return out, nil
}

// value converts v, a schema at path: an object schema by convertSchema;
// true (any value) and false (none) as they are, but refused where every
// schema needs a type.
func (st *walker) value(d strictmode.StrictMode, v any, path string, depth int) (any, error) {
	switch v := v.(type) {
	case ordered:
		return convertSchema(d, v, path, depth, st)
	case bool:
		why := d.BooleanSchemaProblem(v)
		if why == "" {
			return v, nil
		}
		return v, st.refuse(Finding{Path: path, Verdict: strictmode.Refuse, Why: why},
			fmt.Errorf("%s: %s strict mode %s; give it a type, or use Strict(false)", path, d.Name, why))
	}
	why := "is not a schema (an object or a boolean)"
	return v, st.refuse(Finding{Path: path, Verdict: strictmode.Refuse, Why: why}, fmt.Errorf("%s: %s", path, why))
}

// schemaList converts v, the value of keyword k at path: a list of
// schemas, the one at index i at pathOf(i).
func (st *walker) schemaList(d strictmode.StrictMode, k string, v any, path string, pathOf func(int) string, depth int) (any, error) {
	list, ok := v.([]any)
	if !ok {
		return v, st.notSchemas(path, k, "a list of schemas")
	}
	conv := make([]any, 0, len(list))
	for i, b := range list {
		cb, err := st.value(d, b, pathOf(i), depth)
		if err != nil {
			return nil, err
		}
		conv = append(conv, cb)
	}
	return conv, nil
}

// schemaMap converts v, the value of keyword k at path: an object whose
// members are schemas, the one named name at pathOf(name).
func (st *walker) schemaMap(d strictmode.StrictMode, k string, v any, path string, pathOf func(string) string, depth int) (any, error) {
	m, ok := v.(ordered)
	if !ok {
		return v, st.notSchemas(path, k, "an object of schemas")
	}
	conv := make(ordered, 0, len(m))
	for _, e := range m {
		cv, err := st.value(d, e.v, pathOf(e.k), depth)
		if err != nil {
			return nil, err
		}
		conv = append(conv, kv{e.k, cv})
	}
	return conv, nil
}

// notSchemas refuses keyword k at path, whose value is not what a JSON
// Schema has there.
func (st *walker) notSchemas(path, k, what string) error {
	why := "is not " + what
	return st.refuse(Finding{Path: path, Keyword: k, Verdict: strictmode.Refuse, Why: why}, fmt.Errorf("%s: %s: %s", path, k, why))
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

// mergedDefs returns the names of the root's definitions ("$defs/m") that
// take part in a merge: named by a $ref inside a merging combinator's
// branches or beside other keywords (merges), or by a $ref at the top of
// a definition that does (not by one in its properties or items, whose
// values are values of their own). "#" is the root, when such a $ref
// names it. They are not closed; nor is anything, when such a $ref leads
// where the conversion cannot follow (mergeUnknown).
func (st *walker) mergedDefs() map[string]bool {
	if st.merged != nil {
		return st.merged
	}
	st.merged = map[string]bool{}
	var walk func(v any, inMerge bool)
	follow := func(ref string) {
		t, known := st.graph().target(ref)
		switch {
		case !known || t == "":
			st.mergeUnknown = true
		case st.merged[t]:
		case t == "#":
			st.merged[t] = true
		default:
			st.merged[t] = true
			kind, name, _ := strings.Cut(t, "/")
			if defs, ok := st.root.get(kind).(ordered); ok {
				walk(defs.get(name), true) // its own top, a part of the merge too
			}
		}
	}
	walk = func(v any, inMerge bool) {
		s, ok := v.(ordered)
		if !ok {
			return
		}
		if ref, ok := s.get("$ref").(string); ok && (inMerge || merges(s, "$ref")) {
			follow(ref)
		}
		for _, e := range s {
			var in bool
			switch e.k {
			case "allOf", "anyOf", "oneOf":
				in = inMerge || merges(s, e.k)
			case "dependentSchemas", "dependencies", "if", "then", "else":
				in = true // they hold of the same value as the object
			default:
				in = false // the values inside are values of their own
			}
			eachSubschema(e.k, e.v, func(sub ordered) { walk(sub, in) })
		}
	}
	walk(st.root, false)
	return st.merged
}

// openObject ends the reason of an open object that is not closed.
const openObject = ", and this object cannot be closed without refusing what its schema takes (it names no properties, or something beside them adds others)"

// mayClose reports whether an open object schema s at path may be given
// additionalProperties false without refusing a value its own keywords
// take: it names its properties (or is the root with none: a tool
// without parameters, as MCP servers declare one), nothing beside them
// adds others (allOf, if/then/else, dependentSchemas, dependentRequired,
// unevaluatedProperties), and it is not a branch of an allOf, whose other
// branches may add them.
func (st *walker) mayClose(s ordered) bool {
	merged := st.mergedDefs()
	if st.allOf > 0 || st.mergeUnknown || st.nesting == 1 && merged["#"] {
		return false
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf", "$ref", "if", "then", "else", "dependentSchemas", "dependentRequired",
		"dependencies", "unevaluatedProperties", "patternProperties"} {
		if s.get(k) != nil {
			return false
		}
	}
	props, named := s.get("properties").(ordered)
	if !named && st.nesting != 1 { // the root itself, not a branch at its path
		return false
	}
	// Closed, it takes only its properties: none it requires may be
	// missing from them, nor may it ask for more than they are.
	for _, r := range stringsOf(s.get("required")) {
		if props.get(r) == nil {
			return false
		}
	}
	if n, ok := s.get("minProperties").(json.Number); ok {
		if min, err := n.Int64(); err != nil || min > int64(len(props)) {
			return false
		}
	}
	return true
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
func parseOrdered(data []byte) (ordered, error) {
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
