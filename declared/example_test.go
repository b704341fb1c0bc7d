package declared_test

import (
	"context"
	"encoding/json"
	"fmt"

	_ "github.com/toolschema/toolschema/declared"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Currency declares its own schema: an ISO 4217 code.
type Currency string

func (Currency) ToolschemaSchema() string { return `{"type":"string","pattern":"^[A-Z]{3}$"}` }

func (c *Currency) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*string)(c)) }

type Convert struct {
	To Currency `json:"to"`
}

// A program that makes, by reflection, a tool whose input reaches a type
// with a declared schema imports this package for its validator; the
// arguments for that type are then checked against the declared schema.
func Example() {
	t, err := reflectimpl.Create(func(in Convert) (string, error) { return string(in.To), nil },
		reflectimpl.Meta(tool.Meta{Name: "convert"}))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	r, _ := t.Invoke(ctx, json.RawMessage(`{"to":"EUR"}`))
	fmt.Println(r.Text())
	r, _ = t.Invoke(ctx, json.RawMessage(`{"to":"euro"}`))
	fmt.Println(r.Code, r.Violations[0].Rule)
	// Output:
	// EUR
	// invalid_arguments schema
}
