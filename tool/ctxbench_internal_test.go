package tool

import (
	"context"
	"encoding/json"
	"testing"
)

type serverKey int

// BenchmarkInvokeServerContext invokes a tool under a context as a
// server's request context is: values of its own under the call's
// (a request, a session, a span...), which every lookup of a key it does
// not hold walks to the end. "plain" has none of the call's options;
// "options" has a WhenDone function and the output check, as mcpserver
// and loop give them.
func BenchmarkInvokeServerContext(b *testing.B) {
	h := &allocHandler{out: json.RawMessage(`{"city":"Oslo","temp":20}`)}
	tl := &Tool{Meta: Meta{Name: "weather"}, handler: h}
	args := json.RawMessage(`{"city":"Oslo"}`)
	base := context.Background()
	for i := range 12 {
		base = context.WithValue(base, serverKey(i), i)
	}
	for _, c := range []struct {
		name string
		ctx  func() context.Context
	}{
		{"plain", func() context.Context { return base }},
		{"options", func() context.Context { return WhenDone(WithOutputCheck(base), func() {}) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := c.ctx()
			b.ReportAllocs()
			for b.Loop() {
				if r, _ := tl.Invoke(ctx, args); r.IsError {
					b.Fatal(r.Text())
				}
			}
		})
	}
}
