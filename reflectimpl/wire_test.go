package reflectimpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/toolschema/toolschema/tool"
	"math/big"
	"math/rand/v2"
	"net/netip"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/randvalue"
	"github.com/toolschema/toolschema/internal/schematest"
)

// The wire-truth corpus: types whose values encoding/json writes, covering
// every row of the type table and the naming and embedding rules.

type Status string

const (
	StatusOpen   Status = "open"
	StatusClosed Status = "closed"
	StatusOnHold Status = "on hold"
)

// ToolschemaEnumValues is written by hand here; the generator writes it.
func (Status) ToolschemaEnumValues() []string {
	return []string{string(StatusOpen), string(StatusClosed), string(StatusOnHold)}
}

// Celsius has a text form of its own.
type Celsius float64

func (c Celsius) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%gC", float64(c)), nil }
func (c *Celsius) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "%gC", (*float64)(c))
	return err
}

type Bytes []byte

type Scalars struct {
	B   bool
	I   int
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	U   uint
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	F32 float32
	F64 float64
	S   string
}

type Specials struct {
	When    time.Time       `json:"when"`
	Wait    time.Duration   `json:"wait"`
	Raw     json.RawMessage `json:"raw"`
	Num     json.Number     `json:"num"`
	Addr    netip.Addr      `json:"addr"`
	Big     *big.Int        `json:"big"`
	Temp    Celsius         `json:"temp"`
	Data    []byte          `json:"data"`
	MyData  Bytes           `json:"my_data"`
	Fixed   [4]byte         `json:"fixed"`
	Anyway  any             `json:"anyway"`
	Status  Status          `json:"status"`
	PStatus *Status         `json:"p_status"`
}

type Containers struct {
	Strings  []string             `json:"strings"`
	Nested   [][]int8             `json:"nested"`
	Pairs    [2]float64           `json:"pairs"`
	ByName   map[string]Scalars   `json:"by_name"`
	ByStatus map[Status]bool      `json:"by_status"`
	PtrPtr   **string             `json:"ptr_ptr"`
	Items    []*Scalars           `json:"items"`
	Deep     map[string][]*Status `json:"deep"`
}

type Base struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
}

type Audit struct {
	By   string `json:"by"`
	Note string `json:"note,omitempty"`
}

type inner struct {
	Promoted int  `json:"promoted"`
	Hidden   bool `json:"-"`
}

type Embedding struct {
	Base
	*Audit
	inner
	Meta  Base   `json:"meta"`
	ID    int    `json:"id"` // shadows Base.ID
	Dash  string `json:"-,"`
	Punct string `json:"x-y.z/w"`
	Opt   *int   `json:"opt,omitempty"`
	Zero  Base   `json:"zero,omitzero"`
	Empty string `json:",omitempty"`
	Skip  string `json:"-"`
	lower int
}

// TestWireTruth marshals random values of every corpus type with
// encoding/json and checks each against the schema the contract writes for
// the type: a value encoding/json writes that the schema refuses is a bug in
// the contract or the code. The closed objects and required lists make the
// check two-sided for names: a key encoding/json writes that the schema
// lacks, or a required one it does not write, fails.
func TestWireTruth(t *testing.T) {
	types := []reflect.Type{
		reflect.TypeFor[Scalars](),
		reflect.TypeFor[Specials](),
		reflect.TypeFor[Containers](),
		reflect.TypeFor[Embedding](),
		reflect.TypeFor[*Embedding](),
		reflect.TypeFor[[]Specials](),
		reflect.TypeFor[map[string]*Containers](),
		reflect.TypeFor[Status](),
		reflect.TypeFor[[]byte](),
		reflect.TypeFor[*time.Time](),
		reflect.TypeFor[[3]*Status](),
		reflect.TypeFor[any](),
	}
	const values = 300
	r := rand.New(rand.NewPCG(1, 2))
	for _, typ := range types {
		t.Run(typ.String(), func(t *testing.T) {
			fn := reflect.MakeFunc(reflect.FuncOf(nil, []reflect.Type{typ, errorType}, false),
				func([]reflect.Value) []reflect.Value { panic("not called") })
			tl, err := Create(fn.Interface(), Meta(tool.Meta{Name: "wire"}))
			if err != nil {
				t.Fatal(err)
			}
			out := tl.OutputSchema
			if typ.Kind() == reflect.Interface {
				// any has no output schema; its fragment is {}.
				out = json.RawMessage(`{}`)
			}
			s := schematest.Check(t, out)
			for range values {
				v := randvalue.Value(r, typ, randvalue.Config{})
				// Marshal through a pointer, as the invoker writes results,
				// so that pointer-receiver methods apply.
				b, err := json.Marshal(v.Addr().Interface())
				if err != nil {
					t.Fatalf("json.Marshal: %v", err)
				}
				if err := schematest.Validate(s, b); err != nil {
					t.Fatalf("encoding/json wrote %s\nwhich the schema %s refuses:\n%v", b, out, err)
				}
			}
		})
	}
}

