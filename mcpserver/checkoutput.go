package mcpserver

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/toolschema/toolschema/tool"
)

// checkOutput returns r, or in its place, when r's JSON breaks t's output
// schema, an invalid_output error that lists the violations (their
// messages name the paths and the rules, never the values). A result that
// breaks the tool's contract is logged, whoever found it: here, or Invoke
// when tool.CheckOutputs is on (in tests), which also finds a business
// error whose code the tool does not declare.
func (o *Options) checkOutput(ctx context.Context, t *tool.Tool, r *tool.Result) *tool.Result {
	if r.IsError {
		if r.Code == tool.InvalidOutput {
			o.logInvalid(ctx, t.Name, r)
		}
		return r
	}
	if tool.CheckOutputs || t.OutputSchema == nil || len(r.Parts) != 1 {
		return r // Invoke checked it, or there is nothing to check
	}
	p, ok := r.Parts[0].(tool.JSONPart)
	if !ok {
		return r
	}
	viols, more := t.CheckResult(p.JSON)
	if len(viols) == 0 {
		return r
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Tool '%s' returned a result that breaks its output schema:", t.Name)
	for _, v := range viols {
		b.WriteString("\n")
		b.WriteString(v.Message)
	}
	if more == 1 {
		b.WriteString("\n… and 1 more violation.")
	} else if more > 1 {
		fmt.Fprintf(&b, "\n… and %d more violations.", more)
	}
	bad := &tool.Result{
		IsError: true, Code: tool.InvalidOutput, Started: true,
		Parts:      []tool.Part{tool.TextPart{Text: b.String()}},
		Violations: viols, Costs: r.Costs,
	}
	o.logInvalid(ctx, t.Name, bad)
	return bad
}

// logInvalid logs a result that breaks its tool's contract, at level
// error: the tool, the code, and the violations (or the text when it has
// none).
func (o *Options) logInvalid(ctx context.Context, name string, r *tool.Result) {
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	attrs := []slog.Attr{slog.String("tool", name), slog.String("code", string(r.Code))}
	if len(r.Violations) > 0 {
		msgs := make([]string, len(r.Violations))
		for i, v := range r.Violations {
			msgs[i] = v.Path + ": " + v.Rule + ": " + v.Message
		}
		attrs = append(attrs, slog.Any("violations", msgs))
	} else {
		var text []string
		for _, p := range r.Parts {
			if tp, ok := p.(tool.TextPart); ok {
				text = append(text, tp.Text)
			}
		}
		attrs = append(attrs, slog.String("text", strings.Join(text, "\n")))
	}
	log.LogAttrs(ctx, slog.LevelError, "mcpserver: a tool's result breaks its contract; the client got an invalid_output error", attrs...)
}
