package schema

import (
	"fmt"
	"regexp/syntax"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// formatCases are hand-picked strings for each format, with the verdict
// FormatValid gives (and jsonschema/v6 gives, except where date-time also
// asks time.Parse). They seed FuzzFormatValid too.
var formatCases = map[string][]struct {
	s     string
	valid bool
}{
	"date-time": {
		{"2024-02-29T12:34:56Z", true},
		{"2024-02-29T12:34:56.123456789Z", true},
		{"2024-02-29T12:34:56.1234567891Z", true}, // more digits than nanoseconds
		{"2024-02-29T12:34:56+05:30", true},
		{"2024-02-29T12:34:56-00:00", true},
		{"1937-01-01T12:00:27.87+00:20", true},
		{"2024-02-29t12:34:56Z", false},      // jsonschema yes, time.Time no
		{"2024-02-29T12:34:56z", false},      // jsonschema yes, time.Time no
		{"2016-12-31T23:59:60Z", false},      // leap second: jsonschema yes, time.Time no
		{"2016-12-31T15:59:60-08:00", false}, // leap second with an offset
		{"2016-12-31T23:59:60+01:00", false}, // leap second at the wrong time
		{"2023-02-29T12:00:00Z", false},      // not a leap year
		{"2024-02-29 12:34:56Z", false},      // space
		{"2024-02-29T12:34:56", false},       // no offset
		{"2024-02-29T12:34:56+0530", false},  // offset without colon
		{"2024-02-29T24:00:00Z", false},      // hour 24
		{"2024-02-29T12:34:56.Z", false},     // empty fraction
		{"2024-02-29T12:34:56,5Z", false},    // comma fraction
		{"2024-02-29T+1:34:56Z", false},      // jsonschema reads +1 as an hour
		{"2024-02-29T12:34:56+24:00", false}, // offset hour out of range
		{"24-02-29T12:34:56Z", false},        // short year
		{"١٢٣٤-02-29T12:34:56Z", false},      // non-ASCII digits
		{"2024-02-29T12:34:56Z\n", false},    // trailing newline
		{"", false},
	},
	"date": {
		{"2024-02-29", true},
		{"0000-01-01", true},
		{"9999-12-31", true},
		{"2023-02-29", false},
		{"2024-13-01", false},
		{"2024-1-01", false},
		{"2024-01-1", false},
		{"2024/01/01", false},
		{"20240101", false},
		{"2024-01-01T00:00:00Z", false},
		{"+2024-01-01", false},
		{"2024-０1-01", false},
		{"", false},
	},
	"time": {
		{"12:34:56Z", true},
		{"12:34:56z", true},
		{"12:34:56.789+05:30", true},
		{"00:00:00-23:59", true},
		{"23:59:60Z", true},       // leap second at 23:59 UTC
		{"15:59:60-08:00", true},  // the same leap second in Pacific time
		{"00:29:60+00:30", true},  // ... and east of Greenwich
		{"23:59:60+01:00", false}, // 22:59:60 UTC
		{"12:00:60Z", false},      // not 23:59 UTC
		{"12:34:61Z", false},
		{"24:00:00Z", false},
		{"12:60:00Z", false},
		{"12:34:56", false},        // no offset
		{"12:34Z", false},          // no seconds
		{"12:34:56.Z", false},      // empty fraction
		{"12:34:56+05:60", false},  // offset minutes out of range
		{"12:34:56+24:00", false},  // offset hours out of range
		{"12:34:56+0530", false},   // offset without colon
		{"12:34:56 +05:30", false}, // space
		{"+1:+2:+3Z", true},        // strconv.Atoi reads signs
		{"-0:00:00Z", true},
		{"-1:00:00Z", false},
		{"12:34:56+-0:00", true},
		{"1:34:56Z", false},
		{"1::34:56Z", false},
		{"", false},
	},
	"duration": {
		{"P1Y2M3DT4H5M6S", true},
		{"P4W", true},
		{"PT0S", true},
		{"P1D", true},
		{"PT36H", true},
		{"P0Y", true},
		{"P", false},
		{"PT", false},
		{"P1DT", false},
		{"P1W2D", false},
		{"PW", false},
		{"P1.5D", false},
		{"PT1.5S", false},
		{"P1M1Y", false},  // out of order
		{"PT1S1M", false}, // out of order
		{"P1D1D", false},  // repeated
		{"P1H", false},    // time unit before T
		{"PT1D", false},   // date unit after T
		{"PT1HT1M", false},
		{"p1d", false},
		{"1D", false},
		{"P1", false},
		{"-P1D", false},
		{"P１D", false},
		{"", false},
	},
	"email": {
		{"joe.bloggs@example.com", true},
		{"te~st@example.com", true},
		{"\"joe bloggs\"@example.com", true},
		{"\"joe@bloggs\"@example.com", true},
		{"joe@[127.0.0.1]", true},
		{"joe@[IPv6:::1]", true},
		{"joe@example.com.", true},
		{"@example.com", true}, // jsonschema takes an empty local part
		{"x@localhost", true},
		{"joe.@example.com", false},
		{".joe@example.com", false},
		{"jo..e@example.com", false},
		{"joe@", false},
		{"joe", false},
		{"joe@exa mple.com", false},
		{"\"jo\\\"e\"@example.com", false},
		{"\"@example.com", false},
		{"joe@[IPv6:1.2.3.4]", false},
		{"joe@[::1]", false},
		{"joe@[256.0.0.1]", false},
		{"joe@[IPv6:fe80::1%eth0]", false},
		{"jöe@example.com", false},
		{"joe@exämple.com", false},
		{"joe@-example.com", false},
		{strings.Repeat("a", 65) + "@example.com", false},
		{strings.Repeat("a", 64) + "@example.com", true},
		{"", false},
	},
	"idn-email": { // jsonschema/v6 has no check
		{"실례@실례.테스트", true},
		{"joe", true},
		{"", true},
	},
	"hostname": {
		{"www.example.com", true},
		{"example.com.", true},
		{"xn--4gbwdl.xn--wgbh1c", true},
		{"a", true},
		{"1.2.3.4", true},
		{"a-b", true},
		{"-a", false},
		{"a-", false},
		{"a..b", false},
		{".a", false},
		{".", false},
		{"a_b", false},
		{"ex ample", false},
		{"exämple.com", false},
		{strings.Repeat("a", 63), true},
		{strings.Repeat("a", 64), false},
		{strings.Repeat("a.", 126) + "a", true},   // 253 characters
		{strings.Repeat("a.", 126) + "aa", false}, // 254 characters
		{strings.Repeat("a.", 126) + "a.", true},  // 253 and a trailing dot
		{"", false},
	},
	"idn-hostname": { // jsonschema/v6 has no check
		{"실례.테스트", true},
		{"-a", true},
		{"", true},
	},
	"ipv4": {
		{"192.168.0.1", true},
		{"0.0.0.0", true},
		{"255.255.255.255", true},
		{"256.0.0.1", false},
		{"01.2.3.4", false},
		{"1.2.3", false},
		{"1.2.3.4.5", false},
		{"1.2.3.4 ", false},
		{"1.2.3.", false},
		{"a.b.c.d", false},
		{"+1.2.3.4", true}, // strconv.Atoi reads the sign
		{"-0.2.3.4", true},
		{"-1.2.3.4", false},
		{"1.2.3.0x4", false},
		{"١.٢.٣.٤", false},
		{"::1", false},
		{"", false},
	},
	"ipv6": {
		{"::1", true},
		{"::", true},
		{"2001:db8::ff00:42:8329", true},
		{"::ffff:192.0.2.128", true},
		{"1:2:3:4:5:6:7:8", true},
		{"FE80::1", true},
		{"fe80::1%eth0", false},
		{"1:2:3:4:5:6:7:8:9", false},
		{"12345::", false},
		{"1::2::3", false},
		{":::", false},
		{"::ffff:256.0.0.1", false},
		{"1.2.3.4", false},
		{"[::1]", false},
		{"::1 ", false},
		{"", false},
	},
	"uri": {
		{"http://example.com/path?q=1#frag", true},
		{"urn:isbn:0451450523", true},
		{"mailto:joe@example.com", true},
		{"http://[::1]:8080/", true},
		{"http://example.com/%20", true},
		{"http://example.com/ä", true},
		{"//example.com/path", false},
		{"/path", false},
		{"path", false},
		{"#frag", false},
		{"http://[::1", false},
		{"http://::1/", false},
		{"http://[fe80::1%25eth0]/", false},
		{"http://example.com/%zz", false},
		{"http://exa mple.com/", false},
		{"1http://example.com", false},
		{"", false},
	},
	"uri-reference": {
		{"/path?q#f", true},
		{"../a/b", true},
		{"#frag", true},
		{"", true},
		{"http://example.com", true},
		{"//example.com", true},
		{"a:b", true},
		{`\\WINDOWS\share`, false},
		{"/a%zz", false},
		{"http://[::1/", false},
		{"http://[1.2.3.4]/", false},
		{"#a b", true},
		{":a", false},
	},
	"iri": {
		{"http://ƒøø.ßår/?∂éœ=πîx#πîüx", true},
		{"http://[::1]/", true},
		{"/ƒøø", false},
		{"http://2001:0db8:85a3:0000:0000:8a2e:0370:7334", false},
		{"", false},
	},
	"iri-reference": {
		{"http://ƒøø.ßår/?∂éœ=πîx#πîüx", true},
		{"//ƒøø.ßår/?∂éœ=πîx#πîüx", true},
		{"#ƒrägmênt", true},
		{`\\WINDOWS\filëßåré`, false},
		{"#ƒräg\\mênt", false},
		{"", true},
	},
	"uuid": {
		{"2eb8aa08-aa98-11ea-b4aa-73b441d16380", true},
		{"2EB8AA08-AA98-11EA-B4AA-73B441D16380", true},
		{"00000000-0000-0000-0000-000000000000", true},
		{"2eb8aa08aa9811eab4aa73b441d16380", false},
		{"2eb8aa08-aa98-11ea-b4aa-73b441d1638", false},
		{"2eb8aa08-aa98-11ea-b4aa-73b441d163800", false},
		{"2eb8aa08-aa98-11ea-b4aa73b4-41d16380", false},
		{"{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", false},
		{"2eb8aa08-aa98-11ea-b4aa-73b441d1638g", false},
		{"2eb8aa0８-aa98-11ea-b4aa-73b441d16380", false},
		{"", false},
	},
	"uri-template": {
		{"http://example.com/dictionary/{term:1}/{term}", true},
		{"http://example.com/dictionary", true},
		{"dictionary/{term:1}/{term}", true},
		{"/{a}{b}", true},
		{"http://example.com/dictionary/{term:1}/{term", false},
		{"http://example.com/{a}}", false},
		{"http://example.com/{{a}}", false},
		{"http://example.com/{a%7D", true}, // an escaped brace counts...
		{"http://example.com/{a%7B", false},
		{"http://example.com/%7Ba", true}, // ...but only in a path net/url would write otherwise
		{"http://example.com/{a/b}", false},
		{"http://example.com/x?{q", true}, // only the path is checked
		{"http://example.com/%zz{a}", false},
		{"", true},
	},
	"json-pointer": {
		{"", true},
		{"/", true},
		{"/foo/bar~0/baz~1/%a", true},
		{"/foo//bar", true},
		{"/ä/ü", true},
		{"/a~", false},
		{"/a~2", false},
		{"/a~/b", false},
		{"/~~", false},
		{"foo", false},
		{"#/foo", false},
		{"/a\x00b", true},
	},
	"relative-json-pointer": {
		{"0", true},
		{"1", true},
		{"0#", true},
		{"1/foo/bar", true},
		{"10/a~1b", true},
		{"0/a~2", false},
		{"01/a", false},
		{"00", false},
		{"-1/foo", false},
		{"0+1/foo", false}, // index adjustment is not in the draft jsonschema/v6 follows
		{"#", false},
		{"/foo", false},
		{"1#/", false},
		{"1##", false},
		{"", false},
	},
	"regex": {
		{"^[a-z]+$", true},
		{"(?i)abc", true}, // Go's syntax
		{"", true},
		{"[", false},
		{"a(", false},
		{"a**", false},
		{"(?<name>x)", true},
		{"\\p{Greek}", true},
		{"\\", false},
		{"a{2,1}", false},
		{"(?=x)", false}, // lookahead: ECMA-262 has it, Go does not
		// Past the bounds of a schema's pattern: jsonschema/v6 yes.
		{"a{998}", true},                                   // 1,000 instructions
		{"a{999}", false},                                  // 1,001
		{"(?:a{1000}){1000}", false},                       // Go's parser refuses it
		{strings.Repeat("a{1000}", 146), false},            // 146,002 instructions
		{"(?:" + strings.Repeat(`\pL`, 340) + ")", true},   // 1,024 bytes
		{"(?:" + strings.Repeat(`\pL`, 340) + ")?", false}, // 1,025
		{"(?:x{50}|y{50}){9}", true},
		// Nested counted repetitions within the bounds: 802 instructions.
		{"(?:(?:(?:a{2}){2}){2}){100}", true},
		{"(?:(?:[0-9]{2}){2,3}){80}", true},
	},
}

// testedFormats lists the formats of the contract, in a fixed order.
var testedFormats = func() []string {
	fs := make([]string, 0, len(formats))
	for f := range formats {
		fs = append(fs, f)
	}
	slices.Sort(fs)
	return fs
}()

// referenceSchemas are jsonschema/v6 schemas {"format": name} with format
// assertion on, one per format.
var referenceSchemas = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) {
	out := make(map[string]*jsonschema.Schema, len(testedFormats))
	for _, f := range testedFormats {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		url := "format-" + f + ".json"
		if err := c.AddResource(url, map[string]any{"format": f}); err != nil {
			return nil, err
		}
		sch, err := c.Compile(url)
		if err != nil {
			return nil, err
		}
		out[f] = sch
	}
	return out, nil
})

