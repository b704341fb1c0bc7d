// Package docs checks the code and JSON the docs show against the code
// that compiles and runs here, so that a doc cannot drift from what the
// library does. Its only files are tests.
package docs

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// documents returns the documents whose marked blocks are checked, from
// the module's root: the README and every doc here.
func documents() ([]string, error) {
	docs, err := filepath.Glob("*.md")
	if err != nil {
		return nil, err
	}
	out := []string{"README.md"}
	for _, d := range docs {
		out = append(out, "docs/"+d)
	}
	return out, nil
}

// The one file examples come from, from the module's root.
const examplesFile = "docs/examples_test.go"

// outputs computes what each example gives, by the name a doc's
// "<!-- output docs/examples_test.go#NAME -->" marker uses.
var outputs = map[string]func() (string, error){
	// The input schema of a tool taking an Order (contract.md, Objects).
	"order": func() (string, error) { return inputSchema(func(Order) error { return nil }) },
	// The input schema of a tool taking a Search (contract.md, Annotations).
	"search": func() (string, error) { return inputSchema(func(Search) error { return nil }) },
	// The refusal of a tool taking a Refused (contract.md, Refusals).
	"refusals": func() (string, error) {
		_, err := reflectimpl.Create(func(Refused) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "x"}))
		if err == nil {
			return "", fmt.Errorf("Refused was not refused")
		}
		return err.Error(), nil
	},
	// What the README's example prints: the call's code and text, each
	// line a comment of the example's main.
	"docket-invoke": func() (string, error) {
		t, err := docketTool()
		if err != nil {
			return "", err
		}
		r, err := t.Invoke(context.Background(), json.RawMessage(`{"court":"NYSD","limit":500}`))
		if err != nil {
			return "", err
		}
		var b strings.Builder
		for line := range strings.Lines(fmt.Sprintln(r.Code, r.Text())) {
			b.WriteString("\t// " + line)
		}
		return b.String(), nil
	},
	// The README example's tool as OpenAI's Responses API takes it
	// (contract.md, The Responses API shape).
	"docket-responses": func() (string, error) {
		t, err := docketTool()
		if err != nil {
			return "", err
		}
		def, err := provider.OpenAIResponses(t)
		return string(def), err
	},
	// The envelope of GetOrder's business error (contract.md, The
	// model-visible envelope).
	"envelope": func() (string, error) {
		t, err := reflectimpl.Create(GetOrder, reflectimpl.Meta(tool.Meta{
			ReadOnly:   true,
			ErrorCodes: []string{"ORDER_NOT_FOUND", "RATE_LIMITED"},
		}))
		if err != nil {
			return "", err
		}
		r, err := t.Invoke(context.Background(), json.RawMessage(`{"ref":"A-9"}`))
		if err != nil {
			return "", err
		}
		return string(r.Envelope()), nil
	},
}

// inputSchema returns the input schema of fn's tool, once the schema is
// found a valid JSON Schema 2020-12.
func inputSchema(fn any) (string, error) {
	t, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{Name: "x"}))
	if err != nil {
		return "", err
	}
	if _, err := schematest.Compile(t.InputSchema); err != nil {
		return "", err
	}
	return string(t.InputSchema), nil
}

// A block is one fenced block of a document with the markers on the lines
// just before its opening fence.
type block struct {
	doc     string
	line    int // of the opening fence
	lang    string
	text    string // without the fences, ending in a newline
	markers []marker
}

type marker struct {
	kind    string // "source" or "output"
	file    string
	name    string
	excerpt bool // the block holds the example among other lines
}

var markerRE = regexp.MustCompile(`^<!-- (source|output) ([^ #]+)#([a-z0-9-]+)( \(excerpt\))? -->$`)

// markedBlocks returns the blocks of the document at path that have
// markers; a marker not followed by a fence, or a line that looks like a
// marker and does not parse, is an error.
func markedBlocks(path string) ([]block, error) {
	data, err := os.ReadFile(filepath.Join("..", path))
	if err != nil {
		return nil, err
	}
	var (
		blocks  []block
		pending []marker
		cur     *block
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		case strings.HasPrefix(line, "<!-- source ") || strings.HasPrefix(line, "<!-- output "):
			m := markerRE.FindStringSubmatch(line)
			if m == nil {
				return nil, fmt.Errorf("%s:%d: a marker is <!-- source|output FILE#NAME --> or with \" (excerpt)\" before -->: %s", path, n, line)
			}
			pending = append(pending, marker{kind: m[1], file: m[2], name: m[3], excerpt: m[4] != ""})
		case strings.HasPrefix(line, "```") && len(pending) > 0:
			cur = &block{doc: path, line: n, lang: strings.TrimPrefix(line, "```"), markers: pending}
			pending = nil
		case len(pending) > 0:
			return nil, fmt.Errorf("%s:%d: a marker must be right before a block's opening fence", path, n)
		}
	}
	if cur != nil || len(pending) > 0 {
		return nil, fmt.Errorf("%s: a marked block is not closed", path)
	}
	return blocks, sc.Err()
}

