package parity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/oracle"
	"github.com/toolschema/toolschema/internal/randvalue"
	"github.com/toolschema/toolschema/internal/rawcheck"
	"github.com/toolschema/toolschema/tool"
)

// TestRepairAgrees proves the invoker's repair mode (tool.RepairArgs)
// equals the oracle's reading of the same rules: for every tool of the
// corpus, over arguments made from random inputs and then slipped as
// models slip (each number and boolean given as a string, each array and
// object as its JSON text, each array as its first item, each integer
// with a fraction of zero or an exponent; and slips no rule repairs: a
// number with a space, a fraction for an integer, "yes"),
// the invoker's violations, the decoded input when there are none, and
// the paths repaired must be the oracle's.
func TestRepairAgrees(t *testing.T) {
	t.Parallel() // beside TestChecksAgree's parts: each makes its own tools (pairs, fresh)
	r := rand.New(rand.NewPCG(19, 23))
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	var calls, repaired, refused int
	for _, p := range pairs(t, load(t)) {
		_, refl := fresh(t, p)
		in := inputType(reflect.TypeOf(p.fn))
		if in == nil {
			continue
		}
		for _, tl := range []*tool.Tool{p.gen, refl} {
			seen := map[string]bool{}
			for range 3 {
				v := randvalue.Value(r, in, randvalue.Config{MaxDepth: 3, MaxLen: 3})
				b, err := json.Marshal(v.Interface())
				if err != nil || string(b) == "null" {
					continue
				}
				for _, args := range slips(visible(b, tl.InputSchema)) {
					if seen[args] {
						continue
					}
					seen[args] = true
					calls++
					n, bad := agreeRepaired(t, ctx, tl, args)
					if n > 0 {
						repaired++
					}
					if bad {
						refused++
					}
				}
			}
		}
	}
	t.Logf("%d argument sets, %d with repairs, %d refused", calls, repaired, refused)
	if repaired < 500 || refused < 200 || calls-refused < 500 {
		t.Errorf("%d argument sets, %d with repairs, %d refused: too few of each kind to prove anything", calls, repaired, refused)
	}
}

// agreeRepaired checks args in repair mode both ways, reports any
// difference, and returns the number of repairs and whether the
// arguments were refused.
func agreeRepaired(t *testing.T, ctx context.Context, tl *tool.Tool, args string) (int, bool) {
	t.Helper()
	gotV, got, err := tl.CheckArgs(ctx, json.RawMessage(args))
	if err != nil {
		t.Fatalf("%s(%s): %v", tl.Name, args, err)
	}
	completed, want, paths := oracle.ArgumentsRepaired(checkedSchema(tl), []byte(args))
	var wantV any
	if len(want) == 0 {
		want, wantV = decodeCompleted(tl, completed)
	}
	want = want[:min(len(want), limits.MaxViolations)]
	if w, ok := collapseDeclared(got, want); ok {
		want = rawcheck.Sort(w)
	}
	if !slices.EqualFunc(got, want, sameViolation) {
		t.Errorf("%s(%s) repaired:\nonly typed checks %q\nonly oracle       %q", tl.Name, args, minus(got, want), minus(want, got))
		return len(paths), len(got) > 0
	}
	if len(got) == 0 && !sameInput(gotV, wantV) {
		t.Errorf("%s(%s) repaired: typed checks decoded %s, the oracle's %s", tl.Name, args, show(gotV), show(wantV))
	}
	// The repairs, as Invoke records them (approved: some tools require
	// it; the tools of the corpus only compute).
	res, err := tl.Invoke(tool.Approve(ctx, tl.Name, json.RawMessage(args)), json.RawMessage(args))
	if err != nil {
		t.Fatal(err)
	}
	var gotPaths []string
	if res.Repairs != nil || res.Shadowed != nil {
		for _, rp := range res.Repairs {
			gotPaths = append(gotPaths, rp.Path)
		}
	}
	if !slices.Equal(gotPaths, paths) {
		t.Errorf("%s(%s): repaired %q, the oracle %q", tl.Name, args, gotPaths, paths)
	}
	return len(paths), len(got) > 0
}

