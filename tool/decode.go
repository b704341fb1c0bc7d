package tool

import (
	"bytes"
	"context"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"hash/maphash"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/violation"
)

// A decoder reads one JSON text into a Go value through its plan, checking
// the text against the plan's checks as it goes. It reads the text once:
// what breaks the JSON grammar, a key given twice, nesting deeper than
// maxArgumentDepth, a number literal longer than maxNumberLength and an
// exponent no float64 has stop it (only the first such fault is reported,
// as a parser would); every other violation is collected and the reading
// goes on, so that all of them are counted. Every step is linear in the
// size of the text, in time and in memory: the violations kept are the
// maxViolations most useful, the others only counted.
type decoder struct {
	data []byte
	i    int
	args bool   // arguments: refuse duplicates and deep nesting, drop optional nulls, fill defaults
	noun string // "Argument" or "Result"
	path []seg
	buf  [8]seg // path's first segments

	// ctx is asked whether the caller gave up every pollEvery values,
	// when it can end (done is not nil).
	ctx   context.Context
	done  <-chan struct{}
	ticks int

	// keyStack holds the first keys of the objects being read, for
	// their keySets.
	keyStack [][]byte

	// untyped counts the values read without a Go type: into any, or
	// into a type that declares its schema (skipUntyped).
	untyped int
	// built counts the bytes of the Go values made for arguments (slices'
	// arrays, maps' entries, pointers' values), up to budget (charge).
	built, budget int
	// held, when not nil, is the room the call took from heldValues for
	// those values, for the value they are read into, of heldBase bytes,
	// and for the values encoding/json made into any, of anyBuilt: they
	// are read only while there is room.
	held               *held
	heldBase, anyBuilt int

	viols []Violation
	more  int // violations found past the maxViolations kept
	// worst is the least useful of the violations kept, once
	// maxViolations were: one less useful is only counted. worstPath is
	// its path, and pathBuf where the path of a new one is written.
	worst              *Violation
	worstPath, pathBuf []byte
	// decodeFault is the first value a type's own method refused; it is
	// reported only when the schema's checks found nothing.
	decodeFault *Violation
	// repairs, when not nil, asks for RepairArgs: the repairs made are
	// logged in it. Within the items of a uniqueItems array (unique > 0),
	// the repairs are also kept as edits of the texts they were made in,
	// so that the items are compared as repaired: in is the number of the
	// text being read (0: the arguments; each text read in place of a
	// value has the next), texts the count of them.
	repairs   *repairLog
	edits     []edit
	in, texts int
	unique    int
}

// A seg is one step of the location being read.
type seg struct {
	kind byte // '.': a property; '?': a name the schema lacks; '{': a map value; '[': an element
	name string
	i    int
	// raw is the text of a '?' name not yet made a string (name is ""),
	// esc whether it has escapes: most such names are never written.
	raw []byte
	esc bool
}

// text returns the name of a '.' or '?' segment.
func (s *seg) text() string {
	if s.raw != nil {
		return key(s.raw, s.esc)
	}
	return s.name
}

// fault is what a decoder panics with when the text cannot be read on.
type fault struct{ v Violation }

// gaveUp is what a decoder panics with when its context ended.
type gaveUp struct{ err error }

// A methodPanic is the error of a decoding during which a method of the
// type being decoded (UnmarshalJSON, UnmarshalText) panicked: the type's
// code failed, not the JSON it was given. of says what was decoded.
type methodPanic struct {
	of string
	p  *panicError
}

func (e *methodPanic) Error() string {
	return "decoding " + e.of + " panicked: " + cutText(sprintSafe(e.p.value))
}

// Unwrap returns the panic, with its stack, to a caller of CheckArgs.
func (e *methodPanic) Unwrap() error { return e.p }

// guard calls a method of the type being decoded, and turns a panic in it
// into a *methodPanic, which decode returns. A runtime.Goexit in it
// ends the goroutine that decodes, as in any code that goroutine calls.
func guard(method func() error) error {
	defer func() {
		if p := recover(); p != nil {
			panic(&methodPanic{p: recovered(p)})
		}
	}()
	return method()
}

// pollEvery is how many values a decoder reads between two looks at its
// context.
const pollEvery = 1024

// decode reads data into v (settable, of p's type; or the zero Value, to
// check data without keeping it) and returns the violations, the
// maxViolations most useful first, and how many more were found. The error
// is ctx's, when it ended during the reading, or a *methodPanic.
func decode(ctx context.Context, p *plan, data []byte, v reflect.Value, args bool, noun string) (viols []Violation, more int, err error) {
	return decodeRepairing(ctx, p, data, v, args, noun, nil, nil)
}

// decodeRepairing is decode, with the repairs of RepairArgs when repairs
// is not nil: those made are added to it (on a refusal too: the model is
// told what was assumed before the checks refused it). The Go values of
// arguments take room from h when it is not nil; the error is then
// errHeldPast when there is none left.
func decodeRepairing(ctx context.Context, p *plan, data []byte, v reflect.Value, args bool, noun string, repairs *repairLog, h *held) (viols []Violation, more int, err error) {
	d := newDecoder(ctx, data, args, noun)
	d.repairs, d.held = repairs, h
	if h != nil && v.IsValid() {
		d.heldBase = int(goSize(v.Type()))
	}
	defer d.free()
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case fault:
				viols, more, err = []Violation{r.v}, 0, nil
			case gaveUp:
				viols, more, err = nil, 0, r.err
			case errHeldPast:
				viols, more, err = nil, 0, r
			case *methodPanic:
				r.of = "its arguments"
				if noun != "Argument" {
					r.of = "the " + strings.ToLower(noun)
				}
				viols, more, err = nil, 0, r
			default:
				panic(r)
			}
		}
	}()
	d.ws()
	if d.i < len(d.data) && d.data[d.i] != '{' && args {
		d.skip(0)
		d.end()
		msg := "Arguments must be a JSON object."
		if noun != "Argument" {
			msg = violation.Subject(noun, "") + " must be a JSON object."
		}
		return []Violation{{Rule: "object", Message: msg}}, 0, nil
	}
	d.value(p, v, 0)
	d.end()
	if len(d.viols) == 0 && d.decodeFault != nil {
		return []Violation{*d.decodeFault}, 0, nil
	}
	d.trim(maxViolations)
	return d.viols, d.more, nil
}

// decoders keeps decoders between calls: a decoder is larger than most
// arguments.
var decoders = sync.Pool{New: func() any { return new(decoder) }}

// newDecoder takes a decoder from decoders (each as free left it: empty
// but for its buffers) to read data.
func newDecoder(ctx context.Context, data []byte, args bool, noun string) *decoder {
	d := decoders.Get().(*decoder)
	d.data, d.args, d.noun, d.ctx, d.done = data, args, noun, ctx, ctx.Done()
	d.path = d.buf[:0]
	d.budget = builtBudget(len(data))
	return d
}