// regions returns the regions of the examples file, by name: the lines
// between "//docs:begin NAME" and "//docs:end", blank lines at the end
// left out, and the indentation of a region inside a function.
func regions() (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join("..", examplesFile))
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	name, text := "", ""
	for line := range strings.Lines(string(data)) {
		switch l := strings.TrimSpace(line); {
		case strings.HasPrefix(l, "//docs:begin "):
			if name != "" {
				return nil, fmt.Errorf("%s: region %s is not ended before %s", examplesFile, name, l)
			}
			name, text = strings.TrimPrefix(l, "//docs:begin "), ""
			if _, dup := out[name]; dup {
				return nil, fmt.Errorf("%s: two regions named %s", examplesFile, name)
			}
		case l == "//docs:end":
			if name == "" {
				return nil, fmt.Errorf("%s: //docs:end without a region", examplesFile)
			}
			out[name] = dedent(strings.TrimRight(text, "\n") + "\n")
			name = ""
		case name != "":
			text += line
		}
	}
	if name != "" {
		return nil, fmt.Errorf("%s: region %s is not ended", examplesFile, name)
	}
	return out, nil
}

// dedent removes from each line of text the leading tabs all its lines
// have, so that a region inside a function reads as the doc shows it.
func dedent(text string) string {
	common := -1
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) == "" {
			continue
		}
		n := len(line) - len(strings.TrimLeft(line, "\t"))
		if common < 0 || n < common {
			common = n
		}
	}
	if common <= 0 {
		return text
	}
	var b strings.Builder
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) == "" {
			b.WriteString(strings.TrimLeft(line, "\t"))
			continue
		}
		b.WriteString(line[common:])
	}
	return b.String()
}

