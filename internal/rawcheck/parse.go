package rawcheck

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strconv"

	"github.com/toolschema/toolschema/internal/jsonscan"
	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/schema"
)

// A ParseError is what makes a JSON text unusable, where it is.
type ParseError struct {
	Rule string   // json, depth, duplicate, range, size
	Loc  []string // the location of the value at fault, its segments marked
	// Max is, for a "size" error of too many values, the bound they
	// passed (0 for a number too long, at Loc).
	Max int
}

// Parse reads a JSON text: as arguments (args) or as a result. For
// arguments it refuses a key given twice and nesting deeper than
// MaxArgumentDepth; a result is only read, nested no deeper than
// encoding/json reads (10000 levels). Every text has its numbers
// bounded (MaxNumberLength characters, an exponent within
// schema.MaxExponent).
//
// The grammar is encoding/json's: a text json.Valid accepts is walked
// once, its keys and plain strings taken as slices of one copy of it, a
// string with an escape or bytes that are not UTF-8 read by
// json.Unmarshal; a text it refuses is read token by token with
// json.Decoder, so that the fault reported is the first in the text (a
// key given twice before the syntax breaks is a duplicate).
func Parse(data []byte, args bool) (*Value, *ParseError) {
	v, _, perr := parse(data, args, 0)
	return v, perr
}

// parse is Parse that stops past maxValues values (0: no bound), with a
// "size" error that gives the bound.
func parse(data []byte, args bool, maxValues int) (v *Value, values int, perr *ParseError) {
	l := locator{maxValues: maxValues}
	if !json.Valid(data) {
		// Refused (the token parser reads what is not JSON only to say
		// where): there is no count to give.
		v, perr = parseTokens(data, args, l, 0)
		return v, 0, perr
	}
	return parseValid(string(data), args, l, 0)
}

// ParseAt reads a JSON text found inside arguments, as the value at loc
// (marked segments) and depth: as arguments are read, so that a key given
// twice or a depth past MaxArgumentDepth in it is an error at its place.
func ParseAt(text string, loc []string, depth int) (*Value, *ParseError) {
	l := locator{base: loc}
	if data := []byte(text); !json.Valid(data) {
		return parseTokens(data, true, l, depth)
	}
	v, _, perr := parseValid(text, true, l, depth)
	return v, perr
}

// number checks a number literal against the bounds every text keeps.
func number(lit string) (rule string) {
	if len(lit) > limits.MaxNumberLength {
		return "size"
	}
	if e := schema.Exponent(lit); e > schema.MaxExponent || e < -schema.MaxExponent {
		return "range"
	}
	return ""
}

// maxNesting is encoding/json's bound on nesting (json.Valid refuses a
// text nested deeper): the token parser keeps it too, for a result.
const maxNesting = 10000

// A locator follows the location of the value being read: a step a
// level, written out as marked segments only at a fault.
type locator struct {
	base []string // the location of the text's value
	at   []step   // the location of the value being read, below base
	// values counts the values read, up to maxValues when it is not 0.
	values, maxValues int
}

// A step is one segment of a location: a key, or an index (index < 0
// marks a key).
type step struct {
	key   string
	index int
}

// loc writes the location being read as marked segments.
func (l *locator) loc() []string {
	out := slices.Clone(l.base)
	for _, s := range l.at {
		if s.index >= 0 {
			out = append(out, IndexMark+strconv.Itoa(s.index))
		} else {
			out = append(out, KeyMark+s.key)
		}
	}
	return out
}

// fault is an error of the rule at the location being read.
func (l *locator) fault(rule string) *ParseError { return &ParseError{Rule: rule, Loc: l.loc()} }

// count counts a value, and refuses it past maxValues.
func (l *locator) count() *ParseError {
	if l.values++; l.maxValues > 0 && l.values > l.maxValues {
		return &ParseError{Rule: "size", Max: l.maxValues}
	}
	return nil
}

// given reports whether key is among read, the keys of an object read so
// far, and then adds it to seen: read is scanned while it holds a few,
// seen made from it at the sixteenth and kept, so that finding a key
// given twice stays linear in the keys.
func given(seen *map[string]bool, read []string, key string) bool {
	if *seen == nil {
		if len(read) < 16 {
			return slices.Contains(read, key)
		}
		*seen = make(map[string]bool, 2*len(read))
		for _, k := range read {
			(*seen)[k] = true
		}
	}
	if (*seen)[key] {
		return true
	}
	(*seen)[key] = true
	return false
}

// walker reads a text json.Valid accepts into values.
type walker struct {
	locator
	text string
	i    int
	args bool
	// slab is where values are made, a few at a time.
	slab []Value
	// keys and vals hold the members of the objects and arrays being
	// read, each given a slice of its own, of its size, at its end.
	keys []string
	vals []*Value
}

func parseValid(text string, args bool, l locator, depth int) (*Value, int, *ParseError) {
	w := &walker{locator: l, text: text, args: args}
	v, perr := w.value(depth)
	return v, w.values, perr
}

// alloc makes a value of the kind, from the slab.
func (w *walker) alloc(kind byte) *Value {
	if len(w.slab) == cap(w.slab) {
		w.slab = make([]Value, 0, 16)
	}
	w.slab = append(w.slab, Value{Kind: kind})
	return &w.slab[len(w.slab)-1]
}