// The method-set cases of the text and JSON pairs: every half, on value
// and pointer receivers, on string and other kinds.

type uriPtr string // gopls's DocumentURI: only (*T).UnmarshalText

func (u *uriPtr) UnmarshalText(b []byte) error { *u = uriPtr(strings.TrimSpace(string(b))); return nil }

type uriVal string // only (T).UnmarshalText, a value receiver

func (u uriVal) UnmarshalText(b []byte) error { return nil }

type upperVal string // only (T).MarshalText

func (u upperVal) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(u))), nil }

type upperPtr string // only (*T).MarshalText

func (u *upperPtr) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(*u))), nil }

type codePtr string // both halves, pointer receivers

func (c *codePtr) MarshalText() ([]byte, error) { return []byte("c-" + string(*c)), nil }
func (c *codePtr) UnmarshalText(b []byte) error {
	*c = codePtr(strings.TrimPrefix(string(b), "c-"))
	return nil
}

type levelPair int // both halves, on an integer kind

func (l levelPair) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(l))), nil }
func (l *levelPair) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*l = levelPair(n)
	return err
}

type pointPair struct{ X, Y int8 } // both halves, on a struct

func (p pointPair) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%d,%d", p.X, p.Y), nil }
func (p *pointPair) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "%d,%d", &p.X, &p.Y)
	return err
}

type levelRead int // only (*T).UnmarshalText, on an integer kind

func (l *levelRead) UnmarshalText(b []byte) error { return nil }

type levelWrite int // only (T).MarshalText, on an integer kind

func (l levelWrite) MarshalText() ([]byte, error) { return []byte("level"), nil }

type levelPtrPair int // both halves with pointer receivers, on an integer kind

func (l *levelPtrPair) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(*l))), nil }
func (l *levelPtrPair) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*l = levelPtrPair(n)
	return err
}

type rawJSON struct{ v string } // only (*T).UnmarshalJSON

func (r *rawJSON) UnmarshalJSON(b []byte) error { r.v = string(b); return nil }

type ownJSON string // only (T).MarshalJSON

func (o ownJSON) MarshalJSON() ([]byte, error) { return []byte(`{"own":true}`), nil }

type methodSets struct {
	URIPtr   uriPtr                   `json:"uri_ptr"`
	URIVal   uriVal                   `json:"uri_val"`
	UpperVal upperVal                 `json:"upper_val"`
	UpperPtr upperPtr                 `json:"upper_ptr"`
	Code     codePtr                  `json:"code"`
	Level    levelPair                `json:"level"`
	Point    pointPair                `json:"point"`
	Ptrs     *levelPtrPair            `json:"ptrs"`
	InMap    map[string]codePtr       `json:"in_map"`
	UpperMap map[string]upperPtr      `json:"upper_map"`
	PairMap  map[string]levelPair     `json:"pair_map"`
	Slice    []levelPtrPair           `json:"slice"`
	Keys     map[levelPair]uriPtr     `json:"keys"`
	PtrMap   map[string]*levelPtrPair `json:"ptr_map"`
}

