package schema

import (
	"reflect"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
)

// declType returns a named string type with its own JSON methods that
// declares schema s.
func declType(name, s string) *Type {
	return &Type{Kind: String, PkgPath: "example.com/gl", PkgName: "gl", Name: name,
		Methods: JSONMarshaler | JSONUnmarshaler, Declared: &Declared{Schema: []byte(s)}}
}

// TestDeclaredDescription: a field whose type declares its schema keeps
// its description, by every way a description reaches a property (the
// description tag, the peers' jsonschema tag in each form,
// jsonschema_description, the doc comment), written in the property's
// own object: beside the declared keywords, in place of a description the
// declared schema has; through a pointer, beside the anyOf with null.
// Two fields of one type carry two descriptions; a field without one is
// the declared schema as declared.
func TestDeclaredDescription(t *testing.T) {
	id := declType("ID", `{"type": ["string", "integer"]}`)
	own := declType("Path", `{"type":"string","description":"A path.","minLength":1}`)
	escaped := declType("Esc", `{"type":"string","descr\u0069ption":"A path."}`)
	empty := declType("Free", `{}`)
	anyOf := declType("Names", `{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}`)
	const idS = `{"type":["string","integer"]}`
	tests := []struct {
		name string
		f    Field
		want string // the property's schema
	}{
		{"no tag: as declared", field("P", id, `json:"p"`), idS},
		{"description tag", field("P", id, `json:"p" description:"Project ID or URL-encoded path"`),
			`{"description":"Project ID or URL-encoded path","type":["string","integer"]}`},
		{"jsonschema, google/jsonschema-go's form", field("P", id, `json:"p" jsonschema:"Project ID or URL-encoded path"`),
			`{"description":"Project ID or URL-encoded path","type":["string","integer"]}`},
		{"jsonschema, mcp-go's form with required", field("P", id, `json:"p" jsonschema:"Project ID or path,required"`),
			`{"description":"Project ID or path","type":["string","integer"]}`},
		{"jsonschema, invopop's description=", field("P", id, `json:"p" jsonschema:"description=Project ID\\, or path"`),
			`{"description":"Project ID, or path","type":["string","integer"]}`},
		{"jsonschema_description", field("P", id, `json:"p" jsonschema_description:"Project ID"`),
			`{"description":"Project ID","type":["string","integer"]}`},
		{"doc comment", Field{Name: "P", Exported: true, Type: id, Tag: `json:"p"`, Doc: "From the doc."},
			`{"description":"From the doc.","type":["string","integer"]}`},
		{"the tag wins over the doc comment", Field{Name: "P", Exported: true, Type: id, Tag: `json:"p" description:"Wins."`, Doc: "Loses."},
			`{"description":"Wins.","type":["string","integer"]}`},
		{"in place of the declared schema's own", field("P", own, `json:"p" description:"The repository path."`),
			`{"type":"string","description":"The repository path.","minLength":1}`},
		{"the declared key kept as written", field("P", escaped, `json:"p" description:"The repository path."`),
			`{"type":"string","descr\u0069ption":"The repository path."}`},
		{"the declared schema's own, without a tag", field("P", own, `json:"p"`), `{"type":"string","description":"A path.","minLength":1}`},
		{"anyOf", field("N", anyOf, `json:"n" jsonschema:"Names to notify"`),
			`{"description":"Names to notify","anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}`},
		{"pointer: beside the anyOf with null", field("P", ptr(id), `json:"p,omitempty" description:"Project ID"`),
			`{"description":"Project ID","anyOf":[{"type":["string","integer"]},{"type":"null"}]}`},
		{"pointer: the declared schema's own kept in its branch", field("P", ptr(own), `json:"p,omitempty" description:"The repository path."`),
			`{"description":"The repository path.","anyOf":[{"type":"string","description":"A path.","minLength":1},{"type":"null"}]}`},
		{"the empty schema", field("F", empty, `json:"f" description:"Anything."`), `{"description":"Anything."}`},
		{"the empty schema through a pointer", field("F", ptr(empty), `json:"f" description:"Anything."`), `{"description":"Anything."}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Input(strct(tt.f))
			if err != nil {
				t.Fatalf("Input: %v", err)
			}
			s := schematest.Check(t, got)
			name := tt.f.Tag[len(`json:"`):]
			name = name[:strings.IndexAny(name, `,"`)]
			required := ""
			if !strings.Contains(tt.f.Tag, "omitempty") {
				required = `,"required":["` + name + `"]`
			}
			want := `{"type":"object","properties":{"` + name + `":` + tt.want + `}` + required + `,"additionalProperties":false}`
			if string(got) != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			// A description changes nothing the schema takes.
			if err := schematest.Validate(s, []byte(`{"`+name+`":true}`)); err == nil && tt.f.Type != empty && tt.f.Type.Elem != empty {
				t.Errorf("%s takes true", got)
			}
		})
	}

	t.Run("two fields of one type, two descriptions", func(t *testing.T) {
		b := NewBuilder()
		got, err := b.Input(strct(field("From", id, `json:"from" jsonschema:"The source project"`), field("To", id, `json:"to" description:"The target project"`), field("Any", id, `json:"any"`)))
		if err != nil {
			t.Fatal(err)
		}
		const want = `{"type":"object","properties":{"from":{"description":"The source project","type":["string","integer"]},` +
			`"to":{"description":"The target project","type":["string","integer"]},"any":{"type":["string","integer"]}},"required":["from","to","any"],"additionalProperties":false}`
		if string(got) != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
		// The type's own fragment, which the builder shares, is unchanged.
		if f, _ := b.Fragment(id); string(f) != idS {
			t.Errorf("the type's fragment is %s after its fields were described, want %s", f, idS)
		}
	})

	t.Run("the checks are the declared schema's", func(t *testing.T) {
		plain, err := NewBuilder().Checks(strct(field("P", id, `json:"p"`), field("Q", ptr(own), `json:"q,omitempty"`)))
		if err != nil {
			t.Fatal(err)
		}
		described, err := NewBuilder().Checks(strct(Field{Name: "P", Exported: true, Type: id, Tag: `json:"p" jsonschema:"Project ID"`, Doc: "Doc."},
			field("Q", ptr(own), `json:"q,omitempty" description:"The repository path."`)))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(plain, described) {
			t.Errorf("a description changed the checks:\n%+v\n%+v", plain.Props, described.Props)
		}
		if got := string(described.Props[1].Check.Declared); got != `{"type":"string","description":"A path.","minLength":1}` {
			t.Errorf("the validated schema is %s, want the declared one", got)
		}
	})
}

