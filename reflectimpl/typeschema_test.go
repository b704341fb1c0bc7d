package reflectimpl

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/tool"
)

// decimal stands for a type of another module (a decimal number type):
// its own JSON methods, no ToolschemaSchema. It reads a JSON string or a
// JSON number, and writes a string.
type decimal struct{ text string }

func (d decimal) MarshalJSON() ([]byte, error) { return json.Marshal(d.text) }
func (d *decimal) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &d.text)
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	d.text = n.String()
	return nil
}

// textID has only the text pair: encoding/json reads it by UnmarshalText.
type textID struct{ s string }

func (t textID) MarshalText() ([]byte, error)  { return []byte(t.s), nil }
func (t *textID) UnmarshalText(b []byte) error { t.s = string(b); return nil }

// plainCode has no method at all: encoding/json reads it by its kind.
type plainCode string

const decimalString = `{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"}`

type price struct {
	Amount decimal   `json:"amount"`
	Tax    *decimal  `json:"tax,omitempty"`
	Parts  []decimal `json:"parts,omitempty"`
}

type quote struct {
	Total decimal `json:"total"`
}

func quotePrice(price) (quote, error) { return quote{decimal{"1"}}, nil }

func namesOf(in struct {
	Names StringOrSlice `json:"names"`
}) error {
	return nil
}

