package peers

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	googleschema "github.com/google/jsonschema-go/jsonschema"
	invopop "github.com/invopop/jsonschema"

	"github.com/toolschema/toolschema/internal/corpus"
	"github.com/toolschema/toolschema/internal/corpus/fromtags"
	"github.com/toolschema/toolschema/internal/corpus/upstream"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestPeerSchemas compares toolschema's schema of the parity corpus's
// peer-tagged types (internal/corpus/peers.go) with the schema the library
// each type was written for makes of it. Every description, enum value,
// default and required-ness the peer writes must be in ours; every other
// difference must be of a class docs/contract.md lists ("The peers'
// schemas, compared"), with the encoding/json behaviour that makes ours
// right.
func TestPeerSchemas(t *testing.T) {
	google := func(typ reflect.Type) ([]byte, error) {
		s, err := googleschema.ForType(typ, nil)
		if err != nil {
			return nil, err
		}
		return json.Marshal(s)
	}
	invopopWith := func(explicit bool) func(reflect.Type) ([]byte, error) {
		return func(typ reflect.Type) ([]byte, error) {
			r := &invopop.Reflector{DoNotReference: true, ExpandedStruct: true, RequiredFromJSONSchemaTags: explicit}
			return json.Marshal(r.ReflectFromType(typ))
		}
	}
	tests := []struct {
		peer string
		typ  reflect.Type
		make func(reflect.Type) ([]byte, error)
	}{
		{"google", reflect.TypeFor[corpus.RenameSymbolParams](), google},
		{"google", reflect.TypeFor[upstream.Range](), google},
		{"google", reflect.TypeFor[corpus.PanelPatch](), google},
		{"invopop", reflect.TypeFor[corpus.IncidentQuery](), invopopWith(true)},
		{"invopop", reflect.TypeFor[upstream.Paging](), invopopWith(true)},
		{"invopop", reflect.TypeFor[corpus.IncidentSummary](), invopopWith(false)},
		{"invopop", reflect.TypeFor[corpus.HTTPCheck](), invopopWith(false)},
		{"invopop", reflect.TypeFor[corpus.HTTPExpectation](), invopopWith(false)},
		// Real tools' shapes: descriptions with unescaped commas, and a
		// field hidden from the model.
		{"invopop", reflect.TypeFor[corpus.WeatherQuery](), invopopWith(false)},
		{"invopop", reflect.TypeFor[corpus.QuoteQuery](), invopopWith(false)},
		{"invopop", reflect.TypeFor[corpus.StockQuote](), invopopWith(false)},
		{"invopop", reflect.TypeFor[corpus.Conversion](), invopopWith(false)},
		{"invopop", reflect.TypeFor[corpus.RecipeRequest](), invopopWith(false)},
		{"invopop", reflect.TypeFor[corpus.TaskAction](), invopopWith(false)},
		// A project that reads its types with RequiredFromJSONSchemaTags,
		// and toolschema's reflection with the same mode.
		{"invopop", reflect.TypeFor[fromtags.TeamQuery](), invopopWith(true)},
		{"invopop", reflect.TypeFor[fromtags.IncidentFilter](), invopopWith(true)},
		{"invopop", reflect.TypeFor[fromtags.NewIncident](), invopopWith(true)},
		{"invopop", reflect.TypeFor[fromtags.LabelNamesQuery](), invopopWith(true)},
		{"invopop", reflect.TypeFor[fromtags.DeeplinkRequest](), invopopWith(true)},
		{"invopop", reflect.TypeFor[fromtags.TimeArgs](), invopopWith(true)},
		{"invopop", reflect.TypeFor[fromtags.HelloArgs](), invopopWith(true)},
	}
	classes := map[string]int{}
	for _, tt := range tests {
		t.Run(tt.peer+"/"+tt.typ.Name(), func(t *testing.T) {
			theirs, err := tt.make(tt.typ)
			if err != nil {
				t.Fatalf("%s: %v", tt.peer, err)
			}
			fn := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{tt.typ}, []reflect.Type{reflect.TypeFor[error]()}, false),
				func([]reflect.Value) []reflect.Value { panic("not called") })
			opts := []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Name: "peer"})}
			if tt.typ.PkgPath() == reflect.TypeFor[fromtags.TeamQuery]().PkgPath() {
				opts = append(opts, reflectimpl.RequiredFromTags())
			}
			tl, err := reflectimpl.Create(fn.Interface(), opts...)
			if err != nil {
				t.Fatal(err)
			}
			var ours, peer map[string]any
			if err := json.Unmarshal(tl.InputSchema, &ours); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(theirs, &peer); err != nil {
				t.Fatal(err)
			}
			c := &comparison{t: t, classes: classes}
			c.node("", ours, peer)
			if t.Failed() {
				t.Logf("ours  %s\npeer  %s", tl.InputSchema, theirs)
			}
		})
	}
	for _, k := range []string{"description", "enum", "default", "required"} {
		if classes["compared: "+k] == 0 {
			t.Errorf("no %s of a peer was compared", k)
		}
	}
	if classes[diffComma] == 0 {
		t.Error("no description with an unescaped comma was compared")
	}
	var names []string
	for k := range classes {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t.Logf("%4d %s", classes[k], k)
	}
}