// referenceVerdict is jsonschema/v6's verdict on s, and for date-time the
// contract's (jsonschema/v6's and time.Parse's).
func referenceVerdict(t *testing.T, format, s string) bool {
	t.Helper()
	schemas, err := referenceSchemas()
	if err != nil {
		t.Fatal(err)
	}
	ok := schemas[format].Validate(s) == nil
	switch format {
	case "date-time":
		_, err := time.Parse(time.RFC3339Nano, s)
		ok = ok && err == nil
	case "regex":
		ok = ok && regexWithinBounds(s)
	}
	return ok
}

// regexWithinBounds reports whether s is within the bounds of a schema's
// pattern, its program built in full.
func regexWithinBounds(s string) bool {
	if len(s) > MaxRegexBytes {
		return false
	}
	re, err := syntax.Parse(s, syntax.Perl)
	if err != nil {
		return false
	}
	prog, err := syntax.Compile(re.Simplify())
	return err == nil && len(prog.Inst) <= MaxRegexInsts
}

// TestFormatRegexMemory: a string of the format regex is checked in
// memory bounded by the bounds of a schema's pattern, whatever its
// program would be. Before, the 1,022 bytes of 146 "a{1000}" were
// compiled to 146,002 instructions, some 30 MB.
func TestFormatRegexMemory(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("a{1000}", 146),
		"(?:" + strings.Repeat("[a-z]{1000}", 92) + ")",
		strings.Repeat("x", 1<<20),
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		ok := FormatValid("regex", s)
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; ok || got > 256<<10 {
			t.Errorf("FormatValid(regex, %.20q...) = %t, allocating %d bytes; want false within 256 KiB", s, ok, got)
		}
	}
}

