package tool_test

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

// errDial is an internal error a tool's own methods fail with.
var errDial = errors.New("dial tcp 10.0.0.7:5432: connection refused")

// dialingResult fails to write itself, with an internal error.
type dialingResult struct{}

func (dialingResult) MarshalJSON() ([]byte, error) { return nil, errDial }

// panickingResult panics while it is written.
type panickingResult struct{}

func (panickingResult) MarshalJSON() ([]byte, error) { panic("dial tcp 10.0.0.7:5432") }

// panickingInput panics while it is read.
type panickingInput struct{}

func (*panickingInput) UnmarshalJSON([]byte) error { panic("dial tcp 10.0.0.7:5432") }

func (panickingInput) ToolschemaSchema() string { return `{"type":"object"}` }

// panickingError panics while it is looked into (errors.As).
type panickingError struct{}

func (panickingError) Error() string { return "dial tcp 10.0.0.7:5432" }
func (panickingError) As(any) bool   { panic("dial tcp 10.0.0.7:5432") }

// TestSafeErrorsEveryPath: under SafeErrors, nothing the tool's own code
// fails with reaches the model, whichever of its methods failed (an error
// or a panic), and the program finds it in Result.Cause; without
// SafeErrors, the model reads it.
func TestSafeErrorsEveryPath(t *testing.T) {
	type In struct {
		P *panickingInput `json:"p,omitempty"`
	}
	tests := []struct {
		name    string
		fn      any
		args    string
		started bool
		text    string // without SafeErrors
		cause   string // in the Cause's text
	}{
		{"result's MarshalJSON fails", func() (any, error) { return dialingResult{}, nil }, `{}`, true,
			"Tool 't' failed: its result cannot be written as JSON: json: error calling MarshalJSON for type *tool_test.dialingResult: dial tcp 10.0.0.7:5432: connection refused",
			"dial tcp 10.0.0.7:5432: connection refused"},
		{"result's MarshalJSON panics", func() (any, error) { return panickingResult{}, nil }, `{}`, true,
			"Tool 't' failed: writing its result panicked: dial tcp 10.0.0.7:5432", "panickingResult.MarshalJSON("},
		{"input's UnmarshalJSON panics", func(In) error { return nil }, `{"p":{}}`, false,
			"Tool 't' failed: decoding its arguments panicked: dial tcp 10.0.0.7:5432", "panickingInput).UnmarshalJSON("},
		{"error's As panics", func() error { return panickingError{} }, `{}`, true,
			"Tool 't' failed: reading its error panicked: dial tcp 10.0.0.7:5432", "panickingError.As("},
	}
	for _, tt := range tests {
		for _, safe := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, safe %v", tt.name, safe), func(t *testing.T) {
				tl := mustCreate(t, tt.fn, reflectimpl.Meta(tool.Meta{Name: "t", SafeErrors: safe}))
				r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
				if err != nil {
					t.Fatal(err)
				}
				want := tt.text
				if safe {
					want = "Tool 't' failed."
				}
				if r.Code != tool.Failed || r.Started != tt.started || r.Text() != want {
					t.Errorf("result %s, started %v, %q; want %s, started %v, %q", r.Code, r.Started, r.Text(), tool.Failed, tt.started, want)
				}
				if r.Cause == nil || !strings.Contains(r.Cause.Error(), tt.cause) {
					t.Errorf("Cause %v, want one with %q", r.Cause, tt.cause)
				}
			})
		}
	}
}
