package provider

import (
	"errors"
	"fmt"
	"slices"

	"github.com/toolschema/toolschema/internal/strictmode"
)

// A RefusalError is a conversion's refusal of a tool (or of a structured
// output's schema): what a provider's mode cannot express, where, and by
// which of the vendor's rules. errors.As finds it in every error a
// conversion returns for a refusal; one refused at several places returns
// a Refusals, which holds each.
type RefusalError struct {
	// Tool is the tool's name (or the structured output's).
	Tool string
	// Path is the place in the conversion's words (input.a, input.a[]
	// for a's items, input.a{} for a map's values: see Finding), Pointer
	// the same place as a JSON pointer (RFC 6901) into the schema given:
	// "/properties/a/items". Both are empty when the refusal is of the
	// tool as a whole (its name, a limit on its whole schema). A keyword
	// of an allOf's one branch, which a mode without allOf reads as the
	// schema's own, is placed at the schema that holds the allOf.
	Path, Pointer string
	// Keyword is the keyword refused (Pointer ends with it when the
	// schema has it); "" when the schema at Pointer as a whole, or the
	// property name Pointer ends with, breaks the rule.
	Keyword string
	// Provider is the vendor's name: "OpenAI", "Anthropic", "Gemini".
	Provider string
	// Rule is the vendor's rule, in the words of the mode's table.
	Rule string
	// URL is the vendor's page the rule comes from.
	URL string

	text   string
	wayOut string // ends text: the conversions that send the tool all the same
}

func (e *RefusalError) Error() string { return e.text + e.wayOut }

// Refusals are the refusals of one conversion, in the schema's order
// (depth first). Its text is the first's, with the count of the others;
// errors.As finds each *RefusalError in it.
type Refusals []*RefusalError

func (r Refusals) Error() string {
	switch len(r) {
	case 0:
		return "provider: no refusal"
	case 1:
		return r[0].Error()
	}
	if len(r) == 2 {
		return r[0].Error() + " (and 1 more refusal)"
	}
	return fmt.Sprintf("%s (and %d more refusals)", r[0].Error(), len(r)-1)
}

// Unwrap returns each refusal.
func (r Refusals) Unwrap() []error {
	errs := make([]error, len(r))
	for i, e := range r {
		errs[i] = e
	}
	return errs
}

// refusalOf returns the error of a conversion that refused at each of rs:
// the one, or all as a Refusals; nil for none.
func refusalOf(rs []*RefusalError) error {
	switch len(rs) {
	case 0:
		return nil
	case 1:
		return rs[0]
	}
	return Refusals(slices.Clone(rs))
}

// refusalsIn returns the refusals err holds, false when it is no refusal
// (nil, or a schema that cannot be read).
func refusalsIn(err error) ([]*RefusalError, bool) {
	var several Refusals
	if errors.As(err, &several) {
		return several, true
	}
	var one *RefusalError
	if errors.As(err, &one) {
		return []*RefusalError{one}, true
	}
	return nil, false
}

// StrictIfPossible converts each tool in its provider's strict mode when
// the mode takes it, and in the non-strict one when it does not (the
// schema sent as the tool has it, as Strict(false) sends it), rather than
// refusing it: one map in one tool then does not refuse a whole set. The
// refusals that sent a tool non-strict (what the strict mode refused in
// it, or the limit of a request's strict tools it would have passed) are
// appended to *refused, when refused is not nil: each names its tool and
// provider, and a tool's are together. For Anthropic, a tool that
// would pass a limit of the request's strict tools (their number, their
// optional or union-typed parameters) is sent non-strict too. An error
// the non-strict mode gives as well (a tool name the provider does not
// take) is still the conversion's error. The last of Strict and
// StrictIfPossible given decides.
//
// Refusals given to several conversions at once must be guarded by the
// caller; a set's conversion (Anthropic, an adapter's helpers) appends in
// the set's order.
func StrictIfPossible(refused *Refusals) Option {
	return func(c *config) { c.strict, c.ifPossible, c.refused = true, true, refused }
}

// convertWayOut ends a refusal's text: the conversions that send a tool
// the strict mode refuses.
const convertWayOut = "convert it with StrictIfPossible or Strict(false)"

// fellBack tells c's refused why a tool went non-strict. The refusals
// are told without their way out (converting with StrictIfPossible),
// which the conversion that fell back was given already.
func (c config) fellBack(why []*RefusalError) {
	if c.refused == nil {
		return
	}
	for _, e := range why {
		told := *e
		told.wayOut = ""
		*c.refused = append(*c.refused, &told)
	}
}

// limitRefusal is the refusal of tool for passing l, in the words text.
func limitRefusal(l strictmode.Limit, tool, text string) *RefusalError {
	return &RefusalError{Tool: tool, Provider: l.Provider, Rule: l.Rule(), URL: l.Source, text: text}
}