// builtBudget is the budget of the Go values arguments of size bytes may
// be read into (builtBase and builtPerByte).
func builtBudget(size int) int { return builtBase + builtPerByte*size }

// free puts d back in decoders, holding nothing of the call.
// Its buffers are kept only while small: one hostile call's must not stay.
func (d *decoder) free() {
	keys, path := d.keyStack, d.pathBuf
	if cap(keys) > 64 {
		keys = nil
	}
	if cap(path) > 256 {
		path = nil
	}
	clear(keys[:cap(keys)])
	clear(path[:cap(path)])
	*d = decoder{keyStack: keys[:0], pathBuf: path[:0]}
	decoders.Put(d)
}

// trim sorts the violations found so far, drops repeated messages, and
// keeps the n most useful, counting the others.
func (d *decoder) trim(n int) {
	vs := sortViolations(d.viols)
	if len(vs) > n {
		d.more += len(vs) - n
		vs = vs[:n]
	}
	d.viols = vs
	if len(vs) == n {
		w := vs[n-1]
		d.worst, d.worstPath = &w, []byte(w.Path)
	}
}

// sortViolations orders violations most useful first (by rule, then path,
// array indexes by number, then message) and drops repeated messages.
func sortViolations(vs []Violation) []Violation {
	slices.SortFunc(vs, func(a, b Violation) int {
		if d := violation.Rank(a.Rule) - violation.Rank(b.Rule); d != 0 {
			return d
		}
		if c := violation.ComparePaths(a.Path, b.Path); c != 0 {
			return c
		}
		return strings.Compare(a.Message, b.Message)
	})
	return slices.CompactFunc(vs, func(a, b Violation) bool { return a.Message == b.Message })
}

// tick counts a value read, and every pollEvery values asks the context
// whether the caller gave up.
func (d *decoder) tick() {
	d.ticks++
	if d.done != nil && d.ticks%pollEvery == 0 {
		if err := d.ctx.Err(); err != nil {
			panic(gaveUp{err})
		}
	}
}

// end checks that nothing but white space follows the value.
func (d *decoder) end() {
	d.ws()
	if d.i != len(d.data) {
		d.syntax()
	}
}

func (d *decoder) ws() { d.i = skipSpace(d.data, d.i) }

// skipSpace returns the index of the first byte of data from i on that is
// not JSON's white space (space, tab, line feed, carriage return: not
// Unicode's, nor \v or \f), len(data) when there is none.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// syntax stops at text that is not JSON.
func (d *decoder) syntax() {
	noun := violation.Whole(d.noun)
	panic(fault{Violation{Rule: "json", Message: noun + " not valid JSON."}})
}

// where renders the current location as a path.
func (d *decoder) where() string { return string(d.appendWhere(nil)) }

// appendWhere appends the current location as a path to b.
func (d *decoder) appendWhere(b []byte) []byte {
	for _, s := range d.path {
		switch s.kind {
		case '.', '?':
			if len(b) > 0 {
				b = append(b, '.')
			}
			switch {
			case s.kind == '.':
				b = append(b, s.name...)
			case s.raw != nil && !s.esc && violation.PlainKey(s.raw):
				b = append(b, s.raw...) // as quoteKey writes it, without a copy
			default:
				b = append(b, violation.QuoteKey(s.text())...)
			}
		case '{':
			b = append(b, "{}"...)
		case '[':
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(s.i), 10)
			b = append(b, ']')
		}
	}
	return b
}

// locate returns the path of a violation of rule at the current location,
// or false when the violation is less useful than the maxViolations kept:
// then it is only counted, and no string is made for it.
func (d *decoder) locate(rule string) (string, bool) {
	if d.worst == nil {
		return d.where(), true
	}
	d.pathBuf = d.appendWhere(d.pathBuf[:0])
	c := violation.Rank(rule) - violation.Rank(d.worst.Rule)
	if c == 0 {
		c = violation.ComparePaths(d.pathBuf, d.worstPath)
	}
	if c > 0 {
		d.more++
		return "", false
	}
	return string(d.pathBuf), true
}

// add records a violation of the value being read.
func (d *decoder) add(rule, msg string) {
	path, ok := d.locate(rule)
	if !ok {
		return
	}
	d.record(Violation{Path: path, Rule: rule, Message: violation.Subject(d.noun, path) + " " + msg})
}

// record keeps a violation; past twice maxViolations, the list is cut back
// to the most useful, so that a million bad items cost no more memory than
// a hundred.
func (d *decoder) record(v Violation) {
	d.viols = append(d.viols, v)
	if len(d.viols) >= 2*maxViolations {
		d.trim(maxViolations)
	}
}

// stop reports a fault that ends the reading, at the current location.
func (d *decoder) stop(rule string) {
	path := d.where()
	var v Violation
	switch rule {
	case "depth":
		v = Violation{Path: path, Rule: rule, Message: violation.Whole(d.noun) + " nested deeper than " + strconv.Itoa(maxArgumentDepth) + " levels."}
	case "duplicate":
		v = Violation{Path: path, Rule: rule, Message: d.noun + " '" + path + "' is given twice."}
	case "range":
		v = Violation{Path: path, Rule: rule, Message: d.noun + " '" + path + "'" + rangePast}
	case "size":
		v = Violation{Path: path, Rule: rule, Message: violation.Subject(d.noun, path) + numberPast}
	}
	panic(fault{v})
}

// refused records that a type's own method refused a value.
func (d *decoder) refused(typeErr bool) {
	if d.decodeFault != nil {
		return
	}
	if typeErr {
		path := d.where()
		d.decodeFault = &Violation{Path: path, Rule: "type", Message: d.noun + " '" + path + "' does not fit the tool's type for it."}
		return
	}
	path := d.where()
	d.decodeFault = &Violation{Path: path, Rule: "format", Message: violation.Subject(d.noun, path) + " is not in a form the tool's type for it reads" + textRefused}
}

// refusedKey records that a map's key type refused a key's text, at the
// map's value.
func (d *decoder) refusedKey() {
	if d.decodeFault != nil {
		return
	}
	path := d.where()
	d.decodeFault = &Violation{Path: path, Rule: "format", Message: violation.Subject(d.noun, path) + " has a key that is not in a form the tool's type for the keys reads" + textRefused}
}

// textRefused ends the message of a text a Go type's UnmarshalText
// refused.
const textRefused = " (a text such as an IP address or a time that does not parse)."

// collided records that k, a key of a map, is read as the same key as an
// earlier one by its key type's UnmarshalText: the key is given twice, as
// the type sees it. As a refusal of the type's, it is told when the schema's checks
// found nothing.
func (d *decoder) collided(k string) {
	if d.decodeFault != nil {
		return
	}
	path := d.where()
	d.decodeFault = &Violation{Path: path, Rule: "duplicate", Message: d.noun + " '" + path + "' is given twice: its key " +
		violation.QuotedKey(k) + " is read as the same key as another of its keys by the tool's type for them."}
}