// TestFormatRegexOnce: a regex within the bounds is compiled once to
// check it, not again by regexp.Compile for a Regexp nobody uses: 1,000
// instructions allocate some 108 KB, where they allocated 216 KB. (The
// invoker's budget counts a regex by this, regexInstBytes an
// instruction.)
func TestFormatRegexOnce(t *testing.T) {
	s := "[a-z]{998}"
	if w := RegexWork(s); w != 1000 {
		t.Fatalf("RegexWork(%q) = %d, want 1000", s, w)
	}
	FormatValid("regex", s) // warm
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ok := FormatValid("regex", s)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; !ok || got > 150<<10 {
		t.Errorf("FormatValid(regex, %q) = %t, allocating %d bytes; want true within 150 KiB", s, ok, got)
	}
}

// TestProgBound: progBound is at least the size of the program, for the
// cases of the format regex and a few more shapes.
func TestProgBound(t *testing.T) {
	res := []string{"a*", "(?:)*", "(a|)*", "(?:a*)*", "(?:a?){0,5}", "x{0}", "x{1}", "x{3,}", "(?:ab){2,7}?", "^$\\b",
		"(?i)ΣaK", "[^a]|.|(?s:.)", "(a)(b)(?:c|d|e)+", "(?:a{5}|b){3,}", "\\pL{10,20}", "(?:(?:a{10}){10}){10}",
		"(?:a?){2,4}", "(?:(?:a|b?){2,3}){0,4}", "(?:a*){3,}", "(?:(?:)*){2,}", "(?:a{0}){3}", "(?:(a){1}){1,1}"}
	for _, c := range formatCases["regex"] {
		res = append(res, c.s)
	}
	for _, s := range res {
		re, err := syntax.Parse(s, syntax.Perl)
		if err != nil {
			continue
		}
		prog, err := syntax.Compile(re.Simplify())
		if err != nil {
			t.Fatal(err)
		}
		if b := progBound(re, 1<<30); b < len(prog.Inst) {
			t.Errorf("progBound(%.40q) = %d, the program has %d instructions", s, b, len(prog.Inst))
		}
	}
}

