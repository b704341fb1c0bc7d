package analyzer_test

import (
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/internal/testmodule"
)

// TestFieldDocs checks which comment becomes a field's description: its
// own doc comment or trailing comment, not a comment heading a group of
// fields, never over a description tag; and the comments of fields of types
// in another package of the module.
func TestFieldDocs(t *testing.T) {
	shared := `package q

// Page is shared by the tools of other packages.
type Page struct {
	// Size is how many results come back.
	Size int32 ` + "`json:\"size\"`" + `
	Token string ` + "`json:\"token\"`" + ` // Token continues a listing.
}
`
	src := `package p

import "example.com/m/q"

type In struct {
	// Common parameters
	Folder string ` + "`json:\"folder\"`" + `
	Title  string ` + "`json:\"title\"`" + `

	// Search options
	Query string ` + "`json:\"query\"`" + ` // Query is the words to find.
	Limit int32 ` + "`json:\"limit\"`" + `

	// Name of the dashboard
	Name string ` + "`json:\"name\"`" + `
	Tags []string ` + "`json:\"tags\"`" + `

	// The UID of the panel.
	Panel string ` + "`json:\"panel\"`" + `
	Row   int32  ` + "`json:\"row\"`" + `

	// Heading of a pair
	A string ` + "`json:\"a\"`" + `
	// B documents itself.
	B string ` + "`json:\"b\"`" + `

	// Tagged loses to its tag
	Tagged string ` + "`json:\"tagged\" jsonschema:\"The tag wins.\"`" + `
	Other  string ` + "`json:\"other\"`" + `

	// Alone is the last of its group
	Alone string ` + "`json:\"alone\"`" + `

	Page q.Page ` + "`json:\"page\"`" + `
}

//tool:export
func F(in In) error { return nil }
`
	dir := testmodule.New(t, map[string]string{"p/p.go": src, "q/q.go": shared})
	p := inspect(t, dir, "./p")
	if len(p.Diags) > 0 {
		t.Fatal(p.Diags)
	}
	var s struct {
		Properties map[string]struct {
			Description string                                  `json:"description"`
			Properties  map[string]struct{ Description string } `json:"properties"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(p.Tools[0].InputSchema, &s); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"folder": "", // "Common parameters" heads a group
		"title":  "",
		"query":  "Query is the words to find.", // the trailing comment, under a heading
		"limit":  "",
		"name":   "Name of the dashboard", // starts with the field's name: its own
		"tags":   "",
		"panel":  "The UID of the panel.", // a sentence: its own
		"a":      "Heading of a pair",     // the next field has a doc of its own
		"b":      "B documents itself.",
		"tagged": "The tag wins.",
		"alone":  "Alone is the last of its group",
	}
	for name, d := range want {
		if got := s.Properties[name].Description; got != d {
			t.Errorf("%s: description %q, want %q", name, got, d)
		}
	}
	page := s.Properties["page"].Properties
	if page["size"].Description != "Size is how many results come back." || page["token"].Description != "Token continues a listing." {
		t.Errorf("the fields of q.Page: %+v, want their comments", page)
	}
}
