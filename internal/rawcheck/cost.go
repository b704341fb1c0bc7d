package rawcheck

import (
	"encoding/json"
	"regexp/syntax"
	"unsafe"

	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/schema"
)

// The cost of checking a call. The validator's time on a value is the sum,
// over the schemas that apply to it, of what their keywords cost: an enum
// compares every value (a number through big.Rat, microseconds each), a
// pattern's match takes time linear in the string times its program, a
// multipleOf divides exactly. Within the schema bounds each is bounded,
// but their product with the number of values is not: a 100 KB call of
// 20,000 numbers against an enum of 1,000 numbers took a minute. So the
// cost is counted first, on the parsed arguments, by a walk that applies
// the schema's structure as the validator would (every branch of an
// anyOf, every patternProperties entry, which is an upper bound), and a
// call past its budget is refused before the validator runs. The walk
// stops at the budget, so it costs no more than the budget allows.
//
// A unit is about 10 ns of the validator's time.
const (
	costApply      = 50  // a schema applied to a value
	costNumber     = 150 // a number read and compared exactly (enum, const, bounds, uniqueItems)
	costValue      = 10  // a value of an enum or const compared, other than a number
	costPerMult    = 1   // a multipleOf, per digit of the division's span (5 µs at 1e-400)
	costPerPattern = 1   // a byte matched, per instruction of the pattern's program
	costRequired   = 20  // a required name looked up (and, missing, a violation)
	// A string of the format regex is parsed (per byte) and compiled:
	// each instruction schema.RegexWork counts is built twice.
	costRegexByte = 10
	costRegexInst = 16
	// maxInplace bounds the schemas applied in place (allOf, $ref, ...)
	// one within another; only a cycle of them (which the validator
	// refuses) goes deeper.
	maxInplace = 256
	// budgetBase is every call's budget (about 0.1 s), budgetPerByte
	// what each byte of the arguments adds: the ordinary calls of a
	// real schema cost a few units a byte.
	budgetBase    = 10_000_000
	budgetPerByte = 64
)

// budgetFor is the budget of a call whose arguments are size bytes (and
// of the checks of a schema's defaults, by the schema's size).
func budgetFor(size int) int { return budgetBase + budgetPerByte*size }

// A costNode is a schema as the cost walk reads it.
type costNode struct {
	fixed      int // per application, whatever the value
	perNumber  int // per application to a number
	multipleOf int // per application to a number, a multipleOf's
	insts      int // the pattern's program size, per byte of a string
	inplace    []*costNode
	props      map[string]*costNode
	patProps   []patCost
	addl       *costNode
	names      *costNode
	prefix     []*costNode
	rest       *costNode // items past the prefix
	contains   *costNode
	unevalP    *costNode
	unevalI    *costNode
	depSchemas map[string]*costNode
	uniqueOrEq bool // uniqueItems: every item hashed
	regex      bool // format regex: a string is compiled
}

type patCost struct {
	insts int
	n     *costNode
}

