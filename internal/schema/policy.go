package schema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// PolicyConflict says why an execution-policy option cannot go with
// read-only (OLT025), "" when it can. option is "destructive" or
// "idempotent" (MCP ignores both hints on a read-only tool), value the
// value given. Both front ends report it, after the option as they spell it.
//
// The other combinations are allowed: a read-only tool may require approval
// (a read of private data may need a person's consent), and an additive or
// idempotent write may too.
func PolicyConflict(option string, value bool) string {
	switch {
	case option == "destructive" && value:
		return "contradicts read-only: a tool that changes nothing deletes nothing; remove one of them"
	case option == "destructive":
		return "has no meaning for a read-only tool, which writes nothing; remove it"
	case option == "idempotent" && value:
		return "has no meaning for a read-only tool: calls that change nothing are idempotent already; remove it"
	case option == "idempotent":
		return "contradicts read-only: calls that change nothing can always be repeated; remove one of them"
	}
	return ""
}

// MetaFields are the metadata a tool is made with that have rules of
// their own, as plain values (package tool imports this one, so its Meta
// cannot be named here).
type MetaFields struct {
	Timeout        time.Duration
	MaxResultBytes int
	Icon           string
	Namespace      string
	ErrorCodes     []string
	ReadOnly       bool
	Idempotent     bool
	Destructive    *bool
}

// A MetaProblem is one rule m breaks: the rule, the option at fault as
// a field of tool.Meta ("Timeout", "Destructive = false"), and why.
type MetaProblem struct {
	ID     ID
	Option string
	Why    string
}

// MetaProblems returns the rules m breaks, for the front ends that take
// metadata as values (reflectimpl, rawtool): the directive parser checks
// the same rules, option by option, with these functions.
func MetaProblems(m MetaFields) []MetaProblem {
	var ps []MetaProblem
	if m.Timeout < 0 {
		ps = append(ps, MetaProblem{OLT013, "Timeout", "the timeout must not be negative"})
	}
	if m.Icon != "" {
		if _, err := IconType(m.Icon); err != nil {
			ps = append(ps, MetaProblem{OLT013, "Icon", err.Error()})
		}
	}
	if m.MaxResultBytes < 0 {
		ps = append(ps, MetaProblem{OLT013, "MaxResultBytes", "the budget must not be negative"})
	}
	if m.ReadOnly && m.Destructive != nil {
		d := *m.Destructive
		ps = append(ps, MetaProblem{OLT025, fmt.Sprintf("Destructive = %t", d), PolicyConflict("destructive", d)})
	}
	for _, why := range ErrorCodeProblems(m.ErrorCodes) {
		ps = append(ps, MetaProblem{OLT013, "ErrorCodes", why})
	}
	if m.Namespace != "" {
		if why := NamespaceProblem(m.Namespace); why != "" {
			ps = append(ps, MetaProblem{OLT013, "Namespace", why})
		}
	}
	if m.ReadOnly && m.Idempotent {
		ps = append(ps, MetaProblem{OLT025, "Idempotent", PolicyConflict("idempotent", true)})
	}
	return ps
}

// ErrorCodeProblems returns what is wrong with a tool's declared error
// codes, one sentence for each code that is not well formed
// (ValidErrorCode) or is given again: both front ends report them (OLT013),
// after the option as they spell it.
func ErrorCodeProblems(codes []string) []string {
	var out []string
	for i, c := range codes {
		switch {
		case !ValidErrorCode(c):
			out = append(out, strconv.Quote(c)+" is not an error code: upper-case letters, digits and '_', starting with a letter (ORDER_NOT_FOUND)")
		case slices.Contains(codes[:i], c):
			out = append(out, c+" is given twice")
		}
	}
	return out
}

// ValidErrorCode reports whether code is a well-formed code of a tool's
// business error (tool.Error): an upper-case ASCII letter, then upper-case
// letters, digits and '_' (ORDER_NOT_FOUND). Both front ends check the
// declared codes with it (OLT013).
func ValidErrorCode(code string) bool {
	if code == "" || code[0] < 'A' || code[0] > 'Z' {
		return false
	}
	for i := 1; i < len(code); i++ {
		c := code[i]
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

// NamespaceProblem says, as one sentence, why name is not a tool
// namespace both front ends accept (OLT013), or returns "" for a good one.
// A namespace takes the rule of a tool name that every vendor accepts (1 to
// 64 ASCII letters, digits, '_' or '-'): OpenAI Responses sends it as the
// name of a namespace tool, beside its function tools' names.
func NamespaceProblem(name string) string {
	if err := CheckName(name); err != nil {
		return strings.Replace(err.Msg, "tool name", "namespace", 1)
	}
	return ""
}
