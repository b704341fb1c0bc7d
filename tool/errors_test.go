package tool_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type OrderRef struct {
	Ref string `json:"ref"`
}

var errNotFound = &tool.Error{Code: "ORDER_NOT_FOUND", Category: tool.CategoryNotFound,
	SafeMessage: "No order has this reference.", Recovery: tool.RecoverAskUser, Outcome: tool.OutcomeNotStarted,
	Err: errors.New("orders db: row 81723 missing in shard eu-3")}

// GetOrder fails in every way a tool can, by the reference it is given.
func GetOrder(in OrderRef) (map[string]string, error) {
	switch in.Ref {
	case "missing":
		return nil, errNotFound
	case "wrapped":
		return nil, fmt.Errorf("get order %s: %w", in.Ref, errNotFound)
	case "busy":
		return nil, &tool.Error{Code: "RATE_LIMITED", Category: tool.CategoryRateLimit, SafeMessage: "Too many lookups.",
			Recovery: tool.RecoverRetry, RetryAfter: 1500 * time.Millisecond}
	case "plain":
		return nil, errors.New("dial tcp 10.0.0.7:5432: connection refused")
	case "undeclared":
		return nil, &tool.Error{Code: "ORDER_GONE", SafeMessage: "The order is gone."}
	case "panic":
		var shards map[string]int
		shards["eu-3"]++ // a panic whose text says where: assignment to entry in nil map
	case "empty":
		return nil, errors.New("")
	}
	return map[string]string{"ref": in.Ref, "state": "open"}, nil
}

