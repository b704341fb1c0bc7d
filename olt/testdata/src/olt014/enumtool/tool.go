// Package enumtool declares a tool that reaches an enum type of another
// package without its generated values, and one of its own.
package enumtool

import "olt014/enumsev"

type Report struct {
	Severity sev.Severity `json:"severity"`
	Kind     Kind         `json:"kind"`
}

// Kind is this package's own: its generated file (missing) has it.
type Kind string

const (
	Bug  Kind = "bug"
	Idea Kind = "idea"
)

// File files a report.
//
//tool:export
func File(in Report) error { return nil } // want `OLT014: the generated tool code is missing` `OLT014: tool File: input.severity is enum type sev.Severity, which has no ToolschemaEnumValues`
