package schema

import (
	"strings"
	"testing"
)

// TestMigrations checks that the rewrite of the peers' tags into native
// ones gives the tags expected and leaves the schema byte for byte as it
// was.
func TestMigrations(t *testing.T) {
	paging := &Type{Kind: Struct, PkgPath: "p", Name: "Paging", Fields: []Field{
		field("Limit", tInt8, `json:"limit" jsonschema:"description=Most results,minimum=1,default=20"`),
		field("Org", tString, `json:"org"`),
	}}
	tests := []struct {
		name string
		typ  *Type
		want map[string]string // field name: the new tag
	}{
		{"google's description",
			strct(field("Path", tString, `json:"path" jsonschema:"the path, absolute"`)),
			map[string]string{"Path": `json:"path" description:"the path, absolute"`}},
		{"invopop's keys and description tag",
			strct(field("Method", tString, `json:"method,omitempty" jsonschema:"enum=GET,enum=POST,default=GET,description=HTTP method"`),
				field("Shelf", tString, `json:"shelf,omitempty" jsonschema:"enum=A\\,1,enum=B"`),
				field("Q", tString, `json:"q" jsonschema_description:"The query." minLength:"1"`),
				field("L", slice(tString), `json:"l" jsonschema:"minItems=1,maxItems=3,uniqueItems=true"`)),
			map[string]string{
				"Method": `json:"method,omitempty" description:"HTTP method" enum:"GET, POST" default:"GET"`,
				"Shelf":  `json:"shelf,omitempty" enum:"[\"A,1\",\"B\"]"`,
				"Q":      `json:"q" minLength:"1" description:"The query."`,
				"L":      `json:"l" minItems:"1" maxItems:"3" uniqueItems:"true"`,
			}},
		{"invopop's explicit required convention, through embedding",
			strct(embed(paging, ""), field("UID", tString, `json:"uid" jsonschema:"required"`), field("Note", tString, `json:"note,omitempty"`)),
			map[string]string{
				"Limit": `json:"limit" description:"Most results" minimum:"1" default:"20"`,
				"Org":   `json:"org" required:"false"`,
				"UID":   `json:"uid" required:"true"`,
			}},
		{"invopop's exclusive bounds and multipleOf, which were refused",
			strct(field("Qty", tInt8, `json:"qty" jsonschema:"exclusiveMinimum=0,multipleOf=5,description=Lots"`),
				field("Pct", tFloat, `json:"pct" jsonschema:"exclusiveMaximum=1,multipleOf=0.01"`)),
			map[string]string{
				"Qty": `json:"qty" description:"Lots" exclusiveMinimum:"0" multipleOf:"5"`,
				"Pct": `json:"pct" exclusiveMaximum:"1" multipleOf:"0.01"`,
			}},
		{"a native tag that agrees is kept once",
			strct(field("A", tString, `json:"a" description:"Same." jsonschema:"Same."`)),
			map[string]string{"A": `json:"a" description:"Same."`}},
		{"a tag the contract cannot follow is left as it is",
			strct(field("A", tString, `json:"a" jsonschema:"title=A"`), field("B", tString, `json:"b" description:"x" jsonschema:"y"`)),
			map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, berr := NewBuilder().Input(tt.typ)
			ms := Migrations(tt.typ, ReadMode{})
			got := map[string]string{}
			for _, m := range ms {
				got[m.Field.Name] = m.Tag
				m.Field.Tag = m.Tag // rewrite the description in place
			}
			if len(got) != len(tt.want) {
				t.Errorf("migrations %v, want %v", got, tt.want)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("%s: tag %s, want %s", k, got[k], v)
				}
			}
			if berr != nil {
				return // nothing to keep
			}
			after, err := NewBuilder().Input(tt.typ)
			if err != nil {
				t.Fatalf("after the migration: %v", err)
			}
			if string(after) != string(before) {
				t.Errorf("the schema changed:\nbefore %s\nafter  %s", before, after)
			}
			for _, m := range ms {
				if strings.Contains(m.Tag, "jsonschema") {
					t.Errorf("%s: a peer tag is left: %s", m.Field.Name, m.Tag)
				}
			}
		})
	}
}