// TestWireMethodSets checks every method-set case of the text and JSON
// pairs against encoding/json, both ways: what it writes is in the schema
// (TestWireTruth's check), and the JSON it reads, among probes of every
// JSON type but null, is exactly what the schema takes. The refused cases
// are refused with OLT005, and for the text halves encoding/json indeed
// does not read back what it writes.
func TestWireMethodSets(t *testing.T) {
	accepted := []struct {
		typ    reflect.Type
		schema string
	}{
		{reflect.TypeFor[uriPtr](), `{"type":"string"}`},
		{reflect.TypeFor[uriVal](), `{"type":"string"}`},
		{reflect.TypeFor[upperVal](), `{"type":"string"}`},
		{reflect.TypeFor[upperPtr](), `{"type":"string"}`},
		{reflect.TypeFor[codePtr](), `{"type":"string"}`},
		{reflect.TypeFor[levelPair](), `{"type":"string"}`},
		{reflect.TypeFor[pointPair](), `{"type":"string"}`},
		{reflect.TypeFor[*levelPtrPair](), `{"type":["string","null"]}`},
		{reflect.TypeFor[map[string]codePtr](), `{"type":["object","null"],"additionalProperties":{"type":"string"}}`},
		{reflect.TypeFor[map[string]upperPtr](), `{"type":["object","null"],"additionalProperties":{"type":"string"}}`},
		{reflect.TypeFor[[]levelPtrPair](), `{"type":["array","null"],"items":{"type":"string"}}`},
		{reflect.TypeFor[map[levelPair]uriPtr](), `{"type":["object","null"],"additionalProperties":{"type":"string"}}`},
		{reflect.TypeFor[methodSets](), ""},
	}
	probes := []string{`"a"`, `"7"`, `"1,2"`, `7`, `1.5`, `true`, `{}`, `[]`, `{"k":"7"}`, `["7"]`}
	r := rand.New(rand.NewPCG(3, 4))
	for _, tt := range accepted {
		t.Run(tt.typ.String(), func(t *testing.T) {
			fn := reflect.MakeFunc(reflect.FuncOf(nil, []reflect.Type{tt.typ, errorType}, false),
				func([]reflect.Value) []reflect.Value { panic("not called") })
			tl, err := Create(fn.Interface(), Meta(tool.Meta{Name: "wire"}))
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if tt.schema != "" && string(tl.OutputSchema) != tt.schema {
				t.Errorf("schema %s, want %s", tl.OutputSchema, tt.schema)
			}
			s := schematest.Check(t, tl.OutputSchema)
			for range 200 {
				v := randvalue.Value(r, tt.typ, randvalue.Config{})
				b, err := json.Marshal(v.Addr().Interface())
				if err != nil {
					t.Fatalf("json.Marshal: %v", err)
				}
				if err := schematest.Validate(s, b); err != nil {
					t.Fatalf("encoding/json wrote %s, which the schema %s refuses:\n%v", b, tl.OutputSchema, err)
				}
			}
			if tt.schema == "" {
				return
			}
			for _, p := range probes {
				// A text the type's own method refuses is the method's
				// rule, not the wire's: the invoker reports it as such.
				var typeErr *json.UnmarshalTypeError
				err := json.Unmarshal([]byte(p), reflect.New(tt.typ).Interface())
				reads := err == nil || !errors.As(err, &typeErr)
				takes := schematest.Validate(s, []byte(p)) == nil
				if takes && !reads {
					t.Errorf("the schema takes %s, which encoding/json does not read: %v", p, err)
				}
				if reads && !takes {
					t.Errorf("encoding/json reads %s, which the schema refuses", p)
				}
			}
		})
	}

	refused := []struct {
		typ reflect.Type
		msg string
	}{
		{reflect.TypeFor[levelRead](), "implements only encoding.TextUnmarshaler of the text pair"},
		{reflect.TypeFor[levelWrite](), "implements only encoding.TextMarshaler of the text pair"},
		{reflect.TypeFor[map[string]levelPtrPair](), "marshals through a method with a pointer receiver"},
		{reflect.TypeFor[rawJSON](), "implements json.Unmarshaler"},
		{reflect.TypeFor[ownJSON](), "implements json.Marshaler"},
		{reflect.TypeFor[map[levelPtrPair]bool](), "map key type reflectimpl.levelPtrPair is not of string kind"},
		{reflect.TypeFor[map[levelRead]bool](), "map key type reflectimpl.levelRead is not of string kind"},
	}
	for _, tt := range refused {
		t.Run("refused "+tt.typ.String(), func(t *testing.T) {
			fn := reflect.MakeFunc(reflect.FuncOf(nil, []reflect.Type{tt.typ, errorType}, false),
				func([]reflect.Value) []reflect.Value { panic("not called") })
			_, err := Create(fn.Interface(), Meta(tool.Meta{Name: "wire"}))
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("Create: %v, want ... %s", err, tt.msg)
			}
			if tt.typ.Kind() == reflect.Struct || tt.typ.Kind() == reflect.String {
				return // a JSON form of its own: nothing to derive
			}
			if tt.typ.Kind() == reflect.Map && tt.typ.Key().Kind() != reflect.String {
				// Integer keys are written in decimal: the contract
				// refuses keys not of string kind by design (OLT002).
				return
			}
			// What encoding/json writes it does not read back.
			v := reflect.New(tt.typ)
			if tt.typ.Kind() == reflect.Map {
				m := reflect.MakeMap(tt.typ)
				k, e := reflect.New(tt.typ.Key()).Elem(), reflect.New(tt.typ.Elem()).Elem()
				if k.Kind() == reflect.String {
					k.SetString("k")
				} else {
					k.SetInt(7)
				}
				if e.Kind() == reflect.Int {
					e.SetInt(7)
				}
				m.SetMapIndex(k, e)
				v.Elem().Set(m)
			}
			b, err := json.Marshal(v.Interface())
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, reflect.New(tt.typ).Interface()); err == nil {
				t.Errorf("encoding/json wrote %s and reads it back: the refusal is false", b)
			}
		})
	}
}
