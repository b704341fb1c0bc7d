package schema

import (
	"slices"
	"strconv"
	"strings"
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

// Destructive reports whether a tool may delete or overwrite something
// (MCP's destructiveHint): unless it is read-only, or says that its
// writes only add. The runtime, the lock file and toolgen's listing all
// say it by this.
func Destructive(readOnly, additive bool) bool { return !readOnly && !additive }

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
