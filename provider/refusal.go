package provider

import (
	"fmt"
	"slices"
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
	// tool as a whole (its name, a limit on its whole schema).
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

	text string
}

func (e *RefusalError) Error() string { return e.text }

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
