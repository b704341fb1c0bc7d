// Package calls makes schemas by reflection from types that reach enum
// types, in other packages and in its own, with and without their
// generated values. It has no directive and no generated file.
package calls

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"

	"olt014/enumfresh"
	"olt014/enumsev"
	"olt014/enumstale"
	"olt014/enumwrap"
)

// Triage is a model's structured answer.
type Triage struct {
	Summary  string       `json:"summary"`
	Severity sev.Severity `json:"severity"`
	Note     sev.Note     `json:"note"`
	Colour   sev.Colour   `json:"colour"`
}

// Planned reaches an enum with its generated values.
type Planned struct {
	Priority fresh.Priority `json:"priority"`
}

// Job reaches an enum whose generated values are stale, in a list.
type Job struct {
	Phases []stale.Phase `json:"phases"`
}

// Mode is this package's own enum, which it has no generated code for.
type Mode string

const (
	Fast Mode = "fast"
	Safe Mode = "safe"
)

// Settings reaches Mode through a pointer and a map.
type Settings struct {
	Modes map[string]*Mode `json:"modes"`
	// Hidden is left out of the JSON form.
	Hidden sev.Severity `json:"-"`
	hidden sev.Severity
}

func outputs() {
	provider.OutputOf[Triage]("triage", "")     // want `OLT014: provider.OutputOf\[Triage\]: Triage.severity is enum type sev.Severity, which has no ToolschemaEnumValues .* any string is accepted; package olt014/enumsev has no //go:generate line that runs toolgen: add //go:generate go tool toolgen to it and run go generate \(or go tool toolgen in it\)`
	provider.OutputOf[Planned]("planned", "")   // fresh: nothing to say
	provider.OutputOf[*Job]("job", "")          // want `OLT014: provider.OutputOf\[\*Job\]: \*Job.phases\[\] is enum type stale.Phase, which has a stale ToolschemaEnumValues \(its constants changed since toolschema_gen.go was written\): by reflection the values it lists are used, so the schema lists the old values: one added since is refused, and one removed accepted; run go generate in package olt014/enumstale$`
	provider.OutputOf[Settings]("settings", "") // want `OLT014: provider.OutputOf\[Settings\]: Settings.modes\{\} is enum type Mode, which has no ToolschemaEnumValues .* package olt014/enumcalls has no //go:generate line that runs toolgen`
}

func answers(data []byte) {
	tool.DecodeAnswer[Triage](data)          // want `OLT014: tool.DecodeAnswer\[Triage\]: Triage.severity is enum type sev.Severity`
	var decode = tool.DecodeAnswer[[]Triage] // want `OLT014: tool.DecodeAnswer\[\[\]Triage\]: \[\]Triage\[\].severity is enum type sev.Severity`
	decode(data)
	tool.DecodeAnswer[Planned](data)
	wrap.Ask[Triage](data)              // want `OLT014: wrap.Ask\[Triage\]: Triage.severity is enum type sev.Severity`
	wrap.AskTwice[Mode, Planned](data)  // K reaches nothing, T is fresh
	wrap.AskTwice[int, Job](data)       // want `OLT014: wrap.AskTwice\[int, Job\]: Job.phases\[\] is enum type stale.Phase`
	wrap.Answers[Triage]{}.Decode(data) // want `OLT014: wrap.Answers\[Triage\]: Triage.severity is enum type sev.Severity`
	wrap.Keep[Triage](Triage{})         // reaches no schema
	ask[sev.Severity](data)             // want `OLT014: ask\[sev.Severity\]: enum type sev.Severity, which has no`
}

// ask passes its type argument on, in this package.
func ask[T any](data []byte) T {
	v, _ := askOne[T](data)
	return v
}

func askOne[T any](data []byte) (T, error) {
	v, _, err := tool.DecodeAnswer[T](data)
	return v, err
}

func triage(ctx context.Context, in Triage) (Planned, error) { return Planned{}, nil }

func plan(ctx context.Context, call *tool.Call, in Planned) (*Job, error) { return nil, nil }

func typed[T any](in T) error { return nil }

func creates() {
	reflectimpl.Create(triage)                                       // want `OLT014: reflectimpl.Create\(triage\): input.severity is enum type sev.Severity`
	reflectimpl.Create(plan, reflectimpl.Meta(tool.Meta{Name: "p"})) // want `OLT014: reflectimpl.Create\(plan\): output.phases\[\] is enum type stale.Phase, which has a stale ToolschemaEnumValues \(.*\): by reflection the values it lists are used`
	var c reflectimpl.Cache
	c.Create(func(in Settings) error { return nil }) // want `OLT014: reflectimpl.Create\(func literal\): input.modes\{\} is enum type Mode`
	reflectimpl.Create(typed[Triage])                // want `OLT014: reflectimpl.Create\(typed\[Triage\]\): input.severity is enum type sev.Severity`
	var f any = triage
	reflectimpl.Create(f) // the function's type is not known here
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in Triage) (*mcp.CallToolResult, Job, error) {
	return nil, Job{}, nil
}

func serve(s *mcp.Server) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "triage"}, handle) // want `OLT014: mcpserver.AddTool\[Triage, Job\]: input.severity is enum type sev.Severity, which has no ToolschemaEnumValues .*: by reflection it is a plain string, so the schema lists no values and any string is accepted` `OLT014: mcpserver.AddTool\[Triage, Job\]: output.phases\[\] is enum type stale.Phase`
	mcpserver.AddTool(s, &mcp.Tool{Name: "plan"}, func(ctx context.Context, req *mcp.CallToolRequest, in Planned) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	register(s, handle) // want `OLT014: register\[Triage, Job\]: input.severity is enum type sev.Severity` `OLT014: register\[Triage, Job\]: output.phases\[\] is enum type stale.Phase`
}

// register passes its type parameters on to the drop-in: they are its
// input and result.
func register[In, Out any](s *mcp.Server, h mcp.ToolHandlerFor[In, Out]) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "registered"}, h)
}