func TestFormatCasesCoverFormats(t *testing.T) {
	for _, f := range testedFormats {
		if len(formatCases[f]) == 0 {
			t.Errorf("no cases for format %s", f)
		}
	}
	for f := range formatCases {
		if !formats[f] {
			t.Errorf("cases for %s, which is not a format of the contract", f)
		}
	}
}

func TestFormatValid(t *testing.T) {
	for _, f := range testedFormats {
		for _, c := range formatCases[f] {
			if got := FormatValid(f, c.s); got != c.valid {
				t.Errorf("FormatValid(%q, %q) = %t, want %t", f, c.s, got, c.valid)
			}
			if ref := referenceVerdict(t, f, c.s); ref != c.valid {
				t.Errorf("reference verdict for %s %q = %t, the table says %t", f, c.s, ref, c.valid)
			}
		}
	}
	if !FormatValid("e-mail", "anything") || !FormatValid("", "") {
		t.Error("an unknown format should take any string")
	}
}

// TestFormatValidDateTime checks the one place FormatValid departs from
// jsonschema/v6: date-times that time.Time does not read.
func TestFormatValidDateTime(t *testing.T) {
	for _, s := range []string{"2024-02-29t12:34:56Z", "2024-02-29T12:34:56z", "2016-12-31T23:59:60Z"} {
		schemas, err := referenceSchemas()
		if err != nil {
			t.Fatal(err)
		}
		if err := schemas["date-time"].Validate(s); err != nil {
			t.Errorf("jsonschema/v6 refuses %q: %v", s, err)
		}
		if FormatValid("date-time", s) {
			t.Errorf("FormatValid takes %q as a date-time", s)
		}
	}
}

