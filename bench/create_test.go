// Package bench measures how long toolschema takes to build a tool's schema
// by reflection, against two libraries that derive JSON Schema from Go types.
// It is a module of its own so that those libraries stay out of the main
// go.mod.
package bench

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	googleschema "github.com/google/jsonschema-go/jsonschema"
	invopop "github.com/invopop/jsonschema"

	"github.com/toolschema/toolschema/reflectimpl"
)

// Status is where an order stands.
type Status string

const (
	StatusPending   Status = "pending"
	StatusPaid      Status = "paid"
	StatusShipped   Status = "shipped"
	StatusDelivered Status = "delivered"
	StatusCancelled Status = "cancelled"
)

// ToolschemaEnumValues lists the values of Status in declaration order.
// Written by hand here; the generator writes it in real code.
func (Status) ToolschemaEnumValues() []string {
	return []string{
		string(StatusPending),
		string(StatusPaid),
		string(StatusShipped),
		string(StatusDelivered),
		string(StatusCancelled),
	}
}

// Address is a postal address.
type Address struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country" description:"ISO 3166-1 alpha-2 country code, such as FR."`
}

// LineItem is one product line of an order.
type LineItem struct {
	SKU            string `json:"sku"`
	Name           string `json:"name"`
	Quantity       int    `json:"quantity"`
	UnitPriceCents int64  `json:"unit_price_cents"`
}

// Order is the input of the order tool: 16 JSON properties covering a
// nested struct, a slice of structs, pointers, a map, time.Time and an enum.
type Order struct {
	ID              string            `json:"id" description:"Order identifier, such as ord_8f2c."`
	CustomerID      string            `json:"customer_id"`
	Status          Status            `json:"status" description:"Where the order stands."`
	Items           []LineItem        `json:"items" description:"The products ordered, one line per SKU."`
	ShippingAddress Address           `json:"shipping_address"`
	BillingAddress  *Address          `json:"billing_address,omitempty" description:"Billing address; the shipping address when absent."`
	CouponCode      *string           `json:"coupon_code,omitempty"`
	GiftMessage     *string           `json:"gift_message,omitempty"`
	Currency        string            `json:"currency" description:"ISO 4217 currency code, such as EUR."`
	TotalCents      int64             `json:"total_cents"`
	LoyaltyPoints   uint32            `json:"loyalty_points"`
	Express         bool              `json:"express"`
	Tags            []string          `json:"tags,omitempty"`
	Metadata        map[string]string `json:"metadata,omitempty"`
	CreatedAt       time.Time         `json:"created_at"`
	DeliverBy       *time.Time        `json:"deliver_by,omitempty"`
}

// orderProperties is the number of JSON properties of Order.
const orderProperties = 16

// PlaceOrder is the tool under test. It returns only an error, so that
// toolschema builds the input schema alone, like the peers.
func PlaceOrder(ctx context.Context, in Order) error { return nil }

func BenchmarkCreateCold(b *testing.B) {
	b.Run("toolschema", func(b *testing.B) {
		if _, err := new(reflectimpl.Cache).Create(PlaceOrder); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			new(reflectimpl.Cache).Create(PlaceOrder)
		}
	})
	b.Run("invopop", func(b *testing.B) {
		if _, err := json.Marshal((&invopop.Reflector{}).Reflect(&Order{})); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			s := (&invopop.Reflector{}).Reflect(&Order{})
			json.Marshal(s)
		}
	})
	b.Run("google", func(b *testing.B) {
		s, err := googleschema.For[Order](nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(s); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			s, _ := googleschema.For[Order](nil)
			json.Marshal(s)
		}
	})
}

func BenchmarkCreateCached(b *testing.B) {
	b.Run("toolschema", func(b *testing.B) {
		if _, err := reflectimpl.Create(PlaceOrder); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			reflectimpl.Create(PlaceOrder)
		}
	})
}

// TestSchemasBuild checks that each library builds a schema for Order that
// has all of its properties, so that the benchmarks compare like with like.
func TestSchemasBuild(t *testing.T) {
	t.Run("toolschema", func(t *testing.T) {
		tl, err := new(reflectimpl.Cache).Create(PlaceOrder)
		if err != nil {
			t.Fatal(err)
		}
		if tl.Name != "place_order" {
			t.Errorf("name = %q, want place_order", tl.Name)
		}
		if tl.OutputSchema != nil {
			t.Errorf("output schema = %s, want none", tl.OutputSchema)
		}
		s := decodeObject(t, tl.InputSchema)
		checkProperties(t, s)
		var status struct {
			Enum []string `json:"enum"`
		}
		if err := json.Unmarshal(s.Properties["status"], &status); err != nil {
			t.Fatal(err)
		}
		if want := (Status("")).ToolschemaEnumValues(); !slices.Equal(status.Enum, want) {
			t.Errorf("status enum = %q, want %q", status.Enum, want)
		}
	})
	t.Run("invopop", func(t *testing.T) {
		data, err := json.Marshal((&invopop.Reflector{}).Reflect(&Order{}))
		if err != nil {
			t.Fatal(err)
		}
		// The root is a $ref to the definition of Order.
		var root struct {
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		if err := json.Unmarshal(data, &root); err != nil {
			t.Fatal(err)
		}
		def, ok := root.Defs["Order"]
		if !ok {
			t.Fatalf("no $defs/Order in %s", data)
		}
		checkProperties(t, decodeObject(t, def))
	})
	t.Run("google", func(t *testing.T) {
		s, err := googleschema.For[Order](nil)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		checkProperties(t, decodeObject(t, data))
	})
}

// object is the part of an object schema the test looks at.
type object struct {
	Properties map[string]json.RawMessage `json:"properties"`
}

func decodeObject(t *testing.T, data []byte) object {
	t.Helper()
	if len(data) == 0 {
		t.Fatal("empty schema")
	}
	var o object
	if err := json.Unmarshal(data, &o); err != nil {
		t.Fatalf("schema is not JSON: %v\n%s", err, data)
	}
	return o
}

func checkProperties(t *testing.T, o object) {
	t.Helper()
	if len(o.Properties) != orderProperties {
		t.Errorf("schema has %d properties, want %d", len(o.Properties), orderProperties)
	}
}