// value reads one value into v with plan p.
func (d *decoder) value(p *plan, v reflect.Value, depth int) {
	d.tick()
	d.ws()
	if d.i >= len(d.data) {
		d.syntax()
	}
	c := d.data[d.i]
	if p.how == byDeclared {
		d.declared(p, v, depth) // the declared schema says whether null is a value
		return
	}
	if c == 'n' {
		d.literal("null")
		switch {
		case !p.takesNull():
			d.add("null", "must not be null.")
		case !v.IsValid():
		case p.how == byRaw:
			v.SetBytes([]byte("null"))
		default:
			v.SetZero()
		}
		return
	}
	for p.how == byPointer {
		if v.IsValid() {
			if v.IsNil() {
				d.charge(goSize(p.t.Elem()))
				v.Set(reflect.New(p.t.Elem()))
			}
			v = v.Elem()
		}
		p = p.elem
	}
	if !d.typeFits(p, c) {
		if d.repairs != nil && d.mend(p, v, depth, c) {
			return // read as RepairArgs assumes it, and checked
		}
		d.skip(depth)
		d.add("type", p.typeWord)
		return
	}
	switch p.how {
	case byDeclared:
		d.declared(p, v, depth)
		return
	case byRaw:
		start := d.i
		d.skip(depth)
		if v.IsValid() {
			v.SetBytes(bytes.Clone(d.data[start:d.i]))
		}
		return
	case byAny:
		start, before := d.i, d.untyped
		d.skipUntyped(depth)
		if v.IsValid() {
			d.anyBuilt += (d.untyped - before) * anyValueBytes
			d.cover()
			if json.Unmarshal(d.data[start:d.i], v.Addr().Interface()) != nil {
				d.refused(true)
			}
		}
		return
	}
	switch c {
	case '{':
		d.object(p, v, depth)
	case '[':
		d.array(p, v, depth)
	case '"':
		d.str(p, v)
	case 't', 'f':
		word := "false"
		if c == 't' {
			word = "true"
		}
		d.literal(word)
		if v.IsValid() {
			v.SetBool(c == 't')
		}
	default:
		d.number(p, v)
	}
}

// typeFits reports whether a value starting with c has a JSON type the
// plan allows (integers are told apart from numbers later).
func (d *decoder) typeFits(p *plan, c byte) bool {
	switch p.c.Type {
	case schema.JSONAny:
		return true
	case schema.JSONBoolean:
		return c == 't' || c == 'f'
	case schema.JSONInteger, schema.JSONNumber:
		return c == '-' || c >= '0' && c <= '9'
	case schema.JSONString:
		return c == '"'
	case schema.JSONArray:
		return c == '['
	case schema.JSONObject:
		return c == '{'
	}
	return false
}

func (d *decoder) literal(word string) {
	if !bytes.HasPrefix(d.data[d.i:], []byte(word)) {
		d.syntax()
	}
	d.i += len(word)
}

func (d *decoder) unmarshalJSON(v reflect.Value, text []byte) {
	if err := guard(func() error { return v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(text) }); err != nil {
		_, typeErr := err.(*json.UnmarshalTypeError)
		d.refused(typeErr)
	}
}

// object reads an object: a struct's properties, a map's entries, or (for
// a type whose plan has neither) members checked and skipped.
func (d *decoder) object(p *plan, v reflect.Value, depth int) {
	var (
		present  propSet         // struct properties given (and not dropped)
		seen     propSet         // struct properties named, for duplicates
		keys     = d.newKeySet() // map keys, or the names a struct lacks: for duplicates
		m        reflect.Value
		isStruct = p.props != nil || p.c.Closed
	)
	// fresh: m is made here, so that a key it holds was given in this
	// object.
	fresh := false
	if p.elem != nil && v.IsValid() && p.how == byKind {
		m = v
		if fresh = m.IsNil(); fresh {
			// A map's first entry makes a group of eight.
			d.charge(48 + 8*(goSize(p.t.Key())+goSize(p.t.Elem())))
			m = reflect.MakeMap(p.t)
		}
	}
	for more := d.open('}', depth); more; more = d.next('}') {
		// A key given twice is found before what follows it is read, as a
		// tokenizer would.
		raw, escaped := d.memberKey()
		switch {
		case isStruct:
			k := p.prop(raw)
			if escaped {
				k = p.prop([]byte(unquote(raw)))
			}
			if k < 0 {
				d.path = append(d.path, seg{kind: '?', raw: raw, esc: escaped})
				if d.args && !keys.add(raw, escaped) {
					d.stop("duplicate")
				}
				d.unknown(p)
				d.colon()
				d.skip(depth + 1)
				d.path = d.path[:len(d.path)-1]
				break
			}
			pr := &p.props[k]
			d.path = append(d.path, seg{kind: '.', name: pr.name})
			if d.args && seen.has(k) {
				d.stop("duplicate")
			}
			seen.add(k)
			d.colon()
			if d.args && !pr.required && !pr.p.takesNull() && d.isNull() {
				d.literal("null") // taken as absent
			} else {
				present.add(k)
				var fv reflect.Value
				if v.IsValid() {
					fv = d.fieldAlloc(v, pr.index)
				}
				d.value(pr.p, fv, depth+1)
			}
			d.path = d.path[:len(d.path)-1]
		case p.elem != nil && p.how == byKind:
			d.path = append(d.path, seg{kind: '{'})
			if d.args && !keys.add(raw, escaped) {
				d.stop("duplicate")
			}
			d.colon()
			var ev reflect.Value
			if m.IsValid() {
				// The value, made and then copied into the map with
				// its key: the map's groups, grown and split as it
				// fills, cost some 3 times the key and value (560
				// bytes an entry were measured for 144).
				d.charge(goSize(p.t.Elem()) + 3*(goSize(p.t.Elem())+goSize(p.t.Key())))
				ev = reflect.New(p.t.Elem()).Elem()
			}
			d.value(p.elem, ev, depth+1)
			if m.IsValid() {
				k := key(raw, escaped)
				kv, ok := mapKey(p, k)
				switch {
				case !ok:
					d.refusedKey()
				case d.args && p.keyTxt && fresh && m.MapIndex(kv).IsValid():
					// Two texts the key type reads as one key ("A"
					// and "a" folded): one value would be lost.
					d.collided(k)
				default:
					m.SetMapIndex(kv, ev)
				}
			}
			d.path = d.path[:len(d.path)-1]
		default:
			d.path = append(d.path, seg{kind: '?', raw: raw, esc: escaped})
			d.colon()
			d.skip(depth + 1)
			d.path = d.path[:len(d.path)-1]
		}
	}
	keys.release()
	if m.IsValid() && v.IsNil() {
		v.Set(m)
	}
	if !isStruct {
		return
	}
	for k := range p.props {
		pr := &p.props[k]
		if present.has(k) {
			continue
		}
		if pr.required {
			d.path = append(d.path, seg{kind: '.', name: pr.name})
			if path, ok := d.locate("missing"); ok {
				d.record(Violation{Path: path, Rule: "missing", Message: d.noun + " '" + path + "' is required."})
			}
			d.path = d.path[:len(d.path)-1]
			continue
		}
		if def := pr.p.c.Default; d.args && def != nil && v.IsValid() {
			d.fill(pr, v, depth)
		}
	}
	if d.args && v.IsValid() {
		// The fields hidden from the model get their defaults.
		for k := range p.hidden {
			d.fill(&p.hidden[k], v, depth)
		}
	}
}

