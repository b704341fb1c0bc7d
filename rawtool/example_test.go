package rawtool_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// A tool whose schema comes from configuration: its arguments are checked
// before the function runs, in the invoker's words, and the function gets
// them with the defaults filled in.
func ExampleNew() {
	schema := json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","minLength":1},"days":{"type":"integer","minimum":1,"maximum":7,"default":3}},"required":["city"],"additionalProperties":false}`)
	weather, err := rawtool.New(tool.Meta{Name: "weather", Description: "The forecast of a city."}, schema,
		func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) {
			return "forecast for " + string(args), nil
		})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, args := range []string{`{"city":"Oslo"}`, `{"city":"","days":9}`} {
		r, _ := weather.Invoke(context.Background(), json.RawMessage(args))
		if r.IsError {
			fmt.Print(r.Code, " ")
		}
		fmt.Println(r.Text())
	}
	// Output:
	// forecast for {"city":"Oslo","days":3}
	// invalid_arguments Argument 'days' must be at most 7.
	// Argument 'city' must be at least 1 character long.
}
