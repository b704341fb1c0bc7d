package tool_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type orderQuery struct {
	Status string `json:"status" enum:"pending, shipped"`
	Limit  int    `json:"limit,omitempty" minimum:"1" maximum:"50" default:"10"`
}

type order struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func findOrders(ctx context.Context, in orderQuery) ([]order, error) {
	return []order{{ID: "A-17", Status: in.Status}}[:min(in.Limit, 1)], nil
}

// Invoke runs a tool on the arguments a model sent. Arguments that break
// the input schema are refused, every broken rule in one result that the
// model can act on, and the function does not run; a result is the
// function's value as JSON, and as a Go value for the caller.
func ExampleTool_Invoke() {
	// A tool as toolgen writes it (Tools() in the generated file) or as
	// reflection makes it.
	t, err := reflectimpl.Create(findOrders, reflectimpl.Meta(tool.Meta{
		Name:        "find_orders",
		Description: "Finds orders by status.",
	}))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()

	r, _ := t.Invoke(ctx, json.RawMessage(`{"status":"lost","limit":500}`))
	fmt.Println(r.IsError, r.Code, r.Started)
	fmt.Println(r.Text())

	r, _ = t.Invoke(ctx, json.RawMessage(`{"status":"pending"}`))
	fmt.Printf("%v %s\n", r.IsError, r.Parts[0].(tool.JSONPart).JSON)
	fmt.Println(r.Value.([]order)[0].ID)
	// Output:
	// true invalid_arguments false
	// Argument 'status' must be one of "pending", "shipped".
	// Argument 'limit' must be at most 50.
	// false [{"id":"A-17","status":"pending"}]
	// A-17
}

// A test of a tool asks for what the tool returns to be checked against
// its contract: here a business error whose code the tool does not
// declare. Unchecked, as a program runs unless it asks, the error goes to
// the model as returned.
func ExampleWithOutputCheck() {
	cancel := func(ctx context.Context, in struct {
		ID string `json:"id"`
	}) (string, error) {
		return "", &tool.Error{Code: "ORDER_SHIPPED", Category: tool.CategoryConflict, SafeMessage: "The order has shipped."}
	}
	t, err := reflectimpl.Create(cancel, reflectimpl.Meta(tool.Meta{
		Name:       "cancel_order",
		ErrorCodes: []string{"ORDER_NOT_FOUND"},
	}))
	if err != nil {
		fmt.Println(err)
		return
	}
	args := json.RawMessage(`{"id":"A-17"}`)

	r, _ := t.Invoke(context.Background(), args)
	fmt.Println(r.Code, r.Text())

	r, _ = t.Invoke(tool.WithOutputCheck(context.Background()), args)
	fmt.Println(r.Code, r.Text())
	// Output:
	// failed Tool 'cancel_order' failed: ORDER_SHIPPED: The order has shipped.
	// invalid_output Tool 'cancel_order' returned the error code ORDER_SHIPPED, which its contract does not declare (it declares ORDER_NOT_FOUND): add it to the directive's errors=.
}

// A program that chooses to take what the schema makes unambiguous reads
// a model's "5" for an integer as 5, tells the model so, and keeps the
// record; what is not unambiguous is refused as under the default. In
// shadow mode nothing is refused for the schema, and the violations a
// strict call would have refused are on the result.
func ExampleWithLeniency() {
	t, err := reflectimpl.Create(findOrders, reflectimpl.Meta(tool.Meta{Name: "find_orders"}))
	if err != nil {
		fmt.Println(err)
		return
	}
	repair := tool.WithLeniency(context.Background(), tool.RepairArgs)

	r, _ := t.Invoke(repair, json.RawMessage(`{"status":"pending","limit":"5"}`))
	rp := r.Repairs[0]
	fmt.Println(r.IsError, rp.Path, rp.Given, rp.Assumed)
	fmt.Println(r.RepairNote())

	r, _ = t.Invoke(repair, json.RawMessage(`{"status":"pending","limit":"5.0"}`))
	fmt.Println(r.Code, r.Text())

	shadow := tool.WithLeniency(context.Background(), tool.ShadowArgs)
	r, _ = t.Invoke(shadow, json.RawMessage(`{"status":"lost"}`))
	fmt.Println(r.IsError, r.Shadowed[0].Message)
	// Output:
	// false limit "5" 5
	// Assumed: 'limit' "5" read as 5.
	// invalid_arguments Argument 'limit' must be an integer.
	// false Argument 'status' must be one of "pending", "shipped".
}
