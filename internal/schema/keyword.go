package schema

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/toolschema/toolschema/internal/limits"
)

// keywordTags are the struct tags that set one schema keyword each, in the
// order they are applied (default last: it is checked against the others).
var keywordTags = []string{
	"description", "enum", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
	"multipleOf", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", headerTag, "default",
}

// headerTag names the HTTP header an argument is mirrored into by a client
// of MCP's streamable HTTP transport (MCP 2026-07-28's x-mcp-header): the
// header is Mcp-Param-{name}.
const headerTag = "mcpHeader"

func isKeywordTag(k string) bool {
	for _, t := range keywordTags {
		if t == k {
			return true
		}
	}
	return false
}

// applyTags sets the keywords a field's tags ask for (see readTags) on f,
// its type's fragment. A tag replaces only its own keyword. Errors name the
// tag; the caller fills in the path and field.
func applyTags(f *frag, kws []keywordTag) []*Error {
	var errs []*Error
	for _, k := range kws {
		if k.tag == peerTag && f.typ == jArray && !f.fixedLen && itemKeyword(k.key) {
			errs = append(errs, &Error{ID: OLT020, Tag: k.tag, Msg: "tag " + k.tag + ": invopop/jsonschema applies " + k.key +
				" to the items of an array; the contract has no tag for an array's items: give the items a type that says it (an enum type, a struct)"})
			continue
		}
		if msg := applyTag(f, k.key, k.value); msg != "" {
			prefix := "tag " + k.key + ": "
			if k.tag != k.key {
				prefix = "tag " + k.tag + " (" + k.key + "): "
			}
			errs = append(errs, &Error{ID: OLT012, Tag: k.tag, Msg: prefix + msg})
		}
	}
	if len(errs) == 0 {
		if key, msg := checkBounds(f); msg != "" {
			tag := key
			for _, k := range kws {
				if k.key == key {
					tag = k.tag
				}
			}
			errs = append(errs, &Error{ID: OLT012, Msg: msg, Tag: tag})
		}
	}
	return errs
}

// itemKeyword reports whether invopop/jsonschema applies an array field's
// tag part to the array's items rather than to the array.
func itemKeyword(key string) bool {
	switch key {
	case "enum", "pattern", "format", "minLength", "maxLength", "minimum", "maximum",
		"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "default":
		return true
	}
	return false
}