// The classes of differences docs/contract.md lists, each with the
// encoding/json behaviour that makes ours right.
const (
	diffNull    = "ours allows null where encoding/json writes null (nil slice, map or pointer)"
	diffRange   = "ours writes the range of the Go integer type"
	diffMeta    = "the peer writes $schema or $id at the root; ours is a fragment, inline"
	diffDefault = "a property with a default is optional in ours: the invoker fills the default in when it is absent"
	diffComma   = "the peer ends a description at an unescaped comma; ours is the author's whole text"
)

// comparison walks our schema and a peer's together.
type comparison struct {
	t       *testing.T
	classes map[string]int
}

func (c *comparison) diff(path, class string) {
	c.classes[class]++
}

func (c *comparison) fail(path, format string, args ...any) {
	c.t.Helper()
	c.t.Errorf("%s: %s", cmpPath(path), fmt.Sprintf(format, args...))
}

func cmpPath(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

// node compares one schema of ours with the peer's at path.
func (c *comparison) node(path string, ours, peer map[string]any) {
	c.t.Helper()
	// What the peer says must be in ours.
	for _, k := range []string{"description", "enum", "default", "required"} {
		if _, ok := peer[k]; ok {
			c.classes["compared: "+k]++
		}
	}
	if d, ok := peer["description"]; ok && ours["description"] != d {
		o, _ := ours["description"].(string)
		p, _ := d.(string)
		if strings.HasPrefix(o, p+",") {
			c.diff(path, diffComma)
		} else {
			c.fail(path, "description: ours %q, the peer's %q", ours["description"], d)
		}
	}
	if e, ok := peer["enum"]; ok {
		if !slices.Equal(strs(ours["enum"]), strs(e)) {
			c.fail(path, "enum: ours %v, the peer's %v", ours["enum"], e)
		}
	}
	if d, ok := peer["default"]; ok && fmt.Sprint(ours["default"]) != fmt.Sprint(d) {
		c.fail(path, "default: ours %v, the peer's %v", ours["default"], d)
	}
	if _, ok := peer["properties"]; ok {
		// A property the peer requires and ours does not is a listed
		// difference only when ours has a default for it.
		props, _ := ours["properties"].(map[string]any)
		var r []string
		for _, name := range strs(peer["required"]) {
			if p, _ := props[name].(map[string]any); p != nil && p["default"] != nil && !slices.Contains(strs(ours["required"]), name) {
				c.diff(path, diffDefault)
				continue
			}
			r = append(r, name)
		}
		if !slices.Equal(strs(ours["required"]), r) {
			c.fail(path, "required: ours %v, the peer's %v", ours["required"], peer["required"])
		}
	}
	// Every other keyword: the same, or a listed difference.
	keys := map[string]bool{}
	for k := range ours {
		keys[k] = true
	}
	for k := range peer {
		keys[k] = true
	}
	for k := range keys {
		o, p := ours[k], peer[k]
		switch k {
		case "description", "enum", "default", "required":
			continue
		case "properties":
			op, _ := o.(map[string]any)
			pp, _ := p.(map[string]any)
			for name, ps := range pp {
				os, ok := op[name].(map[string]any)
				if !ok {
					c.fail(path, "property %q is the peer's, not ours", name)
					continue
				}
				c.node(join(path, name), os, ps.(map[string]any))
			}
			for name := range op {
				if _, ok := pp[name]; !ok {
					c.fail(path, "property %q is ours, not the peer's", name)
				}
			}
			continue
		case "items", "additionalProperties":
			om, ok1 := o.(map[string]any)
			pm, ok2 := p.(map[string]any)
			if ok1 && ok2 {
				c.node(path+map[string]string{"items": "[]", "additionalProperties": "{}"}[k], om, pm)
				continue
			}
		case "type":
			if sameTypes(o, p) {
				continue
			}
			ot, pt := types(o), types(p)
			if slices.Contains(ot, "null") && !slices.Contains(pt, "null") && slices.Equal(without(ot, "null"), pt) {
				c.diff(path, diffNull)
				continue
			}
		case "minimum", "maximum":
			if p == nil && ours["type"] == "integer" || p == nil && slices.Contains(types(ours["type"]), "integer") {
				c.diff(path, diffRange)
				continue
			}
		case "$schema", "$id":
			if path == "" && o == nil {
				c.diff(path, diffMeta)
				continue
			}
		}
		if fmt.Sprint(o) != fmt.Sprint(p) {
			c.fail(path, "%s: ours %v, the peer's %v: a difference docs/contract.md does not list", k, o, p)
		}
	}
}

func join(p, name string) string {
	if p == "" {
		return name
	}
	return p + "." + name
}

func strs(v any) []string {
	a, _ := v.([]any)
	var out []string
	for _, x := range a {
		if x != nil {
			out = append(out, fmt.Sprint(x))
		}
	}
	return out
}

// types returns the type keyword as a sorted list.
func types(v any) []string {
	var out []string
	switch v := v.(type) {
	case string:
		out = []string{v}
	case []any:
		for _, x := range v {
			out = append(out, fmt.Sprint(x))
		}
	}
	sort.Strings(out)
	return out
}

func sameTypes(a, b any) bool { return strings.Join(types(a), ",") == strings.Join(types(b), ",") }

func without(s []string, x string) []string {
	var out []string
	for _, v := range s {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}
