package rawcheck

import (
	"strconv"
	"strings"
	"testing"
)

// TestCheckerModes: a raw tool's checker (NewChecker) and the parity
// oracle's (Unbounded) differ in what only raw tools need, and only there:
// the cost budget of a call, contentSchema refused, a schema that does not
// compile refused at once.
func TestCheckerModes(t *testing.T) {
	nums := make([]string, 1000)
	for i := range nums {
		nums[i] = strconv.Itoa(i + 1000000)
	}
	enum := `{"type":"object","properties":{"a":{"type":"array","items":{"enum":[` + strings.Join(nums, ",") + `]}}}}`
	// 100 values that match the enum's first: cheap for the validator,
	// but 100 times an enum of 1,000 numbers is past the budget.
	costly := `{"a":[` + strings.TrimSuffix(strings.Repeat("1000000,", 100), ",") + `]}`
	content := `{"type":"object","properties":{"s":{"type":"string","contentMediaType":"application/json","contentSchema":{"type":"object"}}}}`
	tests := []struct {
		name, schema, args string
		newErr             string // NewChecker's error, "" for none
		rawRule            string // the first rule of the raw tool's verdict, "" for none
		oracleRule         string // the first rule of the oracle's verdict, "" for none
	}{
		{"within budget", enum, `{"a":[1000000]}`, "", "", ""},
		{"past budget", enum, costly, "", "size", ""},
		{"past budget, wrong", enum, strings.Replace(costly, "1000000]", "7]", 1), "", "size", "enum"},
		{"contentSchema, fits", content, `{"s":"{}"}`, "contentSchema is not taken", "", ""},
		{"contentSchema, does not fit", content, `{"s":"[1]"}`, "contentSchema is not taken", "", "type"},
		{"does not compile", `{"type":"object","properties":{"a":{"type":"nope"}}}`, `{}`, "/properties/a/type", "", "json"},
	}
	for _, tt := range tests {
		raw, err := NewChecker([]byte(tt.schema))
		switch {
		case tt.newErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.newErr) {
				t.Errorf("%s: NewChecker: %v, want an error with %q", tt.name, err, tt.newErr)
			}
		case err != nil:
			t.Errorf("%s: NewChecker: %v", tt.name, err)
		default:
			_, viols := raw.Arguments([]byte(tt.args))
			if got := firstRule(viols); got != tt.rawRule {
				t.Errorf("%s: raw tool: %+v, want rule %q", tt.name, viols, tt.rawRule)
			}
		}
		oracle := Unbounded([]byte(tt.schema))
		if (oracle.Err() != nil) != (tt.oracleRule == "json") {
			t.Errorf("%s: Unbounded: Err %v", tt.name, oracle.Err())
		}
		_, viols := oracle.Arguments([]byte(tt.args))
		if got := firstRule(viols); got != tt.oracleRule {
			t.Errorf("%s: oracle: %+v, want rule %q", tt.name, viols, tt.oracleRule)
		}
	}
}

func firstRule(viols []Violation) string {
	if len(viols) == 0 {
		return ""
	}
	return viols[0].Rule
}

// TestArgumentsPrepared: the step before the checks sees the arguments
// read; what it changes is checked and written out, what it leaves alone
// comes back as given, and its refusal is a violation at its place.
func TestArgumentsPrepared(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"object","properties":{"c":{"type":"string"}}}},"additionalProperties":false}`)
	c, err := NewChecker(schema)
	if err != nil {
		t.Fatal(err)
	}
	toNumber := func(v *Value) (bool, *ParseError) {
		if v.Vals[0].Kind == '"' {
			v.Vals[0] = &Value{Kind: '0', Str: v.Vals[0].Str}
			return true, nil
		}
		return false, nil
	}
	refuse := func(v *Value) (bool, *ParseError) {
		return false, &ParseError{Rule: "duplicate", Loc: []string{KeyMark + "b", KeyMark + "c"}}
	}
	tests := []struct {
		name, args string
		prepare    func(*Value) (bool, *ParseError)
		out        string
		viol       Violation
	}{
		{"changed", `{"a": "12"}`, toNumber, `{"a":12}`, Violation{}},
		{"left alone", `{"a": 12}`, toNumber, `{"a": 12}`, Violation{}},
		{"changed, then checked", `{"a": "1.5"}`, toNumber, "", Violation{Path: "a", Rule: "type", Message: "Argument 'a' must be an integer."}},
		{"not prepared", `{"a": "12"}`, nil, "", Violation{Path: "a", Rule: "type", Message: "Argument 'a' must be an integer."}},
		{"refused", `{"a": 12}`, refuse, "", Violation{Path: "b.c", Rule: "duplicate", Message: "Argument 'b.c' is given twice."}},
		{"not an object: not prepared", `[1]`, refuse, "", Violation{Rule: "object", Message: "Arguments must be a JSON object."}},
	}
	for _, tt := range tests {
		out, viols := c.ArgumentsPrepared([]byte(tt.args), tt.prepare)
		if tt.out != "" {
			if string(out) != tt.out || len(viols) != 0 {
				t.Errorf("%s: %s %+v, want %s", tt.name, out, viols, tt.out)
			}
			continue
		}
		if out != nil || len(viols) != 1 || viols[0] != tt.viol {
			t.Errorf("%s: %s %+v, want %+v", tt.name, out, viols, tt.viol)
		}
	}
}
