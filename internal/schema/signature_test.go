package schema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
)

// TestCheckSignature: the rules of a tool function's parameters and
// results, which both front ends apply through it: where the context, call
// and input are, and each problem's kind, place and words.
func TestCheckSignature(t *testing.T) {
	const (
		in   = schema.SigInput
		ctx  = schema.SigContext
		call = schema.SigCall
	)
	tests := []struct {
		name     string
		params   []schema.SigParam
		variadic bool
		results  []bool // is error
		at       string // ctx call in
		want     string // one problem a line: kind param result ID: message
	}{
		{"none", nil, false, nil, "-1 -1 -1", ""},
		{"all in order", []schema.SigParam{ctx, call, in}, false, []bool{false, true}, "0 1 2", ""},
		{"call before context", []schema.SigParam{call, ctx, in}, false, []bool{true}, "1 0 2", ""},
		{"context twice", []schema.SigParam{ctx, ctx}, false, nil, "1 -1 -1",
			"0 1 -1 OLT009: parameter 1 is a second context.Context; a tool takes at most one"},
		{"call after the input", []schema.SigParam{in, call}, false, nil, "-1 1 0",
			"1 1 -1 OLT009: parameter 1, the *tool.Call, comes after the input; it must come before"},
		{"a second input", []schema.SigParam{in, in}, false, nil, "-1 -1 0",
			"2 1 -1 OLT002: parameter 1 (T1) is a second input; a tool takes one input struct"},
		{"a variadic input", []schema.SigParam{ctx, in}, true, nil, "0 -1 -1",
			"3 1 -1 OLT002: the input is variadic (...E); a tool takes one input struct"},
		{"a variadic second input", []schema.SigParam{in, in}, true, nil, "-1 -1 0",
			"2 1 -1 OLT002: parameter 1 (T1) is a second input; a tool takes one input struct"},
		{"three results", nil, false, []bool{false, false, true}, "-1 -1 -1",
			"4 -1 2 OLT003: output: the function has 3 results; a tool returns at most a value and an error"},
		{"the error first", nil, false, []bool{true, false}, "-1 -1 -1",
			"5 -1 0 OLT003: output: the first result is an error; a tool returns a value and then an error"},
		{"no error second", nil, false, []bool{false, false}, "-1 -1 -1",
			"6 -1 1 OLT003: output: the second result is R1; it must be error"},
	}
	for _, tt := range tests {
		s := schema.Sig{
			Params: tt.params, Variadic: tt.variadic, ResultErr: tt.results,
			ParamType:  func(i int) string { return fmt.Sprintf("T%d", i) },
			ResultType: func(i int) string { return fmt.Sprintf("R%d", i) },
			ElemType:   func() string { return "E" },
		}
		c, k, i, problems := schema.CheckSignature(s)
		if got := fmt.Sprintf("%d %d %d", c, k, i); got != tt.at {
			t.Errorf("%s: context, call, input at %s, want %s", tt.name, got, tt.at)
		}
		var lines []string
		for _, p := range problems {
			lines = append(lines, fmt.Sprintf("%d %d %d %v", p.Kind, p.Param, p.Result, p.Err))
		}
		if got := strings.Join(lines, "\n"); got != tt.want {
			t.Errorf("%s: problems\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}
