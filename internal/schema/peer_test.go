package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
)

// TestJSONSchemaForm checks the rule that tells google/jsonschema-go's
// jsonschema tag from invopop/jsonschema's.
func TestJSONSchemaForm(t *testing.T) {
	tests := []struct {
		tag  string
		want PeerForm
	}{
		{"the absolute path to the file", PeerGoogle},
		{"Path of the file, relative to the root", PeerGoogle},
		{"required", PeerInvopop},
		{"required,nullable", PeerInvopop},
		{"-", PeerInvopop},
		{"description=HTTP method", PeerInvopop},
		{"required,enum=GET,enum=POST,default=GET,description=HTTP method", PeerInvopop},
		{"minimum=1", PeerInvopop},
		{"a=b", PeerInvopop},                           // google refuses WORD=: it is not a description
		{"use a=b to set a", PeerGoogle},               // a space before the first "="
		{"required field", PeerGoogle},                 // not only bare words
		{"required, the name of the user", PeerGoogle}, // a part that is not a bare word
		{"", PeerGoogle},
	}
	for _, tt := range tests {
		if got := JSONSchemaForm(tt.tag); got != tt.want {
			t.Errorf("JSONSchemaForm(%q) = %d, want %d", tt.tag, got, tt.want)
		}
	}
}