func TestTypeSchemaSchemas(t *testing.T) {
	tests := []struct {
		name      string
		fn        any
		opts      []Option
		in, out   string
		schemaErr string
	}{
		{
			name: "input and output",
			fn:   quotePrice,
			opts: []Option{TypeSchema[decimal](decimalString)},
			in: `{"type":"object","properties":{"amount":{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"},` +
				`"tax":{"anyOf":[{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"},{"type":"null"}]},` +
				`"parts":{"type":["array","null"],"items":{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"}}},"required":["amount"],"additionalProperties":false}`,
			out: `{"type":"object","properties":{"total":{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"}},"required":["total"],"additionalProperties":false}`,
		},
		{
			name: "written compact",
			fn:   quotePrice,
			opts: []Option{TypeSchema[decimal]("{ \"anyOf\": [ {\"type\": \"string\"}, {\"type\": \"number\"} ] }")},
			in: `{"type":"object","properties":{"amount":{"anyOf":[{"type":"string"},{"type":"number"}]},` +
				`"tax":{"anyOf":[{"anyOf":[{"type":"string"},{"type":"number"}]},{"type":"null"}]},` +
				`"parts":{"type":["array","null"],"items":{"anyOf":[{"type":"string"},{"type":"number"}]}}},"required":["amount"],"additionalProperties":false}`,
			out: `{"type":"object","properties":{"total":{"anyOf":[{"type":"string"},{"type":"number"}]}},"required":["total"],"additionalProperties":false}`,
		},
		{
			name: "wins over the type's own declared schema",
			fn:   namesOf,
			opts: []Option{TypeSchema[StringOrSlice](`{"type":"string"}`)},
			in:   `{"type":"object","properties":{"names":{"type":"string"}},"required":["names"],"additionalProperties":false}`,
		},
		{
			name: "without the option, the type's own",
			fn:   namesOf,
			in:   `{"type":"object","properties":{"names":{"anyOf":[{"type":"string"},{"type":["array","null"],"items":{"type":"string"}}]}},"required":["names"],"additionalProperties":false}`,
		},
		{
			// The description is the field's: it goes in the
			// property's object, beside the given schema's keywords or
			// the anyOf with null.
			name: "fields that describe themselves",
			fn: func(struct {
				Amount decimal  `json:"amount" jsonschema:"The amount to pay"`
				Tax    *decimal `json:"tax,omitempty" description:"The tax on it"`
			}) error {
				return nil
			},
			opts: []Option{TypeSchema[decimal](decimalString)},
			in: `{"type":"object","properties":{"amount":{"description":"The amount to pay","type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"},` +
				`"tax":{"description":"The tax on it","anyOf":[{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"},{"type":"null"}]}},"required":["amount"],"additionalProperties":false}`,
		},
		{
			name: "a type the tool does not reach changes nothing",
			fn:   namesOf,
			opts: []Option{TypeSchema[decimal](decimalString)},
			in:   `{"type":"object","properties":{"names":{"anyOf":[{"type":"string"},{"type":["array","null"],"items":{"type":"string"}}]}},"required":["names"],"additionalProperties":false}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := Create(tt.fn, append([]Option{Meta(tool.Meta{Name: "t"})}, tt.opts...)...)
			if err != nil {
				t.Fatal(err)
			}
			if string(tl.InputSchema) != tt.in {
				t.Errorf("input schema\n got %s\nwant %s", tl.InputSchema, tt.in)
			}
			schematest.Check(t, tl.InputSchema)
			if tt.out != "" {
				if string(tl.OutputSchema) != tt.out {
					t.Errorf("output schema\n got %s\nwant %s", tl.OutputSchema, tt.out)
				}
				schematest.Check(t, tl.OutputSchema)
			}
		})
	}
}

func TestTypeSchemaRefused(t *testing.T) {
	tests := []struct {
		name string
		fn   any
		opts []Option
		want string
	}{
		{"not given: the type's JSON form is its own", quotePrice, nil, "OLT005: input.amount: reflectimpl.decimal implements json.Marshaler and json.Unmarshaler, so its JSON form is its own"},
		{"not JSON Schema 2020-12", quotePrice, []Option{TypeSchema[decimal](`{"type":"strin"}`)},
			"OLT023: input.amount: reflectimpl.decimal is given a schema (option TypeSchema) that is not a valid JSON Schema 2020-12"},
		{"not an object", quotePrice, []Option{TypeSchema[decimal](`true`)},
			"OLT023: input.amount: reflectimpl.decimal is given a schema (option TypeSchema) that is not a JSON object"},
		{"referenced", quotePrice, []Option{TypeSchema[decimal](`{"$ref":"#/$defs/d"}`)},
			"OLT023: input.amount: reflectimpl.decimal is given a schema (option TypeSchema) that uses $ref"},
		{"a pointer type", quotePrice, []Option{TypeSchema[*decimal](decimalString)},
			"OLT023: option TypeSchema: *reflectimpl.decimal is a pointer type; give the schema of reflectimpl.decimal"},
		{"given twice", quotePrice, []Option{TypeSchema[decimal](decimalString), TypeSchema[decimal](`{"type":"string"}`)},
			"OLT013: option TypeSchema: the schema of reflectimpl.decimal is given twice"},
		{"a type with the text pair only", func(struct {
			ID textID `json:"id"`
		}) error {
			return nil
		}, []Option{TypeSchema[textID](`{"type":"string","format":"uuid"}`)},
			"OLT023: input.id: reflectimpl.textID is given a schema (option TypeSchema) that it cannot read: the type has no UnmarshalJSON"},
		{"a type with no method", func(struct {
			C plainCode `json:"c"`
		}) error {
			return nil
		}, []Option{TypeSchema[plainCode](`{"type":"string","maxLength":3}`)},
			"OLT023: input.c: reflectimpl.plainCode is given a schema (option TypeSchema) that it cannot read: the type has no UnmarshalJSON"},
		// A well-known type's schema is the contract's: the given one
		// was silently not used.
		{"a well-known type", func(struct {
			T time.Time `json:"t"`
		}) error {
			return nil
		}, []Option{TypeSchema[time.Time](`{"type":"string","maxLength":3}`)},
			"OLT023: input.t: time.Time is given a schema (option TypeSchema), but its schema is the contract's own, as for every well-known type"},
		{"a well-known type, as a pointer", func(struct {
			N *big.Int `json:"n"`
		}) error {
			return nil
		}, []Option{TypeSchema[big.Int](`{"type":"string"}`)},
			"OLT023: input.n: big.Int is given a schema (option TypeSchema), but its schema is the contract's own"},
		{"a keyword tag on the field", func(struct {
			A decimal `json:"a" description:"The amount." maxLength:"12"`
		}) error {
			return nil
		}, []Option{TypeSchema[decimal](decimalString)},
			"OLT012: input.a: tag maxLength: the field's type is given its schema (option TypeSchema), which owns the value's constraints; say it in the given schema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := Create(tt.fn, append([]Option{Meta(tool.Meta{Name: "t"})}, tt.opts...)...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Create: %v (tool %v)\nwant %s", err, tl != nil, tt.want)
			}
		})
	}
}

// Two tools of one function give one type different schemas: each has its
// own in its schema and in its argument checks, and a tool made without
// the option, before or after, is unaffected.
func TestTypeSchemaForOneUse(t *testing.T) {
	var got price
	fn := func(in price) error { got = in; return nil }
	plainBefore, errBefore := Create(fn, Meta(tool.Meta{Name: "plain"}))
	asString, err := Create(fn, Meta(tool.Meta{Name: "as_string"}), TypeSchema[decimal](decimalString))
	if err != nil {
		t.Fatal(err)
	}
	asNumber, err := Create(fn, Meta(tool.Meta{Name: "as_number"}), TypeSchema[decimal](`{"type":"number","minimum":0}`))
	if err != nil {
		t.Fatal(err)
	}
	plainAfter, errAfter := Create(fn, Meta(tool.Meta{Name: "plain"}))
	for _, r := range []struct {
		tl  *tool.Tool
		err error
	}{{plainBefore, errBefore}, {plainAfter, errAfter}} {
		if r.err == nil || !strings.Contains(r.err.Error(), "OLT005: input.amount: reflectimpl.decimal implements json.Marshaler and json.Unmarshaler, so its JSON form is its own") {
			t.Errorf("a tool without the option: %v, want the type refused as without any option", r.err)
		}
	}
	if !strings.Contains(string(asString.InputSchema), `"amount":{"type":"string"`) || !strings.Contains(string(asNumber.InputSchema), `"amount":{"type":"number","minimum":0}`) {
		t.Fatalf("schemas\n%s\n%s", asString.InputSchema, asNumber.InputSchema)
	}
	sString, sNumber := schematest.Check(t, asString.InputSchema), schematest.Check(t, asNumber.InputSchema)
	calls := []struct {
		tl       *tool.Tool
		args     string
		isErr    bool
		amount   string
		violated string
	}{
		{asString, `{"amount":"12.50"}`, false, "12.50", ""},
		{asString, `{"amount":"12,50"}`, true, "", "Argument 'amount' does not match the schema of its type."},
		{asString, `{"amount":12.5}`, true, "", "Argument 'amount' does not match the schema of its type."},
		{asString, `{"amount":"1","tax":null,"parts":["2","3"]}`, false, "1", ""},
		{asString, `{"amount":"1","parts":["2",3]}`, true, "", "Argument 'parts[1]' does not match the schema of its type."},
		{asNumber, `{"amount":12.5}`, false, "12.5", ""},
		{asNumber, `{"amount":"12.50"}`, true, "", "Argument 'amount' does not match the schema of its type."},
		{asNumber, `{"amount":-1}`, true, "", "Argument 'amount' does not match the schema of its type."},
		{asNumber, `{"amount":0,"tax":3}`, false, "0", ""},
	}
	for _, c := range calls {
		got = price{}
		r, err := c.tl.Invoke(context.Background(), json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError != c.isErr {
			t.Errorf("%s %s: IsError %v (%s), want %v", c.tl.Name, c.args, r.IsError, r.Text(), c.isErr)
			continue
		}
		// The typed checks and a validator of the tool's schema agree.
		s := sString
		if c.tl == asNumber {
			s = sNumber
		}
		if valid := schematest.Validate(s, []byte(c.args)) == nil; valid == c.isErr {
			t.Errorf("%s %s: the validator says valid=%v", c.tl.Name, c.args, valid)
		}
		if c.isErr {
			if !strings.Contains(r.Text(), c.violated) {
				t.Errorf("%s %s: message %q, want %q", c.tl.Name, c.args, r.Text(), c.violated)
			}
			continue
		}
		// Decoded by the type's own UnmarshalJSON.
		if got.Amount.text != c.amount {
			t.Errorf("%s %s: decoded amount %q, want %q", c.tl.Name, c.args, got.Amount.text, c.amount)
		}
	}
}

// A result is checked (tool.WithOutputCheck) against the tool's given
// schema too: a result the given schema refuses, or a given schema that
// does not say what the type's MarshalJSON writes, is an invalid_output
// result.
func TestTypeSchemaOutputChecked(t *testing.T) {
	out := "1.5"
	fn := func(struct{}) (quote, error) { return quote{decimal{out}}, nil }
	tl, err := Create(fn, Meta(tool.Meta{Name: "q"}), TypeSchema[decimal](decimalString))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		out   string
		isErr bool
	}{{"1.5", false}, {"1,5", true}, {"-2", false}} {
		out = c.out
		r, err := tl.Invoke(tool.WithOutputCheck(context.Background()), json.RawMessage(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError != c.isErr {
			t.Errorf("result %q: IsError %v (%s), want %v", c.out, r.IsError, r.Text(), c.isErr)
		}
		if c.isErr && !strings.Contains(r.Text(), "Result 'total' does not match the schema of its type.") {
			t.Errorf("result %q: %s", c.out, r.Text())
		}
	}
}

// Calls at once, on two tools given different schemas for one type (a
// tool without one is refused: decimal's JSON form is its own), make
// their plans safely (run with -race) and keep their own verdicts.
func TestTypeSchemaConcurrent(t *testing.T) {
	fn := func(in price) error { return nil }
	tools := []*tool.Tool{}
	for _, s := range []string{decimalString, `{"type":"number"}`} {
		tl, err := Create(fn, Meta(tool.Meta{Name: "t"}), TypeSchema[decimal](s))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	errs := make(chan string, 64)
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tl := tools[i%2]
			r, err := tl.Invoke(context.Background(), json.RawMessage(`{"amount":"1.5"}`))
			if err != nil {
				errs <- err.Error()
				return
			}
			if want := i%2 == 1; r.IsError != want {
				errs <- fmt.Sprintf("tool %d: IsError %v (%s), want %v", i%2, r.IsError, r.Text(), want)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