// fill gives the field of struct v that pr stands for its default.
func (d *decoder) fill(pr *prop, v reflect.Value, depth int) {
	// Decoded once (plan.def): a copy shares nothing a tool could
	// change, and makes nothing but itself (a string's bytes are the
	// default's); behind a pointer, each struct gets a pointer of its own.
	switch e := pr.p.elem; {
	case pr.p.def.IsValid():
		d.fieldAlloc(v, pr.index).Set(pr.p.def)
		return
	case pr.p.how == byPointer && e.def.IsValid():
		d.charge(goSize(e.t))
		n := reflect.New(e.t)
		n.Elem().Set(e.def)
		d.fieldAlloc(v, pr.index).Set(n)
		return
	}
	// Checked when the plan was made: it only fills in.
	sub := newDecoder(context.Background(), pr.p.c.Default, false, d.noun)
	sub.value(pr.p, d.fieldAlloc(v, pr.index), depth+1)
	built := sub.built
	sub.free()
	// A default is made again for every struct that lacks it, however
	// short the arguments' text ("{}"): what it makes counts, its
	// strings too (no longer than its text); a type read by its own
	// method is handed the text (UnmarshalText a copy of it), and keeps
	// a copy as a rule: three times the text, at most.
	text := len(pr.p.c.Default)
	for e := pr.p; e != nil; e = e.elem {
		if e.how == byText || e.how == byJSON {
			text *= 3
			break
		}
		if e.how != byPointer {
			break
		}
	}
	d.charge(uintptr(built + text))
}

// unknown reports a member the struct of plan p lacks, named by the last
// segment of the path.
func (d *decoder) unknown(p *plan) {
	path, ok := d.locate("unknown")
	if !ok {
		return
	}
	name := d.path[len(d.path)-1].text()
	msg := d.noun + " '" + path + "' is not a parameter of the tool."
	for _, pr := range p.props {
		if strings.EqualFold(pr.name, name) {
			d.path[len(d.path)-1] = seg{kind: '.', name: pr.name}
			msg = d.noun + " '" + path + "' is not a parameter of the tool; the parameter is '" + d.where() + "' (names are case-sensitive)."
			d.path[len(d.path)-1] = seg{kind: '?', name: name}
			break
		}
	}
	d.record(Violation{Path: path, Rule: "unknown", Message: msg})
}

// A propSet is a set of property indexes, held in a word for structs of
// up to 64 properties.
type propSet struct {
	w    uint64
	more map[int]bool
}

func (s *propSet) has(i int) bool {
	if i < 64 {
		return s.w&(1<<i) != 0
	}
	return s.more[i]
}

func (s *propSet) add(i int) {
	if i < 64 {
		s.w |= 1 << i
		return
	}
	if s.more == nil {
		s.more = map[int]bool{}
	}
	s.more[i] = true
}

// A keySet finds a key given twice in one object. Its first 16 keys stand
// on the decoder's stack of key texts, which the objects being read share
// (an object's keys above those of the objects it is in), so a small object
// allocates nothing; past 16, a map leads from each key's hash to where its
// text is, so that no key is copied.
type keySet struct {
	d      *decoder
	base   int
	byHash map[uint64]int32    // past 16 keys: a key's text by its hash (see text)
	esc    [][]byte            // the keys with escapes, resolved
	other  map[string]struct{} // keys whose hash a different key has
}

func (d *decoder) newKeySet() keySet { return keySet{d: d, base: len(d.keyStack)} }

// add adds a key, given as its text between the quotes, and reports
// whether it was new.
func (s *keySet) add(raw []byte, escaped bool) bool {
	if escaped {
		raw = []byte(unquote(raw))
	}
	if s.byHash == nil {
		keys := s.d.keyStack[s.base:]
		for _, k := range keys {
			if bytes.Equal(k, raw) {
				return false
			}
		}
		if len(keys) < 16 {
			s.d.keyStack = append(s.d.keyStack, raw)
			return true
		}
		s.byHash = make(map[uint64]int32, 64)
		for _, k := range keys {
			s.insert(k)
		}
		s.d.keyStack = s.d.keyStack[:s.base]
	}
	return s.insert(raw)
}

// ref says where a key's text is: its offset in the text being read for a
// key without escapes (it ends at the next quote), else -1 - its index in
// esc.
func (s *keySet) ref(k []byte) int32 {
	data := s.d.data
	if len(k) > 0 && cap(k) <= cap(data) {
		if off := cap(data) - cap(k); off < len(data) && &data[off] == &k[0] {
			return int32(off)
		}
	}
	s.esc = append(s.esc, k)
	return int32(-len(s.esc))
}

// text returns the key that ref r says where to find.
func (s *keySet) text(r int32) []byte {
	if r < 0 {
		return s.esc[-1-r]
	}
	rest := s.d.data[r:]
	return rest[:bytes.IndexByte(rest, '"')]
}

func (s *keySet) insert(k []byte) bool {
	h := maphash.Bytes(hashSeed, k)
	r, seen := s.byHash[h]
	if !seen {
		s.byHash[h] = s.ref(k)
		return true
	}
	if bytes.Equal(s.text(r), k) {
		return false
	}
	// Another key has this hash, which a caller cannot arrange (the
	// seed is random): such keys are told apart by their text.
	if _, dup := s.other[string(k)]; dup {
		return false
	}
	if s.other == nil {
		s.other = map[string]struct{}{}
	}
	s.other[string(k)] = struct{}{}
	return true
}

// release takes the object's keys off the stack, once it is read.
func (s *keySet) release() { s.d.keyStack = s.d.keyStack[:s.base] }

// open reads the delimiter that opens an object or an array at depth, and
// reports whether a member follows (not the closing delimiter).
func (d *decoder) open(closing byte, depth int) bool {
	if d.args && depth >= maxArgumentDepth {
		d.stop("depth")
	}
	d.i++
	d.ws()
	if d.i < len(d.data) && d.data[d.i] == closing {
		d.i++
		return false
	}
	return true
}

