package reflectimpl

import (
	"context"
	"encoding/json"
	"github.com/toolschema/toolschema/tool"
	"math/rand/v2"
	"strings"
	"testing"

	_ "github.com/toolschema/toolschema/declared"
	"github.com/toolschema/toolschema/internal/schematest"
)

// StringOrSlice is one string or an array of strings on the wire, by its
// own methods, and declares that schema.
type StringOrSlice []string

func (s StringOrSlice) MarshalJSON() ([]byte, error) {
	if len(s) == 1 {
		return json.Marshal(s[0])
	}
	return json.Marshal([]string(s))
}

func (s *StringOrSlice) UnmarshalJSON(b []byte) error {
	if string(b) == "null" { // a no-op, as encoding/json asks of an Unmarshaler
		return nil
	}
	var one string
	if json.Unmarshal(b, &one) == nil {
		*s = StringOrSlice{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*s = many
	return nil
}

func (StringOrSlice) ToolschemaSchema() string {
	return `{"anyOf":[{"type":"string"},{"type":["array","null"],"items":{"type":"string"}}]}`
}

// money is a decimal amount written as a string, declared with a pointer
// receiver.
type money struct{ text string }

func (m money) MarshalJSON() ([]byte, error)  { return json.Marshal(m.text) }
func (m *money) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &m.text) }
func (*money) ToolschemaSchema() string {
	return `{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"}`
}

type badSchema struct{}

func (badSchema) MarshalJSON() ([]byte, error) { return []byte(`""`), nil }
func (*badSchema) UnmarshalJSON([]byte) error  { return nil }
func (badSchema) ToolschemaSchema() string     { return `{"type":"strin"}` }

// wrongSignature's ToolschemaSchema is not a func() string.
type wrongSignature struct{}

func (wrongSignature) MarshalJSON() ([]byte, error) { return []byte(`""`), nil }
func (*wrongSignature) UnmarshalJSON([]byte) error  { return nil }
func (wrongSignature) ToolschemaSchema() []byte     { return []byte(`{"type":"string"}`) }

type refSchema struct{}

func (refSchema) MarshalJSON() ([]byte, error) { return []byte(`""`), nil }
func (*refSchema) UnmarshalJSON([]byte) error  { return nil }
func (refSchema) ToolschemaSchema() string     { return `{"$ref":"https://example.com/s.json"}` }

type writeOnly struct{}

func (writeOnly) MarshalJSON() ([]byte, error) { return []byte(`""`), nil }
func (writeOnly) ToolschemaSchema() string     { return `{"type":"string"}` }

type declaredInput struct {
	Names  StringOrSlice `json:"names"`
	Amount *money        `json:"amount"`
}