// applyTag applies one tag, returning why it does not parse or fit.
func applyTag(f *frag, key, v string) string {
	switch key {
	case "description":
		if strings.TrimSpace(v) == "" {
			return "is empty"
		}
		f.desc = v
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		if (v == "true" || v == "false") && strings.HasPrefix(key, "exclusive") {
			// Draft 4's form, which old invopop/jsonschema code writes.
			side := strings.ToLower(strings.TrimPrefix(key, "exclusive"))
			if v == "false" {
				return quote(v) + " is JSON Schema draft 4's flag on " + side + ", which 2020-12 does not have; drop the tag: " + side + " alone is inclusive"
			}
			example, than := "0", "more than 0"
			if side == "maximum" {
				example, than = "1", "less than 1"
			}
			return quote(v) + " is JSON Schema draft 4's flag on " + side + "; in 2020-12 " + key + " is the bound itself: write the bound here (" + key + ":\"" + example + "\" for " + than + "), in place of the " + side
		}
		num, msg := parseBound(f, v)
		if msg != "" {
			if f.typ == jInteger && strings.HasPrefix(key, "exclusive") && justPast(f, key, v) {
				msg += "; the type's values are within it already: drop the tag"
			}
			return msg
		}
		if f.typ == jInteger && !safeInteger(num) {
			return quote(v) + unsafeWhy
		}
		switch key {
		case "minimum":
			f.minimum, f.ownMin = num, false
		case "maximum":
			f.maximum, f.ownMax = num, false
		case "exclusiveMinimum":
			// parseBound keeps it within the type's range, so the
			// type's own minimum says nothing more: it is not written.
			f.exclMin = num
			if f.ownMin {
				f.minimum, f.ownMin = "", false
			}
		case "exclusiveMaximum":
			f.exclMax = num
			if f.ownMax {
				f.maximum, f.ownMax = "", false
			}
		}
	case "multipleOf":
		num, msg := parseStep(f, v)
		if msg != "" {
			return msg
		}
		f.multipleOf = num
	case headerTag:
		return applyHeader(f, v)
	case "minLength", "maxLength":
		if f.typ != jString {
			return "applies to string fields, not " + f.kindName()
		}
		if f.encoding != "" {
			return "does not fit a []byte field: its text is base64, whose length is not the data's"
		}
		n, msg := parseCount(v)
		if msg != "" {
			return msg
		}
		if key == "minLength" {
			f.minLen = limit{n, true}
		} else {
			f.maxLen = limit{n, true}
		}
	case "minItems", "maxItems":
		if f.typ != jArray {
			return "applies to slice and array fields, not " + f.kindName()
		}
		if f.fixedLen {
			return "does not fit an array type, whose length is fixed"
		}
		n, msg := parseCount(v)
		if msg != "" {
			return msg
		}
		if key == "minItems" {
			f.minItems = limit{n, true}
		} else {
			f.maxItems = limit{n, true}
		}
	case "uniqueItems":
		if f.typ != jArray {
			return "applies to slice and array fields, not " + f.kindName()
		}
		if v != "true" {
			return quote(v) + " is not allowed; write uniqueItems:\"true\" or leave the tag out"
		}
		f.unique = true
	case "pattern":
		if f.typ != jString || f.encoding != "" {
			return "applies to string fields, not " + f.kindName()
		}
		if v == "" {
			return "is empty"
		}
		if _, err := regexp.Compile(v); err != nil {
			return "is not a valid regular expression: " + strings.TrimPrefix(err.Error(), "error parsing regexp: ")
		}
		if msg := goOnlySyntax(v); msg != "" {
			return msg
		}
		f.pattern = v
	case "format":
		if f.typ != jString || f.encoding != "" || f.enum != nil {
			return "applies to plain string fields, not " + f.kindName()
		}
		if f.format != "" {
			return "the type is already written with format " + quote(f.format)
		}
		if !formats[v] {
			return quote(v) + " is not a JSON Schema 2020-12 format (date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uuid, ...)"
		}
		f.format = v
	case "enum":
		if f.typ != jString || f.encoding != "" || f.format != "" {
			return "applies to plain string fields, not " + f.kindName()
		}
		if f.enum != nil {
			return "the type already lists its values"
		}
		vals, msg := parseEnum(v)
		if msg != "" {
			return msg
		}
		f.enum = vals
	case "default":
		d, msg := parseDefault(f, v)
		if msg != "" {
			return msg
		}
		f.deflt = d
	}
	return ""
}

func (f *frag) kindName() string {
	switch {
	case f.encoding != "":
		return "[]byte"
	case f.enum != nil && f.typ == jString:
		return "an enum"
	case f.format != "":
		return "a string with format " + f.format
	case f.fixedLen:
		return "an array"
	case f.typ == jObject && f.props == nil:
		return "a map"
	case f.typ == jObject:
		return "a struct"
	case f.typ == jAny:
		return "any value"
	}
	return jtypeNames[f.typ]
}

// goOnlySyntax reports syntax of Go's regexp that ECMA-262, the dialect
// JSON Schema reads patterns in, does not have: inline flags and named
// groups in Go's spelling, \A \z \Q \E \C, and POSIX classes. A pattern
// using them means one thing to the invoker and another (or nothing) to a
// model or another validator.
func goOnlySyntax(p string) string {
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '\\' && i+1 < len(p):
			if strings.IndexByte("AzQEC", p[i+1]) >= 0 {
				return "uses \\" + string(p[i+1]) + ", which ECMA-262 regular expressions (JSON Schema's) do not have"
			}
			i++
		case strings.HasPrefix(p[i:], "[[:"), strings.HasPrefix(p[i:], "[^[:"):
			return "uses a POSIX class ([[:name:]]), which ECMA-262 regular expressions (JSON Schema's) do not have"
		case strings.HasPrefix(p[i:], "(?") && !strings.HasPrefix(p[i:], "(?:") && !strings.HasPrefix(p[i:], "(?<"):
			return "uses " + p[i:min(i+4, len(p))] + "..., Go's inline flags or named group, which ECMA-262 regular expressions (JSON Schema's) do not have"
		}
	}
	return ""
}

// parseCount reads a non-negative count.
func parseCount(v string) (int64, string) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, quote(v) + " is not a non-negative integer"
	}
	return n, ""
}