// next reads what follows a member: a comma, then another member (true),
// or the closing delimiter (false).
func (d *decoder) next(closing byte) bool {
	d.ws()
	if d.i < len(d.data) {
		switch d.data[d.i] {
		case ',':
			d.i++
			return true
		case closing:
			d.i++
			return false
		}
	}
	d.syntax()
	return false
}

// memberKey reads an object member's key: its text between the quotes, and
// whether unquote must resolve it.
func (d *decoder) memberKey() ([]byte, bool) {
	d.ws()
	if d.i >= len(d.data) || d.data[d.i] != '"' {
		d.syntax()
	}
	return d.rawString()
}

// colon reads the colon after an object's key.
func (d *decoder) colon() {
	d.ws()
	if d.i >= len(d.data) || d.data[d.i] != ':' {
		d.syntax()
	}
	d.i++
}

// isNull reports whether the next value is null.
func (d *decoder) isNull() bool {
	d.ws()
	return d.i < len(d.data) && d.data[d.i] == 'n'
}

// fieldAlloc returns the field of struct v at index, allocating the
// embedded pointers on the way as encoding/json does.
func (d *decoder) fieldAlloc(v reflect.Value, index []int) reflect.Value {
	if len(index) == 1 {
		return v.Field(index[0])
	}
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				d.charge(goSize(v.Type().Elem()))
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

// mapKey converts a JSON key to the map's key type.
func mapKey(p *plan, name string) (reflect.Value, bool) {
	kt := p.t.Key()
	if p.keyTxt {
		kv := reflect.New(kt)
		if guard(func() error { return kv.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(name)) }) != nil {
			return reflect.Value{}, false
		}
		return kv.Elem(), true
	}
	return reflect.ValueOf(name).Convert(kt), true
}

// key returns an object key as a string.
func key(raw []byte, escaped bool) string {
	if escaped {
		return unquote(raw)
	}
	return string(raw)
}

// array reads an array into a slice or an array.
func (d *decoder) array(p *plan, v reflect.Value, depth int) {
	c := p.c
	var elems reflect.Value
	isArray := p.t.Kind() == reflect.Array
	if v.IsValid() && p.elem != nil && p.how == byKind {
		// A slice grows in place: reflect.Append would allocate a new
		// header for every element.
		elems = v
		if !isArray {
			v.SetLen(0)
		}
	}
	n := 0
	var spans [][2]int        // element texts, for uniqueItems
	var mended map[int][]byte // element texts as repaired, for uniqueItems
	repairing := c.Unique && d.repairs != nil
	if repairing {
		d.unique++ // (a fault that ends the reading leaves it: the decoder is done)
	}
	for more := d.open(']', depth); more; more = d.next(']') {
		d.path = append(d.path, seg{kind: '[', i: n})
		es, edits := d.i, len(d.edits)
		var ev reflect.Value
		if elems.IsValid() {
			if isArray {
				if n < v.Len() {
					ev = v.Index(n)
				}
			} else {
				if n == v.Cap() {
					// Charged before it is made: the array for
					// n+max(4, n) elements (or a little more).
					d.charge(uintptr(n+max(4, n)) * goSize(p.t.Elem()))
					v.Grow(max(4, n))
				}
				v.SetLen(n + 1)
				ev = v.Index(n)
			}
		}
		if p.elem != nil {
			d.value(p.elem, ev, depth+1) // past an array's length: checked, not kept
		} else {
			d.skip(depth + 1)
		}
		if c.Unique {
			d.ws()
			spans = append(spans, [2]int{es, d.i})
			if len(d.edits) > edits {
				if mended == nil {
					mended = map[int][]byte{}
				}
				mended[n] = d.mended(d.data, es, d.i, d.in, edits, len(d.edits))
				// Kept until the items are compared, and made again at
				// each level of such arrays nested in one another.
				d.charge(uintptr(cap(mended[n])))
			}
		}
		d.path = d.path[:len(d.path)-1]
		n++
	}
	if repairing {
		d.unique--
	}
	if c.MinItems >= 0 && int64(n) < c.MinItems {
		d.add("items", "must have at least "+strconv.FormatInt(c.MinItems, 10)+" "+violation.Plural(int(c.MinItems), "item")+".")
	}
	if c.MaxItems >= 0 && int64(n) > c.MaxItems {
		d.add("items", "must have at most "+strconv.FormatInt(c.MaxItems, 10)+" "+violation.Plural(int(c.MaxItems), "item")+".")
	}
	if c.Unique && len(spans) > 1 {
		if i, j, dup := duplicateItems(d.data, spans, mended); dup {
			d.add("unique", "must not repeat an item (items "+strconv.Itoa(i)+" and "+strconv.Itoa(j)+" are equal).")
		}
	}
	if elems.IsValid() && !isArray && v.IsNil() {
		v.Set(reflect.MakeSlice(p.t, 0, 0)) // [] is an empty slice, not nil, as encoding/json reads it
	}
}

// duplicateItems finds the first two equal elements (as JSON values:
// numbers by value, objects whatever the order of their members). Each
// element is hashed once; only elements whose hashes meet are compared in
// full, so the cost is linear in the size of the array's text.
//
// mended holds the texts, as repaired, of the elements that were
// (RepairArgs); nil when none was.
func duplicateItems(data []byte, spans [][2]int, mended map[int][]byte) (int, int, bool) {
	elem := func(k int) []byte {
		if t, ok := mended[k]; ok {
			return t
		}
		return data[spans[k][0]:spans[k][1]]
	}
	first := make(map[uint64]int, len(spans)) // element by hash
	for k := range spans {
		x, _ := checkedHash(elem(k)) // within the arguments' depth
		i, seen := first[x]
		if !seen {
			first[x] = k
			continue
		}
		if equalValues(elem(i), elem(k)) {
			return i, k, true
		}
		// Two hashes met for unequal items, which a caller cannot
		// arrange (the seed is random): compare this one with all.
		for i := range k {
			if equalValues(elem(i), elem(k)) {
				return i, k, true
			}
		}
	}
	return 0, 0, false
}

