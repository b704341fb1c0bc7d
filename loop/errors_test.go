package loop_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestBusinessError runs a call whose tool returns a wrapped business
// error through a turn: the outcome's result carries the error's fields,
// and what an adapter sends the model is the safe text, never the cause.
func TestBusinessError(t *testing.T) {
	refund, err := reflectimpl.Create(func(struct {
		Order string `json:"order"`
	}) (string, error) {
		return "", fmt.Errorf("refund: %w", &tool.Error{Code: "REFUND_WINDOW_CLOSED", Category: tool.CategoryConflict,
			SafeMessage: "Refunds close 30 days after delivery.", Recovery: tool.RecoverNone, Outcome: tool.OutcomeNotStarted,
			Err: errors.New("policy engine rule 17 (tenant acme-eu)")})
	}, reflectimpl.Meta(tool.Meta{Name: "submit_refund", ErrorCodes: []string{"REFUND_WINDOW_CLOSED"}}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{refund})
	if err != nil {
		t.Fatal(err)
	}
	turn, err := (&loop.Runner{Tools: set}).Turn(context.Background(), []loop.Call{{ID: "c1", Name: "submit_refund", Args: []byte(`{"order":"A-7"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	r := turn.Outcomes[0].Result
	if !r.IsError || r.Code != tool.Failed || r.Failure == nil || r.Failure.Code != "REFUND_WINDOW_CLOSED" || r.Outcome() != tool.OutcomeNotStarted {
		t.Fatalf("result %+v", r)
	}
	want := "Tool 'submit_refund' failed: REFUND_WINDOW_CLOSED: Refunds close 30 days after delivery. Recovery: none."
	if got := loop.Content(r); got != want {
		t.Errorf("content %q, want %q", got, want)
	}
	if strings.Contains(loop.Content(r), "acme") || strings.Contains(string(r.Envelope()), "acme") {
		t.Error("the cause reached the model")
	}
}