// justPast reports whether v, an exclusive bound key of an integer field,
// is one past the end of the type's range on its side (exclusiveMaximum
// 256 on a uint8): a bound the type keeps already.
func justPast(f *frag, key, v string) bool {
	x, ok := new(big.Int).SetString(v, 10)
	if !ok || len(v) > limits.MaxNumberLength {
		return false
	}
	end, step := f.lo.max(), int64(1)
	if key == "exclusiveMinimum" {
		end, step = f.lo.min(), -1
	}
	e, ok := new(big.Int).SetString(end, 10)
	return ok && e.Add(e, big.NewInt(step)).Cmp(x) == 0
}

// parseBound reads a number tag's value for f (minimum, maximum, the
// exclusive bounds, a default) and returns it as JSON text: an integer
// written canonically, a number as given.
func parseBound(f *frag, v string) (string, string) {
	switch f.typ {
	case jInteger:
		if len(v) > limits.MaxNumberLength {
			// Refused before it is read: math/big reads an integer in
			// time quadratic in its digits.
			return "", tooLong
		}
		x, ok := new(big.Int).SetString(v, 10)
		if !ok {
			return "", quote(v) + " is not an integer"
		}
		if !f.lo.holds(x) {
			return "", quote(v) + " is outside the range of the field's type (" + f.lo.min() + " to " + f.lo.max() + ")"
		}
		return x.String(), ""
	case jNumber:
		if msg := numberText(v); msg != "" {
			return "", msg
		}
		// A json.Number (fbits 0) is held to a float64's range, as its
		// arguments are: the readers that hold numbers as doubles cannot
		// hold more (encoding/json cannot read such a schema into any).
		x, limit := rat(v), new(big.Rat).SetFloat64(math.MaxFloat64)
		if f.fbits == 32 {
			limit = rat(maxFloat32)
		}
		if new(big.Rat).Abs(x).Cmp(limit) > 0 {
			return "", quote(v) + " is outside the range of " + f.floatName()
		}
		return v, ""
	}
	return "", "applies to integer and number fields, not " + f.kindName()
}

// unsafeWhy says why an integer field's bound beyond ±MaxSafeInteger is
// refused.
const unsafeWhy = " is beyond ±9007199254740991 (2^53-1), which JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients) cannot read exactly; leave it out: the invoker refuses what the field's type cannot hold without it"

// parseStep reads a multipleOf for f: a JSON number greater than 0 (on an
// integer field too, where a fraction is allowed: the integers that are
// multiples of 2.5 are those of 5), within what a float64 holds (not so
// small that a double reads it as 0), and on an integer field not beyond
// ±MaxSafeInteger.
func parseStep(f *frag, v string) (string, string) {
	if f.typ != jInteger && f.typ != jNumber {
		return "", "applies to integer and number fields, not " + f.kindName()
	}
	if msg := numberText(v); msg != "" {
		return "", msg
	}
	x := rat(v)
	if x.Sign() <= 0 {
		return "", quote(v) + " is not greater than 0, as a multipleOf must be"
	}
	if d, _ := strconv.ParseFloat(v, 64); d == 0 {
		// Below the least float64 (a subnormal): a double reads it as
		// 0, which makes the whole schema invalid there.
		return "", quote(v) + " is read as 0 by JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients), and a multipleOf must be greater than 0"
	}
	limit := new(big.Rat).SetFloat64(math.MaxFloat64)
	if f.typ == jInteger {
		limit = new(big.Rat).SetInt64(MaxSafeInteger)
	} else if f.fbits == 32 {
		limit = rat(maxFloat32)
	}
	if x.Cmp(limit) > 0 {
		if f.typ == jInteger {
			return "", quote(v) + " is beyond 9007199254740991 (2^53-1), which JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients) cannot read exactly"
		}
		return "", quote(v) + " is outside the range of " + f.floatName()
	}
	return v, ""
}

// floatName names the float type whose range holds a number field's
// values: float32, or float64 (a json.Number's too).
func (f *frag) floatName() string {
	if f.fbits == 32 {
		return "float32"
	}
	return "float64"
}

// tooLong says why a tag's number of more than limits.MaxNumberLength
// characters is refused.
var tooLong = "is a number of more than " + strconv.Itoa(limits.MaxNumberLength) + " characters, which no schema holds"

