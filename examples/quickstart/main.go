// Quickstart builds the tools of a small order service by reflection and
// prints what a model would be shown: each tool's name, metadata and
// schemas. It ends with a tool the contract refuses, to show the error.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Status is where an order stands.
type Status string

const (
	Pending   Status = "pending"
	Shipped   Status = "shipped"
	Cancelled Status = "cancelled"
)

// ToolschemaEnumValues lists the values of Status. The generator (toolgen)
// writes this method; until it runs on a package, it can be written by hand.
func (Status) ToolschemaEnumValues() []string {
	return []string{string(Pending), string(Shipped), string(Cancelled)}
}

type Line struct {
	SKU      string `json:"sku" description:"Stock keeping unit." pattern:"^[A-Z0-9-]+$"`
	Quantity int    `json:"quantity" minimum:"1" maximum:"1000"`
}

type Order struct {
	ID      string    `json:"id"`
	Status  Status    `json:"status"`
	Lines   []Line    `json:"lines"`
	Placed  time.Time `json:"placed"`
	Comment *string   `json:"comment"`
}

type FindOrders struct {
	Status Status    `json:"status,omitempty" description:"Only orders in this state."`
	Since  time.Time `json:"since,omitzero" description:"Only orders placed after this instant."`
	Limit  int       `json:"limit,omitempty" minimum:"1" maximum:"50" default:"10"`
}

type CancelOrder struct {
	ID     string `json:"id" minLength:"1"`
	Reason string `json:"reason" enum:"customer request, out of stock, fraud"`
}

// Service is the order service whose methods are offered as tools.
type Service struct{ orders []Order }

func (s *Service) FindOrders(ctx context.Context, in FindOrders) ([]Order, error) {
	var out []Order
	for _, o := range s.orders {
		if (in.Status == "" || o.Status == in.Status) && o.Placed.After(in.Since) {
			out = append(out, o)
		}
	}
	return out, nil
}

func (s *Service) CancelOrder(ctx context.Context, call *tool.Call, in CancelOrder) (string, error) {
	return "order " + in.ID + " cancelled", nil
}

// Ping takes no input and returns text.
func Ping() string { return "pong" }

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	svc := &Service{orders: []Order{
		{ID: "A-16", Status: Shipped, Lines: []Line{{SKU: "TEA-1", Quantity: 2}}, Placed: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)},
		{ID: "A-17", Status: Pending, Lines: []Line{{SKU: "CUP-4", Quantity: 1}}, Placed: time.Date(2026, 11, 29, 17, 30, 0, 0, time.UTC)},
	}}
	specs := []struct {
		fn   any
		opts []reflectimpl.Option
	}{
		{svc.FindOrders, []reflectimpl.Option{reflectimpl.Description("Finds orders by state and date."), reflectimpl.Timeout(5 * time.Second)}},
		{svc.CancelOrder, []reflectimpl.Option{reflectimpl.Description("Cancels one order."), reflectimpl.RequiresApproval(), reflectimpl.ParallelSafe(false), reflectimpl.Version("2")}},
		{Ping, []reflectimpl.Option{reflectimpl.Description("Checks that the service is up.")}},
	}
	var tools []*tool.Tool
	for _, s := range specs {
		t, err := reflectimpl.Create(s.fn, s.opts...)
		if err != nil {
			return err
		}
		if err := print(w, t); err != nil {
			return err
		}
		tools = append(tools, t)
	}

	// Calls as a model makes them: good and bad arguments, and a tool that
	// needs a person's approval.
	ctx := context.Background()
	for _, c := range []struct {
		tool *tool.Tool
		args string
	}{
		{tools[0], `{"status":"shipped"}`},
		{tools[0], `{"status":"lost","limit":500,"since":"yesterday"}`},
		{tools[1], `{"id":"A-17","reason":"customer request"}`},
	} {
		r, err := c.tool.Invoke(ctx, json.RawMessage(c.args))
		if err != nil {
			return err
		}
		status := "ok"
		if r.IsError {
			status = "error " + string(r.Code)
		}
		fmt.Fprintf(w, "call %s %s\n  %s\n  %s\n", c.tool.Name, c.args, status, strings.ReplaceAll(partsText(r), "\n", "\n  "))
	}
	args := json.RawMessage(`{"id":"A-17","reason":"customer request"}`)
	r, err := tools[1].Invoke(tool.Approve(ctx, "cancel_order", args), args)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "call cancel_order %s, approved\n  error: %v\n  %s\n", args, r.IsError, partsText(r))

	// A tool the contract refuses: channels have no JSON form.
	_, err = reflectimpl.Create(func(in struct {
		Updates chan string `json:"updates"`
	}) error {
		return nil
	}, reflectimpl.Name("watch"))
	fmt.Fprintf(w, "refused tool watch:\n  %v\n", err)
	return nil
}

// partsText writes a result's parts: text as it is, JSON as JSON.
func partsText(r *tool.Result) string {
	var b strings.Builder
	for i, p := range r.Parts {
		if i > 0 {
			b.WriteByte('\n')
		}
		switch p := p.(type) {
		case tool.TextPart:
			b.WriteString(p.Text)
		case tool.JSONPart:
			b.Write(p.JSON)
		}
	}
	return b.String()
}

func print(w io.Writer, t *tool.Tool) error {
	fmt.Fprintf(w, "tool %s: %s\n", t.Name, t.Description)
	fmt.Fprintf(w, "  ends loop: %v, requires approval: %v, parallel safe: %v, timeout: %v, version: %q\n",
		t.EndsLoop, t.RequiresApproval, t.ParallelSafe, t.Timeout, t.Version)
	for _, s := range []struct {
		label string
		b     json.RawMessage
	}{{"input", t.InputSchema}, {"output", t.OutputSchema}} {
		if s.b == nil {
			fmt.Fprintf(w, "  %s schema: none\n", s.label)
			continue
		}
		var buf bytes.Buffer
		if err := json.Indent(&buf, s.b, "    ", "  "); err != nil {
			return err
		}
		fmt.Fprintf(w, "  %s schema:\n    %s\n", s.label, buf.Bytes())
	}
	return nil
}
