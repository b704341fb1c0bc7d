package schema

import (
	"math/big"
	"net/netip"
	"strings"

	"github.com/toolschema/toolschema/internal/limits"
)

// typeName identifies a named type by its package path and name.
type typeName struct{ pkg, name string }

// wellKnown maps a named type to the fragment the contract writes for it,
// whatever its structure or methods. Each entry says what encoding/json
// reads and writes for the type.
var wellKnown = map[typeName]frag{
	// RFC 3339 text, through MarshalJSON.
	{"time", "Time"}: {typ: jString, format: "date-time"},
	// An int64 of nanoseconds: true to the wire, and said in the default
	// description so that a model does not send seconds. Like an int64,
	// no bounds of its own in the schema.
	{"time", "Duration"}: {typ: jInteger, desc: "A duration in nanoseconds.", lo: intBounds{signed: true, bits: 64}},
	// Any JSON value, passed through.
	{"encoding/json", "RawMessage"}: {},
	// A number literal; encoding/json writes it unquoted.
	{"encoding/json", "Number"}: {typ: jNumber},
	// An integer of any size, written as a JSON number.
	// (Through (*Int).MarshalJSON: a big.Int inside a map is refused.)
	{"math/big", "Int"}: {typ: jInteger, ptrMarshal: true},
	// Numbers as text, through MarshalText and UnmarshalText. Reading one
	// costs more than its length (the square of its digits; a power of
	// ten for big.Rat's exponent): the check bounds an argument's text as
	// a number literal is bounded (numText, Check.NumberText), not the
	// schema, so that a result of any length is written and checked as
	// the type writes it.
	{"math/big", "Float"}: {typ: jString, desc: "A decimal number, as text.", numText: true,
		textCheck: func(v string) bool { _, ok := new(big.Float).SetString(v); return ok && NumberTextPast(v) == "" }},
	{"math/big", "Rat"}: {typ: jString, desc: "A fraction such as 1/3, or a decimal number, as text.", numText: true,
		textCheck: func(v string) bool { return NumberTextPast(v) == "" && ratText(v) }},
	// Text forms.
	{"net/netip", "Addr"}: {typ: jString, desc: "An IPv4 or IPv6 address.",
		textCheck: func(v string) bool { _, err := netip.ParseAddr(v); return err == nil }},
	{"net/netip", "AddrPort"}: {typ: jString, desc: "An IP address and port, as 1.2.3.4:80 or [::1]:80.",
		textCheck: func(v string) bool { _, err := netip.ParseAddrPort(v); return err == nil }},
	{"net/netip", "Prefix"}: {typ: jString, desc: "An IP network prefix in CIDR notation.",
		textCheck: func(v string) bool { _, err := netip.ParsePrefix(v); return err == nil }},
	{"net", "IP"}: {typ: jString, desc: "An IPv4 or IPv6 address.",
		textCheck: func(v string) bool { _, err := netip.ParseAddr(v); return err == nil }},
	{"github.com/google/uuid", "UUID"}:   {typ: jString, format: "uuid"},
	{"github.com/gofrs/uuid", "UUID"}:    {typ: jString, format: "uuid"},
	{"github.com/gofrs/uuid/v5", "UUID"}: {typ: jString, format: "uuid"},
}

// formats are the values the format tag accepts: the formats JSON Schema
// 2020-12 defines.
var formats = map[string]bool{
	"date-time": true, "date": true, "time": true, "duration": true,
	"email": true, "idn-email": true, "hostname": true, "idn-hostname": true,
	"ipv4": true, "ipv6": true, "uri": true, "uri-reference": true,
	"iri": true, "iri-reference": true, "uuid": true, "uri-template": true,
	"json-pointer": true, "relative-json-pointer": true, "regex": true,
}

// NumberTextPast returns why s, a big.Float's or big.Rat's text, is past
// the bounds of a number literal: "size", longer than
// limits.MaxNumberLength; "range", with an exponent beyond MaxExponent (a
// binary one, after p, beyond four times it). Or "" when it is within
// them. The invoker stops an argument's text there, before the type's
// method (whose cost is the square of the digits, or the power of the
// exponent); a default past them is refused here.
func NumberTextPast(s string) string {
	if len(s) > limits.MaxNumberLength {
		return "size"
	}
	t := strings.TrimLeft(s, "+-")
	marks := "eEpP"
	if len(t) > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') {
		marks = "pP" // e is a digit
	}
	i := strings.LastIndexAny(t, marks)
	if i < 0 {
		return ""
	}
	// A binary exponent, after p, follows a mantissa in any base (big.Rat
	// reads "1p9999999" as a number of 1.2 MB).
	most := MaxExponent
	if t[i] == 'p' || t[i] == 'P' {
		most = 4 * MaxExponent
	}
	exp := strings.TrimLeft(t[i+1:], "+-")
	n := 0
	for _, c := range exp {
		if c == '_' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if n = n*10 + int(c-'0'); n > most {
			return "range"
		}
	}
	return ""
}

// ratText reports whether big.Rat reads v.
func ratText(v string) bool { _, ok := new(big.Rat).SetString(v); return ok }