// TestDeclaredKeywordTags: a tag that constrains the value of a field
// whose type declares its schema is refused (the declared schema owns the
// value's constraints), each keyword by its tag, the description beside
// it kept out of the refusal.
func TestDeclaredKeywordTags(t *testing.T) {
	id := declType("ID", `{"type":["string","integer"]}`)
	tests := []struct {
		name string
		f    Field
		want []string
		tag  string
	}{
		{"minimum", field("P", id, `json:"p" minimum:"1"`),
			[]string{"OLT012: p: tag minimum: the field's type declares its schema (ToolschemaSchema), which owns the value's constraints; say it in the declared schema (a tag on such a field may give only its description)"}, "minimum"},
		{"a description and a keyword", field("P", id, `json:"p" description:"Project ID" pattern:"^[0-9]+$" default:"7"`),
			[]string{
				"OLT012: p: tag pattern: the field's type declares its schema (ToolschemaSchema), which owns the value's constraints; say it in the declared schema (a tag on such a field may give only its description)",
				"OLT012: p: tag default: the field's type declares its schema (ToolschemaSchema), which owns the value's constraints; say it in the declared schema (a tag on such a field may give only its description)",
			}, "pattern"},
		{"mcp-go's form with an enum", field("P", id, `json:"p" jsonschema:"Project ID,enum=a,enum=b"`),
			[]string{"OLT012: p: tag jsonschema (enum): the field's type declares its schema (ToolschemaSchema), which owns the value's constraints; say it in the declared schema (a tag on such a field may give only its description)"}, "jsonschema"},
		{"an empty description", field("P", id, `json:"p" description:" "`), []string{"OLT012: p: tag description: is empty"}, "description"},
		{"a given schema", field("P", &Type{Kind: String, PkgPath: "example.com/gl", PkgName: "gl", Name: "Given", Methods: JSONMarshaler | JSONUnmarshaler,
			Declared: &Declared{Schema: []byte(`{"type":"string"}`), By: "option TypeSchema"}}, `json:"p" format:"uuid"`),
			[]string{"OLT012: p: tag format: the field's type is given its schema (option TypeSchema), which owns the value's constraints; say it in the given schema (a tag on such a field may give only its description)"}, "format"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Input(strct(tt.f))
			if err == nil {
				t.Fatalf("Input = %s, want errors", got)
			}
			es := err.(Errors)
			var lines []string
			for _, e := range es {
				lines = append(lines, e.Error())
			}
			if strings.Join(lines, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors\n got %q\nwant %q", lines, tt.want)
			}
			if es[0].Tag != tt.tag || es[0].Field == nil || es[0].Path != "p" {
				t.Errorf("first error has Tag %q, Path %q and Field %v, want Tag %q and its field", es[0].Tag, es[0].Path, es[0].Field, tt.tag)
			}
		})
	}
}
