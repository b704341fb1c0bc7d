package schema

import (
	"strings"
	"testing"
)

// TestUnreadKeywordTags checks that a struct tag named exactly as a JSON
// Schema 2020-12 keyword the contract does not read as a tag
// (title, examples, deprecated, const: huma's and swaggest's tags) is refused, naming the keyword and the way out, where
// it was dropped without a word and the schema lacked what it meant; and
// that the keyword tags the contract reads, and keys of other libraries
// that are no keyword (example, nullable, doc, db, validate), are not.
func TestUnreadKeywordTags(t *testing.T) {
	const pre = "OLT012: a: tag "
	const is = ": is a JSON Schema keyword the contract does not read as a tag, so it would be ignored: "
	const declare = "give the field a type that declares its schema (ToolschemaSchema)"
	tests := []struct {
		typ  *Type
		tag  string
		want []string // nil when the tags are taken
	}{
		{tString, `json:"a" title:"A"`, []string{pre + "title" + is + "models read the description: put the text there"}},
		{tString, `json:"a" examples:"x"`, []string{pre + "examples" + is + "put an example in the description"}},
		{tString, `json:"a" deprecated:"true"`, []string{pre + "deprecated" + is + "say it in the description"}},
		{tString, `json:"a" readOnly:"true"`, []string{pre + "readOnly" + is + "an input's fields are all written by the model, and a result's by the tool: drop the tag"}},
		{tString, `json:"a" writeOnly:"true"`, []string{pre + "writeOnly" + is + "an input's fields are all written by the model, and a result's by the tool: drop the tag"}},
		{tString, `json:"a" const:"x"`, []string{pre + "const" + is + `for a string field write enum:"x"; else ` + declare}},
		{tString, `json:"a" const:"x,y"`, []string{pre + "const" + is + "for a string field write an enum of the one value; else " + declare}},
		{tString, `json:"a" type:"integer"`, []string{pre + "type" + is + "the contract writes the type encoding/json reads and writes: change the field's Go type, or " + declare}},
		{tString, `json:"a" contentEncoding:"base64" contentMediaType:"image/png"`, []string{
			pre + "contentEncoding" + is + "a []byte field is base64 already; say the rest in the description, or " + declare,
			pre + "contentMediaType" + is + "say it in the description, or " + declare,
		}},
		{tString, `json:"a" $comment:"x"`, []string{pre + "$comment" + is + "write it as a Go comment"}},
		{tString, `json:"a" $ref:"#/$defs/x"`, []string{pre + "$ref" + is + "the contract writes one schema that references nothing: drop the tag"}},
		{tString, `json:"a" minProperties:"1"`, []string{pre + "minProperties" + is + declare}},
		{tString, `json:"a" dependentRequired:"b"`, []string{pre + "dependentRequired" + is + declare}},
		{tString, `json:"a" maxContains:"2"`, []string{pre + "maxContains" + is + declare}},
		{tString, `json:"a" oneOf:"[{},{}]"`, []string{pre + "oneOf" + is + "its value is a schema, which no tag gives: " + declare}},
		{tString, `json:"a" not:"{}"`, []string{pre + "not" + is + "its value is a schema, which no tag gives: " + declare}},
		{tString, `json:"a" type:"string,null"`, []string{pre + "type" + is + "the contract writes the type encoding/json reads and writes: change the field's Go type, or " + declare}},
		// A key named as a keyword whose value cannot be that keyword's is
		// another library's: magiconair/properties' properties (a key and
		// its default), kong's type (how a flag's value is read).
		{tString, `json:"a" properties:"a.b,default=x"`, nil},
		{tString, `json:"a" type:"path"`, nil},
		{tString, `json:"a" type:"existingfile"`, nil},
		{tString, `json:"a" items:"5"`, nil},
		// The keywords the contract reads as tags, and keys of other
		// libraries that are no JSON Schema 2020-12 keyword (OpenAPI's
		// example and nullable, huma's doc and hidden), are taken.
		{tString, `json:"a" description:"A." minLength:"1" maxLength:"9" pattern:"^a" enum:"ab,ac" default:"ab" required:"true"`, nil},
		{tInt, `json:"a" minimum:"1" maximum:"9"`, nil},
		{tInt, `json:"a" exclusiveMinimum:"0" multipleOf:"5"`, nil},
		{tInt, `json:"a" exclusiveMaximum:"10"`, nil},
		{tFloat, `json:"a" exclusiveMinimum:"0.5" exclusiveMaximum:"1e3" multipleOf:"0.25"`, nil},
		{tString, `json:"a" example:"x" nullable:"true" doc:"A." hidden:"false" db:"a" yaml:"a" validate:"required" binding:"required" Title:"A"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			_, err := NewBuilder().Input(strct(field("A", tt.typ, tt.tag)))
			var got []string
			es, _ := err.(Errors)
			if err != nil && es == nil {
				t.Fatalf("error %v, want Errors", err)
			}
			for _, e := range es {
				got = append(got, e.Error())
				if key, _, _ := strings.Cut(strings.TrimPrefix(e.Error(), pre), ":"); e.Tag != key {
					t.Errorf("the error's tag %q is not the key at fault, %s", e.Tag, key)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