// numberText says why v is not a number a tag may give, "" when it is: a
// JSON number, of at most limits.MaxNumberLength characters and with an
// exponent within ±MaxExponent, the bounds every schema is compiled
// within (a longer one would make a schema its own compile refuses).
func numberText(v string) string {
	if !jsonNumber().MatchString(v) {
		return quote(v) + " is not a JSON number"
	}
	if len(v) > limits.MaxNumberLength {
		return tooLong
	}
	if exp := Exponent(v); exp > MaxExponent || exp < -MaxExponent {
		return quote(v) + " has an exponent beyond what a float64 holds"
	}
	return ""
}

// safeInteger reports whether an integer's text is within
// ±MaxSafeInteger.
func safeInteger(num string) bool {
	x, ok := new(big.Int).SetString(num, 10)
	return ok && x.IsInt64() && x.Int64() >= -MaxSafeInteger && x.Int64() <= MaxSafeInteger
}

// jsonNumber matches a number as JSON writes it.
var jsonNumber = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)
})

// MaxExponent bounds the decimal exponent of a number, in a tag and in
// a tool's arguments: a larger one is beyond a float64, and would cost
// exact comparisons dearly.
const MaxExponent = 400

// Exponent returns the decimal exponent written in a JSON number literal,
// 0 when it has none. One of more than six digits (leading zeros aside)
// comes back as ±1<<30.
func Exponent(num string) int {
	i := strings.IndexAny(num, "eE")
	if i < 0 {
		return 0
	}
	e := num[i+1:]
	n := 1 << 30
	if digits := strings.TrimLeft(strings.TrimLeft(e, "+-"), "0"); len(digits) <= 6 {
		n, _ = strconv.Atoi(digits)
	}
	if strings.HasPrefix(e, "-") {
		return -n
	}
	return n
}

func (r intBounds) holds(x *big.Int) bool {
	if r.bits == 0 {
		return true
	}
	lo, _ := new(big.Int).SetString(r.min(), 10)
	hi, _ := new(big.Int).SetString(r.max(), 10)
	return x.Cmp(lo) >= 0 && x.Cmp(hi) <= 0
}

// checkBounds reports bounds that leave no value, with the tag to blame:
// a lower bound above its upper bound (the lower bound's), or, for a
// number, an empty range or one that holds no multiple of multipleOf (see
// numberRange).
func checkBounds(f *frag) (tag, msg string) {
	if f.minimum != "" && f.maximum != "" && rat(f.minimum).Cmp(rat(f.maximum)) > 0 {
		return "minimum", "minimum " + f.minimum + " is greater than maximum " + f.maximum
	}
	if f.typ == jInteger || f.typ == jNumber {
		if tag, msg := numberRange(f); msg != "" {
			return tag, msg
		}
	}
	if f.minLen.ok && f.maxLen.ok && f.minLen.n > f.maxLen.n {
		return "minLength", "minLength is greater than maxLength"
	}
	if f.minItems.ok && f.maxItems.ok && f.minItems.n > f.maxItems.n {
		return "minItems", "minItems is greater than maxItems"
	}
	return "", ""
}

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return new(big.Rat)
	}
	return r
}

// parseEnum reads a comma list ("a, b, c": values trimmed) or a JSON array of
// strings (for values that hold commas).
func parseEnum(v string) ([][]byte, string) {
	var vals []string
	if strings.HasPrefix(strings.TrimSpace(v), "[") {
		if err := json.Unmarshal([]byte(v), &vals); err != nil {
			return nil, "is not a JSON array of strings: " + err.Error()
		}
	} else {
		for s := range strings.SplitSeq(v, ",") {
			vals = append(vals, strings.TrimSpace(s))
		}
	}
	if len(vals) == 0 {
		return nil, "lists no values"
	}
	seen := map[string]bool{}
	out := make([][]byte, len(vals))
	for i, s := range vals {
		if s == "" {
			return nil, "has an empty value"
		}
		if seen[s] {
			return nil, "lists " + quote(s) + " twice"
		}
		seen[s] = true
		out[i] = appendString(nil, s)
	}
	return out, ""
}

