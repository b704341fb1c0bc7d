package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/violation"
)

// A Leniency says what Invoke does with arguments that break the input
// schema. The default, Strict, refuses them; the other two are choices a
// program makes per call (WithLeniency), and each leaves a record on the
// Result and the Audit of what it let through.
type Leniency uint8

const (
	// Strict refuses arguments that break the input schema, with the
	// violations: the default.
	Strict Leniency = iota
	// RepairArgs reads what the schema makes unambiguous and nothing
	// else: a string that is exactly a JSON number where an integer or a
	// number is wanted ("42"; never "4.0" for an integer, " 42", "0x2A"
	// or "+42"), a whole number written with a fraction or an exponent
	// where an integer is wanted (4.0 or 1e2, read as 4 or 100, exactly;
	// never 4.5 or the string "4.0"), "true" or "false" where a boolean
	// is wanted, a string that is exactly a JSON text of an array or an
	// object where one is wanted, and a string, number or boolean where
	// an array of such values is wanted (read as an array of that one
	// item). Each such reading is a Repair on the Result
	// (Result.Repairs); the arguments so read are then checked as usual
	// (bounds, the Go type's range, enums, patterns, unknown names,
	// nulls), so that no check is looser than the schema. Anything else
	// is refused as under Strict. Arguments that need no repair cost
	// nothing more: the repairs are tried only where the strict check
	// fails.
	RepairArgs
	// ShadowArgs checks the arguments and never refuses them for the
	// schema: the tool runs with what encoding/json decodes, and the
	// violations a strict call would have refused them for are on
	// Result.Shadowed. Arguments that encoding/json cannot decode
	// into the input type at all (not JSON, a value of the wrong Go type)
	// are still refused; so are arguments over the size limit, which are
	// not read, arguments past the bounds on the memory of a call
	// (Invoke), and arguments of more than 65,536 values (fewer for wide
	// Go values: the budget over 8 times the widest), which
	// encoding/json would read again without those bounds. Defaults are
	// not filled in where there were violations.
	ShadowArgs
)

// String returns "strict", "repair" or "shadow".
func (l Leniency) String() string {
	switch l {
	case RepairArgs:
		return "repair"
	case ShadowArgs:
		return "shadow"
	}
	return "strict"
}

// WithLeniency returns a copy of ctx under which Invoke (and
// CheckArgs) takes arguments with leniency l. Like WithOutputCheck,
// it is per call: mcpserver.Options.Leniency and loop.Runner.Leniency
// ask for it for their calls. The context the tool runs with keeps it.
// Tools whose handler checks its own arguments (package rawtool) are
// always checked strictly.
func WithLeniency(ctx context.Context, l Leniency) context.Context {
	return withOpts(ctx, func(o *callOpts) { o.leniency = l })
}

// leniencyOf returns the leniency ctx asks for.
func leniencyOf(ctx context.Context) Leniency { return optsOf(ctx).leniency }

// lenient is what a lenient reading of a call's arguments let through:
// the Result's Repairs and Shadowed.
type lenient struct {
	repairs  []Repair
	more     int // repairs past the first 100
	shadowed []Violation
}

// A Repair is one argument read other than as given, under RepairArgs.
type Repair struct {
	// Path locates the value, as a Violation's does: "items[2].qty".
	Path string
	// Given is the JSON text of the value as the model gave it, and
	// Assumed the JSON text it was read as: `"42"` and `42`; `"x"` and
	// `["x"]`.
	Given, Assumed string
	// Message says what was assumed, in words for the model: it repeats
	// a number or a boolean, never a string of the model's.
	Message string
}

// RepairNote returns the messages of the repairs, one a line: what a
// program tells the model it assumed ("" when nothing was repaired).
// mcpserver and loop add it to the result under RepairArgs.
func (r *Result) RepairNote() string {
	if r.Repairs == nil {
		return ""
	}
	var b strings.Builder
	for i, rp := range r.Repairs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(rp.Message)
	}
	if r.moreRepairs > 0 {
		fmt.Fprintf(&b, "\n… and %d more %s.", r.moreRepairs, violation.Plural(r.moreRepairs, "repair"))
	}
	return b.String()
}

