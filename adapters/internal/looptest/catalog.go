package looptest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// RecordIn is the input of the deferred tools of Catalog.
type RecordIn struct {
	ID     string  `json:"id" description:"The record's identifier."`
	Amount float64 `json:"amount,omitempty" minimum:"0" description:"An amount of money, when the action takes one."`
}

// The verbs and nouns of Catalog's deferred tools: every pair is a tool.
var (
	catalogVerbs = []string{"get", "list", "create", "update", "delete", "archive", "export", "approve", "refund", "merge"}
	catalogNouns = []string{"invoice", "customer", "order", "shipment", "ticket", "contract", "payment", "product", "supplier", "employee",
		"project", "meeting", "document", "account", "lead", "campaign", "asset", "warehouse", "vehicle", "subscription"}
)

// CatalogSearch is a query that ranks refund_invoice first among
// Catalog's tools; CatalogTarget is that tool's name.
const (
	CatalogSearch = "give the customer their money back for an invoice"
	CatalogTarget = "refund_invoice"
)

// Catalog returns a set of two tools that are not deferred (note and
// finish) and 200 deferred ones, verb_noun for each pair of 10 verbs and
// 20 nouns (refund_invoice among them), each answering what it did.
func Catalog(t testing.TB) *tool.Set {
	var tools []*tool.Tool
	add := func(fn any, opts ...reflectimpl.Option) {
		tl, err := reflectimpl.Create(fn, opts...)
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	add(func(in Note) (string, error) { return "noted", nil }, reflectimpl.Meta(tool.Meta{
		Name:        "note",
		Description: "Writes a note for the user.",
	}))
	for _, verb := range catalogVerbs {
		for _, noun := range catalogNouns {
			desc := fmt.Sprintf("%s a %s record by its id.", strings.ToUpper(verb[:1])+verb[1:], noun)
			if verb == "refund" {
				desc = fmt.Sprintf("Refunds the money a customer paid for a %s, in whole or for an amount.", noun)
			}
			name := verb + "_" + noun
			add(func(in RecordIn) (string, error) { return fmt.Sprintf("%s %s done", name, in.ID), nil },
				reflectimpl.Meta(tool.Meta{Name: name, Description: desc, DeferLoading: true}))
		}
	}
	add(func(in Note) (string, error) { return "done", nil }, reflectimpl.Meta(tool.Meta{
		Name:        "finish",
		Description: "Ends the task.",
		EndsLoop:    true,
	}))
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	return set
}
