package mcpserver

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/toolschema/toolschema/tool"
)

// checkOutput logs r when it is an invalid_output result: Invoke, asked
// to check the output (tool.WithOutputCheck), found that the tool broke its
// contract (a JSON result that breaks the output schema, or a business
// error whose code the tool does not declare) and put that error in the
// result's place.
func (o *Options) checkOutput(ctx context.Context, t *tool.Tool, r *tool.Result) {
	if r.IsError && r.Code == tool.InvalidOutput {
		o.logInvalid(ctx, t.Name, r)
	}
}

// logInvalid logs a result that breaks its tool's contract, at level
// error: the tool, the code, and the violations (or the text when it has
// none).
func (o *Options) logInvalid(ctx context.Context, name string, r *tool.Result) {
	log := o.logger()
	attrs := []slog.Attr{slog.String("tool", name), slog.String("code", string(r.Code))}
	if len(r.Violations) > 0 {
		attrs = append(attrs, slog.Any("violations", violationLines(r.Violations)))
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

// logCause logs what the client of a failed call is not told, from the
// result's Cause: a panic at level error, with the tool, the panic and its
// stack (the client got a failed result, which SafeErrors may have left
// without the panic's text); under SafeErrors, a plain error at level
// warn, with the tool and the error (the client read only that the tool
// failed). Another returned error is the tool's answer to the model, which
// read it, and is not logged.
func (o *Options) logCause(ctx context.Context, t *tool.Tool, r *tool.Result) {
	if !r.IsError || r.Cause == nil {
		return
	}
	log := o.logger()
	var p interface{ Stack() []byte }
	switch {
	case errors.As(r.Cause, &p):
		log.LogAttrs(ctx, slog.LevelError, "mcpserver: a tool panicked; the client got a failed result",
			slog.String("tool", t.Name), slog.String("panic", sprintPanic(r.Cause)))
	case t.SafeErrors && r.Failure == nil:
		log.LogAttrs(ctx, slog.LevelWarn, "mcpserver: a tool failed; its error is kept from the client (safe-errors)",
			slog.String("tool", t.Name), slog.String("error", sprintPanic(r.Cause)))
	}
}

// logShadowed logs, at level warn, the violations of a call's arguments
// that a strict server would have refused (Leniency tool.ShadowArgs): the
// tool, whether it ran, and the violations.
func (o *Options) logShadowed(ctx context.Context, name string, r *tool.Result) {
	log := o.logger()
	log.LogAttrs(ctx, slog.LevelWarn, "mcpserver: a call's arguments break the tool's input schema; run in shadow mode",
		slog.String("tool", name), slog.Bool("started", r.Started), slog.Any("violations", violationLines(r.Shadowed)))
}

// logger is the logger the server logs to: Options.Logger, or
// slog.Default() when that is nil.
func (o *Options) logger() *slog.Logger {
	if o.Logger != nil {
		return o.Logger
	}
	return slog.Default()
}

// violationLines writes each violation as one line, "path: rule: message".
func violationLines(vs []tool.Violation) []string {
	msgs := make([]string, len(vs))
	for i, v := range vs {
		msgs[i] = v.Path + ": " + v.Rule + ": " + v.Message
	}
	return msgs
}
