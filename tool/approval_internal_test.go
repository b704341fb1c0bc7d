package tool

import (
	"context"
	"encoding/json"
	"testing"
)

// TestApprovedCompares: arguments are approved when they equal an
// approval's as JSON values (members in any order, any white space,
// numbers by value, strings by their characters, what is not UTF-8 as
// U+FFFD), by the typed checks' path and an argsChecker's alike; other
// values, other tools and text that is not JSON are not.
func TestApprovedCompares(t *testing.T) {
	for _, tt := range []struct {
		name     string
		approved string // for tool "t"
		args     string
		want     bool
	}{
		{"the same text", `{"a":1,"b":"x"}`, `{"a":1,"b":"x"}`, true},
		{"members in another order", `{"a":1,"b":"x"}`, `{"b":"x","a":1}`, true},
		{"white space", `{"a":1,"b":"x"}`, " {\n\t\"a\" : 1 , \"b\":\"x\"}\r\n", true},
		{"nested order", `{"o":{"p":[1,2],"q":null}}`, `{"o":{"q":null,"p":[1,2]}}`, true},
		{"array order counts", `{"p":[1,2]}`, `{"p":[2,1]}`, false},
		{"a number by value", `{"n":1}`, `{"n":1.0}`, true},
		{"an exponent", `{"n":100}`, `{"n":1e2}`, true},
		{"a fraction by value", `{"n":0.5}`, `{"n":5e-1}`, true},
		{"negative zero", `{"n":0}`, `{"n":-0}`, true},
		{"large numbers by value", `{"n":123456789012345678901234567890}`, `{"n":1.2345678901234567890123456789e29}`, true},
		{"large numbers that differ", `{"n":123456789012345678901234567890}`, `{"n":123456789012345678901234567891}`, false},
		{"another number", `{"n":1}`, `{"n":2}`, false},
		{"a number is not a string", `{"n":1}`, `{"n":"1"}`, false},
		{"an escape", `{"s":"A/"}`, `{"s":"\u0041\/"}`, true},
		{"not UTF-8 is U+FFFD", "{\"s\":\"a\xff\"}", "{\"s\":\"a\xfe\"}", true},
		{"not UTF-8 is U+FFFD, written", "{\"s\":\"a\xff\"}", `{"s":"a\ufffd"}`, true},
		{"a lone surrogate is U+FFFD", "{\"s\":\"a\xff\"}", `{"s":"a\udfff"}`, true},
		{"not UTF-8 the same text", "{\"s\":\"a\xff\"}", "{\"s\":\"a\xff\"}", true},
		{"another string", `{"s":"a"}`, `{"s":"b"}`, false},
		{"a member more", `{"a":1}`, `{"a":1,"b":2}`, false},
		{"none is {}", ``, `{}`, true},
		{"{} is none", `{}`, ``, true},
		{"white space is none", " \n", `{ }`, true},
		{"an approval that is not JSON", `{"a":1`, `{"a":1`, false},
		{"deeper than the arguments may be", deep(maxArgumentDepth + 1), deep(maxArgumentDepth + 1), false},
		{"as deep as they may be", deep(maxArgumentDepth), deep(maxArgumentDepth), true},
	} {
		ctx := Approve(context.Background(), "t", json.RawMessage(tt.approved))
		for _, typed := range []bool{true, false} {
			if typed && !json.Valid([]byte(tt.args)) && !blank([]byte(tt.args)) {
				continue // the typed checks let no such text through
			}
			if got := approved(optsOf(ctx).approvals, "t", json.RawMessage(tt.args), typed); got != tt.want {
				t.Errorf("%s (typed %v): approved(optsOf(%q) under %q = %v).approvals, want %v", tt.name, typed, tt.args, tt.approved, got, tt.want)
			}
			if approved(optsOf(ctx).approvals, "u", json.RawMessage(tt.args), typed) {
				t.Errorf("%s (typed %v): approved for another tool", tt.name, typed)
			}
		}
		// Among other approvals, of this tool and of others, the same.
		many := Approve(Approve(Approve(context.Background(), "t", json.RawMessage(`{"other":true}`)), "t", json.RawMessage(tt.approved)), "u", json.RawMessage(tt.args))
		if got := approved(optsOf(many).approvals, "t", json.RawMessage(tt.args), false); got != tt.want {
			t.Errorf("%s: among other approvals, approved = %v, want %v", tt.name, got, tt.want)
		}
	}
	if approved(optsOf(context.Background()).approvals, "t", json.RawMessage(`{}`), true) {
		t.Error("approved without an approval")
	}
}

// deep returns an object nested n deep: {"a":{"a":…{}…}}.
func deep(n int) string {
	s := "{}"
	for range n - 1 {
		s = `{"a":` + s + `}`
	}
	return s
}

// TestApprovedReadsOnce reproduces the fault of arguments read three times
// more to be approved: Approve hashed them, and Invoke hashed the call's
// arguments again and decoded both texts (encoding/json, into maps) to
// compare them, though loop and mcpserver approve the very text they
// invoke. The same text is approved without a hash or a decoding, which
// allocate; text that differs is compared as before (TestApprovedCompares).
func TestApprovedReadsOnce(t *testing.T) {
	args := json.RawMessage(`{"id":"7","reason":"cleanup","items":[1,2,3],"opts":{"force":true,"at":1.5e3}}`)
	ctx := Approve(context.Background(), "delete", args)
	same := append(json.RawMessage(nil), args...) // the text, not the slice
	for _, typed := range []bool{true, false} {
		if n := testing.AllocsPerRun(100, func() {
			if !approved(optsOf(ctx).approvals, "delete", same, typed) {
				t.Fatal("not approved")
			}
		}); n != 0 {
			t.Errorf("typed %v: approving the approved text allocates %v times, want none", typed, n)
		}
	}
}