// str reads a string.
func (d *decoder) str(p *plan, v reflect.Value) {
	start := d.i
	raw, escaped := d.rawString()
	c := p.c
	if !v.IsValid() && c.Enum == nil && c.Format == "" && c.MinLength < 0 && c.MaxLength < 0 && p.re == nil && c.Encoding == "" {
		return // checked, not kept: nothing to check but its type
	}
	s := key(raw, escaped)
	if c.Enum != nil {
		if !slices.Contains(c.Enum, s) {
			d.add("enum", p.enum)
			return
		}
	}
	if c.Format == "regex" && d.args {
		// Checking it compiles it: a few bytes to up to MaxRegexInsts
		// instructions, which the call's budget
		// counts as it counts what the reading builds.
		d.charge(uintptr(schema.RegexWork(s)) * regexInstBytes)
	}
	if c.Format != "" && !schema.FormatValid(c.Format, s) {
		d.add("format", schema.FormatAsk(c.Format))
		return
	}
	broken := false // a violation found here: the text is not handed to the type's own method
	if c.MinLength >= 0 || c.MaxLength >= 0 {
		n := int64(utf8.RuneCountInString(s))
		if c.MinLength >= 0 && n < c.MinLength {
			d.add("length", "must be at least "+strconv.FormatInt(c.MinLength, 10)+" "+violation.Plural(int(c.MinLength), "character")+" long.")
			broken = true
		}
		if c.MaxLength >= 0 && n > c.MaxLength {
			d.add("length", "must be at most "+strconv.FormatInt(c.MaxLength, 10)+" "+violation.Plural(int(c.MaxLength), "character")+" long.")
			broken = true
		}
	}
	if p.re != nil && !p.re.MatchString(s) {
		d.add("pattern", "must match the pattern "+c.Pattern+".")
		broken = true
	}
	if broken && (p.how == byJSON || p.how == byText) {
		// The call is refused: the type's method (big.Float's reading
		// costs the square of the length) is not run on a text the
		// schema refused.
		return
	}
	var data []byte
	if c.Encoding == "base64" {
		var err error
		data, err = base64.StdEncoding.DecodeString(s)
		if err != nil {
			d.add("format", "must be base64 text.")
			return
		}
	}
	if !v.IsValid() {
		return
	}
	switch p.how {
	case byJSON:
		d.unmarshalJSON(v, d.data[start:d.i])
	case byText:
		if p.numText {
			d.numberText(s)
		}
		if err := guard(func() error { return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)) }); err != nil {
			d.refused(false)
		}
	case byBase64:
		v.SetBytes(data)
	default:
		if v.Kind() == reflect.String {
			v.SetString(s)
		}
	}
}

// regexInstBytes is what checking a regular expression allocates for
// each instruction of its program (schema.FormatValid builds it once):
// some 108 bytes (measured on 1,000-instruction programs).
const regexInstBytes = 112

