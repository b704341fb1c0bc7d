package schema

import (
	"fmt"
	"math"
	"strings"
)

// An ID names one rule of the contract. Every front end reports a broken
// rule with its ID, so a message reads the same wherever it comes from.
type ID string

// The rules. A rule keeps its number for good: a new rule takes the next
// number, and a retired one's number is not given to another.
const (
	OLT001 ID = "OLT001" // not a package-level function or a method of a local named type
	OLT002 ID = "OLT002" // a type has no schema, or the input is not a struct
	OLT003 ID = "OLT003" // the results are not supported
	OLT004 ID = "OLT004" // the function has type parameters
	OLT005 ID = "OLT005" // the type's JSON form is its own (custom marshalling)
	OLT006 ID = "OLT006" // a type refers to itself
	OLT007 ID = "OLT007" // two tools in one list share a name
	OLT008 ID = "OLT008" // the tool name is not 1-64 letters, digits, '_' or '-'
	OLT009 ID = "OLT009" // context or call parameters repeated or after the input
	OLT010 ID = "OLT010" // the receiver type has type parameters
	OLT011 ID = "OLT011" // a json tag the schema cannot follow
	OLT012 ID = "OLT012" // a schema keyword tag that does not parse or fit
	OLT013 ID = "OLT013" // a malformed or unknown directive or option
	OLT014 ID = "OLT014" // generated code missing or stale
	OLT015 ID = "OLT015" // a keyword or limit a provider's strict mode rejects
	OLT016 ID = "OLT016" // a tool or input field without a description
	OLT017 ID = "OLT017" // an identity field the model should not supply
	OLT018 ID = "OLT018" // a vague tool name
	OLT019 ID = "OLT019" // two booleans that encode one state
	OLT020 ID = "OLT020" // a part of a peer library's tag, or a peer's schema method, the contract cannot follow
	OLT021 ID = "OLT021" // two tags give one keyword different values
	OLT022 ID = "OLT022" // a peer library's tag that has a native form (migration)
	OLT023 ID = "OLT023" // a schema a type declares that is not valid
	OLT025 ID = "OLT025" // execution policy options that contradict or have no meaning
	OLT026 ID = "OLT026" // a read verb on a tool that is not read-only
	OLT027 ID = "OLT027" // a write verb on a read-only tool
	OLT028 ID = "OLT028" // a destructive tool without requires-approval
	OLT029 ID = "OLT029" // a tool's contract changed while its version did not
	OLT030 ID = "OLT030" // a handler of the MCP go-sdk marked as a tool
	OLT031 ID = "OLT031" // a namespace of more than 10 tools
	OLT032 ID = "OLT032" // a tool description over 2 KB
	OLT033 ID = "OLT033" // a deferred tool without a description a search can find
	OLT034 ID = "OLT034" // an example of a tool's arguments that is not valid
)

// A Rule is one entry of the diagnostic catalog.
type Rule struct {
	ID    ID
	Title string // a short sentence: what is wrong
	// Default reports whether front ends check the rule unless told
	// otherwise. The provider and quality checks are opt-in.
	Default bool
}

// catalog lists every rule in ID order. It is read only through Catalog and
// RuleOf, so no importer can change a rule's title or default.
var catalog = []Rule{
	{OLT001, "tool is not a package-level function or a method of a named type declared in its package", true},
	{OLT002, "type has no JSON schema, or the input is not a struct", true},
	{OLT003, "results are not supported", true},
	{OLT004, "tool function has type parameters", true},
	{OLT005, "type has a JSON form of its own that the contract cannot describe", true},
	{OLT006, "type refers to itself", true},
	{OLT007, "two tools in one tool list have the same name", true},
	{OLT008, "tool name is not 1-64 letters, digits, '_' or '-'", true},
	{OLT009, "context or call parameter repeated or placed after the input", true},
	{OLT010, "receiver type has type parameters", true},
	{OLT011, "json tag the schema cannot follow", true},
	{OLT012, "schema tag does not parse or does not fit its field", true},
	{OLT013, "malformed or unknown tool directive or option", true},
	{OLT014, "generated tool code is missing or stale", true},
	{OLT015, "schema uses a keyword or exceeds a limit of a provider's strict mode", false},
	{OLT016, "tool or input field has no description", false},
	{OLT017, "input field is an identity the model should not supply", false},
	{OLT018, "tool name is vague", false},
	{OLT019, "two booleans encode one state", false},
	{OLT020, "part of a peer library's schema tag, or a peer's schema method, the contract cannot follow", true},
	{OLT021, "two tags give one keyword different values", true},
	{OLT022, "schema tag of a peer library has a native form", false},
	{OLT023, "schema a type declares for its JSON form is not valid", true},
	{OLT025, "execution policy option contradicts read-only or has no meaning with it", true},
	{OLT026, "tool name says it reads but the tool is not read-only", false},
	{OLT027, "tool name says it writes but the tool is read-only", false},
	{OLT028, "destructive tool does not require approval", false},
	{OLT029, "tool contract changed but its version did not", true},
	{OLT030, "function is a tool handler of the MCP go-sdk, not a tool", true},
	{OLT031, "namespace has more than 10 tools", true},
	{OLT032, "tool description is longer than 2 KB", true},
	{OLT033, "deferred tool has no description a tool search can find", true},
	{OLT034, "example of a tool's arguments is not valid for its input", true},
}

// Catalog returns every rule in ID order, as a new slice the caller may
// change. The analyzer builds one reporting analyzer per entry;
// docs/diagnostics.md has one section per entry.
func Catalog() []Rule {
	return append([]Rule(nil), catalog...)
}