// TestMarkedBlocks checks every marked block of the docs: a source block
// holds its region of the examples file, an output block what the example
// gives (JSON compared without the whitespace between tokens, so that a
// doc may wrap it). Every region and every output is shown somewhere, so
// a marker cannot be dropped unnoticed.
func TestMarkedBlocks(t *testing.T) {
	regs, err := regions()
	if err != nil {
		t.Fatal(err)
	}
	docs, err := documents()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, doc := range docs {
		blocks, err := markedBlocks(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range blocks {
			for _, m := range b.markers {
				where := fmt.Sprintf("%s:%d (%s %s#%s)", b.doc, b.line, m.kind, m.file, m.name)
				if m.file != examplesFile {
					t.Errorf("%s: examples come from %s", where, examplesFile)
					continue
				}
				var want string
				switch m.kind {
				case "source":
					r, ok := regs[m.name]
					if !ok {
						t.Errorf("%s: %s has no region %s", where, examplesFile, m.name)
						continue
					}
					want = r
				case "output":
					f, ok := outputs[m.name]
					if !ok {
						t.Errorf("%s: no output is named %s", where, m.name)
						continue
					}
					if want, err = f(); err != nil {
						t.Errorf("%s: %v", where, err)
						continue
					}
				}
				used[m.kind+" "+m.name] = true
				if !matches(b, m, want) {
					t.Errorf("%s: the block is\n%s\nand must %s\n%s", where, b.text, map[bool]string{false: "be", true: "hold"}[m.excerpt], want)
				}
			}
		}
	}
	for name := range regs {
		if !used["source "+name] {
			t.Errorf("region %s of %s is shown in no doc (no <!-- source %s#%s --> marker)", name, examplesFile, examplesFile, name)
		}
	}
	for name := range outputs {
		if !used["output "+name] {
			t.Errorf("output %s is shown in no doc (no <!-- output %s#%s --> marker)", name, examplesFile, name)
		}
	}
}

func matches(b block, m marker, want string) bool {
	if m.excerpt {
		return strings.Contains(b.text, want)
	}
	if b.lang == "json" {
		var got, exp bytes.Buffer
		return json.Compact(&got, []byte(b.text)) == nil && json.Compact(&exp, []byte(want)) == nil && got.String() == exp.String()
	}
	return b.text == strings.TrimRight(want, "\n")+"\n"
}

// typeCells names the Go types the contract's table of fragments lists,
// as the table spells them; uncheckable lists those this module cannot
// name (it does not depend on their packages).
var (
	typeCells = map[string]reflect.Type{
		"bool":            reflect.TypeFor[bool](),
		"int64":           reflect.TypeFor[int64](),
		"uint64":          reflect.TypeFor[uint64](),
		"float32":         reflect.TypeFor[float32](),
		"float64":         reflect.TypeFor[float64](),
		"string":          reflect.TypeFor[string](),
		"[]byte":          reflect.TypeFor[[]byte](),
		"time.Time":       reflect.TypeFor[time.Time](),
		"time.Duration":   reflect.TypeFor[time.Duration](),
		"json.RawMessage": reflect.TypeFor[json.RawMessage](),
		"any":             reflect.TypeFor[any](),
		"json.Number":     reflect.TypeFor[json.Number](),
		"big.Int":         reflect.TypeFor[big.Int](),
		"big.Float":       reflect.TypeFor[big.Float](),
		"big.Rat":         reflect.TypeFor[big.Rat](),
		"netip.Addr":      reflect.TypeFor[netip.Addr](),
		"net.IP":          reflect.TypeFor[net.IP](),
		"netip.AddrPort":  reflect.TypeFor[netip.AddrPort](),
		"netip.Prefix":    reflect.TypeFor[netip.Prefix](),
	}
	uncheckable = []string{"uuid.UUID"}
)

func init() {
	// The table's rows of int and uint give their 64-bit fragments.
	if strconv.IntSize == 64 {
		typeCells["int"] = reflect.TypeFor[int]()
		typeCells["uint"] = reflect.TypeFor[uint]()
	}
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

// TestTypeTable checks each row of contract.md's table of Go types and
// their fragments whose fragment is a whole JSON value (not a pattern
// such as MIN or T): the fragment is the property a field of each type
// the row names gets.
func TestTypeTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs/contract.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "\n| Go type | Fragment |\n|---|---|\n")
	if !ok {
		t.Fatal("contract.md has no table of Go types and their fragments")
	}
	checked := 0
	for row := range strings.Lines(table) {
		if !strings.HasPrefix(row, "| ") {
			break
		}
		cells := strings.Split(strings.TrimSpace(strings.Trim(strings.TrimSpace(row), "|")), " | ")
		if len(cells) != 2 || !strings.HasPrefix(cells[0], "`") || !strings.HasPrefix(cells[1], "`") {
			continue // a kind of type told in words, or a fragment in words
		}
		frag := codeSpan.FindStringSubmatch(cells[1])[1]
		if !json.Valid([]byte(frag)) {
			continue // a pattern: MAX, T, [values in declaration order]
		}
		for _, m := range codeSpan.FindAllStringSubmatch(strings.SplitN(cells[0], " (", 2)[0], -1) {
			name := m[1]
			typ, ok := typeCells[name]
			if !ok {
				if !slices.Contains(uncheckable, name) && (name != "int" && name != "uint" || strconv.IntSize == 64) {
					t.Errorf("row %q: the test does not know the type %s", strings.TrimSpace(row), name)
				}
				continue
			}
			got, err := fieldFragment(typ)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if got != frag {
				t.Errorf("%s: the table says %s, a field gets %s", name, frag, got)
			}
			checked++
		}
	}
	if checked < len(typeCells) {
		t.Errorf("checked %d types of the table, want at least %d", checked, len(typeCells))
	}
}

// fieldFragment returns the property a struct field of type typ gets in
// a tool's input schema.
func fieldFragment(typ reflect.Type) (string, error) {
	in := reflect.StructOf([]reflect.StructField{{Name: "F", Type: typ, Tag: `json:"f"`}})
	fn := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{in}, []reflect.Type{reflect.TypeFor[error]()}, false),
		func([]reflect.Value) []reflect.Value { return []reflect.Value{reflect.Zero(reflect.TypeFor[error]())} })
	t, err := reflectimpl.Create(fn.Interface(), reflectimpl.Meta(tool.Meta{Name: "x"}))
	if err != nil {
		return "", err
	}
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(t.InputSchema, &s); err != nil {
		return "", err
	}
	return string(s.Properties["f"]), nil
}
