package reflectimpl_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestRefusalsFound: a program finds Create's refusals with errors.As
// through the public names, each with its rule and path.
func TestRefusalsFound(t *testing.T) {
	_, err := reflectimpl.Create(func(in struct {
		When  func() `json:"when"`
		Limit int    `json:"limit" minimum:"x"`
	}) error {
		return nil
	}, reflectimpl.Meta(tool.Meta{Name: "refused"}))
	var rs reflectimpl.Refusals
	if !errors.As(err, &rs) || len(rs) != 2 {
		t.Fatalf("error %v (%T), want two Refusals", err, err)
	}
	var r *reflectimpl.Refusal = rs[1]
	if r.ID != "OLT012" || r.Path != "input.limit" || r.Tag != "minimum" {
		t.Errorf("second refusal %+v", r)
	}
}

// TestRefusalsNameTheTool: each line of a refused Create's error ends with
// the tool's name, as toolgen's diagnostics do, so that a program making
// many tools says which one is at fault; a tool with no name (or a name
// refused) is named by its refusal instead.
func TestRefusalsNameTheTool(t *testing.T) {
	fields := "OLT011: input.days: json tag option \"omitemtpy\" is unknown to encoding/json, which ignores it; did you mean \"omitempty\"?%s\n" +
		"OLT002: input.c: type chan int has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)%[1]s"
	tests := []struct {
		name string
		fn   any
		opts []reflectimpl.Option
		want string
	}{
		{"named by the function", Forecast, nil, fmt.Sprintf(fields, " (tool forecast)")},
		{"named by Meta", Forecast, []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Name: "weather_days"})}, fmt.Sprintf(fields, " (tool weather_days)")},
		{"an example refused", Outlook, []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Examples: []json.RawMessage{json.RawMessage(`{"days":"x"}`)}})},
			"OLT034: tool.Meta.Examples: example 1 is not valid: Argument 'days' must be an integer. (tool outlook)"},
		{"a name refused", Forecast, []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Name: "a b"})},
			"OLT008: tool name \"a b\" has ' ' at offset 1; only letters, digits, '_' and '-' are allowed\n" + fmt.Sprintf(fields, "")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := reflectimpl.Create(tt.fn, tt.opts...)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error\n got %v\nwant %s", err, tt.want)
			}
		})
	}

	// A function literal has no name: its refusal says so, and the other
	// lines name no tool.
	_, err := reflectimpl.Create(func(forecastIn) {})
	if lines := strings.Split(fmt.Sprint(err), "\n"); len(lines) != 3 || !strings.Contains(lines[0], "is a function literal and has no name") || strings.Contains(lines[1], "(tool") {
		t.Errorf("error %v", err)
	}
}

// forecastIn is an input with two fields refused.
type forecastIn struct {
	Days int      `json:"days,omitemtpy"`
	C    chan int `json:"c"`
}

// Forecast is a tool refused for its input's fields.
func Forecast(context.Context, forecastIn) (string, error) { return "", nil }

// Outlook is a tool refused only for an example given to it.
func Outlook(context.Context, struct {
	Days int `json:"days"`
}) (string, error) {
	return "", nil
}

// The chain of structs of two fields of the next, whose last has a field
// without a schema: 4,096 paths reach it.
type (
	chain0  struct{ A, B chain1 }
	chain1  struct{ A, B chain2 }
	chain2  struct{ A, B chain3 }
	chain3  struct{ A, B chain4 }
	chain4  struct{ A, B chain5 }
	chain5  struct{ A, B chain6 }
	chain6  struct{ A, B chain7 }
	chain7  struct{ A, B chain8 }
	chain8  struct{ A, B chain9 }
	chain9  struct{ A, B chain10 }
	chain10 struct{ A, B chain11 }
	chain11 struct{ A, B chain12 }
	chain12 struct {
		C chan int
	}
)

// TestRefusalOfManyPaths reproduces the fault of a field many paths reach:
// Create's error listed it at each (101 lines, of 4,096 paths). It lists
// it once, at its first path, with the count of the others.
func TestRefusalOfManyPaths(t *testing.T) {
	_, err := reflectimpl.Create(func(in chain0) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "chain"}))
	var rs reflectimpl.Refusals
	if !errors.As(err, &rs) || len(rs) != 1 {
		t.Fatalf("got %d refusals, want 1: %.500v", len(rs), err)
	}
	r := rs[0]
	if want := "input" + strings.Repeat(".A", 12) + ".C"; r.ID != "OLT002" || r.Path != want {
		t.Errorf("got %s at %q, want OLT002 at %q", r.ID, r.Path, want)
	}
	if !strings.HasPrefix(r.Msg, "type chan int has no schema") || !strings.HasSuffix(r.Msg, " (and 4095 other paths reach this field)") {
		t.Errorf("message %q", r.Msg)
	}
	if n := strings.Count(err.Error(), "chan int"); n != 1 {
		t.Errorf("the error names chan int %d times, want 1:\n%.500s", n, err)
	}
}

// TestKeywordTagsRefused: a tag named as a JSON Schema keyword the contract
// does not read as a tag (huma's title and deprecated) is refused, where
// Create made a tool whose schema lacked them; and so is a keyword tag
// the contract reads whose value does not fit (a multipleOf of 0).
func TestKeywordTagsRefused(t *testing.T) {
	_, err := reflectimpl.Create(func(in struct {
		Qty   int    `json:"qty" exclusiveMinimum:"0" multipleOf:"0"`
		Title string `json:"title" title:"Title" deprecated:"true"`
	}) error {
		return nil
	}, reflectimpl.Meta(tool.Meta{Name: "order"}))
	var rs reflectimpl.Refusals
	if !errors.As(err, &rs) {
		t.Fatalf("error %v (%T), want Refusals", err, err)
	}
	want := []string{"input.qty multipleOf", "input.title title", "input.title deprecated"}
	var got []string
	for _, r := range rs {
		if r.ID != "OLT012" {
			t.Errorf("refusal %+v, want OLT012", r)
		}
		got = append(got, r.Path+" "+r.Tag)
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("refusals at %q, want %q", got, want)
	}
	if !strings.Contains(err.Error(), `OLT012: input.qty: tag multipleOf: "0" is not greater than 0, as a multipleOf must be`) {
		t.Errorf("error %v", err)
	}
}
