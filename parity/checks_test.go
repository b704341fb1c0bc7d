package parity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/oracle"
	"github.com/toolschema/toolschema/internal/randvalue"
	"github.com/toolschema/toolschema/internal/rawcheck"
	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// TestChecksAgree proves the invoker's typed checks equal a JSON Schema
// validator's: for every tool of the corpus, over arguments made from
// random inputs and from every way of breaking them at every place (each
// value replaced by values of other types, bounds' neighbours, null; each
// member taken out, renamed, given twice), Tool.CheckArgs must give the
// violations internal/oracle gives (jsonschema/v6 validating the arguments
// against the tool's schema bytes, with the contract's extra rules), and
// when there are none, the same decoded input.
func TestChecksAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	// The argument sets are made in one sequence (the same for every
	// run), then checked in parallel parts: under -race the checks are
	// most of the package's time.
	type job struct {
		tl   *tool.Tool
		args string
	}
	var jobs []job
	for _, p := range pairs(t, load(t)) {
		_, refl := fresh(t, p)
		for _, tl := range []*tool.Tool{p.gen, refl} {
			in := inputType(reflect.TypeOf(p.fn))
			seen := map[string]bool{}
			for k := range 4 {
				args := "{}"
				if in != nil {
					v := randvalue.Value(r, in, randvalue.Config{MaxDepth: 3, MaxLen: 3})
					if b, err := json.Marshal(v.Interface()); err == nil && string(b) != "null" {
						args = visible(b, tl.InputSchema)
					}
				}
				sets := []string{args}
				if k == 0 {
					sets = append(sets, mutations(args)...)
				}
				for _, args := range sets {
					if seen[args] {
						continue
					}
					seen[args] = true
					jobs = append(jobs, job{tl, args})
				}
			}
		}
	}
	parts := runtime.GOMAXPROCS(0)
	refusedIn := make([]int, parts)
	t.Run("sets", func(t *testing.T) {
		for i := range parts {
			t.Run(strconv.Itoa(i), func(t *testing.T) {
				t.Parallel()
				for j := i; j < len(jobs); j += parts {
					if len(agree(t, jobs[j].tl, jobs[j].args)) > 0 {
						refusedIn[i]++
					}
				}
			})
		}
	})
	calls, refused := len(jobs), 0
	for _, n := range refusedIn {
		refused += n
	}
	t.Logf("%d argument sets, %d refused", calls, refused)
	if refused < 1000 || calls-refused < 1000 {
		t.Errorf("%d argument sets, %d refused: too few of either kind to prove anything", calls, refused)
	}
}