// ws skips the whitespace at w.i.
func (w *walker) ws() { w.i = jsonscan.Space(w.text, w.i) }

// str reads the string at w.i.
func (w *walker) str() string {
	s, end := jsonscan.String(w.text, w.i)
	w.i = end
	return s
}

// value reads the value at w.i, at depth.
func (w *walker) value(depth int) (*Value, *ParseError) {
	if perr := w.count(); perr != nil {
		return nil, perr
	}
	w.ws()
	switch c := w.text[w.i]; c {
	case '{', '[':
		if w.args && depth >= MaxArgumentDepth {
			return nil, w.fault("depth")
		}
		w.i++
		v := w.alloc(c)
		var seen map[string]bool
		w.at = append(w.at, step{index: -1})
		keys, vals := len(w.keys), len(w.vals)
		for n := 0; ; n++ {
			w.ws()
			if w.text[w.i] == c+2 {
				w.i++
				break
			}
			if n > 0 {
				w.i++ // the comma
				w.ws()
			}
			if c == '{' {
				key := w.str()
				w.at[len(w.at)-1] = step{key: key, index: -1}
				if w.args {
					if given(&seen, w.keys[keys:], key) {
						return nil, w.fault("duplicate")
					}
				}
				w.keys = append(w.keys, key)
				w.ws()
				w.i++ // the colon
			} else {
				w.at[len(w.at)-1] = step{index: n}
			}
			e, perr := w.value(depth + 1)
			if perr != nil {
				return nil, perr
			}
			w.vals = append(w.vals, e)
		}
		w.at = w.at[:len(w.at)-1]
		if len(w.vals) > vals {
			if c == '{' {
				v.Keys = slices.Clone(w.keys[keys:])
			}
			v.Vals = slices.Clone(w.vals[vals:])
		}
		w.keys, w.vals = w.keys[:keys], w.vals[:vals]
		return v, nil
	case '"':
		v := w.alloc('"')
		v.Str = w.str()
		return v, nil
	case 't':
		w.i += len("true")
		return w.alloc('t'), nil
	case 'f':
		w.i += len("false")
		return w.alloc('f'), nil
	case 'n':
		w.i += len("null")
		return w.alloc('n'), nil
	}
	start := w.i
	w.i = jsonscan.Number(w.text, w.i)
	lit := w.text[start:w.i]
	if rule := number(lit); rule != "" {
		return nil, w.fault(rule)
	}
	v := w.alloc('0')
	v.Str = lit
	return v, nil
}

// tokenParser reads a text token by token (json.Decoder), for a text that
// breaks the grammar: it stops at the first fault, of any rule. A text
// nested deeper than json.Valid reads (maxNesting) is not JSON.
type tokenParser struct {
	locator
	d    *json.Decoder
	args bool
}

func parseTokens(data []byte, args bool, l locator, depth int) (*Value, *ParseError) {
	p := &tokenParser{locator: l, d: json.NewDecoder(bytes.NewReader(data)), args: args}
	p.d.UseNumber()
	v, perr := p.value(depth)
	if perr != nil {
		return nil, perr
	}
	if _, err := p.d.Token(); err != io.EOF {
		return nil, &ParseError{Rule: "json"}
	}
	return v, nil
}

func (p *tokenParser) value(depth int) (*Value, *ParseError) {
	tok, err := p.d.Token()
	if d, ok := tok.(json.Delim); err != nil || ok && d != '[' && d != '{' {
		return nil, &ParseError{Rule: "json"}
	}
	if perr := p.count(); perr != nil {
		return nil, perr
	}
	switch t := tok.(type) {
	case json.Delim:
		if p.args && depth >= MaxArgumentDepth {
			return nil, p.fault("depth")
		}
		if len(p.at) >= maxNesting {
			return nil, &ParseError{Rule: "json"}
		}
		v := &Value{Kind: byte(t)}
		var seen map[string]bool
		p.at = append(p.at, step{index: -1})
		for i := 0; p.d.More(); i++ {
			if t == '{' {
				k, err := p.d.Token()
				if err != nil {
					return nil, &ParseError{Rule: "json"}
				}
				key := k.(string)
				p.at[len(p.at)-1] = step{key: key, index: -1}
				if p.args {
					if given(&seen, v.Keys, key) {
						return nil, p.fault("duplicate")
					}
				}
				v.Keys = append(v.Keys, key)
			} else {
				p.at[len(p.at)-1] = step{index: i}
			}
			e, perr := p.value(depth + 1)
			if perr != nil {
				return nil, perr
			}
			v.Vals = append(v.Vals, e)
		}
		p.at = p.at[:len(p.at)-1]
		// The closing delimiter: its absence is a truncated text.
		if end, err := p.d.Token(); err != nil || end != json.Delim(t+2) {
			return nil, &ParseError{Rule: "json"}
		}
		return v, nil
	case string:
		return &Value{Kind: '"', Str: t}, nil
	case json.Number:
		if rule := number(string(t)); rule != "" {
			return nil, p.fault(rule)
		}
		return &Value{Kind: '0', Str: string(t)}, nil
	case bool:
		if t {
			return &Value{Kind: 't'}, nil
		}
		return &Value{Kind: 'f'}, nil
	}
	return &Value{Kind: 'n'}, nil
}