func TestDeclaredSchemas(t *testing.T) {
	var got declaredInput
	tl, err := Create(func(in declaredInput) (string, error) { got = in; return "ok", nil }, Meta(tool.Meta{Name: "declared"}))
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"type":"object","properties":{"names":{"anyOf":[{"type":"string"},{"type":["array","null"],"items":{"type":"string"}}]},` +
		`"amount":{"anyOf":[{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"},{"type":"null"}]}},"required":["names","amount"],"additionalProperties":false}`
	if string(tl.InputSchema) != want {
		t.Errorf("schema\n got %s\nwant %s", tl.InputSchema, want)
	}
	s := schematest.Check(t, tl.InputSchema)
	calls := []struct {
		args  string
		isErr bool
		names []string
	}{
		{`{"names":"a","amount":"1.50"}`, false, []string{"a"}},
		{`{"names":["a","b"],"amount":null}`, false, []string{"a", "b"}},
		{`{"names":null,"amount":"2"}`, false, nil},
		{`{"names":5,"amount":"2"}`, true, nil},
		{`{"names":"a","amount":"1,5"}`, true, nil},
		{`{"names":"a","amount":7}`, true, nil},
	}
	for _, c := range calls {
		got = declaredInput{}
		r, err := tl.Invoke(context.Background(), json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError != c.isErr {
			t.Errorf("%s: IsError %v (%s), want %v", c.args, r.IsError, r.Text(), c.isErr)
		}
		// The typed checks and the validator agree on the verdict.
		if valid := schematest.Validate(s, []byte(c.args)) == nil; valid == c.isErr {
			t.Errorf("%s: the validator says valid=%v", c.args, valid)
		}
		if !c.isErr && strings.Join(got.Names, ",") != strings.Join(c.names, ",") {
			t.Errorf("%s: decoded names %q, want %q", c.args, got.Names, c.names)
		}
		if c.isErr && !strings.Contains(r.Text(), "does not match the schema of its type") {
			t.Errorf("%s: message %q", c.args, r.Text())
		}
	}
	// What encoding/json writes for the type is in its declared schema.
	r := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		n := r.IntN(4)
		v := StringOrSlice{}
		for i := range n {
			v = append(v, strings.Repeat("x", i))
		}
		b, _ := json.Marshal(declaredInput{Names: v, Amount: &money{"12.5"}})
		if err := schematest.Validate(s, b); err != nil {
			t.Fatalf("encoding/json wrote %s, which the schema refuses: %v", b, err)
		}
	}
}

// describedInput is declaredInput with a description on each field: the
// schema carries them, and nothing else changes (the calls of
// TestDeclaredSchemas answer alike).
type describedInput struct {
	Names  StringOrSlice `json:"names" jsonschema:"Who to tell"`
	Amount *money        `json:"amount" jsonschema_description:"What they owe"`
}

func TestDeclaredDescribed(t *testing.T) {
	plain, err := Create(func(in declaredInput) (string, error) { return "ok", nil }, Meta(tool.Meta{Name: "plain"}))
	if err != nil {
		t.Fatal(err)
	}
	tl, err := Create(func(in describedInput) (string, error) { return "ok", nil }, Meta(tool.Meta{Name: "described"}))
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"type":"object","properties":{"names":{"description":"Who to tell","anyOf":[{"type":"string"},{"type":["array","null"],"items":{"type":"string"}}]},` +
		`"amount":{"description":"What they owe","anyOf":[{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"},{"type":"null"}]}},"required":["names","amount"],"additionalProperties":false}`
	if string(tl.InputSchema) != want {
		t.Errorf("schema\n got %s\nwant %s", tl.InputSchema, want)
	}
	schematest.Check(t, tl.InputSchema)
	for _, args := range []string{`{"names":"a","amount":"1.50"}`, `{"names":null,"amount":null}`, `{"names":5,"amount":"2"}`,
		`{"names":"a","amount":"1,5"}`, `{"names":"a","amount":7}`, `{"amount":"1"}`, `{"names":"a","amount":"1","x":1}`} {
		a, err := plain.Invoke(context.Background(), json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		b, err := tl.Invoke(context.Background(), json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		if a.IsError != b.IsError || a.Text() != b.Text() {
			t.Errorf("%s: described %v %q, plain %v %q", args, b.IsError, b.Text(), a.IsError, a.Text())
		}
	}
}

func TestDeclaredRefused(t *testing.T) {
	tests := []struct {
		fn   any
		want string
	}{
		{func(struct {
			B badSchema `json:"b"`
		}) error {
			return nil
		}, "OLT023: input.b: reflectimpl.badSchema declares a schema (ToolschemaSchema) that is not a valid JSON Schema 2020-12"},
		{func(struct {
			R refSchema `json:"r"`
		}) error {
			return nil
		}, "OLT023: input.r: reflectimpl.refSchema declares a schema (ToolschemaSchema) that uses $ref; every fragment of the contract is inline, nothing is referenced"},
		{func(struct {
			W writeOnly `json:"w"`
		}) error {
			return nil
		}, "OLT023: input.w: reflectimpl.writeOnly declares a schema (ToolschemaSchema) that it cannot read"},
		// As the static front end says it (analyzer testdata olt023).
		{func(struct {
			S wrongSignature `json:"s"`
		}) error {
			return nil
		}, "OLT023: input.s: reflectimpl.wrongSignature declares a schema (ToolschemaSchema) that cannot be read: ToolschemaSchema must be a method func() string"},
		{func(struct {
			N StringOrSlice `json:"n" description:"Names." minItems:"1"`
		}) error {
			return nil
		}, "OLT012: input.n: tag minItems: the field's type declares its schema (ToolschemaSchema), which owns the value's constraints; say it in the declared schema"},
		{func(struct {
			N StringOrSlice `json:"n" jsonschema:"Names,enum=a"`
		}) error {
			return nil
		}, "OLT012: input.n: tag jsonschema (enum): the field's type declares its schema (ToolschemaSchema), which owns the value's constraints"},
	}
	for _, tt := range tests {
		_, err := Create(tt.fn, Meta(tool.Meta{Name: "refused"}))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Create: %v\nwant %s", err, tt.want)
		}
	}
}

// TestDeclaredOptionalNull: null for an optional property whose type
// declares a schema that does not take null is absent, as for any other
// type (OpenAI's strict mode sends null for what it leaves out); it was
// refused as not matching the schema. A schema that takes null reads it.
func TestDeclaredOptionalNull(t *testing.T) {
	type in struct {
		Amount money         `json:"amount,omitzero"`
		Names  StringOrSlice `json:"names,omitempty"`
		Need   money         `json:"need"`
	}
	var got in
	tl, err := Create(func(v in) string { got = v; return "ok" }, Meta(tool.Meta{Name: "opt"}))
	if err != nil {
		t.Fatal(err)
	}
	s := schematest.Check(t, tl.InputSchema)
	for _, c := range []struct {
		args  string
		isErr bool
	}{
		{`{"need":"1","amount":null}`, false},
		{`{"need":"1","names":null}`, false},
		{`{"need":null}`, true},
	} {
		got = in{Amount: money{"x"}}
		r, err := tl.Invoke(context.Background(), json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError != c.isErr {
			t.Errorf("%s: IsError %v (%s), want %v", c.args, r.IsError, r.Text(), c.isErr)
		}
		if !c.isErr && got.Amount.text != "" {
			t.Errorf("%s: amount %q, want it absent", c.args, got.Amount.text)
		}
		if !c.isErr && got.Names != nil {
			t.Errorf("%s: names %q, want the null read as nil", c.args, got.Names)
		}
		// The validator, with the contract's rule that an optional
		// property's null is absent, agrees.
		if c.isErr {
			if schematest.Validate(s, []byte(c.args)) == nil {
				t.Errorf("%s: the validator takes it", c.args)
			}
		}
	}
}
