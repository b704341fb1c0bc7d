package reflectimpl

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"net/netip"
	"reflect"
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
			tl, err := Create(fn.Interface(), Name("wire"))
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