// RuleOf returns the catalog entry for id.
func RuleOf(id ID) (Rule, bool) {
	for _, r := range catalog {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// An Error is one broken rule found while describing a tool.
//
// Path locates the offending element from the root the builder was given:
// JSON property names joined by '.', "[]" for the element of a slice or array,
// "{}" for the value of a map. It is empty for the root itself. Field and Tag,
// when set, are the struct field (and the key of its struct tag) at fault, so
// that a front end can report a precise position.
type Error struct {
	ID    ID
	Path  string
	Msg   string
	Field *Field // the field at fault, if any
	Tag   string // the struct tag key at fault, if any ("json", "minimum", ...)
	// Option is the option of the json tag at fault, if any ("omitemtpy").
	Option string
	// Fix says what mechanical change would mend the field's tag, if one
	// would.
	Fix Fix
	// written reports an error that refuses a type only where its values
	// are written (a result): see node.outErrs.
	written bool
	// others counts the other paths that reach the same error (the same
	// field, rule and message; see fold): the reported error says so in
	// its message (see reported).
	others int
}

// A Fix is a mechanical change to a field's struct tag that mends an Error.
type Fix struct {
	// DropTag: remove the Error's Tag pair from the struct tag (a tag
	// that has no effect).
	DropTag bool
	// DropOption: remove this option from the json tag.
	DropOption string
	// Value, when not empty, is the value the Error's Tag pair should
	// have instead.
	Value string
	// AddRequired, with Value: tag the field required:"true" too, unless
	// it has a required tag already.
	AddRequired bool
}

func (e *Error) Error() string {
	if e.Path == "" {
		return string(e.ID) + ": " + e.Msg
	}
	return string(e.ID) + ": " + e.Path + ": " + e.Msg
}

// Errors is a list of broken rules. As an error it reads one per line.
type Errors []*Error

func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns es as an error, or nil when es is empty.
func (es Errors) Err() error {
	if len(es) == 0 {
		return nil
	}
	return es
}

func errorf(id ID, format string, args ...any) *Error {
	return &Error{ID: id, Msg: fmt.Sprintf(format, args...)}
}

// Errorf returns an Error for rule id with a formatted message. Front ends
// use it for the rules they check themselves (signatures, names).
func Errorf(id ID, path string, format string, args ...any) *Error {
	e := errorf(id, format, args...)
	e.Path = path
	return e
}

// Within returns copies of es found in a tool's input or output (where is
// "input" or "output"), their paths starting there.
func Within(es Errors, where string) Errors {
	return Errors(prefixed(es, where))
}

// ResultErrors returns, for the errors of a tool's result type (named
// resultType as the front end spells it), the OLT003 errors that refuse
// the result: paths from "output", each message saying once that the
// result has no schema, and why. An error about the result type itself
// that says its type has no schema gives only its reason: the type is the
// result's, spelled as the front end does.
func ResultErrors(es Errors, resultType string) Errors {
	out := Within(es, "output")
	for i, e := range out {
		msg := e.Msg
		if es[i].Path == "" {
			if rest, ok := strings.CutPrefix(msg, "type "); ok {
				if _, why, ok := strings.Cut(rest, " has no schema: "); ok {
					msg = why
				}
			}
		}
		e.Msg = fmt.Sprintf("result type %s has no schema: %s", resultType, msg)
		e.ID = OLT003
	}
	return out
}

// prefixed returns copies of es with p prepended to their paths.
func prefixed(es []*Error, p string) []*Error {
	if len(es) == 0 {
		return nil
	}
	out := make([]*Error, len(es))
	for i, e := range es {
		c := *e
		c.Path = joinPath(p, e.Path)
		out[i] = &c
	}
	return out
}

// fold returns es with the errors of one field that several paths reach
// (a type with a field at fault, shared by fields) as one: the error at
// the first path, counting the others. A front end reports an error at
// its field, so the paths would be as many diagnostics at one place, with
// as many copies of a fix; and a struct of two fields of the next,
// nested, would hold a number of them that doubles at each level.
func fold(es []*Error) []*Error {
	if len(es) < 2 {
		return es
	}
	type key struct {
		field            *Field
		id               ID
		msg, tag, option string
		fix              Fix
		written          bool
	}
	at := make(map[key]int, len(es))
	out := es[:0:0]
	for _, e := range es {
		if e.Field == nil {
			out = append(out, e)
			continue
		}
		k := key{e.Field, e.ID, e.Msg, e.Tag, e.Option, e.Fix, e.written}
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			out = append(out, e)
			continue
		}
		c := *out[i]
		c.others = addPaths(addPaths(c.others, e.others), 1)
		out[i] = &c
	}
	return out
}

// addPaths returns a+b (neither negative), held at the largest int: a chain of structs of
// two fields of the next, 64 levels deep, has more paths than an int
// counts.
func addPaths(a, b int) int {
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

// reported returns copies of es as the builder reports them: an error
// that other paths reach says how many in its message.
func reported(es []*Error) Errors {
	out := Errors(prefixed(es, ""))
	for _, e := range out {
		e.Msg += othersNote(e.others)
		e.others = 0
	}
	return out
}

// othersNote is what an error's message adds when others other paths
// reach its field ("" for none).
func othersNote(others int) string {
	switch {
	case others == 1:
		return " (and 1 other path reaches this field)"
	case others == math.MaxInt:
		return fmt.Sprintf(" (and at least %d other paths reach this field)", math.MaxInt)
	case others > 1:
		return fmt.Sprintf(" (and %d other paths reach this field)", others)
	}
	return ""
}

func joinPath(p, q string) string {
	switch {
	case p == "":
		return q
	case q == "":
		return p
	case q[0] == '[' || q[0] == '{':
		return p + q
	}
	return p + "." + q
}