// repairMessage writes what a repair assumed, for the model.
func repairMessage(path, assumed string, how byte) string {
	name := "'" + path + "'"
	switch how {
	case '0', 't':
		if len(assumed) > 40 {
			return "Assumed: " + name + ", a numeric string, read as that number."
		}
		return "Assumed: " + name + ` "` + assumed + `" read as ` + assumed + "."
	case '[':
		return "Assumed: " + name + ", a string, read as the JSON array it holds."
	case '{':
		return "Assumed: " + name + ", a string, read as the JSON object it holds."
	}
	return "Assumed: " + name + ", a single value, read as a list of that one item."
}

// numberText reports whether s is exactly a JSON number literal (no white
// space, sign '+', hex, leading zeros, NaN or Infinity), and for an
// integer a plain one: no fraction, no exponent.
func numberText(s string, integer bool) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if integer {
		return i == len(s)
	}
	digits := func() bool {
		s0 := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > s0
	}
	if i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	return i == len(s)
}

// mend tries to repair the value at the reading position, whose JSON type
// plan p does not take (c is its first byte): it reads the value as what
// RepairArgs assumes and reports true, or reads nothing and reports false.
// It is called only where the strict check failed.
func (d *decoder) mend(p *plan, v reflect.Value, depth int, c byte) bool {
	if p.how == byDeclared || p.how == byAny || p.how == byRaw {
		return false
	}
	want := p.c.Type
	start := d.i
	var text []byte
	var how byte // '0' a number, 't' a boolean, '[' '{' a JSON text, 'w' wrapped
	switch {
	case c == '"' && (want == schema.JSONInteger || want == schema.JSONNumber || want == schema.JSONBoolean ||
		want == schema.JSONArray || want == schema.JSONObject):
		raw, esc := d.rawString()
		s := key(raw, esc)
		switch want {
		case schema.JSONInteger, schema.JSONNumber:
			if numberText(s, want == schema.JSONInteger) {
				text, how = []byte(s), '0'
			}
		case schema.JSONBoolean:
			if s == "true" || s == "false" {
				text, how = []byte(s), 't'
			}
		case schema.JSONObject:
			if len(s) >= 2 && s[0] == '{' && s[len(s)-1] == '}' && json.Valid([]byte(s)) {
				text, how = []byte(s), '{'
			}
		case schema.JSONArray:
			switch {
			case strings.HasPrefix(strings.TrimLeft(s, " \t\r\n"), "["):
				// Only ever a JSON text: never wrapped.
				if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' && json.Valid([]byte(s)) {
					text, how = []byte(s), '['
				}
			case p.elem != nil && d.typeFits(p.elem, '"'):
				text, how = wrap(d.data[start:d.i]), 'w'
			}
		}
	case want == schema.JSONArray && (c == 't' || c == 'f' || c == '-' || c >= '0' && c <= '9') &&
		p.elem != nil && d.typeFits(p.elem, c):
		d.skip(depth)
		text, how = wrap(d.data[start:d.i]), 'w'
	}
	if text == nil {
		d.i = start
		return false
	}
	// The text assumed is held while it is read (and, within a
	// uniqueItems array, until the items are compared), and a repair kept
	// holds its texts on the Result: they count as the Go values made
	// for the arguments do. A JSON text inside a JSON text is made again
	// at each level: 4 MB of arguments nested 15 strings deep made 400 MB
	// outside the call's budget and the room of the calls at once.
	cost := len(text)
	if l := d.repairs; len(l.kept) < maxViolations {
		cost += d.i - start + len(text)
		d.charge(uintptr(cost))
		path := d.where()
		l.kept = append(l.kept, Repair{Path: path, Given: string(d.data[start:d.i]), Assumed: string(text), Message: repairMessage(path, string(text), how)})
	} else {
		d.charge(uintptr(cost))
		l.more++ // counted: a call of a million slips keeps a hundred
	}
	d.texts++
	at := -1
	if d.unique > 0 {
		// Kept until the items are compared: a repaired number is a few
		// bytes of text and a record of some 60.
		d.charge(editBytes)
		at = len(d.edits)
		d.edits = append(d.edits, edit{start: start, end: d.i, text: text, in: d.in, id: d.texts})
	}
	// The text assumed is read in place of the value, with the usual
	// checks (and repairs, inside a JSON text), at the same depth.
	data, i, in := d.data, d.i, d.in
	d.data, d.i, d.in = text, 0, d.texts
	d.value(p, v, depth)
	d.end()
	d.data, d.i, d.in = data, i, in
	if at >= 0 {
		d.edits[at].past = len(d.edits) // the edits made in text are those before it
	}
	return true
}