// costGraph builds the cost nodes of the schemas reachable from root: the
// root's, and each object schema's by its map.
func costGraph(doc *metaschema.Doc) (*costNode, map[unsafe.Pointer]*costNode) {
	if doc == nil {
		return nil, nil
	}
	refs := map[unsafe.Pointer][]map[string]any{}
	doc.Refs(func(r metaschema.Ref) { refs[mapKey(r.From)] = append(refs[mapKey(r.From)], r.To) })
	nodes := map[unsafe.Pointer]*costNode{}
	insts := map[string]int{}
	patternInsts := func(p string) int {
		n, ok := insts[p]
		if !ok {
			n = patternInsts(p)
			insts[p] = n
		}
		return n
	}
	var build func(v any) *costNode
	build = func(v any) *costNode {
		s, ok := v.(map[string]any)
		if !ok {
			return nil // a boolean schema costs its application only
		}
		k := mapKey(s)
		if n := nodes[k]; n != nil {
			return n
		}
		n := &costNode{fixed: costApply}
		nodes[k] = n
		for _, to := range refs[k] {
			n.inplace = append(n.inplace, build(to))
		}
		for name, kv := range s {
			switch name {
			case "allOf", "anyOf", "oneOf":
				for _, e := range asAnys(kv) {
					n.inplace = append(n.inplace, build(e))
				}
			case "not", "if", "then", "else":
				n.inplace = append(n.inplace, build(kv))
			case "dependentSchemas", "dependencies":
				if m, ok := kv.(map[string]any); ok {
					for dk, dv := range m {
						if _, ok := dv.(map[string]any); ok {
							if n.depSchemas == nil {
								n.depSchemas = map[string]*costNode{}
							}
							n.depSchemas[dk] = build(dv)
						}
					}
				}
			case "properties":
				if m, ok := kv.(map[string]any); ok {
					n.props = map[string]*costNode{}
					for pk, pv := range m {
						n.props[pk] = build(pv)
					}
				}
			case "patternProperties":
				if m, ok := kv.(map[string]any); ok {
					for pk, pv := range m {
						n.patProps = append(n.patProps, patCost{patternInsts(pk), build(pv)})
					}
				}
			case "additionalProperties":
				n.addl = build(kv)
			case "propertyNames":
				n.names = build(kv)
			case "prefixItems":
				for _, e := range asAnys(kv) {
					n.prefix = append(n.prefix, build(e))
				}
			case "items":
				if list, ok := kv.([]any); ok {
					for _, e := range list {
						n.prefix = append(n.prefix, build(e))
					}
				} else {
					n.rest = build(kv)
				}
			case "additionalItems":
				n.rest = build(kv)
			case "contains":
				n.contains = build(kv)
			case "unevaluatedProperties":
				n.unevalP = build(kv)
			case "unevaluatedItems":
				n.unevalI = build(kv)
			case "pattern":
				if p, ok := kv.(string); ok {
					n.insts = patternInsts(p)
				}
			case "enum":
				for _, e := range asAnys(kv) {
					n.fixed += valueCost(e)
				}
			case "const":
				n.fixed += valueCost(kv)
			case "required":
				n.fixed += costRequired * len(asAnys(kv))
			case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
				n.perNumber += costNumber
			case "multipleOf":
				if num, ok := kv.(json.Number); ok {
					e := schema.Exponent(string(num))
					n.multipleOf = costNumber + costPerMult*(abs(e)+len(num))
				}
			case "uniqueItems":
				n.uniqueOrEq = kv == true
			case "format":
				n.regex = kv == "regex"
			}
		}
		return n
	}
	return build(doc.Root), nodes
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// valueCost is what comparing a value with an enum's or const's costs.
func valueCost(v any) int {
	switch v := v.(type) {
	case json.Number:
		return costNumber
	case []any:
		c := costValue
		for _, e := range v {
			c += valueCost(e)
		}
		return c
	case map[string]any:
		c := costValue
		for _, e := range v {
			c += valueCost(e)
		}
		return c
	}
	return costValue
}

// patternInsts is the size of a pattern's program (the bounds walk has
// compiled it; one that does not compile costs nothing: the validator
// refuses it first).
func patternInsts(p string) int {
	re, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		return 0
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return 0
	}
	return len(prog.Inst)
}

// affordable reports whether checking v against the schema costs at most
// budget units.
func (n *costNode) affordable(v *Value, budget int) bool {
	left := budget
	spend(n, v, &left, 0)
	return left >= 0
}

// spend takes from left what applying n to v costs, and stops once it is
// spent.
func spend(n *costNode, v *Value, left *int, inplace int) {
	if *left < 0 {
		return
	}
	if inplace > maxInplace {
		*left = -1
		return
	}
	if n == nil {
		*left -= costApply
		return
	}
	*left -= n.fixed
	switch v.Kind {
	case '0':
		*left -= n.perNumber + n.multipleOf
	case '"':
		*left -= len(v.Str) * n.insts * costPerPattern
		if n.regex {
			// Its bytes first: the parse that counts its program is
			// not made past the budget.
			if *left -= costRegexByte * len(v.Str); *left >= 0 {
				*left -= costRegexInst * schema.RegexWork(v.Str)
			}
		}
	}
	for _, c := range n.inplace {
		if spend(c, v, left, inplace+1); *left < 0 {
			return
		}
	}
	switch v.Kind {
	case '{':
		for i, k := range v.Keys {
			e := v.Vals[i]
			ps, known := n.props[k]
			if known {
				spend(ps, e, left, 0)
			}
			for _, pp := range n.patProps {
				*left -= len(k) * pp.insts * costPerPattern
				spend(pp.n, e, left, 0)
			}
			if !known && n.addl != nil {
				spend(n.addl, e, left, 0)
			}
			if n.names != nil {
				spend(n.names, &Value{Kind: '"', Str: k}, left, 0)
			}
			if n.unevalP != nil {
				spend(n.unevalP, e, left, 0)
			}
			if d := n.depSchemas[k]; d != nil {
				spend(d, v, left, inplace+1)
			}
			if *left < 0 {
				return
			}
		}
	case '[':
		for i, e := range v.Vals {
			switch {
			case i < len(n.prefix):
				spend(n.prefix[i], e, left, 0)
			case n.rest != nil:
				spend(n.rest, e, left, 0)
			}
			if n.contains != nil {
				spend(n.contains, e, left, 0)
			}
			if n.unevalI != nil {
				spend(n.unevalI, e, left, 0)
			}
			if n.uniqueOrEq {
				*left -= costNumber
			}
			if *left < 0 {
				return
			}
		}
	}
}