// FuzzFormatValid checks FormatValid against jsonschema/v6 on every format
// for each input.
func FuzzFormatValid(f *testing.F) {
	for _, cases := range formatCases {
		for _, c := range cases {
			f.Add(c.s)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		var bad []string
		for _, format := range testedFormats {
			got, want := FormatValid(format, s), referenceVerdict(t, format, s)
			if got != want {
				bad = append(bad, fmt.Sprintf("%s: FormatValid %t, jsonschema/v6 %t", format, got, want))
			}
		}
		if bad != nil {
			t.Errorf("%q:\n%s", s, strings.Join(bad, "\n"))
		}
	})
}

// TestRegexWork: what a call's cost counts for a string of the format
// regex is at least the program CompileRegex builds, nothing where it
// builds none, and bounded.
func TestRegexWork(t *testing.T) {
	tests := []struct {
		s        string
		min, max int
	}{
		{"[a-z]{998}", 1000, 1000},
		{"^a$", 4, 8},
		{strings.Repeat("a{1000}", 146), 4*MaxRegexInsts + 1, 4*MaxRegexInsts + 1},
		{strings.Repeat("x", MaxRegexBytes+1), 0, 0},
		{"(?=x)", 0, 0},
	}
	for _, tt := range tests {
		if got := RegexWork(tt.s); got < tt.min || got > tt.max {
			t.Errorf("RegexWork(%.30q) = %d, want %d to %d", tt.s, got, tt.min, tt.max)
		}
	}
}