// TestPeerTags checks that the peers' tags give the keywords they mean,
// byte for byte, as the native tags would.
func TestPeerTags(t *testing.T) {
	tests := []struct {
		name string
		typ  *Type
		want string
	}{
		{"google: the whole tag is the description, as written",
			strct(field("Path", tString, `json:"path" jsonschema:"the absolute path to the file, e.g. /tmp/x; never relative"`),
				field("Mode", tString, `json:"mode,omitempty" jsonschema:"  spaces kept  "`)),
			obj(`"path":{"type":"string","description":"the absolute path to the file, e.g. /tmp/x; never relative"},"mode":{"type":"string","description":"  spaces kept  "}`, `"path"`)},
		{"invopop: keys mapped to the keywords",
			strct(field("Method", tString, `json:"method" jsonschema:"required,enum=GET,enum=POST,default=GET,description=HTTP method"`),
				field("Limit", tInt, `json:"limit" jsonschema:"minimum=1,maximum=100,default=10"`),
				field("Name", tString, `json:"name" jsonschema:"minLength=2,maxLength=20,pattern=^[a-z]+$"`),
				field("Site", tString, `json:"site" jsonschema:"format=uri,description=Where it is\\, exactly"`),
				field("Tags", slice(tString), `json:"tags" jsonschema:"minItems=1,maxItems=3,uniqueItems=true"`)),
			obj(`"method":{"type":"string","description":"HTTP method","enum":["GET","POST"],"default":"GET"},`+
				`"limit":{"type":"integer","minimum":1,"maximum":100,"default":10},`+
				`"name":{"type":"string","minLength":2,"maxLength":20,"pattern":"^[a-z]+$"},`+
				`"site":{"type":"string","format":"uri","description":"Where it is, exactly"},`+
				`"tags":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3,"uniqueItems":true}`, `"method"`)},
		{"invopop: jsonschema_description",
			strct(field("Q", tString, `json:"q" jsonschema_description:"The query, in LogQL."`)),
			obj(`"q":{"type":"string","description":"The query, in LogQL."}`, `"q"`)},
		{"a native tag and a peer tag that agree",
			strct(field("Q", tString, `json:"q" description:"Same." jsonschema:"Same."`),
				field("E", tString, `json:"e" enum:"a, b" jsonschema:"enum=a,enum=b"`)),
			obj(`"q":{"type":"string","description":"Same."},"e":{"type":"string","enum":["a","b"]}`, `"q","e"`)},
		{"the description tag wins over the doc comment",
			strct(Field{Name: "A", Exported: true, Type: tString, Doc: "Common parameters", Tag: `json:"a" jsonschema:"The folder's UID."`},
				Field{Name: "B", Exported: true, Type: tString, Doc: "From the doc.", Tag: `json:"b" jsonschema:"required"`}),
			obj(`"a":{"type":"string","description":"The folder's UID."},"b":{"type":"string","description":"From the doc."}`, `"b"`)},
		{"invopop: the exclusive bounds and multipleOf, as the native tags",
			strct(field("Qty", tInt8, `json:"qty" jsonschema:"exclusiveMinimum=0,multipleOf=5"`),
				field("Share", tFloat, `json:"share" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=1,multipleOf=0.01"`),
				field("Same", tInt8, `json:"same" exclusiveMinimum:"0" multipleOf:"5"`)),
			obj(`"qty":{"type":"integer","exclusiveMinimum":0,"maximum":127,"multipleOf":5},`+
				`"share":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1,"multipleOf":0.01},`+
				`"same":{"type":"integer","exclusiveMinimum":0,"maximum":127,"multipleOf":5}`, `"qty","share","same"`)},
		{"a peer tag on a pointer applies to the pointed-to type",
			strct(field("N", ptr(tInt8), `json:"n" jsonschema:"minimum=1,description=Count"`)),
			obj(`"n":{"type":["integer","null"],"description":"Count","minimum":1,"maximum":127}`, `"n"`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Input(tt.typ)
			if err != nil {
				t.Fatalf("Input: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			schematest.Check(t, got)
		})
	}
}

// TestRequiredTags checks the ways to say a field is required or optional
// without touching its json tag.
func TestRequiredTags(t *testing.T) {
	common := &Type{Kind: Struct, PkgPath: "p", Name: "Common", Fields: []Field{field("Org", tString, `json:"org"`)}}
	tests := []struct {
		name string
		typ  *Type
		want string
	}{
		{"required:\"false\" and required:\"true\"",
			strct(field("A", tString, `json:"a" required:"false"`), field("B", tString, `json:"b" required:"true"`), field("C", tString, `json:"c"`)),
			obj(`"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}`, `"b","c"`)},
		{"required:\"true\" with a default: required, the default written",
			strct(field("A", tInt8, `json:"a" required:"true" default:"1"`)),
			obj(`"a":{"type":"integer","minimum":-128,"maximum":127,"default":1}`, `"a"`)},
		{"required:\"false\" with a default",
			strct(field("A", tInt8, `json:"a" required:"false" default:"1"`)),
			obj(`"a":{"type":"integer","minimum":-128,"maximum":127,"default":1}`, "")},
		{"invopop: the fields without required are optional",
			strct(field("Drill", tBool, `json:"drill"`), field("Limit", tInt8, `json:"limit" jsonschema:"description=Most to return"`),
				field("Status", tString, `json:"status"`), field("UID", tString, `json:"uid" jsonschema:"required"`)),
			obj(`"drill":{"type":"boolean"},"limit":{"type":"integer","description":"Most to return","minimum":-128,"maximum":127},"status":{"type":"string"},"uid":{"type":"string"}`, `"uid"`)},
		{"invopop: promoted fields follow the object",
			strct(embed(common, ""), field("UID", tString, `json:"uid" jsonschema:"required"`)),
			obj(`"org":{"type":"string"},"uid":{"type":"string"}`, `"uid"`)},
		{"invopop: required:\"true\" keeps a field required",
			strct(field("A", tString, `json:"a" required:"true"`), field("B", tString, `json:"b" jsonschema:"required"`)),
			obj(`"a":{"type":"string"},"b":{"type":"string"}`, `"a","b"`)},
		{"a struct without invopop's required keeps the usual rule",
			strct(field("A", tString, `json:"a" jsonschema:"description=x"`), field("B", tString, `json:"b,omitempty"`)),
			obj(`"a":{"type":"string","description":"x"},"b":{"type":"string"}`, `"a"`)},
		{"a slice with minItems 1 is not nullable, a pointer to one is",
			strct(field("Items", slice(tString), `json:"items" minItems:"1"`), field("P", ptr(slice(tString)), `json:"p" minItems:"1"`),
				field("Z", slice(tString), `json:"z" minItems:"0"`), field("I", slice(tString), `json:"i" jsonschema:"minItems=2"`)),
			obj(`"items":{"type":"array","items":{"type":"string"},"minItems":1},"p":{"type":["array","null"],"items":{"type":"string"},"minItems":1},`+
				`"z":{"type":["array","null"],"items":{"type":"string"},"minItems":0},"i":{"type":"array","items":{"type":"string"},"minItems":2}`, `"items","p","z","i"`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBuilder()
			got, err := b.Input(tt.typ)
			if err != nil {
				t.Fatalf("Input: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			schematest.Check(t, got)
			// The checks the invoker runs agree with the bytes.
			c, err := b.Checks(tt.typ)
			if err != nil {
				t.Fatal(err)
			}
			var req []string
			for _, p := range c.Props {
				if p.Required {
					req = append(req, `"`+p.Name+`"`)
				}
			}
			if r := strings.Join(req, ","); (r == "" && strings.Contains(tt.want, `"required"`)) || (r != "" && !strings.Contains(tt.want, `"required":[`+r+`]`)) {
				t.Errorf("Checks requires %s; the schema is %s", r, got)
			}
		})
	}
}

// TestRequiredFromTags checks the read mode of a project that configures
// invopop/jsonschema with RequiredFromJSONSchemaTags: a property is
// required only when a tag says so, in every object, nested ones too.
func TestRequiredFromTags(t *testing.T) {
	inner := &Type{Kind: Struct, PkgPath: "p", Name: "Labels", Fields: []Field{
		field("Keys", slice(tString), `json:"keys"`), field("Op", tString, `json:"op" jsonschema:"enum=and,enum=or"`)}}
	tests := []struct {
		name          string
		typ           *Type
		mode, deflt   string // the schema in the mode and by default
		migrationTags map[string]string
	}{
		{"no required tag: every property optional",
			strct(field("Page", tInt8, `json:"page" jsonschema:"description=The page"`), field("Query", tString, `json:"query"`)),
			obj(`"page":{"type":"integer","description":"The page","minimum":-128,"maximum":127},"query":{"type":"string"}`, ""),
			obj(`"page":{"type":"integer","description":"The page","minimum":-128,"maximum":127},"query":{"type":"string"}`, `"page","query"`),
			map[string]string{"Page": `json:"page" description:"The page"`}},
		{"the required tags still require",
			strct(field("A", tString, `json:"a" jsonschema:"required"`), field("B", tString, `json:"b" required:"true"`), field("C", tString, `json:"c"`)),
			obj(`"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}`, `"a","b"`),
			obj(`"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}`, `"a","b"`),
			map[string]string{"A": `json:"a" required:"true"`}},
		{"nested objects too",
			strct(field("Title", tString, `json:"title" jsonschema:"required"`), field("Labels", inner, `json:"labels"`)),
			obj(`"title":{"type":"string"},"labels":`+obj(`"keys":{"type":["array","null"],"items":{"type":"string"}},"op":{"type":"string","enum":["and","or"]}`, ""), `"title"`),
			obj(`"title":{"type":"string"},"labels":`+obj(`"keys":{"type":["array","null"],"items":{"type":"string"}},"op":{"type":"string","enum":["and","or"]}`, `"keys","op"`), `"title"`),
			map[string]string{"Title": `json:"title" required:"true"`, "Op": `json:"op" enum:"and, or"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, m := range []struct {
				mode ReadMode
				want string
			}{{ReadMode{RequiredFromTags: true}, tt.mode}, {ReadMode{}, tt.deflt}} {
				b := NewBuilder()
				b.ReadMode = m.mode
				got, err := b.Input(tt.typ)
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != m.want {
					t.Errorf("%+v:\n got %s\nwant %s", m.mode, got, m.want)
				}
				schematest.Check(t, got)
				// The invoker's checks agree with the bytes.
				var sch struct{ Required []string }
				json.Unmarshal(got, &sch)
				c, _ := b.Checks(tt.typ)
				var req []string
				for _, p := range c.Props {
					if p.Required {
						req = append(req, p.Name)
					}
				}
				if fmt.Sprint(req) != fmt.Sprint(sch.Required) {
					t.Errorf("%+v: Checks requires %v, the schema %v", m.mode, req, sch.Required)
				}
			}
			// The migrations under the mode keep the schema without adding
			// required:"false".
			mode := ReadMode{RequiredFromTags: true}
			got := map[string]string{}
			for _, m := range Migrations(tt.typ, mode) {
				got[m.Field.Name] = m.Tag
			}
			for _, f := range tt.typ.Fields {
				if f.Type.Kind == Struct {
					for _, m := range Migrations(f.Type, mode) {
						got[m.Field.Name] = m.Tag
					}
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.migrationTags) {
				t.Errorf("migrations %v, want %v", got, tt.migrationTags)
			}
		})
	}
}

// TestPeerTagsRefused checks that a part of a peer's tag the contract
// cannot follow, and two tags that disagree, are reported with the tag.
func TestPeerTagsRefused(t *testing.T) {
	tests := []struct {
		name string
		typ  *Type
		want []string
		tag  string
	}{
		{"title", strct(field("A", tString, `json:"a" jsonschema:"title=Name,description=The name"`)),
			[]string{"OLT020: a: tag jsonschema: title is not a keyword the contract writes (models read the description); put the text in the description"}, "jsonschema"},
		{"oneof_required", strct(field("A", tString, `json:"a" jsonschema:"oneof_required=byName"`)),
			[]string{"OLT020: a: tag jsonschema: oneof_required builds a oneOf or anyOf from tags, which the contract does not write: a type with such a form declares its schema"}, "jsonschema"},
		{"example", strct(field("A", tString, `json:"a" jsonschema:"example=joe"`)),
			[]string{"OLT020: a: tag jsonschema: example is not a keyword the contract writes; put the example in the description"}, "jsonschema"},
		{"nullable", strct(field("A", tString, `json:"a" jsonschema:"nullable"`)),
			[]string{"OLT020: a: tag jsonschema: nullable wraps the schema in a oneOf with null, but encoding/json reads null into a non-pointer field as no change at all; make the field a pointer to accept null"}, "jsonschema"},
		{"dash not first", strct(field("A", tString, `json:"a" jsonschema:"description=x,-"`)),
			[]string{"OLT020: a: tag jsonschema: - hides a field only as the tag's first part (invopop/jsonschema reads it nowhere else); write jsonschema:\"-\" alone"}, "jsonschema"},
		{"dash with other parts", strct(field("A", tString, `json:"a" jsonschema:"-,required"`)),
			[]string{`OLT020: a: tag jsonschema: - hides the field from the model, so "required" has no effect; drop it`}, "jsonschema"},
		{"another schema tag on a hidden field", strct(field("A", tString, `json:"a" jsonschema:"-" description:"x"`)),
			[]string{"OLT012: a: tag description: the jsonschema tag hides the field from the model (-), so the tag has no effect"}, "description"},
		{"a default of a hidden field that does not fit", strct(field("N", tInt8, `json:"n" jsonschema:"-" default:"300"`)),
			[]string{`OLT012: n: tag default: "300" is outside the range of the field's type (-128 to 127)`}, "default"},
		{"a part after an unescaped comma, not in a text", strct(field("A", tString, `json:"a" jsonschema:"enum=one, two"`)),
			[]string{`OLT020: a: tag jsonschema: " two" is not a part invopop/jsonschema reads (it compares bare words exactly: required, nullable, -); escape a comma in a value as \,`}, "jsonschema"},
		{"unknown key", strct(field("A", tString, `json:"a" jsonschema:"descripton=x"`)),
			[]string{`OLT020: a: tag jsonschema: "descripton" is not a key invopop/jsonschema reads`}, "jsonschema"},
		{"extras", strct(field("A", tString, `json:"a" jsonschema_extras:"x-order=1,format=uri"`)),
			[]string{`OLT020: a: tag jsonschema_extras: writes keyword "x-order" as it is; the contract writes only its own keywords`,
				`OLT020: a: tag jsonschema_extras: writes keyword "format" as it is; the contract writes only its own keywords: use the format tag`}, "jsonschema_extras"},
		{"multipleOf not above 0", strct(field("N", tInt8, `json:"n" jsonschema:"multipleOf=0"`)),
			[]string{`OLT012: n: tag jsonschema (multipleOf): "0" is not greater than 0, as a multipleOf must be`}, "jsonschema"},
		{"an exclusive bound on a slice", strct(field("L", slice(tInt), `json:"l" jsonschema:"exclusiveMinimum=0"`)),
			[]string{"OLT020: l: tag jsonschema: invopop/jsonschema applies exclusiveMinimum to the items of an array; the contract has no tag for an array's items: give the items a type that says it (an enum type, a struct)"}, "jsonschema"},
		{"an item keyword on a slice", strct(field("L", slice(tString), `json:"l" jsonschema:"enum=a,enum=b"`)),
			[]string{"OLT020: l: tag jsonschema: invopop/jsonschema applies enum to the items of an array; the contract has no tag for an array's items: give the items a type that says it (an enum type, a struct)"}, "jsonschema"},
		{"a key given twice", strct(field("N", tInt8, `json:"n" jsonschema:"minimum=1,minimum=2"`)),
			[]string{"OLT020: n: tag jsonschema: minimum is given twice; invopop/jsonschema would keep one of them without a word"}, "jsonschema"},
		{"empty google tag", strct(field("A", tString, `json:"a" jsonschema:""`)),
			[]string{"OLT020: a: tag jsonschema: is empty (google/jsonschema-go refuses an empty tag)"}, "jsonschema"},
		{"a value that does not fit", strct(field("N", tInt8, `json:"n" jsonschema:"minimum=x"`)),
			[]string{`OLT012: n: tag jsonschema (minimum): "x" is not an integer`}, "jsonschema"},
		{"native and peer descriptions differ", strct(field("A", tString, `json:"a" description:"One." jsonschema:"Two."`)),
			[]string{`OLT021: a: tag jsonschema: gives description "Two.", and the description tag gives it "One."; keep one`}, "jsonschema"},
		{"native and peer minimum differ", strct(field("N", tInt8, `json:"n" jsonschema:"minimum=2" minimum:"1"`)),
			[]string{`OLT021: n: tag minimum: gives minimum "1", and the jsonschema tag gives it "2"; keep one`}, "minimum"},
		{"two peer descriptions differ", strct(field("A", tString, `json:"a" jsonschema_description:"One." jsonschema:"description=Two"`)),
			[]string{`OLT021: a: tag jsonschema: gives description "Two", and the jsonschema_description tag gives it "One."; keep one`}, "jsonschema"},
		{"required false against invopop's required", strct(field("A", tString, `json:"a" required:"false" jsonschema:"required"`)),
			[]string{"OLT021: a: tag required: says the field is optional, and the jsonschema tag says required"}, "required"},
		{"required not a boolean", strct(field("A", tString, `json:"a" required:"yes"`)),
			[]string{`OLT012: a: tag required: "yes" is not true or false`}, "required"},
		{"required with omitempty", strct(field("A", tString, `json:"a,omitempty" required:"true"`)),
			[]string{"OLT012: a: tag required: the field is required, but its json tag has omitempty or omitzero, so encoding/json leaves it out when it is empty and the schema would be false of what it writes; drop the option, or the required tag"}, "required"},
		{"invopop's required with omitempty", strct(field("A", tString, `json:"a,omitempty" jsonschema:"required"`)),
			[]string{"OLT012: a: tag jsonschema: the field is required, but its json tag has omitempty or omitzero, so encoding/json leaves it out when it is empty and the schema would be false of what it writes; drop the option, or the required tag"}, "jsonschema"},
		{"peer tags on an unexported field", strct(field("a", tString, `jsonschema:"A."`)),
			[]string{"OLT012: a: tag jsonschema: field a is unexported, so encoding/json ignores it and the tag has no effect"}, "jsonschema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Input(tt.typ)
			if err == nil {
				t.Fatalf("Input = %s, want errors", got)
			}
			if lines := strings.Split(err.Error(), "\n"); strings.Join(lines, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors\n got %q\nwant %q", lines, tt.want)
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("error is %T, want Errors", err)
			}
			if es[0].Tag != tt.tag || es[0].Field == nil {
				t.Errorf("first error has Tag %q and Field %v, want Tag %q and its field", es[0].Tag, es[0].Field, tt.tag)
			}
		})
	}
}

// TestTextCommas checks that a description (or title) written with
// unescaped commas in invopop's grammar is the author's whole text, which
// invopop/jsonschema would end at the first comma: the tool is not
// refused, and TagWarnings says so, with the value that escapes the
// commas.
func TestTextCommas(t *testing.T) {
	tests := []struct {
		name, tag string
		prop      string // the property's schema
		warn      string // the cut text the warning quotes, "" for none
		fixed     string // the tag's value with the commas escaped
	}{
		{"a city and its country", `description=The city and state, e.g. San Francisco, CA`,
			`{"type":"string","description":"The city and state, e.g. San Francisco, CA"}`, "The city and state", `description=The city and state\, e.g. San Francisco\, CA`},
		{"a list in parentheses", `description=The ticker (e.g., AAPL, GOOGL)`,
			`{"type":"string","description":"The ticker (e.g., AAPL, GOOGL)"}`, "The ticker (e.g.", `description=The ticker (e.g.\, AAPL\, GOOGL)`},
		{"a bare word after the text is its own part", `description=Who calls (openai, claude, etc),required`,
			`{"type":"string","description":"Who calls (openai, claude, etc)"}`, "Who calls (openai", `description=Who calls (openai\, claude\, etc),required`},
		{"a known key after the text is its own part", `description=From, to,enum=a,enum=b`,
			`{"type":"string","description":"From, to","enum":["a","b"]}`, "From", `description=From\, to,enum=a,enum=b`},
		{"an unknown key is text", `description=Set a filter, e.g. status=open`,
			`{"type":"string","description":"Set a filter, e.g. status=open"}`, "Set a filter", `description=Set a filter\, e.g. status=open`},
		{"the text after other parts", `required,minLength=1,description=A name, in full`,
			`{"type":"string","description":"A name, in full","minLength":1}`, "A name", `required,minLength=1,description=A name\, in full`},
		{"escaped commas are no warning", `description=One\, two`, `{"type":"string","description":"One, two"}`, "", `description=One\, two`},
		{"escaped and unescaped", `description=One\, two, three`, `{"type":"string","description":"One, two, three"}`, "One, two", `description=One\, two\, three`},
		{"an empty part inside the text is kept", `description=a,,b`, `{"type":"string","description":"a,,b"}`, "a", `description=a\,\,b`},
		{"a trailing comma is not text", `description=a,`, `{"type":"string","description":"a"}`, "", `description=a,`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ := strct(field("A", tString, `json:"a" jsonschema:"`+strings.ReplaceAll(tt.tag, `\`, `\\`)+`"`))
			got, err := NewBuilder().Input(typ)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if want := obj(`"a":`+tt.prop, `"a"`); string(got) != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			ws := TagWarnings(typ, ReadMode{})
			switch {
			case tt.warn == "" && len(ws) > 0:
				t.Errorf("warnings %v, want none", ws)
			case tt.warn != "" && len(ws) != 1:
				t.Fatalf("warnings %v, want one", ws)
			case tt.warn != "":
				w := ws[0]
				want := "OLT020: a: tag jsonschema: invopop/jsonschema ends the description at the first unescaped comma (it reads " + quote(tt.warn) +
					"); the contract keeps the whole text. Escape the commas as \\, so that both read it whole"
				if w.Error() != want || w.Field != &typ.Fields[0] || w.Tag != "jsonschema" || w.Fix.Value != tt.fixed {
					t.Errorf("warning %q (field %v, tag %q, fix %q)\nwant    %q (fix %q)", w, w.Field, w.Tag, w.Fix.Value, want, tt.fixed)
				}
			}
			if fixed, _ := EscapeTextCommas(tt.tag); fixed != tt.fixed {
				t.Errorf("EscapeTextCommas = %q, want %q", fixed, tt.fixed)
			}
			// The fixed tag reads the same, with no warning.
			fixedTyp := strct(field("A", tString, `json:"a" jsonschema:"`+strings.ReplaceAll(tt.fixed, `\`, `\\`)+`"`))
			again, err := NewBuilder().Input(fixedTyp)
			if err != nil || string(again) != string(got) || len(TagWarnings(fixedTyp, ReadMode{})) > 0 {
				t.Errorf("fixed: %s, %v, warnings %v; want %s", again, err, TagWarnings(fixedTyp, ReadMode{}), got)
			}
		})
	}
	// A title's text is its whole text too: one refusal, not one per part.
	_, err := NewBuilder().Input(strct(field("A", tString, `json:"a" jsonschema:"title=Name, in full,description=x"`)))
	if want := "OLT020: a: tag jsonschema: title is not a keyword the contract writes (models read the description); put the text in the description"; err == nil || err.Error() != want {
		t.Errorf("title with a comma: %v, want %s", err, want)
	}
}

// TestHiddenFields checks invopop's jsonschema:"-": an input's schema
// leaves the field out, the invoker's checks fill in its default and do
// not take its name, and a result that holds it is refused.
func TestHiddenFields(t *testing.T) {
	task := &Type{Kind: Struct, PkgPath: "p", Name: "Task", Fields: []Field{
		field("ID", tString, `json:"id" jsonschema:"required,description=The task"`),
		field("Deleted", tBool, `json:"is_deleted" jsonschema:"-"`),
		field("Owner", tString, `json:"owner" jsonschema:"-" default:"assistant"`),
		field("Note", tString, `json:"note"`),
	}}
	in := strct(field("Task", task, `json:"task"`), field("Tasks", slice(task), `json:"tasks,omitempty"`))
	b := NewBuilder()
	got, err := b.Input(in)
	if err != nil {
		t.Fatal(err)
	}
	taskSchema := obj(`"id":{"type":"string","description":"The task"},"note":{"type":"string"}`, `"id"`)
	if want := obj(`"task":`+taskSchema+`,"tasks":{"type":["array","null"],"items":`+taskSchema+`}`, `"task"`); string(got) != want {
		t.Errorf("input\n got %s\nwant %s", got, want)
	}
	c, err := b.Checks(task)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range c.Props {
		names = append(names, p.Name)
	}
	if strings.Join(names, ",") != "id,note" || len(c.Hidden) != 1 || c.Hidden[0].Name != "owner" || string(c.Hidden[0].Check.Default) != `"assistant"` || c.Hidden[0].Required {
		t.Errorf("checks: properties %v, hidden %+v", names, c.Hidden)
	}
	if ps := Properties(task, ReadMode{}); len(ps) != 2 || ps[0].Name != "id" || ps[1].Name != "note" {
		t.Errorf("Properties = %+v", ps)
	}
	for _, out := range []*Type{task, slice(task), strct(field("T", ptr(task), `json:"t"`))} {
		_, err := b.Output(out)
		if err == nil || !strings.Contains(err.Error(), "OLT020: ") || !strings.Contains(err.Error(), "is_deleted: tag jsonschema: - hides the field from the model, but in a result encoding/json writes it all the same") {
			t.Errorf("output %s: %v", out, err)
		}
		var es Errors
		if errors.As(err, &es) && (es[0].Field != &task.Fields[1] || es[0].Tag != "jsonschema") {
			t.Errorf("output %s: first error at field %v tag %q", out, es[0].Field, es[0].Tag)
		}
	}
	// The input is still described after the output was refused (the
	// fragments are shared), and with a fresh builder in the other order.
	if again, err := b.Input(in); err != nil || string(again) != string(got) {
		t.Errorf("input again: %s, %v", again, err)
	}
	for _, m := range Migrations(task, ReadMode{}) {
		if m.Field == &task.Fields[1] || m.Field == &task.Fields[2] {
			t.Errorf("a migration of a hidden field: %+v", m)
		}
	}
}

// TestTextHalves checks every case of the text pair's halves and their
// receivers against what encoding/json writes and reads.
func TestTextHalves(t *testing.T) {
	str := func(m, vm Methods) *Type {
		return &Type{Kind: String, PkgPath: "p", Name: "URI", Methods: m, ValueMethods: vm, Opaque: true}
	}
	num := func(m, vm Methods) *Type {
		return &Type{Kind: Int, Bits: 64, PkgPath: "p", Name: "Level", Methods: m, ValueMethods: vm, Opaque: true}
	}
	const tm, tu = TextMarshaler, TextUnmarshaler
	tests := []struct {
		name string
		typ  *Type
		want string // the fragment, or the error
	}{
		{"string kind, only UnmarshalText (pointer receiver)", str(tu, 0), `{"type":"string"}`},
		{"string kind, only UnmarshalText (value receiver)", str(tu, tu), `{"type":"string"}`},
		{"string kind, only MarshalText (value receiver)", str(tm, tm), `{"type":"string"}`},
		{"string kind, only MarshalText (pointer receiver)", str(tm, 0), `{"type":"string"}`},
		{"string kind, only MarshalText (pointer receiver), in a map", mapOf(tString, str(tm, 0)), `{"type":["object","null"],"additionalProperties":{"type":"string"}}`},
		{"string kind, both, pointer MarshalText, in a map", mapOf(tString, str(tm|tu, 0)), `{"type":["object","null"],"additionalProperties":{"type":"string"}}`},
		{"string kind with constants, only UnmarshalText: no enum", &Type{Kind: String, PkgPath: "p", Name: "Kind", Methods: tu, Opaque: true, Enum: []string{"a"}}, `{"type":"string"}`},
		{"int kind, both", num(tm|tu, tm|tu), `{"type":"string"}`},
		{"int kind, only UnmarshalText", num(tu, 0), "OLT005: p.Level implements only encoding.TextUnmarshaler of the text pair, so encoding/json writes and reads it differently"},
		{"int kind, only MarshalText", num(tm, tm), "OLT005: p.Level implements only encoding.TextMarshaler of the text pair, so encoding/json writes and reads it differently"},
		{"int kind, both, pointer MarshalText, in a map", mapOf(tString, num(tm|tu, tu)),
			"OLT005: {}: p.Level marshals through a method with a pointer receiver, which encoding/json does not call on a value inside a map; give the method a value receiver, or store *p.Level"},
		{"string kind, UnmarshalJSON", str(JSONUnmarshaler, 0), "OLT005: p.URI implements json.Unmarshaler, so its JSON form is its own and has no derived schema; declare the schema of that form with a method ToolschemaSchema() string"},
		{"string kind, MarshalJSON", str(JSONMarshaler|tu, JSONMarshaler), "OLT005: p.URI implements json.Marshaler, so its JSON form is its own and has no derived schema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Fragment(tt.typ)
			if err != nil {
				if err.Error() != tt.want {
					t.Errorf("error %q, want %s", err, tt.want)
				}
				return
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			schematest.Check(t, got)
		})
	}
}

// obj writes a closed object with the given properties and required list.
func obj(props, required string) string {
	s := `{"type":"object","properties":{` + props + `}`
	if required != "" {
		s += `,"required":[` + required + `]`
	}
	return s + `,"additionalProperties":false}`
}

// TestMixedTags checks mark3labs/mcp-go's dialect of the jsonschema tag:
// a description, then invopop/jsonschema's parts (enum=, default=, ...).
// Where the tag is plainly that form, the text is the description and the
// parts are keywords; where it could as well be google/jsonschema-go's
// description, the whole tag is the description and TagWarnings says so,
// with the value that keeps that reading unambiguously.
func TestMixedTags(t *testing.T) {
	const ambiguous = "OLT020: a: tag jsonschema: parts after a comma are written as invopop/jsonschema's (KEY=VALUE with a key it reads, or a bare word), " +
		"but the tag is not mark3labs/mcp-go's form (a text, then only such parts, with no space around them); " +
		"the contract keeps the whole text as the description, as google/jsonschema-go reads it. " +
		"Write description= with the commas escaped to keep it so, or mcp-go's form for keywords"
	tests := []struct {
		name, tag string
		typ       *Type // the field's type; a string when nil
		form      PeerForm
		prop      string // the property's schema
		required  bool
		fixed     string // the ambiguity warning's fix, "" for no warning
	}{
		{"a description and an enum", `Temperature unit,enum=celsius,enum=fahrenheit`, nil, PeerMixed,
			`{"type":"string","description":"Temperature unit","enum":["celsius","fahrenheit"]}`, true, ""},
		{"other keys invopop reads", `How many days,minimum=1,maximum=7,default=3`, tInt8, PeerMixed,
			`{"type":"integer","description":"How many days","minimum":1,"maximum":7,"default":3}`, false, ""},
		{"a description with commas and '='", `The place, e.g. city=Ghent,minLength=2`, nil, PeerMixed,
			`{"type":"string","description":"The place, e.g. city=Ghent","minLength":2}`, true, ""},
		{"invopop's required word after the text", `The ticker,required,pattern=^[A-Z]+$`, nil, PeerMixed,
			`{"type":"string","description":"The ticker","pattern":"^[A-Z]+$"}`, true, ""},
		{"an escaped comma in an enum value", `A pair,enum=a\,b,enum=c`, nil, PeerMixed,
			`{"type":"string","description":"A pair","enum":["a,b","c"]}`, true, ""},
		{"a value's spaces are kept but an enum value's", `Code,pattern=^[a-z]+ ?$,enum=ab ,enum=c `, nil, PeerMixed,
			`{"type":"string","description":"Code","enum":["ab","c"],"pattern":"^[a-z]+ ?$"}`, true, ""},
		{"a trailing comma", `Unit,enum=c,enum=f,`, nil, PeerMixed,
			`{"type":"string","description":"Unit","enum":["c","f"]}`, true, ""},
		{"google: a comma and an '=' in prose", `Ratio, e.g. a=b`, nil, PeerGoogle,
			`{"type":"string","description":"Ratio, e.g. a=b"}`, true, ""},
		{"google: a key invopop does not read", `A filter,status=open`, nil, PeerGoogle,
			`{"type":"string","description":"A filter,status=open"}`, true, ""},
		{"google: a space before the first '='", `use a=b to set a`, nil, PeerGoogle,
			`{"type":"string","description":"use a=b to set a"}`, true, ""},
		{"enum= parts with spaces around them, as mcp-go trims them", `Temperature unit, enum=celsius , enum=fahrenheit`, nil, PeerMixed,
			`{"type":"string","description":"Temperature unit","enum":["celsius","fahrenheit"]}`, true, ""},
		{"ambiguous: a space after the comma", `Temperature unit, minLength=1`, nil, PeerGoogle,
			`{"type":"string","description":"Temperature unit, minLength=1"}`, true,
			`description=Temperature unit\, minLength=1`},
		{"ambiguous: a padded enum= among padded other keys", `Pick one, enum=a, default=a`, nil, PeerGoogle,
			`{"type":"string","description":"Pick one, enum=a, default=a"}`, true,
			`description=Pick one\, enum=a\, default=a`},
		{"ambiguous: prose about a default", `The sort order, default=asc`, nil, PeerGoogle,
			`{"type":"string","description":"The sort order, default=asc"}`, true, `description=The sort order\, default=asc`},
		{"ambiguous: text after a keyword", `Temperature unit,enum=c,in lower case`, nil, PeerGoogle,
			`{"type":"string","description":"Temperature unit,enum=c,in lower case"}`, true, `description=Temperature unit\,enum=c\,in lower case`},
		{"ambiguous: invopop's word first", `required, enum=a`, nil, PeerGoogle,
			`{"type":"string","description":"required, enum=a"}`, true, `description=required\, enum=a`},
		{"invopop: a word first is not text", `required,enum=a`, nil, PeerInvopop,
			`{"type":"string","enum":["a"]}`, true, ""},
		{"invopop: a description first is not text", `description=x,enum=a`, nil, PeerInvopop,
			`{"type":"string","description":"x","enum":["a"]}`, true, ""},
		{"ambiguous: a bare word padded", `The name, required`, nil, PeerGoogle,
			`{"type":"string","description":"The name, required"}`, true, `description=The name\, required`},
		{"ambiguous: no text before the keywords", ` ,enum=a`, nil, PeerGoogle,
			`{"type":"string","description":" ,enum=a"}`, true, `description= \,enum=a`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := JSONSchemaForm(tt.tag); got != tt.form {
				t.Errorf("JSONSchemaForm = %d, want %d", got, tt.form)
			}
			ft := tt.typ
			if ft == nil {
				ft = tString
			}
			typ := strct(field("A", ft, `json:"a" jsonschema:"`+strings.ReplaceAll(tt.tag, `\`, `\\`)+`"`))
			got, err := NewBuilder().Input(typ)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			req := ""
			if tt.required {
				req = `"a"`
			}
			if want := obj(`"a":`+tt.prop, req); string(got) != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			schematest.Check(t, got)
			ws := TagWarnings(typ, ReadMode{})
			switch {
			case tt.fixed == "" && len(ws) > 0:
				t.Errorf("warnings %v, want none", ws)
			case tt.fixed != "" && len(ws) != 1:
				t.Fatalf("warnings %v, want one", ws)
			case tt.fixed != "":
				w := ws[0]
				if w.Error() != ambiguous || w.Field != &typ.Fields[0] || w.Tag != "jsonschema" || w.Fix.Value != tt.fixed {
					t.Errorf("warning %q (field %v, tag %q, fix %q)\nwant    %q (fix %q)", w, w.Field, w.Tag, w.Fix.Value, ambiguous, tt.fixed)
				}
				// The fixed tag reads the same, with no warning.
				fixedTyp := strct(field("A", ft, `json:"a" jsonschema:"`+strings.ReplaceAll(tt.fixed, `\`, `\\`)+`"`))
				again, err := NewBuilder().Input(fixedTyp)
				if err != nil || string(again) != string(got) || len(TagWarnings(fixedTyp, ReadMode{})) > 0 {
					t.Errorf("fixed: %s, %v, warnings %v; want %s", again, err, TagWarnings(fixedTyp, ReadMode{}), got)
				}
			}
		})
	}
}

// TestMixedTagsRefused checks that a part after the text of mcp-go's form
// that the contract cannot follow is reported, as in invopop's form.
func TestMixedTagsRefused(t *testing.T) {
	tests := []struct {
		name string
		typ  *Type
		want string
	}{
		{"a key the contract does not write", strct(field("A", tString, `json:"a" jsonschema:"The name,title=Name"`)),
			"OLT020: a: tag jsonschema: title is not a keyword the contract writes (models read the description); put the text in the description"},
		{"- after the text hides nothing", strct(field("A", tString, `json:"a" jsonschema:"The name,-"`)),
			`OLT020: a: tag jsonschema: - hides a field only as the tag's first part (invopop/jsonschema reads it nowhere else); write jsonschema:"-" alone`},
		{"a second description", strct(field("A", tString, `json:"a" jsonschema:"The name,description=Another"`)),
			"OLT020: a: tag jsonschema: description is given twice; invopop/jsonschema would keep one of them without a word"},
		{"an enum on an array", strct(field("L", slice(tString), `json:"l" jsonschema:"Labels,enum=red,enum=blue"`)),
			"OLT020: l: tag jsonschema: invopop/jsonschema applies enum to the items of an array; the contract has no tag for an array's items: give the items a type that says it (an enum type, a struct)"},
		{"the text against jsonschema_description", strct(field("A", tString, `json:"a" jsonschema_description:"One." jsonschema:"Two.,enum=x"`)),
			`OLT021: a: tag jsonschema: gives description "Two.", and the jsonschema_description tag gives it "One."; keep one`},
		{"a value that does not fit", strct(field("N", tInt8, `json:"n" jsonschema:"Count,minimum=x"`)),
			`OLT012: n: tag jsonschema (minimum): "x" is not an integer`},
		{"text after the keywords of a one-word text", strct(field("A", tString, `json:"a" jsonschema:"Unit,enum=c,in lower case"`)),
			`OLT020: a: tag jsonschema: "Unit" is not a part invopop/jsonschema reads (it compares bare words exactly: required, nullable, -); escape a comma in a value as \,` + "\n" +
				`OLT020: a: tag jsonschema: "in lower case" is not a part invopop/jsonschema reads (it compares bare words exactly: required, nullable, -); escape a comma in a value as \,`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Input(tt.typ)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Input = %s, %v\nwant %s", got, err, tt.want)
			}
		})
	}
	// invopop's required part after the text counts as invopop's for the
	// read mode, as the part does in invopop's form.
	if !PeerRequired(`json:"a" jsonschema:"The name,required"`) || PeerRequired(`json:"a" jsonschema:"The name, required"`) {
		t.Error("PeerRequired: want true for the mixed form, false for the ambiguous one")
	}
}

// TestMixedRequired checks invopop's required part after the text of
// mcp-go's form: mark3labs/mcp-go reads it as text of the description and
// requires every property without omitempty, the contract reads it as
// invopop's required part, whose convention makes the other properties
// optional. The schema stays as the contract reads it; TagWarnings says
// so where the convention makes a property optional that would be
// required without it, and the fix (the part dropped, required:"true"
// added) makes the schema list what mcp-go's lists.
func TestMixedRequired(t *testing.T) {
	const msg = "tag jsonschema: google/jsonschema-go (the go-sdk's mcp.AddTool) and mark3labs/mcp-go read the required part as description text, and require every property without omitempty; " +
		"the contract reads it as invopop/jsonschema's required part, by whose convention the object's properties without it are optional, so %s optional here: %s. " +
		"Drop the part and tag the field required:\"true\" to keep their required list"
	base := &Type{Kind: Struct, PkgPath: "p", Name: "Base", Fields: []Field{
		field("Country", tString, `json:"country"`),
		field("Zip", tString, `json:"zip,omitempty"`),
	}}
	type warning struct {
		field    int    // the field warned about
		optional string // the properties made optional, as the message lists them
		count    string // "1 property they require is", ...
		fixed    string // the fix's jsonschema value, "" for no fix
	}
	tests := []struct {
		name string
		typ  *Type
		mode ReadMode
		want []warning
		// mcpgo is mcp-go's required list: the schema's once the fixes
		// are applied.
		mcpgo string
	}{
		{"a sibling without omitempty", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required"`),
			field("Country", tString, `json:"country"`)),
			ReadMode{}, []warning{{0, `"country"`, "1 property they require is", "City name"}}, `"city","country"`},
		{"siblings optional anyway", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required"`),
			field("Unit", tString, `json:"unit,omitempty"`),
			field("Days", tInt8, `json:"days" default:"3"`),
			field("Note", tString, `json:"note" required:"false"`),
			field("Zone", tString, `json:"zone" jsonschema:"-"`)),
			ReadMode{}, nil, ""},
		{"a sibling required by its tag", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required"`),
			field("Country", tString, `json:"country" required:"true"`)),
			ReadMode{}, nil, ""},
		{"the read mode RequiredFromTags", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required"`),
			field("Country", tString, `json:"country"`)),
			ReadMode{RequiredFromTags: true}, nil, ""},
		{"the other parts are kept", strct(
			field("Unit", tString, `json:"unit" jsonschema:"Temperature unit,required,enum=c,enum=f"`),
			field("City", tString, `json:"city" jsonschema:"City name"`),
			field("Days", tInt8, `json:"days"`)),
			ReadMode{}, []warning{{0, `"city", "days"`, "2 properties they require are", "Temperature unit,enum=c,enum=f"}}, `"unit","city","days"`},
		{"two fields with the part", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required"`),
			field("Unit", tString, `json:"unit" jsonschema:"Unit,required,enum=c,enum=f,"`),
			field("Country", tString, `json:"country"`)),
			ReadMode{}, []warning{{0, `"country"`, "1 property they require is", "City name"}, {1, `"country"`, "1 property they require is", "Unit,enum=c,enum=f"}},
			`"city","unit","country"`},
		{"a promoted sibling", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required"`),
			embed(base, "")),
			ReadMode{}, []warning{{0, `"country"`, "1 property they require is", "City name"}}, `"city","country"`},
		{"the field tagged required:true too", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required" required:"true"`),
			field("Country", tString, `json:"country"`)),
			ReadMode{}, []warning{{0, `"country"`, "1 property they require is", "City name"}}, `"city","country"`},
		{"invopop's form in the object says its convention", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required"`),
			field("Zone", tString, `json:"zone" jsonschema:"required,description=Time zone"`),
			field("Country", tString, `json:"country"`)),
			ReadMode{}, nil, ""},
		{"many siblings", strct(
			field("City", tString, `json:"city" jsonschema:"City name,required"`),
			field("A", tString, `json:"a"`), field("B", tString, `json:"b"`), field("C", tString, `json:"c"`),
			field("D", tString, `json:"d"`), field("E", tString, `json:"e"`), field("F", tString, `json:"f"`),
			field("G", tString, `json:"g"`)),
			ReadMode{}, []warning{{0, `"a", "b", "c", "d", "e" and 2 more`, "7 properties they require are", "City name"}},
			`"city","a","b","c","d","e","f","g"`},
		{"no fix where the tag would read otherwise without the part", strct(
			field("R", tString, `json:"r" jsonschema:"Ratio,e.g.a=b,required"`),
			field("Country", tString, `json:"country"`)),
			ReadMode{}, []warning{{0, `"country"`, "1 property they require is", ""}}, ""},
		{"mcp-go's form with a space is ambiguous, not the part", strct(
			field("City", tString, `json:"city" jsonschema:"City name, required"`),
			field("Country", tString, `json:"country"`)),
			ReadMode{}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBuilder()
			b.ReadMode = tt.mode
			if _, err := b.Input(tt.typ); err != nil {
				t.Fatalf("refused: %v", err)
			}
			var ws []*Error
			for _, w := range TagWarnings(tt.typ, tt.mode) {
				if !strings.Contains(w.Msg, "read the required part as description text") {
					continue // the ambiguous tag's own warning
				}
				ws = append(ws, w)
			}
			if len(ws) != len(tt.want) {
				t.Fatalf("warnings %v, want %d", ws, len(tt.want))
			}
			fixed := *tt.typ
			fixed.Fields = slices.Clone(tt.typ.Fields)
			for i, w := range ws {
				want := tt.want[i]
				f := &tt.typ.Fields[want.field]
				wantMsg := fmt.Sprintf(msg, want.count, want.optional)
				if w.ID != OLT020 || w.Msg != wantMsg || w.Field != f || w.Tag != "jsonschema" || w.Fix.Value != want.fixed || w.Fix.AddRequired != (want.fixed != "") {
					t.Errorf("warning %s (field %v, tag %q, fix %+v)\nwant    %s (fix %q)", w.Msg, w.Field, w.Tag, w.Fix, wantMsg, want.fixed)
				}
				fixed.Fields[want.field].Tag = applyTagFix(t, f.Tag, w)
			}
			if tt.mcpgo == "" {
				return
			}
			// The fixed type's schema lists what mcp-go's does, with no
			// warning left.
			got, err := b.Input(&fixed)
			if err != nil {
				t.Fatalf("fixed: %v", err)
			}
			var s struct{ Required []string }
			if err := json.Unmarshal(got, &s); err != nil {
				t.Fatal(err)
			}
			if list, _ := json.Marshal(s.Required); string(list) != "["+tt.mcpgo+"]" {
				t.Errorf("fixed: required %s, want mcp-go's [%s]; schema %s", list, tt.mcpgo, got)
			}
			if ws := TagWarnings(&fixed, tt.mode); len(ws) > 0 {
				t.Errorf("fixed: warnings %v", ws)
			}
		})
	}
}

// applyTagFix applies a warning's fix to a struct tag as a front end
// does: the tag's new value, and required:"true" added when asked for and
// absent.
func applyTagFix(t *testing.T, tag string, w *Error) string {
	t.Helper()
	pairs, err := ParseStructTag(tag)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	has := false
	for _, p := range pairs {
		v := p.Value
		if p.Key == w.Tag && w.Fix.Value != "" {
			v = w.Fix.Value
		}
		has = has || p.Key == "required"
		out = append(out, p.Key+":"+strconv.Quote(v))
	}
	if w.Fix.AddRequired && !has {
		out = append(out, `required:"true"`)
	}
	return strings.Join(out, " ")
}