// slips returns args with one value at a time slipped as models slip:
// numbers and booleans as strings, arrays and objects as JSON texts, an
// array as its first item; and slips that no rule repairs.
func slips(args string) []string {
	var root any
	dec := json.NewDecoder(strings.NewReader(args))
	dec.UseNumber()
	if dec.Decode(&root) != nil {
		return nil
	}
	out := []string{args}
	quote := func(s string) json.RawMessage { b, _ := json.Marshal(s); return b }
	enc := func(v any) string {
		var b bytes.Buffer
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		e.Encode(v)
		return strings.TrimSuffix(b.String(), "\n")
	}
	var walk func(v any, top bool, rebuild func(json.RawMessage) string)
	walk = func(v any, top bool, rebuild func(json.RawMessage) string) {
		switch v := v.(type) {
		case json.Number:
			out = append(out, rebuild(quote(string(v))), rebuild(quote(" "+string(v))), rebuild(quote(string(v)+".0")),
				rebuild(quote("+"+string(v))), rebuild(json.RawMessage("["+string(v)+"]")))
			if !strings.ContainsAny(string(v), ".eE") {
				// Whole numbers written with a fraction or an exponent,
				// and one that is not whole.
				out = append(out, rebuild(json.RawMessage(string(v)+".0")), rebuild(json.RawMessage(string(v)+"0E-1")),
					rebuild(json.RawMessage(string(v)+".0000000000000000001")))
			}
		case bool:
			b := strconv.FormatBool(v)
			out = append(out, rebuild(quote(b)), rebuild(quote(strings.ToUpper(b[:1])+b[1:])), rebuild(quote("yes")))
		case string:
			out = append(out, rebuild(json.RawMessage("["+enc(v)+"]")))
		case []any:
			if !top {
				text := enc(v)
				out = append(out, rebuild(quote(text)), rebuild(quote(" "+text)))
				if len(v) > 0 {
					out = append(out, rebuild(json.RawMessage(enc(v[0]))))
				}
			}
			for i := range v {
				walk(v[i], false, func(rep json.RawMessage) string {
					parts := make([]string, len(v))
					for j := range v {
						parts[j] = enc(v[j])
					}
					parts[i] = string(rep)
					return rebuild(json.RawMessage("[" + strings.Join(parts, ",") + "]"))
				})
			}
		case map[string]any:
			if !top {
				out = append(out, rebuild(quote(enc(v))))
			}
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				walk(v[k], false, func(rep json.RawMessage) string {
					var b bytes.Buffer
					b.WriteByte('{')
					for _, k2 := range keys {
						if b.Len() > 1 {
							b.WriteByte(',')
						}
						b.WriteString(enc(k2) + ":")
						if k2 == k {
							b.Write(rep)
						} else {
							b.WriteString(enc(v[k2]))
						}
					}
					b.WriteByte('}')
					return rebuild(json.RawMessage(b.String()))
				})
			}
		}
	}
	walk(root, true, func(rep json.RawMessage) string { return string(rep) })
	return out
}

// FuzzRepairAgrees is TestRepairAgrees over arbitrary bytes, for every
// tool of the corpus.
func FuzzRepairAgrees(f *testing.F) {
	for _, s := range []string{`{}`, `{"count":"1"}`, `{"value":"1.5","from":"km","to":"mi"}`, `{"labels":"{\"a\":\"b\"}"}`,
		`{"todos":"[{\"content\":\"x\",\"status\":\"done\"}]"}`, `{"tags":"a"}`, `{"tags":["a","b","\u0061"]}`, `{"window":[0,"0",1]}`,
		`{"exact":"true","count":" 1","mode":"[\"a\"]"}`, `{"items":"[{\"a\":\"1\"},{\"a\":1}]"}`, `{"count":"1e2","value":"-0"}`,
		`{"count":4.0,"value":1e2}`, `{"count":1.50e1}`, `{"count":-0.0e0}`, `{"count":100E-2}`, `{"count":3.0000000000000001}`} {
		f.Add([]byte(s))
	}
	var tools []*tool.Tool
	for _, p := range pairs(f, load(f)) {
		tools = append(tools, p.gen)
	}
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, tl := range tools {
			agreeRepaired(t, ctx, tl, string(data))
		}
	})
}
