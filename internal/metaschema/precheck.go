package metaschema

import (
	"encoding/json"
	"strconv"

	"github.com/toolschema/toolschema/internal/schema"
)

// Precheck reads s as written, token by token, and refuses it at the first
// bound it passes (MaxDepth, MaxSubschemas, MaxListValues, the numbers'
// and the patterns' bounds), without building the document: a schema
// past a bound costs the time to read up to where it passes it, never the
// time to parse it whole. It counts what the text holds, a member given
// twice included. Bounds that need the document (references, the
// patterns' programs, the integer keywords) are left to the walk of the
// parsed document, and so is a text that is not JSON: Precheck then
// returns nil and the parser says what is wrong.
func Precheck(s []byte) error {
	p := prechecker{s: s, stack: make([]frame, 0, 16)}
	return p.run()
}

// The role of a container of the schema document, as the walk of the
// parsed document gives it.
type role uint8

const (
	roleData       role = iota // data: an enum's values, a default, an unknown keyword's value
	roleSchema                 // an object schema
	roleSchemaList             // an array of schemas (anyOf, prefixItems, items as an array)
	roleSchemaMap              // an object of schemas (properties, $defs, ...)
	roleNames                  // a list of names (required, a dependentRequired entry)
	roleNamesMap               // dependentRequired
)

// A frame is an open container.
type frame struct {
	role   role
	object bool
	// key is the member being read in an object (as written, or
	// unescaped when it had escapes), n the elements read in an array.
	key []byte
	n   int
}

type prechecker struct {
	s     []byte
	i     int
	stack []frame
	// subschemas counts the schemas met.
	subschemas int
	// listDepth is the depth of the enum or const being counted (-1 for
	// none), listValues its values so far.
	listDepth, listValues int
	listKey               string
}

// notJSON stops the scan where the text is not JSON: the parser that
// follows says why.
type notJSON struct{}

func (p *prechecker) run() error {
	p.listDepth = -1
	// want: 0 a value, 1 a member's key or the object's end, 2 a ',' or
	// the container's end after a value.
	const (
		wantValue = iota
		wantKey
		wantNext
	)
	want := wantValue
	for {
		p.space()
		if p.i >= len(p.s) {
			return nil
		}
		c := p.s[p.i]
		switch want {
		case wantKey:
			if c == '}' && p.top().n == 0 {
				p.i++
				p.pop()
				want = wantNext
				break
			}
			key, ok := p.str()
			if !ok {
				return nil
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil
			}
			p.i++
			f := p.top()
			f.key, f.n = key, f.n+1
			if err := p.memberKey(); err != nil {
				return err
			}
			want = wantValue
		case wantNext:
			if len(p.stack) == 0 {
				return nil // what follows is the parser's to refuse
			}
			f := p.top()
			switch {
			case c == ',' && f.object:
				p.i++
				want = wantKey
			case c == ',':
				p.i++
				want = wantValue
			case c == '}' && f.object, c == ']' && !f.object:
				p.i++
				p.pop()
			default:
				return nil
			}
		case wantValue:
			if len(p.stack) > 0 && !p.top().object && c == ']' && p.top().n == 0 {
				p.i++
				p.pop()
				want = wantNext
				break
			}
			opened, err := p.value(c)
			if err != nil {
				if _, stop := err.(notJSON); stop {
					return nil
				}
				return err
			}
			want = wantNext
			if opened {
				if p.top().object {
					want = wantKey
				} else {
					want = wantValue
				}
			}
		}
	}
}

func (notJSON) Error() string { return "not JSON" }

func (p *prechecker) top() *frame { return &p.stack[len(p.stack)-1] }

func (p *prechecker) pop() {
	p.stack = p.stack[:len(p.stack)-1]
	if len(p.stack) == p.listDepth {
		p.listDepth = -1
	}
}

func (p *prechecker) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// str reads a string at p.i and returns its text, unescaped.
func (p *prechecker) str() ([]byte, bool) {
	if p.s[p.i] != '"' {
		return nil, false
	}
	start, escaped := p.i, false
	for j := p.i + 1; j < len(p.s); j++ {
		switch p.s[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			p.i = j + 1
			if !escaped {
				return p.s[start+1 : j], true
			}
			var t string
			if json.Unmarshal(p.s[start:j+1], &t) != nil {
				return nil, false
			}
			return []byte(t), true
		}
	}
	return nil, false
}

// path is the location of the value being read, as the walk writes it.
func (p *prechecker) path(frames []frame) []string {
	out := make([]string, len(frames))
	for i, f := range frames {
		if f.object {
			out[i] = string(f.key)
		} else {
			out[i] = strconv.Itoa(f.n - 1)
		}
	}
	return out
}