// number reads a number.
func (d *decoder) number(p *plan, v reflect.Value) {
	start := d.i
	plain := d.number1()
	lit := string(d.data[start:d.i]) // does not escape: on the stack when short
	c := p.c
	var dec decimal // the literal parsed, once, when it is needed
	parsed := false
	whole := false // under RepairArgs, a whole number with a fraction or an exponent, read as that integer
	if c.Type == schema.JSONInteger && !plain {
		dec, parsed = parseDecimal(lit), true
		switch {
		case !dec.integral():
			d.add("type", p.typeWord)
			return
		case d.repairs != nil:
			d.mendWhole(&dec, start)
			whole = true
		default:
			d.add("type", "must be an integer.") // 1.0 and 1e2 are integers to JSON Schema, not to encoding/json
		}
	}
	var f float64 // the value, for a number
	var ferr error
	if c.Type == schema.JSONNumber && (v.IsValid() || c.Minimum != "" || c.Maximum != "" ||
		c.ExclusiveMinimum != "" || c.ExclusiveMaximum != "" || c.MultipleOf != "" || mayOverflow(lit)) {
		// (Only checked, not kept: a number below 1e308 is a float64.)
		f, ferr = strconv.ParseFloat(lit, 64)
	}
	if p.min != nil || p.max != nil || p.exMin != nil || p.exMax != nil || p.step != nil {
		if !parsed {
			dec = parseDecimal(lit)
		}
		if p.min != nil && cmpDecimal(&dec, p.min) < 0 {
			d.add("range", "must be at least "+c.Minimum+".")
		}
		if p.max != nil && cmpDecimal(&dec, p.max) > 0 {
			d.add("range", "must be at most "+c.Maximum+".")
		}
		above := p.exMin == nil || cmpDecimal(&dec, p.exMin) > 0
		if !above {
			d.add("range", "must be greater than "+c.ExclusiveMinimum+".")
		}
		below := p.exMax == nil || cmpDecimal(&dec, p.exMax) < 0
		if !below {
			d.add("range", "must be less than "+c.ExclusiveMaximum+".")
		}
		// Only for a Go value made of the number: a result is checked
		// as the JSON the client reads (v is not valid), exactly.
		if v.IsValid() && ferr == nil && p.how == byKind && (p.exMin != nil || p.exMax != nil) {
			if k := p.t.Kind(); k == reflect.Float32 || k == reflect.Float64 {
				d.roundedBounds(c, p, lit, f, p.t.Bits(), above && p.exMin != nil, below && p.exMax != nil)
			}
		}
		if p.step != nil && !multipleOf(&dec, p.step) {
			d.add("range", "must be a multiple of "+c.MultipleOf+".")
		}
	}
	if ferr != nil {
		d.add("range", "is beyond the range of a number.")
		return
	}
	if !v.IsValid() || len(d.viols) > 0 {
		return
	}
	text := d.data[start:d.i]
	if whole {
		// Made only here, past the checks: within the Go type's bounds,
		// or for a big.Int (which has none) of at most the literal's
		// digits and its exponent, which the budget counts: 4 MiB of
		// 1e400 would make 280 MB of digits.
		text = appendInteger(nil, &dec)
		d.charge(uintptr(len(text)))
		lit = string(text)
	}
	switch p.how {
	case byJSON:
		d.unmarshalJSON(v, text)
		return
	case byNumber:
		v.SetString(string(text))
		return
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(lit, 10, v.Type().Bits())
		if err != nil {
			d.refused(true)
			return
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(lit, 10, v.Type().Bits())
		if err != nil {
			d.refused(true)
			return
		}
		v.SetUint(n)
	case reflect.Float64:
		v.SetFloat(f)
	case reflect.Float32:
		f, err := strconv.ParseFloat(lit, 32)
		if err != nil {
			d.refused(true)
			return
		}
		v.SetFloat(f)
	}
}

// roundedBounds holds the exclusive bounds that lit meets as written
// (low, high) for the float of bits bits the tool gets: rounding may
// bring a value to a bound or, when no float holds the bound, past it,
// so one above 0 as written may be 0 as a float64 (1e-330), and one below
// 1 may be 1 as a float32 (0.99999999): a value the tool's schema says it
// never gets. The float is compared with the bound exactly, as the
// literal was: float32(0.1) is above a bound of 0.09999999999, though it
// is also the float nearest that bound. The schema cannot say so (the
// validator reads numbers exactly), so the message does. f is lit read
// as a float64, which number has done already; a float32 is read here.
func (d *decoder) roundedBounds(c *schema.Check, p *plan, lit string, f float64, bits int, low, high bool) {
	if bits == 32 {
		var err error
		if f, err = strconv.ParseFloat(lit, 32); err != nil {
			return // beyond the type's range: refused as the value is decoded
		}
	}
	kind := "float" + strconv.Itoa(bits)
	// Only a float that rounding brought to the float nearest the bound
	// (or past it) can fail; its exact digits are written only then.
	if low {
		if f <= p.exMinF {
			if x := exactFloat(f); cmpDecimal(&x, p.exMin) <= 0 {
				d.add("range", "must be greater than "+c.ExclusiveMinimum+"; as a "+kind+" this value is "+floatText(f, &x, p.exMin, c.ExclusiveMinimum, bits)+".")
			}
		}
	}
	if high {
		if f >= p.exMaxF {
			if x := exactFloat(f); cmpDecimal(&x, p.exMax) >= 0 {
				d.add("range", "must be less than "+c.ExclusiveMaximum+"; as a "+kind+" this value is "+floatText(f, &x, p.exMax, c.ExclusiveMaximum, bits)+".")
			}
		}
	}
}

// exactFloat is the value of f exactly, as a decimal: a float64 has at
// most 767 significant digits.
func exactFloat(f float64) decimal {
	return parseDecimal(strconv.FormatFloat(f, 'e', 800, 64))
}

// floatText writes the float f for a message: as the bound's own text
// when it is the bound exactly, else as its shortest text of bits bits
// (0 for -0).
func floatText(f float64, x, bound *decimal, text string, bits int) string {
	switch {
	case cmpDecimal(x, bound) == 0:
		return text
	case f == 0:
		return "0"
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}

// mayOverflow reports whether a number literal may be beyond a float64:
// whether it has more than 308 digits before its decimal point, the
// exponent included.
func mayOverflow(lit string) bool {
	lit = strings.TrimPrefix(lit, "-")
	n := len(lit)
	if i := strings.IndexAny(lit, ".eE"); i >= 0 {
		n = i
	}
	if lit[0] == '0' {
		n = 0
	}
	return n+schema.Exponent(lit) > 308
}

// skipUntyped skips a value that is read without a Go type, counting its
// values: in arguments, past maxUntypedValues in the call, the reading
// stops. encoding/json (into any) and the schema validator (a declared
// type) hold a few hundred bytes for each such value, where a value of a
// Go type of its own costs its size.
func (d *decoder) skipUntyped(depth int) {
	before := d.ticks
	d.skip(depth)
	if d.untyped += d.ticks - before; d.args && d.untyped > maxUntypedValues {
		path := d.where()
		panic(fault{Violation{Path: path, Rule: "size", Message: violation.Subject(d.noun, path) + untypedPast}})
	}
}

// numberPast and rangePast end the messages of a number past its length
// or its exponent's range, which no leniency lets through (boundPassed).
var (
	numberPast = " is a number of more than " + strconv.Itoa(maxNumberLength) + " characters."
	rangePast  = " is beyond the range of a number."
)

// untypedPast ends the message of the arguments refused past
// maxUntypedValues, which no leniency lets through (boundPassed).
var untypedPast = " brings the values read without a Go type past " + strconv.Itoa(maxUntypedValues) + ": send fewer."

// shadowPast is the refusal, under ShadowArgs, of arguments that broke
// the schema and hold more than n values (shadowBound): encoding/json
// would read them again, members the strict reading did not read or
// count included (a key given twice, a name in another case, what
// follows a fault that stopped the reading), into values nothing bounds.
func shadowPast(n int) string {
	return "The arguments break the tool's schema and hold more than " + strconv.Itoa(n) + " values, too many to read without its checks: send fewer."
}

// shadowBound is how many values arguments of size bytes that broke the
// schema may hold for encoding/json to read them under ShadowArgs into a
// type whose widest Go value one JSON value makes is w bytes (its plan's
// widest): maxUntypedValues, and no more than the budget of Go values
// over 8 times w (encoding/json grows a slice by a quarter at a time:
// some 5 times its final array in all).
func shadowBound(w, size int) int {
	if w > 0 {
		return min(maxUntypedValues, builtBudget(size)/(8*w))
	}
	return maxUntypedValues
}

// numberText stops the reading at a number given as text (big.Float's,
// big.Rat's) that a number literal could not be: longer than
// maxNumberLength, or with an exponent beyond schema.MaxExponent (a
// binary one, after p, beyond four times it). Their own
// reading costs the square of the digits (4 MiB of them took 16 s), and
// big.Rat's makes the power of the exponent exactly ("1e999999": 415 KB).
// It is a limit, as for a literal, not a check of the schema: a result of
// any length is written and checked as the type writes it.
func (d *decoder) numberText(s string) {
	if rule := schema.NumberTextPast(s); rule != "" {
		d.stop(rule)
	}
}

// widest returns the size of the widest Go value made for one JSON value
// read with p: a slice's element, a map's key and value, a pointer's
// value (embedded pointers' too), an eighth of a value into any
// (anyValueBytes, all that one costs). Plans are trees: a type that
// refers to itself has none.
func (p *plan) widest() uintptr {
	var w uintptr
	switch {
	case p.how == byAny:
		w = anyValueBytes / 8
	case p.how == byPointer:
		w = goSize(p.t.Elem())
	case p.elem != nil && p.t.Kind() == reflect.Slice:
		w = goSize(p.t.Elem())
	case p.elem != nil && p.t.Kind() == reflect.Map:
		w = goSize(p.t.Key()) + goSize(p.t.Elem())
	}
	if p.elem != nil {
		w = max(w, p.elem.widest())
	}
	for _, props := range [][]prop{p.props, p.hidden} {
		for i := range props {
			w = max(w, props[i].p.widest())
			t := p.t
			for _, x := range props[i].index[:len(props[i].index)-1] {
				if t = t.Field(x).Type; t.Kind() == reflect.Pointer {
					t = t.Elem()
					w = max(w, goSize(t))
				}
			}
		}
	}
	return w
}

// boundPassed reports whether viols are the refusal past
// maxUntypedValues, past the budget of Go values, or of a number (a
// literal, or a text read by its type's method: numberText) past its
// length or exponent: a bound on what a call may cost, as the size limit
// is, not a check of the schema.
func boundPassed(viols []Violation) bool {
	if len(viols) != 1 {
		return false
	}
	switch v := viols[0]; v.Rule {
	case "size":
		return strings.HasSuffix(v.Message, untypedPast) || strings.HasSuffix(v.Message, builtPast) ||
			strings.HasSuffix(v.Message, numberPast) || strings.HasSuffix(v.Message, roomPast)
	case "range":
		return strings.HasSuffix(v.Message, rangePast)
	}
	return false
}

// charge counts n bytes of Go values made for the arguments: past the
// budget of the call (builtBase, and builtPerByte for each byte of the
// arguments), the reading stops. A value of a Go type costs its size
// however short its text ("{}" for a struct of many fields), so that
// without it 4 MiB of arguments could make gigabytes.
func (d *decoder) charge(n uintptr) {
	if d.built += int(n); d.args && d.built > d.budget {
		path := d.where()
		panic(fault{Violation{Path: path, Rule: "size", Message: violation.Subject(d.noun, path) +
			" brings the Go values the tool reads the arguments into past " + strconv.Itoa(d.budget>>20) + " MiB" + builtPast}})
	}
	d.cover()
}

// cover takes room for the values made so far, when the call takes room
// for them (held), and stops the reading when there is none left.
func (d *decoder) cover() {
	n := d.built + d.heldBase + d.anyBuilt
	if d.held == nil || n <= freeHeld {
		return
	}
	switch d.held.cover(n) {
	case heldBusy:
		panic(errHeldPast{})
	case heldNever:
		path := d.where()
		panic(fault{Violation{Path: path, Rule: "size", Message: roomPastText(d.noun, path)}})
	}
}

// maxGoSize is the most a Go size counts for: a type made at run time
// (reflect.ArrayOf) may be as wide as the address space, and its size
// would wrap the counts it is added to and multiplied in. It is past any
// budget, which refuses the value before it is made: 1 TiB, or a quarter
// of the largest int where int has 32 bits.
const maxGoSize = min(1<<40, math.MaxInt>>2)

// goSize is t's size, up to maxGoSize.
func goSize(t reflect.Type) uintptr { return min(t.Size(), maxGoSize) }

// builtPast ends the message of arguments refused past their budget of
// Go values, which no leniency lets through (boundPassed).
const builtPast = " (64 MiB, and 16 bytes for each byte of the arguments): send fewer or smaller values."

// skip reads a value of any type, checking only what any JSON text must
// satisfy (and, for arguments, duplicates and depth).
func (d *decoder) skip(depth int) {
	d.tick()
	d.ws()
	if d.i >= len(d.data) {
		d.syntax()
	}
	switch c := d.data[d.i]; {
	case c == '{':
		keys := d.newKeySet()
		for more := d.open('}', depth); more; more = d.next('}') {
			raw, escaped := d.memberKey()
			d.path = append(d.path, seg{kind: '?', raw: raw, esc: escaped})
			if d.args && !keys.add(raw, escaped) {
				d.stop("duplicate")
			}
			d.colon()
			d.skip(depth + 1)
			d.path = d.path[:len(d.path)-1]
		}
		keys.release()
	case c == '[':
		for n, more := 0, d.open(']', depth); more; n, more = n+1, d.next(']') {
			d.path = append(d.path, seg{kind: '[', i: n})
			d.skip(depth + 1)
			d.path = d.path[:len(d.path)-1]
		}
	case c == '"':
		d.rawString()
	case c == 't':
		d.literal("true")
	case c == 'f':
		d.literal("false")
	case c == 'n':
		d.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		d.number1()
	default:
		d.syntax()
	}
}

// number1 reads a number literal, stopping at one longer than
// maxNumberLength or with an exponent beyond MaxExponent, and reports
// whether it is a plain integer (no fraction, no exponent).
func (d *decoder) number1() (plain bool) {
	start := d.i
	plain, exp := d.scanNumber()
	if d.i-start > maxNumberLength {
		d.stop("size")
	}
	if exp >= 0 {
		// Only the exponent is read: no copy of a long literal.
		if e := schema.Exponent(string(d.data[exp:d.i])); e > schema.MaxExponent || e < -schema.MaxExponent {
			d.stop("range")
		}
	}
	return plain
}

// scanNumber reads a number literal as JSON's grammar has it, and reports
// whether it is a plain integer (no fraction, no exponent) and where its
// exponent starts (its 'e'; -1 when it has none).
func (d *decoder) scanNumber() (plain bool, exp int) {
	data, i := d.data, d.i
	digits := func() bool {
		s := i
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
		return i > s
	}
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		digits()
	default:
		d.syntax()
	}
	plain, exp = true, -1
	if i < len(data) && data[i] == '.' {
		i, plain = i+1, false
		if !digits() {
			d.syntax()
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		exp = i
		i, plain = i+1, false
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if !digits() {
			d.syntax()
		}
	}
	d.i = i
	return plain, exp
}

// rawString reads a string literal and returns its text between the
// quotes, and whether it has escapes (or bytes that are not UTF-8) that
// unquote must resolve.
func (d *decoder) rawString() ([]byte, bool) {
	d.i++ // "
	start := d.i
	escaped := false
	for d.i < len(d.data) {
		c := d.data[d.i]
		if plainByte[c] {
			d.i++
			continue
		}
		switch {
		case c == '"':
			raw := d.data[start:d.i]
			d.i++
			return raw, escaped
		case c == '\\':
			escaped = true
			d.i++
			if d.i >= len(d.data) {
				d.syntax()
			}
			switch d.data[d.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				d.i++
			case 'u':
				d.i++
				for range 4 {
					if d.i >= len(d.data) || !isHex(d.data[d.i]) {
						d.syntax()
					}
					d.i++
				}
			default:
				d.syntax()
			}
		case c < 0x20:
			d.syntax()
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(d.data[d.i:])
			if r == utf8.RuneError && size == 1 {
				escaped = true
			}
			d.i += size
		default:
			d.i++
		}
	}
	d.syntax()
	return nil, false
}

// plainByte tells the bytes that stand for themselves in a string literal:
// not the quote, the backslash, a control character or the start of a
// multi-byte sequence.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// unquote resolves the escapes of a checked string literal's text, as
// encoding/json does: a lone surrogate and each byte that is not UTF-8
// become U+FFFD.
func unquote(raw []byte) string {
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '\\':
			switch e := raw[i+1]; e {
			case 'u':
				r := hex4(raw[i+2 : i+6])
				i += 6
				if utf16.IsSurrogate(r) {
					if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
						if r2 := utf16.DecodeRune(r, hex4(raw[i+2:i+6])); r2 != utf8.RuneError {
							b = utf8.AppendRune(b, r2)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
			default:
				b = append(b, unescape[e])
				i += 2
			}
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(raw[i:])
			if r == utf8.RuneError && size == 1 {
				b = utf8.AppendRune(b, utf8.RuneError)
			} else {
				b = append(b, raw[i:i+size]...)
			}
			i += size
		default:
			b = append(b, c)
			i++
		}
	}
	return string(b)
}

// unescape maps the letter of a one-letter escape to its byte.
var unescape = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hex4 reads four hex digits, already checked.
func hex4(h []byte) rune {
	var r rune
	for _, c := range h[:4] {
		switch {
		case c <= '9':
			c -= '0'
		case c >= 'a':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