func orderTool(t *testing.T, opts ...reflectimpl.Option) *tool.Tool {
	t.Helper()
	tl, err := reflectimpl.Create(GetOrder, append([]reflectimpl.Option{reflectimpl.Meta(tool.Meta{ErrorCodes: []string{"ORDER_NOT_FOUND", "RATE_LIMITED"}})}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestBusinessErrors checks what a tool's errors become: a business error
// (found through wrapping) with its fields and only its safe text, a plain
// error with today's text or none (SafeErrors), and an undeclared code
// refused when the output is checked (WithOutputCheck).
func TestBusinessErrors(t *testing.T) {
	tests := []struct {
		name     string
		ref      string
		safe     bool
		code     tool.ErrorCode
		text     string
		failure  string // the Failure's code, "" for none
		outcome  tool.ExecutionOutcome
		envelope string
	}{
		{"business", "missing", false, tool.Failed,
			"Tool 'get_order' failed: ORDER_NOT_FOUND: No order has this reference. Recovery: ask_user.", "ORDER_NOT_FOUND", tool.OutcomeNotStarted,
			`{"schema_version":"toolschema-result-v1","status":"failed","data":null,"error":{"code":"ORDER_NOT_FOUND","category":"not_found","safe_message":"No order has this reference.","recovery":"ask_user","retry_after_ms":null},"execution":{"outcome":"not_started","complete":true,"truncated":false}}`},
		{"wrapped", "wrapped", false, tool.Failed,
			"Tool 'get_order' failed: ORDER_NOT_FOUND: No order has this reference. Recovery: ask_user.", "ORDER_NOT_FOUND", tool.OutcomeNotStarted, ""},
		{"business under safe errors", "missing", true, tool.Failed,
			"Tool 'get_order' failed: ORDER_NOT_FOUND: No order has this reference. Recovery: ask_user.", "ORDER_NOT_FOUND", tool.OutcomeNotStarted, ""},
		{"retry after", "busy", false, tool.Failed,
			"Tool 'get_order' failed: RATE_LIMITED: Too many lookups. Recovery: retry. Retry after 1.5 s.", "RATE_LIMITED", tool.OutcomeStarted,
			`{"schema_version":"toolschema-result-v1","status":"failed","data":null,"error":{"code":"RATE_LIMITED","category":"rate_limit","safe_message":"Too many lookups.","recovery":"retry","retry_after_ms":1500},"execution":{"outcome":"started","complete":true,"truncated":false}}`},
		{"plain", "plain", false, tool.Failed,
			"Tool 'get_order' failed: dial tcp 10.0.0.7:5432: connection refused", "", tool.OutcomeStarted, ""},
		{"plain under safe errors", "plain", true, tool.Failed,
			"Tool 'get_order' failed.", "", tool.OutcomeStarted,
			`{"schema_version":"toolschema-result-v1","status":"failed","data":null,"error":{"code":"FAILED","category":"internal","safe_message":"Tool 'get_order' failed.","recovery":"none","retry_after_ms":null},"execution":{"outcome":"started","complete":true,"truncated":false}}`},
		{"panic", "panic", false, tool.Failed,
			"Tool 'get_order' failed: panic: assignment to entry in nil map", "", tool.OutcomeStarted, ""},
		{"panic under safe errors", "panic", true, tool.Failed,
			"Tool 'get_order' failed.", "", tool.OutcomeStarted, ""},
		{"empty error", "empty", false, tool.Failed,
			"Tool 'get_order' failed.", "", tool.OutcomeStarted, ""},
		{"undeclared code", "undeclared", false, tool.InvalidOutput,
			"Tool 'get_order' returned the error code ORDER_GONE, which its contract does not declare (it declares ORDER_NOT_FOUND, RATE_LIMITED): add it to the directive's errors=.",
			"ORDER_GONE", tool.OutcomeCompleted, ""},
		{"success", "A-1", false, "", `{"ref":"A-1","state":"open"}`, "", tool.OutcomeCompleted,
			`{"schema_version":"toolschema-result-v1","status":"ok","data":{"ref":"A-1","state":"open"},"error":null,"execution":{"outcome":"completed","complete":true,"truncated":false}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts []reflectimpl.Option
			if tt.safe {
				opts = append(opts, reflectimpl.Meta(tool.Meta{SafeErrors: true}))
			}
			tl := orderTool(t, opts...)
			// Checked: an undeclared code is the contract's fault.
			r, err := tl.Invoke(tool.WithOutputCheck(context.Background()), json.RawMessage(`{"ref":"`+tt.ref+`"}`))
			if err != nil {
				t.Fatal(err)
			}
			text := r.Text()
			if tt.code == "" {
				text = string(r.Parts[0].(tool.JSONPart).JSON)
			}
			if r.Code != tt.code || text != tt.text {
				t.Errorf("result %s %q, want %s %q", r.Code, text, tt.code, tt.text)
			}
			if got := ""; r.Failure != nil {
				got = r.Failure.Code
				if got != tt.failure {
					t.Errorf("Failure.Code %s, want %s", got, tt.failure)
				}
			} else if tt.failure != "" {
				t.Errorf("no Failure, want %s", tt.failure)
			}
			if o := r.Outcome(); o != tt.outcome {
				t.Errorf("outcome %s, want %s", o, tt.outcome)
			}
			if tt.code != "" && r.Cause == nil {
				t.Error("the Cause is lost")
			}
			env := string(r.Envelope())
			if !json.Valid([]byte(env)) {
				t.Fatalf("the envelope is not JSON: %s", env)
			}
			if tt.envelope != "" && env != tt.envelope {
				t.Errorf("envelope\n got %s\nwant %s", env, tt.envelope)
			}
			// A panic's cause is the panic's value with the stack it was
			// raised on, for the program's logs.
			if tt.ref == "panic" {
				cause := fmt.Sprint(r.Cause)
				var rerr runtime.Error
				if !strings.Contains(cause, "assignment to entry in nil map") || !strings.Contains(cause, "tool_test.GetOrder(") ||
					!errors.As(r.Cause, &rerr) {
					t.Errorf("the panic's Cause is %q (a runtime.Error: %v), want its value and its stack", cause, rerr != nil)
				}
			}
			// Nothing internal reaches the model: not the cause's text.
			for _, secret := range []string{"shard", "10.0.0.7", "nil map"} {
				if (tt.failure != "" || tt.safe) && (strings.Contains(text, secret) || strings.Contains(env, secret)) {
					t.Errorf("the model sees internal detail %q: %s / %s", secret, text, env)
				}
			}
		})
	}
}

// TestUndeclaredUnchecked checks that the check of declared codes is asked
// for (WithOutputCheck): without it the error goes to the model as
// returned.
func TestUndeclaredUnchecked(t *testing.T) {
	r, _ := orderTool(t).Invoke(context.Background(), json.RawMessage(`{"ref":"undeclared"}`))
	if r.Code != tool.Failed || r.Text() != "Tool 'get_order' failed: ORDER_GONE: The order is gone." {
		t.Errorf("result %s %q", r.Code, r.Text())
	}
}

// TestWithOutputCheck: what a tool returns is checked against its contract
// (its output schema, its declared error codes) only under a context of
// WithOutputCheck, for the call asked and for the calls its tool makes in
// turn with its context; an unchecked call returns what the tool gave.
func TestWithOutputCheck(t *testing.T) {
	bad := mustCreate(t, func() Status { return "bogus" }, reflectimpl.Meta(tool.Meta{Name: "bad"}))
	undeclared := orderTool(t)
	nested := mustCreate(t, func(ctx context.Context) (string, error) {
		r, err := bad.Invoke(ctx, nil)
		return string(r.Code), err
	}, reflectimpl.Meta(tool.Meta{Name: "nested"}))
	checked := tool.WithOutputCheck(context.Background())
	cancellable, cancel := context.WithCancel(checked)
	defer cancel()
	for _, tt := range []struct {
		name string
		tl   *tool.Tool
		args string
		ctx  context.Context
		code tool.ErrorCode
		text string
	}{
		{"bad output, unchecked", bad, "", context.Background(), "", `"bogus"`},
		{"bad output, checked", bad, "", checked, tool.InvalidOutput, "Tool 'bad' returned a result that breaks its output schema:\nThe result must be one of \"open\", \"closed\"."},
		{"bad output, checked, cancellable", bad, "", cancellable, tool.InvalidOutput, "Tool 'bad' returned a result that breaks its output schema:\nThe result must be one of \"open\", \"closed\"."},
		{"undeclared code, unchecked", undeclared, `{"ref":"undeclared"}`, context.Background(), tool.Failed, "Tool 'get_order' failed: ORDER_GONE: The order is gone."},
		{"undeclared code, checked", undeclared, `{"ref":"undeclared"}`, checked, tool.InvalidOutput, "Tool 'get_order' returned the error code ORDER_GONE, which its contract does not declare (it declares ORDER_NOT_FOUND, RATE_LIMITED): add it to the directive's errors=."},
		{"nested, unchecked", nested, "", context.Background(), "", ""},
		{"nested, checked", nested, "", checked, "", "invalid_output"},
	} {
		r, err := tt.tl.Invoke(tt.ctx, json.RawMessage(tt.args))
		if err != nil || r.Code != tt.code || r.Text() != tt.text {
			t.Errorf("%s: Invoke = %s %q, %v; want %s %q", tt.name, r.Code, r.Text(), err, tt.code, tt.text)
		}
	}
}

// TestEnvelopeRuntime checks the envelope of the runtime's own failures
// and of a truncated result.
func TestEnvelopeRuntime(t *testing.T) {
	page := func() *tool.Result {
		return &tool.Result{Parts: []tool.Part{tool.TextPart{Text: "first 10 of 93"}}, Truncated: true}
	}
	pt, err := reflectimpl.Create(page, reflectimpl.Meta(tool.Meta{Name: "page"}))
	if err != nil {
		t.Fatal(err)
	}
	approve, err := reflectimpl.Create(GetOrder, reflectimpl.Meta(tool.Meta{
		Name:             "approve",
		RequiresApproval: true,
	}))
	if err != nil {
		t.Fatal(err)
	}
	slow, err := reflectimpl.Create(func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() },
		reflectimpl.Meta(tool.Meta{Name: "slow", Timeout: time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		tl   *tool.Tool
		args string
		want string
	}{
		{pt, `{}`, `{"schema_version":"toolschema-result-v1","status":"ok","data":"first 10 of 93","error":null,"execution":{"outcome":"completed","complete":false,"truncated":true}}`},
		{orderTool(t), `{"ref":1}`, `{"schema_version":"toolschema-result-v1","status":"failed","data":null,"error":{"code":"INVALID_ARGUMENTS","category":"invalid","safe_message":"Argument 'ref' must be a string.","recovery":"fix_arguments","retry_after_ms":null},"execution":{"outcome":"not_started","complete":true,"truncated":false}}`},
		{approve, `{"ref":"x"}`, `{"schema_version":"toolschema-result-v1","status":"failed","data":null,"error":{"code":"APPROVAL_REQUIRED","category":"approval","safe_message":"Tool 'approve' requires approval for these arguments.","recovery":"request_approval","retry_after_ms":null},"execution":{"outcome":"not_started","complete":true,"truncated":false}}`},
		{slow, `{}`, `{"schema_version":"toolschema-result-v1","status":"failed","data":null,"error":{"code":"TIMED_OUT","category":"unavailable","safe_message":"Tool 'slow' timed out after 0.001 s.","recovery":"retry","retry_after_ms":null},"execution":{"outcome":"unknown","complete":true,"truncated":false}}`},
	}
	// In a bubble, the timeout passes only once the tool has started and
	// waits: on a loaded machine, 1 ms could pass before it starts, and
	// the outcome would be not_started.
	synctest.Test(t, func(t *testing.T) {
		for _, tt := range tests {
			r, err := tt.tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if got := string(r.Envelope()); got != tt.want {
				t.Errorf("%s: envelope\n got %s\nwant %s", tt.tl.Name, got, tt.want)
			}
		}
	})
}

// TestAudit checks the audit record: the arguments' digest, the contract
// revision, the business code and the internal cause, which the result
// for the model never carries.
func TestAudit(t *testing.T) {
	tl := orderTool(t, reflectimpl.Meta(tool.Meta{Version: "3"}))
	args := json.RawMessage(`{"ref":"wrapped"}`)
	var got *tool.Audit
	r, err := tl.InvokeAudited(context.Background(), args, func(a *tool.Audit) { got = a })
	if err != nil || got == nil {
		t.Fatalf("no audit record (%v)", err)
	}
	sum := sha256.Sum256(args)
	if got.Tool != "get_order" || got.Version != "3" || got.ArgsSHA256 != hex.EncodeToString(sum[:]) || got.Duration <= 0 || got.Result != r {
		t.Errorf("audit %+v", got)
	}
	if a := got.Result; a.Code != tool.Failed || !a.IsError || a.Failure == nil || a.Failure.Code != "ORDER_NOT_FOUND" ||
		a.Failure.Category != tool.CategoryNotFound || a.Outcome() != tool.OutcomeNotStarted || a.Cause == nil ||
		a.Cause.Error() != "get order wrapped: ORDER_NOT_FOUND: No order has this reference.: orders db: row 81723 missing in shard eu-3" {
		t.Errorf("audit's result %+v", a)
	}
	if strings.Contains(r.Text(), "shard") || strings.Contains(string(r.Envelope()), "shard") {
		t.Error("the cause reached the model")
	}
	if _, err := tl.InvokeAudited(context.Background(), args, nil); err != nil {
		t.Error(err)
	}
}
