package reflectimpl_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type DocketQuery struct {
	Court string `json:"court" description:"Court identifier." pattern:"^[a-z]+$"`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
}

type Docket struct {
	Court   string   `json:"court"`
	Entries []string `json:"entries"`
}

// GetDocket returns the docket of one court.
func GetDocket(ctx context.Context, in DocketQuery) (*Docket, error) {
	return &Docket{Court: in.Court, Entries: []string{"complaint filed"}}, nil
}

// Reflection sees the function and its types, not its source: the doc
// comment and the //tool:export options that toolgen would read are given
// as a tool.Meta. Without Description the tool has none; without
// RequiresApproval and Timeout it is called with no approval asked and no
// time limit.
func ExampleCreate() {
	t, err := reflectimpl.Create(GetDocket,
		reflectimpl.Meta(tool.Meta{
			Description:      "GetDocket returns the docket of one court.",
			RequiresApproval: true,
			Timeout:          5 * time.Second,
		}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Name, "|", t.Description)
	fmt.Println("approval:", t.RequiresApproval, "timeout:", t.Timeout)
	fmt.Println(string(t.InputSchema))

	// A function the contract cannot describe is refused with the rule,
	// the path and the reason.
	_, err = reflectimpl.Create(func(in struct {
		Updates chan string `json:"updates"`
	}) error {
		return nil
	}, reflectimpl.Meta(tool.Meta{Name: "watch"}))
	fmt.Println(err)

	// The tool requires approval: without one the call is refused before
	// the function runs; with one it runs.
	ctx := context.Background()
	args := json.RawMessage(`{"court":"nysd"}`)
	r, _ := t.Invoke(ctx, args)
	fmt.Println(r.Code)
	r, _ = t.Invoke(tool.Approve(ctx, t.Name, args), args)
	fmt.Printf("%s\n", r.Parts[0].(tool.JSONPart).JSON)
	// Output:
	// get_docket | GetDocket returns the docket of one court.
	// approval: true timeout: 5s
	// {"type":"object","properties":{"court":{"type":"string","description":"Court identifier.","pattern":"^[a-z]+$"},"limit":{"type":"integer","minimum":1,"maximum":100,"default":20}},"required":["court"],"additionalProperties":false}
	// OLT002: input.updates: type chan string has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:"-" leaves a field out) (tool watch)
	// approval_required
	// {"court":"nysd","entries":["complaint filed"]}
}