// mendWhole logs the repair of the number literal at data[start:d.i], a
// whole number written with a fraction or an exponent (dec, integral)
// where an integer is wanted: it is read as that integer, which JSON
// Schema counts it as and encoding/json does not decode. The caller reads
// it on as the integer: the checks of bounds and multipleOf are of the
// same value. The integer's text is made only for a repair kept: past
// the first maxViolations (100) it is counted, so that a call of a
// million 1e400 makes no million texts of 401 digits.
func (d *decoder) mendWhole(dec *decimal, start int) {
	l := d.repairs
	// (No edit for uniqueItems: items are compared as numbers, by value.)
	if len(l.kept) >= maxViolations {
		l.more++
		return
	}
	given := string(d.data[start:d.i])
	assumed := string(appendInteger(nil, dec))
	d.charge(uintptr(len(given) + len(assumed)))
	path := d.where()
	l.kept = append(l.kept, Repair{Path: path, Given: given, Assumed: assumed, Message: wholeMessage(path, given, assumed)})
}

// wholeMessage writes what the repair of a whole number with a fraction
// or an exponent assumed, for the model.
func wholeMessage(path, given, assumed string) string {
	name := "'" + path + "'"
	if len(given) > 40 || len(assumed) > 40 {
		return "Assumed: " + name + ", a whole number written with a fraction or an exponent, read as that integer."
	}
	return "Assumed: " + name + " " + given + " read as " + assumed + "."
}

// appendInteger appends the text of dec, an integral value, as a JSON
// integer literal: its sign, its significant digits, then as many zeros
// as its point puts past them. A negative zero is "-0", the integer the
// model would have written: a signed integer reads it as 0, and an
// unsigned one refuses it as encoding/json does, so -0.0 is no more
// taken than -0 or "-0" (Numbers, in the contract).
func appendInteger(b []byte, dec *decimal) []byte {
	// Its length is known: the sign, and the digits up to the point (a
	// zero's point says nothing: 0e400 is "0"), grown once.
	n := 2
	if !dec.zero() {
		n = 1 + dec.point
	}
	if cap(b)-len(b) < n {
		b = append(make([]byte, 0, len(b)+n), b...) // one allocation: slices.Grow took two under -race
	}
	if dec.neg {
		b = append(b, '-')
	}
	if dec.zero() {
		return append(b, '0')
	}
	for i := dec.lo; i < dec.hi; i++ {
		b = append(b, dec.digit(i))
	}
	for range dec.point - (dec.hi - dec.lo) {
		b = append(b, '0')
	}
	return b
}

// A repairLog holds the repairs of one reading: the first maxViolations (100),
// and the number of the others.
type repairLog struct {
	kept []Repair
	more int
}

// An edit is a repair as a change of the text it was made in: the value
// at data[start:end] of text number in read as text, which is text number
// id. The edits made in text (at any depth) are those that follow it, up
// to the one numbered past.
type edit struct {
	start, end int
	text       []byte
	in, id     int
	past       int
}

// editBytes is what an edit holds in the decoder's list of them, whose
// array is up to twice its length.
const editBytes = 2 * unsafe.Sizeof(edit{})

// mended returns data[from:to], of text number in, with the edits lo to hi
// made in it (and those made in theirs): the text the repairs read there.
// Each edit is visited once: those made within an edit's text are passed
// over once it is written. (Each was looked at again for every edit
// before it: an item of 60,000 repaired numbers took 6 s.)
func (d *decoder) mended(data []byte, from, to, in, lo, hi int) []byte {
	b := make([]byte, 0, to-from)
	pos := from
	for k := lo; k < hi; {
		e := d.edits[k]
		if e.in != in || e.start < from || e.end > to {
			k++
			continue
		}
		b = append(b, data[pos:e.start]...)
		if e.past <= k+1 {
			b = append(b, e.text...) // no edit made in it
		} else {
			b = append(b, d.mended(e.text, 0, len(e.text), e.id, k+1, e.past)...)
		}
		pos = e.end
		k = max(e.past, k+1)
	}
	return append(b, data[pos:to]...)
}

// wrap returns the JSON text of an array of the one value whose text is
// elem.
func wrap(elem []byte) []byte {
	b := make([]byte, 0, len(elem)+2)
	b = append(b, '[')
	b = append(b, elem...)
	return append(b, ']')
}