// FuzzChecksAgree is TestChecksAgree over arbitrary bytes, for every tool
// of the corpus.
func FuzzChecksAgree(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1}`, `{"value":1.5,"from":"km","to":"mi"}`, `{"labels":{"a":"b","a":"c"}}`,
		`{"todos":[{"content":"x","status":"done","priority":null}]}`, `{"count":1e2,"mode":"a"}`, `[`, `null`, `{"x":"\ud800"}`,
		// The hostile-calls cases: a long literal, -0, other white space,
		// a number beyond a float64, repeated items as JSON values.
		`{"count":1.` + strings.Repeat("0", 300) + `}`, `{"count":-0,"value":-0}`, "\v", "\u00a0{}", " \t\r\n",
		`{"value":1e400}`, `{"value":0.` + strings.Repeat("9", 250) + `}`, `{"tags":["a","b","\u0061"]}`,
		`{"items":[{"a":1,"b":2},{"b":2,"a":1.0}]}`} {
		f.Add([]byte(s))
	}
	var tools []*tool.Tool
	for _, p := range pairs(f, load(f)) {
		tools = append(tools, p.gen)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, tl := range tools {
			agree(t, tl, string(data))
		}
	})
}

// agree checks args both ways, reports any difference, and returns the
// typed checks' violations.
func agree(t testing.TB, tl *tool.Tool, args string) []tool.Violation {
	t.Helper()
	gotV, got, err := tl.CheckArgs(context.Background(), json.RawMessage(args))
	if err != nil {
		t.Fatalf("%s(%s): %v", tl.Name, args, err)
	}
	want, wantV := validated(tl, args)
	want = want[:min(len(want), limits.MaxViolations)] // the invoker keeps the most useful
	if w, ok := collapseDeclared(got, want); ok {
		// A type that declares its schema is checked by a validator, with
		// one message for its value: compare the verdicts there, in the
		// order the invoker gives its own.
		want = rawcheck.Sort(w)
	}
	if !slices.EqualFunc(got, want, sameViolation) {
		t.Errorf("%s(%s):\nonly typed checks %q\nonly validator    %q", tl.Name, args, minus(got, want), minus(want, got))
	} else if len(got) == 0 && !sameInput(gotV, wantV) {
		t.Errorf("%s(%s): typed checks decoded %s, the validator's path %s", tl.Name, args, show(gotV), show(wantV))
	}
	return got
}

// collapseDeclared replaces the validator's violations at or under each
// path where the typed checks report a declared schema broken ("schema")
// by that one violation; ok reports there was one.
func collapseDeclared(got, want []tool.Violation) ([]tool.Violation, bool) {
	var paths []tool.Violation
	for _, v := range got {
		if v.Rule == "schema" {
			paths = append(paths, v)
		}
	}
	if len(paths) == 0 {
		return want, false
	}
	out := slices.Clone(want)
	for _, d := range paths {
		under := func(v tool.Violation) bool {
			return v.Path == d.Path || strings.HasPrefix(v.Path, d.Path+".") || strings.HasPrefix(v.Path, d.Path+"[")
		}
		if slices.ContainsFunc(out, under) {
			out = append(slices.DeleteFunc(out, under), d)
		}
	}
	return out, true
}

// sameViolation compares violations; for a value the Go type refused as
// it was decoded, without array indexes, which encoding/json's
// UnmarshalTypeError.Field leaves out of the path the oracle reports.
func sameViolation(a, b tool.Violation) bool {
	if a == b {
		return true
	}
	if b.Message == textRefusedSomewhere {
		a, b = b, a
	}
	if a.Message == textRefusedSomewhere {
		return b.Rule == "format" && b.Path != "" && strings.HasSuffix(b.Message, " reads (a text such as an IP address or a time that does not parse).")
	}
	fit := func(v tool.Violation) bool {
		return strings.HasSuffix(v.Message, "does not fit the tool's type for it.")
	}
	if !fit(a) || !fit(b) || a.Rule != b.Rule {
		return false
	}
	return noIndexes.ReplaceAllString(a.Path, "") == noIndexes.ReplaceAllString(b.Path, "")
}

// textRefusedSomewhere is the oracle's violation for a text a Go type
// refused, where encoding/json does not say which.
const textRefusedSomewhere = "a text a Go type refuses, somewhere"

var noIndexes = regexp.MustCompile(`\[[0-9]+\]`)

// minus returns the violations of a that b lacks.
func minus(a, b []tool.Violation) []tool.Violation {
	var out []tool.Violation
	for _, v := range a {
		if !slices.ContainsFunc(b, func(w tool.Violation) bool { return sameViolation(v, w) }) {
			out = append(out, v)
		}
	}
	return out
}

// validated checks args the way the invoker did before it had typed
// checks: validate with the schema, then decode the completed arguments
// with encoding/json (what the input's types refuse is a violation too).
func validated(tl *tool.Tool, args string) ([]tool.Violation, any) {
	completed, viols := oracle.Arguments(checkedSchema(tl), []byte(args))
	if len(viols) > 0 {
		return viols, nil
	}
	return decodeCompleted(tl, completed)
}

// decodeCompleted decodes arguments the oracle completed into the tool's
// input type with encoding/json, as validated does.
func decodeCompleted(tl *tool.Tool, completed []byte) ([]tool.Violation, any) {
	h, _ := toolimpl.Binding(tl)
	it := h.Input()
	if it == nil {
		return nil, nil
	}
	p := reflect.New(it)
	if err := json.Unmarshal(completed, p.Interface()); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return []tool.Violation{{Path: te.Field, Rule: "type", Message: fmt.Sprintf("Argument '%s' does not fit the tool's type for it.", te.Field)}}, nil
		}
		// encoding/json does not say where: sameViolation takes the
		// typed checks' refusal of a text at any path for it.
		return []tool.Violation{{Rule: "format", Message: textRefusedSomewhere}}, nil
	}
	// The fields hidden from the model are in no schema: the invoker
	// gives them their defaults (schema.Check.Hidden).
	if c, err := schema.NewBuilder().Checks(reflecttype.New(32).Describe(it)); err == nil {
		fillHidden(p.Elem(), c)
	}
	return nil, p.Interface()
}

// visible returns args, a value of a tool's input type as encoding/json
// writes it, without the members the input schema lacks at any depth: the
// fields hidden from the model (jsonschema:"-"), which a call cannot name.
// For every other type it is args as they are, byte for byte.
func visible(args []byte, inputSchema []byte) string {
	var v, s any
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	if d.Decode(&v) != nil || json.Unmarshal(inputSchema, &s) != nil || !dropHidden(v, s) {
		return string(args)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return string(args)
	}
	return string(b)
}

// dropHidden deletes from v, a JSON value, the members its schema s lacks
// where s is a closed object, at every depth, and reports whether there
// were any.
func dropHidden(v, s any) bool {
	sm, _ := s.(map[string]any)
	dropped := false
	switch v := v.(type) {
	case map[string]any:
		props, ok := sm["properties"].(map[string]any)
		if !ok {
			if addl, ok := sm["additionalProperties"].(map[string]any); ok {
				for _, e := range v {
					dropped = dropHidden(e, addl) || dropped
				}
			}
			return dropped
		}
		for k, e := range v {
			ps, ok := props[k]
			if !ok && sm["additionalProperties"] == false {
				delete(v, k)
				dropped = true
				continue
			}
			dropped = dropHidden(e, ps) || dropped
		}
	case []any:
		for _, e := range v {
			dropped = dropHidden(e, sm["items"]) || dropped
		}
	}
	return dropped
}

// fillHidden gives the fields hidden from the model that have a default
// their default, in v, a value of the type c checks, at every depth.
func fillHidden(v reflect.Value, c *schema.Check) {
	if c == nil {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			fillHidden(v.Elem(), c) // a pointer's check is its element's
		}
	case reflect.Struct:
		for _, pc := range c.Props {
			if f, err := v.FieldByIndexErr(pc.Index); err == nil {
				fillHidden(f, pc.Check)
			}
		}
		for _, h := range c.Hidden {
			if f, err := v.FieldByIndexErr(h.Index); err == nil && f.CanAddr() {
				json.Unmarshal(h.Check.Default, f.Addr().Interface())
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			fillHidden(v.Index(i), c.Items)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			fillHidden(e, c.Values)
			v.SetMapIndex(k, e)
		}
	}
}

// sameInput compares decoded inputs as encoding/json writes them.
func sameInput(a, b any) bool {
	return reflect.TypeOf(a) == reflect.TypeOf(b) && show(a) == show(b)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(b)
}

// mutations returns args broken in every way at every place: each value
// (the members of objects and the elements of arrays, at any depth)
// replaced by each of the replacements, each member taken out, renamed
// with another case, given twice, and an unknown member added.
func mutations(args string) []string {
	var root any
	dec := json.NewDecoder(strings.NewReader(args))
	dec.UseNumber()
	if dec.Decode(&root) != nil {
		return nil
	}
	replacements := []string{`null`, `true`, `"x"`, `""`, `0`, `-1`, `1.5`, `1.0`, `1e2`, `-0`, `0.3`, `5`, `18446744073709551616`,
		`-9223372036854775809`, `1e308`, `1e309`, `[]`, `{}`, `["x","x"]`, `[1,1]`, `"2024-01-01T10:00:00Z"`, `"2024-01-01t10:00:00z"`,
		`"not a date"`, `"::1"`, `"a@b.co"`, `"` + strings.Repeat("y", 300) + `"`, `"\u00e9\ud800"`}
	var out []string
	var walk func(v any, rebuild func(json.RawMessage) string)
	walk = func(v any, rebuild func(json.RawMessage) string) {
		for _, rep := range replacements {
			out = append(out, rebuild(json.RawMessage(rep)))
		}
		switch v := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			members := func(skip string, extra ...string) string {
				var b bytes.Buffer
				b.WriteByte('{')
				for _, k := range keys {
					if k == skip {
						continue
					}
					if b.Len() > 1 {
						b.WriteByte(',')
					}
					kb, _ := json.Marshal(k)
					vb, _ := json.Marshal(v[k])
					b.Write(kb)
					b.WriteByte(':')
					b.Write(vb)
				}
				for _, e := range extra {
					if b.Len() > 1 {
						b.WriteByte(',')
					}
					b.WriteString(e)
				}
				b.WriteByte('}')
				return b.String()
			}
			out = append(out, rebuild(json.RawMessage(members("", `"no_such":1`))))
			for _, k := range keys {
				kb, _ := json.Marshal(k)
				vb, _ := json.Marshal(v[k])
				ub, _ := json.Marshal(strings.ToUpper(k[:min(1, len(k))]) + k[min(1, len(k)):])
				out = append(out,
					rebuild(json.RawMessage(members(k))),
					rebuild(json.RawMessage(members(k, string(ub)+":"+string(vb)))),
					rebuild(json.RawMessage(members("", string(kb)+":"+string(vb)))))
				walk(v[k], func(rep json.RawMessage) string {
					return rebuild(json.RawMessage(members(k, string(kb)+":"+string(rep))))
				})
			}
		case []any:
			for i := range v {
				walk(v[i], func(rep json.RawMessage) string {
					parts := make([]string, len(v))
					for j := range v {
						b, _ := json.Marshal(v[j])
						parts[j] = string(b)
					}
					parts[i] = string(rep)
					return rebuild(json.RawMessage("[" + strings.Join(parts, ",") + "]"))
				})
			}
		}
	}
	walk(root, func(rep json.RawMessage) string { return string(rep) })
	return out
}

// TestPathOrderAgrees checks that the typed checks and the oracle order
// violations alike where byte order and segment order differ: a name that
// extends another (tags, tags2), an index beside a name, names with
// brackets or quotes.
func TestPathOrderAgrees(t *testing.T) {
	type In struct {
		Tags  []int          `json:"tags,omitempty"`
		Tags2 int            `json:"tags2,omitempty"`
		T     map[string]int `json:"t,omitempty"`
		Odd   int            `json:"a[1],omitempty"`
	}
	tl, err := reflectimpl.Create(func(in In) int { return in.Tags2 }, reflectimpl.Meta(tool.Meta{Name: "order"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{
		`{"tags":["a"],"tags2":"b"}`, `{"tags2":"b","tags":["a",1,"c",4,5,6,7,8,9,10,"k"]}`,
		`{"[x":1,"[1":1}`, `{"[1":1,"[x":1,"t":{"a":"x"},"a[1]":"y"}`, `{"t":{"a":"x","b":"y"},"tags":[1,"z"],"\"q":1}`,
	} {
		if got := agree(t, tl, args); len(got) == 0 {
			t.Errorf("%s: no violations", args)
		}
	}
}