// memberKey checks a member's name where names are patterns.
func (p *prechecker) memberKey() error {
	if len(p.stack) < 2 {
		return nil
	}
	f, parent := p.top(), p.stack[len(p.stack)-2]
	if f.role == roleSchemaMap && parent.role == roleSchema && string(parent.key) == "patternProperties" && len(f.key) > MaxPatternBytes {
		return &boundsError{pointer(p.path(p.stack)), "the pattern " + quote(string(f.key)) + " is longer than " + strconv.Itoa(MaxPatternBytes) + " bytes"}
	}
	return nil
}

// value reads the value starting with c at p.i: a scalar whole, or a
// container's opening (opened then says so).
func (p *prechecker) value(c byte) (opened bool, err error) {
	depth := len(p.stack)
	if depth > 0 && !p.top().object {
		p.top().n++
	}
	if depth > MaxDepth {
		return false, &boundsError{pointer(p.path(p.stack)), "the schema is nested deeper than " + strconv.Itoa(MaxDepth) + " levels"}
	}
	if p.listDepth >= 0 {
		if p.listValues++; p.listValues > MaxListValues {
			return false, &boundsError{pointer(p.path(p.stack[:p.listDepth])),
				"the " + p.listKey + " has more than " + strconv.Itoa(MaxListValues) + " values"}
		}
	}
	// The role of the value, from its container's.
	r := roleData
	var key string
	if depth == 0 {
		r = roleSchema
	} else {
		f := p.top()
		switch f.role {
		case roleSchema:
			key = string(f.key)
			switch {
			case c == '[' && schemaListKeywords[key]:
				r = roleSchemaList
			case c != '[' && schemaKeywords[key]:
				r = roleSchema
			case c == '{' && schemaMapKeywords[key]:
				r = roleSchemaMap
			case c == '[' && key == "required":
				r = roleNames
			case c == '{' && key == "dependentRequired":
				r = roleNamesMap
			}
		case roleSchemaList:
			r = roleSchema
		case roleSchemaMap:
			if c != '[' {
				r = roleSchema
			}
		case roleNames:
			if f.n > MaxListValues {
				at := p.stack[:len(p.stack)-1]
				kw := "required"
				if len(at) > 1 && at[len(at)-1].role == roleNamesMap {
					kw = "dependentRequired"
				}
				return false, &boundsError{pointer(p.path(at)), kw + " lists more than " + strconv.Itoa(MaxListValues) + " names"}
			}
		case roleNamesMap:
			if c == '[' {
				r = roleNames
			}
		}
	}
	if r == roleSchema && (c == '{' || c == 't' || c == 'f') {
		if p.subschemas++; p.subschemas > MaxSubschemas {
			return false, &boundsError{pointer(p.path(p.stack)), "the schema has more than " + strconv.Itoa(MaxSubschemas) + " subschemas"}
		}
	}
	if depth > 0 && p.top().role == roleSchema && p.listDepth < 0 {
		switch key {
		case "enum":
			if c == '[' {
				p.listDepth, p.listValues, p.listKey = depth, 0, "enum"
			}
		case "const":
			if c == '[' || c == '{' {
				p.listDepth, p.listValues, p.listKey = depth, 1, "const"
			}
		}
	}
	switch {
	case c == '{' || c == '[':
		p.i++
		if r == roleSchema && c == '[' {
			r = roleData // an array where a schema is wanted: the validator refuses it
		}
		p.stack = append(p.stack, frame{role: r, object: c == '{'})
		return true, nil
	case c == '"':
		t, ok := p.str()
		if !ok {
			return false, notJSON{}
		}
		if key == "pattern" && len(t) > MaxPatternBytes {
			return false, &boundsError{pointer(p.path(p.stack)), "the pattern " + quote(string(t)) + " is longer than " + strconv.Itoa(MaxPatternBytes) + " bytes"}
		}
	case c == 't':
		return false, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return false, p.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		start := p.i
		for p.i < len(p.s) {
			switch d := p.s[p.i]; {
			case '0' <= d && d <= '9', d == '-', d == '+', d == '.', d == 'e', d == 'E':
				p.i++
				continue
			}
			break
		}
		n := string(p.s[start:p.i])
		if len(n) > MaxNumberLength {
			return false, &boundsError{pointer(p.path(p.stack)), "a number of more than " + strconv.Itoa(MaxNumberLength) + " characters"}
		}
		if e := schema.Exponent(n); e > MaxExponent || e < -MaxExponent {
			return false, &boundsError{pointer(p.path(p.stack)), "the number " + n + " has an exponent beyond ±" + strconv.Itoa(MaxExponent)}
		}
	default:
		return false, notJSON{}
	}
	return false, nil
}

func (p *prechecker) literal(lit string) error {
	if len(p.s)-p.i < len(lit) || string(p.s[p.i:p.i+len(lit)]) != lit {
		return notJSON{}
	}
	p.i += len(lit)
	return nil
}
