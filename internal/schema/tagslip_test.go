package schema

import (
	"strings"
	"testing"
)

// TestTagSlips checks that a tag key a letter or two off a schema tag's
// (descripton, Description, minimun, enun) is reported, where it would be ignored
// and the schema would lack what it meant, and that the keys of other
// libraries (form, env, yaml, example, header, path, swaggo/swag's enums)
// are left alone.
func TestTagSlips(t *testing.T) {
	tests := []struct {
		tag  string
		want string // "" when the tag is taken
	}{
		{`json:"a" descripton:"The a."`, `OLT012: a: tag descripton: is no tag the schema reads, so it would be ignored; did you mean description?`},
		{`json:"a" Description:"The a."`, `OLT012: a: tag Description: is no tag the schema reads, so it would be ignored; did you mean description?`},
		{`json:"a" maxlength:"3"`, `OLT012: a: tag maxlength: is no tag the schema reads, so it would be ignored; did you mean maxLength?`},
		{`json:"a" paterrn:"^a"`, `OLT012: a: tag paterrn: is no tag the schema reads, so it would be ignored; did you mean pattern?`},
		{`json:"a" enun:"x,y"`, `OLT012: a: tag enun: is no tag the schema reads, so it would be ignored; did you mean enum?`},
		{`json:"a" jsonchema:"The a."`, `OLT012: a: tag jsonchema: is no tag the schema reads, so it would be ignored; did you mean jsonschema?`},
		{`json:"a" requried:"true"`, `OLT012: a: tag requried: is no tag the schema reads, so it would be ignored; did you mean required?`},
		{`json:"a" description:"The a." defualt:"x"`, `OLT012: a: tag defualt: is no tag the schema reads, so it would be ignored; did you mean default?`},
		{`json:"a" form:"a" env:"A" yaml:"a" db:"a" xml:"a" toml:"a" bson:"a"`, ""},
		{`json:"a" example:"x" header:"X-A" path:"a" query:"a" validate:"required" binding:"required" doc:"The a."`, ""},
		// swaggo/swag's own keys, enums among them: a struct shared with a
		// swag-documented HTTP API is correct code.
		{`json:"a" enums:"x,y" example:"x" swaggertype:"string" format:"uuid"`, ""},
		{`json:"a" mapstructure:"a" gorm:"column:a" protobuf:"bytes,1" msgpack:"a" dynamodbav:"a" url:"a" schema:"a"`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			_, err := NewBuilder().Input(strct(field("A", tString, tt.tag)))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("errors %q, want %q", got, tt.want)
			}
			if tt.want == "" {
				return
			}
			key, _, _ := strings.Cut(strings.TrimPrefix(tt.want, "OLT012: a: tag "), ":")
			if es, _ := err.(Errors); len(es) != 1 || es[0].Tag != key {
				t.Errorf("the error's tag is not the key at fault, %s: %+v", key, es)
			}
		})
	}
}

// TestEditDistance checks the distance on a table (the swap of two
// neighbours is one edit), both ways round, and that texts as short as
// tag keys and tool names are compared without allocating.
func TestEditDistance(t *testing.T) {
	long := strings.Repeat("ab", 40)
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "abc", 0},
		{"requried", "required", 1},
		{"defualt", "default", 1},
		{"omitemtpy", "omitempty", 1},
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // optimal string alignment: no edit of a swapped pair
		{"minlenght", "minLength", 2},
		{long, long[1:] + "a", 2},
		{long, long, 0},
		{long + "x", long, 1},
	} {
		if got := EditDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := EditDistance(tt.b, tt.a); got != tt.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { EditDistance("mapstructure", "minProperties") }); n != 0 {
		t.Errorf("EditDistance of two tag keys: %v allocations, want 0", n)
	}
}
