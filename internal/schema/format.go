package schema

import (
	"fmt"
	"net/netip"
	"net/url"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"time"
)

// FormatValid reports whether s is of the JSON Schema 2020-12 format named
// format. A format it does not know takes any string.
//
// The verdicts are those of the format assertions of
// github.com/santhosh-tekuri/jsonschema/v6 (v6.0.3), so that the invoker
// and the tag checker agree with the validator a schema is tested against,
// without linking it. It follows that validator also where it is lenient:
// idn-email and idn-hostname take any string (it has no check for them),
// regex is a regular expression Go's regexp package compiles, and the
// numbers of ipv4 and of time may carry a sign, as strconv.Atoi reads them.
// Two exceptions, the contract's: a date-time must also be a text that
// time.Parse reads with time.RFC3339Nano (no lower-case t or z, no leap
// second), since the invoker decodes date-times into time.Time; and a
// regex must be within the bounds of a schema's pattern (CompileRegex),
// since compiling one costs time and memory its length does not bound.
//
// FormatValid compiles nothing ahead of its first call: the analyzers start
// once per package, so the package's initialization stays cheap.
func FormatValid(format, s string) bool {
	switch format {
	case "date-time":
		if !isDateTime(s) {
			return false
		}
		_, err := time.Parse(time.RFC3339Nano, s)
		return err == nil
	case "date":
		return isDate(s)
	case "time":
		return isTime(s)
	case "duration":
		return isDuration(s)
	case "email":
		return isEmail(s)
	case "hostname":
		return isHostname(s)
	case "ipv4":
		return isIPv4(s)
	case "ipv6":
		return isIPv6(s)
	case "uri", "iri":
		u, ok := parseURI(s)
		return ok && u.IsAbs()
	case "uri-reference", "iri-reference":
		_, ok := parseURI(s)
		return ok && !strings.Contains(s, `\`)
	case "uri-template":
		return isURITemplate(s)
	case "uuid":
		return isUUID(s)
	case "json-pointer":
		return isJSONPointer(s)
	case "relative-json-pointer":
		return isRelativeJSONPointer(s)
	case "regex":
		// The bounds' check reads and compiles what regexp would: a text
		// it passes, regexp.Compile takes (a second compilation, for a
		// Regexp nobody uses).
		return checkRegex(s) == nil
	}
	// idn-email, idn-hostname and formats unknown to JSON Schema.
	return true
}

// FormatAsk is what a violation of a format says the string must be: for
// regex, the syntax and the bounds, since a model cannot tell a regular
// expression past them from one Go does not read.
func FormatAsk(format string) string {
	if format == "regex" {
		return fmt.Sprintf("must be in the format regex: a regular expression in Go's syntax (RE2) of at most %d bytes, compiling to at most %d instructions.", MaxRegexBytes, MaxRegexInsts)
	}
	return "must be in the format " + format + "."
}

// MaxRegexBytes and MaxRegexInsts bound a regular expression compiled
// from outside: a schema's pattern (internal/metaschema) and a string of
// the format regex in a call's arguments. A regular expression of a few
// bytes compiles to thousands of instructions ("a{1000}" to a thousand),
// each taking time and memory to build: unbounded, 7 KB of arguments made
// the validator build 228 MB.
const (
	MaxRegexBytes = 1024
	MaxRegexInsts = 1000
)

// CompileRegex compiles s with Go's regexp when it is at most
// MaxRegexBytes long and its program at most MaxRegexInsts instructions
// (regexp/syntax's, after Simplify), in time and memory bounded by those
// bounds: the size of the program is bounded from the parsed expression
// before it is built, and a program over four times the bound is never
// built.
func CompileRegex(s string) (*regexp.Regexp, error) {
	if err := checkRegex(s); err != nil {
		return nil, err
	}
	return regexp.Compile(s)
}

// checkRegex returns CompileRegex's error for s, or nil where it compiles
// s.
func checkRegex(s string) error {
	_, err := RegexProgram(s)
	return err
}

// RegexProgram parses s and builds its program as regexp.Compile does (the
// same parse, Simplify and compilation, and so the same errors), within
// the bounds of CompileRegex, and returns the program's number of
// instructions. Past a bound its error is ErrRegexTooLong, or
// ErrRegexTooLarge with the number of instructions when the program was
// built to count them, 0 when it was refused before; else it is the
// parse's (a *syntax.Error).
func RegexProgram(s string) (int, error) {
	if len(s) > MaxRegexBytes {
		return 0, ErrRegexTooLong
	}
	re, err := syntax.Parse(s, syntax.Perl)
	if err != nil {
		return 0, err
	}
	if ParsedRegexWork(re) > 4*MaxRegexInsts {
		return 0, ErrRegexTooLarge
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return 0, err
	}
	if len(prog.Inst) > MaxRegexInsts {
		return len(prog.Inst), ErrRegexTooLarge
	}
	return len(prog.Inst), nil
}

// ErrRegexTooLong and ErrRegexTooLarge are RegexProgram's errors for a
// text past MaxRegexBytes and a program past MaxRegexInsts (made once: a
// call's arguments may bring many such strings).
var (
	ErrRegexTooLong  = fmt.Errorf("the regular expression is longer than %d bytes", MaxRegexBytes)
	ErrRegexTooLarge = fmt.Errorf("the regular expression compiles to more than %d instructions", MaxRegexInsts)
)

// RegexWork is at least the number of instructions CompileRegex builds
// for s in each of its two programs (its bound's check, then regexp's;
// FormatValid builds the first only), counted from the parsed text before any is built: 0 where it builds
// none (s is past MaxRegexBytes, or not read), at most 4*MaxRegexInsts+1.
// A call's checks count it in their cost: a few bytes of a regex compile
// to up to MaxRegexInsts instructions, about 0.1 ms.
func RegexWork(s string) int {
	if len(s) > MaxRegexBytes {
		return 0
	}
	re, err := syntax.Parse(s, syntax.Perl)
	if err != nil {
		return 0
	}
	return ParsedRegexWork(re)
}

// ParsedRegexWork is RegexWork of a regular expression already parsed
// (with syntax.Perl), for a caller that parses it for more.
func ParsedRegexWork(re *syntax.Regexp) int { return progBound(re, 4*MaxRegexInsts) }

// progBound is at least the number of instructions re compiles to after
// Simplify, counted as regexp/syntax's compiler emits them, or a number
// over limit once it passes limit.
func progBound(re *syntax.Regexp, limit int) int {
	over := limit + 1
	add := func(a, b int) int { return min(a+b, over) }
	mul := func(a, b int) int {
		if a != 0 && b > over/a {
			return over
		}
		return min(a*b, over)
	}
	var size func(re *syntax.Regexp) int
	size = func(re *syntax.Regexp) int {
		n := 0
		for _, sub := range re.Sub {
			n = add(n, size(sub))
		}
		switch re.Op {
		case syntax.OpLiteral:
			return max(len(re.Rune), 1)
		case syntax.OpConcat:
			return max(n, 1)
		case syntax.OpAlternate:
			return add(n, len(re.Sub))
		case syntax.OpCapture:
			return add(n, 2)
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
			return add(n, 2)
		case syntax.OpRepeat:
			// Simplify writes x{0} as an empty match; x{n,} as n-1
			// copies of x and x+ (x* for x{0,}: one instruction, two
			// where x matches empty); x{n,m} as n copies of x and m-n
			// nested optional ones, each an instruction more than x.
			// (Counted loosely, nested repetitions within the bound
			// were refused: (?:(?:(?:a{2}){2}){2}){100}, 802
			// instructions, counted 4,503.)
			switch {
			case re.Max == 0:
				return 1
			case re.Max < 0:
				return add(mul(max(re.Min, 1), n), 2)
			}
			return max(add(mul(re.Min, n), mul(re.Max-re.Min, add(n, 1))), 1)
		}
		return add(n, 1) // one instruction: a class, an assertion, an empty match
	}
	return add(size(re), 2) // the program's fail and match instructions
}

// atoiField reads a field of a date-time, or of an IPv4 address, as
// strconv.Atoi does (a sign is allowed), refusing a negative value.
func atoiField(f string) (int, bool) {
	n, err := strconv.Atoi(f)
	return n, err == nil && n >= 0
}

// leadingDigits counts the ASCII digits at the start of s.
func leadingDigits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// isDate: full-date of RFC 3339, as time.Parse reads it.
func isDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// isTime: full-time of RFC 3339, hh:mm:ss[.frac](Z|z|±hh:mm), a leap
// second allowed at 23:59 UTC.
func isTime(s string) bool {
	if len(s) < len("hh:mm:ssZ") || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, okH := atoiField(s[0:2])
	m, okM := atoiField(s[3:5])
	sec, okS := atoiField(s[6:8])
	if !okH || !okM || !okS || h > 23 || m > 59 || sec > 60 {
		return false
	}
	rest := s[8:]
	if frac, ok := strings.CutPrefix(rest, "."); ok {
		n := leadingDigits(frac)
		if n == 0 {
			return false
		}
		rest = frac[n:]
	}
	minutes := h*60 + m // of the day, in UTC
	switch {
	case rest == "Z" || rest == "z":
	case len(rest) == len("+hh:mm") && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, okH := atoiField(rest[1:3])
		om, okM := atoiField(rest[4:6])
		if !okH || !okM || oh > 23 || om > 59 {
			return false
		}
		if rest[0] == '+' {
			minutes -= oh*60 + om
		} else {
			minutes += oh*60 + om
		}
		if minutes < 0 {
			minutes += 24 * 60
		}
	default:
		return false
	}
	return sec < 60 || minutes == 23*60+59
}

// isDateTime: date-time of RFC 3339, a date and a time joined by T or t.
func isDateTime(s string) bool {
	return len(s) >= len("yyyy-mm-ddThh:mm:ssZ") && (s[10] == 'T' || s[10] == 't') &&
		isDate(s[:10]) && isTime(s[11:])
}

// isDuration: duration of RFC 3339 (appendix A): P, then weeks (nW) alone,
// or date units in the order Y, M, D, and after T time units in the order
// H, M, S; integers only, each unit at most once, at least one unit.
func isDuration(s string) bool {
	rest, ok := strings.CutPrefix(s, "P")
	if !ok || rest == "" {
		return false
	}
	if weeks, ok := strings.CutSuffix(rest, "W"); ok {
		return weeks != "" && leadingDigits(weeks) == len(weeks)
	}
	date, clock, hasT := strings.Cut(rest, "T")
	if !durationUnits(date, "YMD") {
		return false
	}
	if !hasT {
		return true
	}
	return clock != "" && !strings.Contains(clock, "T") && durationUnits(clock, "HMS")
}

// durationUnits checks a run of number-unit pairs whose units come from
// units, in its order, each once.
func durationUnits(s, units string) bool {
	for s != "" {
		n := leadingDigits(s)
		if n == 0 || n == len(s) {
			return false
		}
		i := strings.IndexByte(units, s[n])
		if i < 0 {
			return false
		}
		units, s = units[i+1:], s[n+1:]
	}
	return true
}

// isIPv4: four dotted decimals from 0 to 255 without leading zeros (a sign
// is read as strconv.Atoi reads it).
func isIPv4(s string) bool {
	n := 0
	for part := range strings.SplitSeq(s, ".") {
		n++
		if n > 4 || len(part) > 1 && part[0] == '0' {
			return false
		}
		if v, ok := atoiField(part); !ok || v > 255 {
			return false
		}
	}
	return n == 4
}

// isIPv6: an IPv6 address, IPv4-embedded forms included, without a zone.
func isIPv6(s string) bool {
	if !strings.Contains(s, ":") {
		return false
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Zone() == ""
}

// isHostname: dot-separated labels of 1 to 63 letters, digits and inner
// hyphens, 253 bytes at most, a trailing dot allowed.
func isHostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if len(s) > 253 {
		return false
	}
	for label := range strings.SplitSeq(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !isAlnum(c) && c != '-' {
				return false
			}
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isEmail: local@domain, 254 bytes at most. The local part (the text before
// the last @, at most 64 bytes, possibly empty) is either quoted, without
// backslash or quote inside, or dot-separated atoms; the domain is a
// hostname, or [IPv4] or [IPv6:address]. (net/mail is not used: it would
// link the net package, and with it cgo, into every vet tool.)
func isEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if len(s) > 254 || at < 0 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if len(local) > 64 {
		return false
	}
	if len(local) >= 2 && local[0] == '"' && local[len(local)-1] == '"' {
		if strings.ContainsAny(local[1:len(local)-1], `\"`) {
			return false
		}
	} else {
		if strings.HasPrefix(local, ".") || strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
			return false
		}
		for i := 0; i < len(local); i++ {
			if c := local[i]; !isAlnum(c) && strings.IndexByte(".!#$%&'*+-/=?^_`{|}~", c) < 0 {
				return false
			}
		}
	}
	if len(domain) >= 2 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		lit := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(lit, "IPv6:"); ok {
			return isIPv6(v6)
		}
		return isIPv4(lit)
	}
	return isHostname(domain)
}

