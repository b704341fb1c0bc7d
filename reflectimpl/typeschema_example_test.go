package reflectimpl_test

import (
	"context"
	"encoding/json"
	"fmt"

	_ "github.com/toolschema/toolschema/declared" // checks the arguments of types with a given schema
	"github.com/toolschema/toolschema/reflectimpl"
)

// Decimal stands for a type of another module: its own JSON methods and
// no ToolschemaSchema, so Create cannot derive its schema.
type Decimal struct{ text string }

func (d Decimal) MarshalJSON() ([]byte, error)  { return json.Marshal(d.text) }
func (d *Decimal) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &d.text) }

type Payment struct {
	Amount Decimal `json:"amount"`
}

// Pay takes a payment.
func Pay(in Payment) (string, error) { return "paid " + in.Amount.text, nil }

// TypeSchema gives the schema of a type one does not own for this one
// tool; arguments are checked against it, then decoded by the type's
// UnmarshalJSON.
func ExampleTypeSchema() {
	t, err := reflectimpl.Create(Pay,
		reflectimpl.TypeSchema[Decimal](`{"type":"string","pattern":"^[0-9]+(\\.[0-9]{1,2})?$"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(t.InputSchema))
	for _, args := range []string{`{"amount":"12.50"}`, `{"amount":"12,50"}`} {
		r, _ := t.Invoke(context.Background(), json.RawMessage(args))
		fmt.Println(r.Text())
	}
	// Output:
	// {"type":"object","properties":{"amount":{"type":"string","pattern":"^[0-9]+(\\.[0-9]{1,2})?$"}},"required":["amount"],"additionalProperties":false}
	// paid 12.50
	// Argument 'amount' does not match the schema of its type.
}
