package corpus

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Recipients is one address or a list of them on the wire: its JSON form
// is its own, and it declares its schema.
type Recipients []string

// MarshalJSON writes one address as a string, several as an array.
func (r Recipients) MarshalJSON() ([]byte, error) {
	if len(r) == 1 {
		return json.Marshal(r[0])
	}
	return json.Marshal([]string(r))
}

// UnmarshalJSON reads a string or an array of strings.
func (r *Recipients) UnmarshalJSON(b []byte) error {
	var one string
	if json.Unmarshal(b, &one) == nil {
		*r = Recipients{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*r = many
	return nil
}

// ToolschemaSchema declares the schema of Recipients.
func (Recipients) ToolschemaSchema() string {
	return `{"anyOf":[{"type":"string","format":"email"},{"type":"array","items":{"type":"string","format":"email"},"minItems":1}]}`
}

// Amount is a decimal amount, written as a string of digits.
type Amount struct{ text string }

// MarshalJSON writes the digits as a string.
func (a Amount) MarshalJSON() ([]byte, error) { return json.Marshal(a.text) }

// UnmarshalJSON reads the digits.
func (a *Amount) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &a.text) }

// ToolschemaSchema declares the schema of Amount, with a pointer receiver,
// and a description of its own, which a field's replaces.
func (*Amount) ToolschemaSchema() string {
	return `{"type":"string","description":"A decimal amount.","pattern":"^[0-9]+(\\.[0-9]{1,2})?$"}`
}

// InvoiceNotice is an input with types that declare their schemas, its
// fields described as fields of other types are: by a peer's tag, a doc
// comment (which reflection does not see) and a description tag.
type InvoiceNotice struct {
	To Recipients `json:"to" jsonschema:"Who to tell, one address or several"`
	// Total is what the recipients owe.
	Total  Amount  `json:"total"`
	Refund *Amount `json:"refund,omitempty" description:"What was paid back, if anything"`
}

// SendInvoiceNotice tells the recipients what they owe.
//
//tool:export
func SendInvoiceNotice(in InvoiceNotice) (string, error) {
	if len(in.To) == 0 {
		return "", fmt.Errorf("nobody to tell")
	}
	return fmt.Sprintf("told %s: %s due", strings.Join(in.To, ", "), in.Total.text), nil
}