// parseDefault reads a default value typed as the field and checks it
// against the field's other keywords.
func parseDefault(f *frag, v string) ([]byte, string) {
	switch f.typ {
	case jBoolean:
		if v != "true" && v != "false" {
			return nil, quote(v) + " is not a boolean (true or false)"
		}
		return []byte(v), ""
	case jInteger, jNumber:
		num, msg := parseBound(f, v)
		if msg != "" {
			return nil, msg
		}
		x := rat(num)
		if f.minimum != "" && x.Cmp(rat(f.minimum)) < 0 {
			return nil, num + " is less than the minimum " + f.minimum
		}
		if f.maximum != "" && x.Cmp(rat(f.maximum)) > 0 {
			return nil, num + " is greater than the maximum " + f.maximum
		}
		if f.exclMin != "" && x.Cmp(rat(f.exclMin)) <= 0 {
			return nil, num + " is not greater than the exclusiveMinimum " + f.exclMin
		}
		if f.exclMax != "" && x.Cmp(rat(f.exclMax)) >= 0 {
			return nil, num + " is not less than the exclusiveMaximum " + f.exclMax
		}
		if f.multipleOf != "" && !new(big.Rat).Quo(x, rat(f.multipleOf)).IsInt() {
			return nil, num + " is not a multiple of " + f.multipleOf + " (multipleOf)"
		}
		return []byte(num), ""
	case jString:
		if f.encoding != "" {
			if _, err := base64.StdEncoding.DecodeString(v); err != nil {
				return nil, "is not base64 text"
			}
			return appendString(nil, v), ""
		}
		enc := appendString(nil, v)
		if f.enum != nil {
			found := false
			for _, e := range f.enum {
				found = found || string(e) == string(enc)
			}
			if !found {
				return nil, quote(v) + " is not one of the field's values"
			}
		}
		n := int64(utf8.RuneCountInString(v))
		if f.minLen.ok && n < f.minLen.n {
			return nil, quote(v) + " is shorter than minLength"
		}
		if f.maxLen.ok && n > f.maxLen.n {
			return nil, quote(v) + " is longer than maxLength"
		}
		if f.pattern != "" && !regexp.MustCompile(f.pattern).MatchString(v) {
			return nil, quote(v) + " does not match the pattern"
		}
		if f.format != "" && !FormatValid(f.format, v) {
			return nil, quote(v) + " is not of the format " + f.format
		}
		if check := f.textCheck; check != nil && !check(v) {
			return nil, quote(v) + " is not a valid text for the field's type"
		}
		return enc, ""
	}
	return nil, "applies to boolean, integer, number and string fields, not " + f.kindName()
}

// maxSafeInteger is 2^53-1, the largest integer a JSON reader that holds
// numbers as doubles reads exactly.
const maxSafeInteger = 1<<53 - 1

// applyHeader applies an mcpHeader tag: the name must be an HTTP token
// (RFC 9110's 1*tchar), on a string, boolean or integer field, not a
// pointer (nullable), whose range stays within ±(2^53-1), as MCP requires
// of x-mcp-header.
func applyHeader(f *frag, v string) string {
	if v == "" {
		return "is empty; give the name of the header (Mcp-Param-{name}), such as mcpHeader:\"Region\""
	}
	for i := 0; i < len(v); i++ {
		if !isTchar(v[i]) {
			return quote(v) + " is not an HTTP header name: " + fmt.Sprintf("%q", v[i:i+1]) + " is not allowed (letters, digits and !#$%&'*+-.^_`|~ are)"
		}
	}
	if f.null && (f.typ == jString || f.typ == jBoolean || f.typ == jInteger) {
		// MCP's SDKs read a header's property as of one type: mcp-go
		// refuses the tool at AddTool, the go-sdk cannot read the
		// schema's properties and mirrors none of the tool's headers.
		t := jtypeNames[f.typ]
		return `applies to a property of one type, and the field is a pointer, whose property also takes null (["` + t + `","null"]), which MCP's SDKs do not mirror (mcp-go refuses the tool, the go-sdk mirrors none of its headers): use the ` + t + ` type itself, with omitempty when it is optional`
	}
	switch f.typ {
	case jString, jBoolean:
	case jInteger:
		lo, lok := new(big.Int).SetString(cmp.Or(f.minimum, f.exclMin), 10)
		hi, hok := new(big.Int).SetString(cmp.Or(f.maximum, f.exclMax), 10)
		if !lok || !hok || lo.Cmp(big.NewInt(-maxSafeInteger)) < 0 || hi.Cmp(big.NewInt(maxSafeInteger)) > 0 {
			return "an integer header must stay within ±9007199254740991 (2^53-1), as MCP requires: use a type of 32 bits or fewer, or bound the field with minimum and maximum tags"
		}
	default:
		return "applies to string, boolean and integer fields, not " + f.kindName() + " (MCP mirrors only those into headers)"
	}
	f.header = v
	return ""
}

// isTchar reports whether c may appear in an HTTP field name (RFC 9110,
// section 5.6.2).
func isTchar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}