// parseURI parses a URI or IRI reference with net/url, which leaves an
// IPv6 host unchecked: a host with a colon must be an IPv6 address in
// brackets.
func parseURI(s string) (*url.URL, bool) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, false
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") || !isIPv6(host) {
			return nil, false
		}
	}
	return u, true
}

// isURITemplate: a URI reference whose path (as written, when net/url
// would write it otherwise) has, in each segment once unescaped, braces
// that open and close in turn.
func isURITemplate(s string) bool {
	u, ok := parseURI(s)
	if !ok {
		return false
	}
	for seg := range strings.SplitSeq(u.RawPath, "/") {
		seg, err := url.PathUnescape(seg)
		if err != nil {
			return false
		}
		open := false
		for i := 0; i < len(seg); i++ {
			switch seg[i] {
			case '{':
				if open {
					return false
				}
				open = true
			case '}':
				if !open {
					return false
				}
				open = false
			}
		}
		if open {
			return false
		}
	}
	return true
}

// isUUID: 8-4-4-4-12 hexadecimal digits, either case.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// isJSONPointer: empty, or /-prefixed reference tokens in which every ~ is
// an escape, ~0 or ~1.
func isJSONPointer(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' {
			if i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1' {
				return false
			}
			i++
		}
	}
	return true
}

// isRelativeJSONPointer: a non-negative integer without leading zeros,
// then # or a JSON pointer (no index adjustment: draft-handrews-01).
func isRelativeJSONPointer(s string) bool {
	n := leadingDigits(s)
	if n == 0 || n > 1 && s[0] == '0' {
		return false
	}
	return s[n:] == "#" || isJSONPointer(s[n:])
}
