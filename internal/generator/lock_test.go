package generator_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/internal/testmodule"
)

// orderSrc is a package with one tool; each step of TestLockSequence
// rewrites a part of it.
func orderSrc(directive, fields string) string {
	return orderSrcStates(directive, "\tOpen   State = \"open\"\n\tClosed State = \"closed\"\n", fields)
}

func orderSrcStates(directive, states, fields string) string {
	return `package orders

// State is an order's state.
type State string

const (
` + states + `)

// Query finds orders.
type Query struct {
	State State ` + "`json:\"state\"`" + `
	Limit int32 ` + "`json:\"limit,omitempty\" minimum:\"1\" maximum:\"50\"`" + `
` + fields + `}

// FindOrders finds orders by state.
//
//tool:export ` + directive + `
func FindOrders(in Query) ([]string, error) { return nil, nil }
`
}

// lockGen returns a run of toolgen on dir's orders package, with or
// without Lock, that writes the lock it gives next to the source.
func lockGen(t *testing.T, dir string) func(lock bool) generator.Result {
	lockPath := filepath.Join(dir, "orders", generator.LockFile)
	return func(lock bool) generator.Result {
		t.Helper()
		rs, err := generator.Generate(context.Background(), &generator.Options{Dir: dir, Lock: lock}, "./orders")
		if err != nil || len(rs) != 1 {
			t.Fatalf("Generate: %v", err)
		}
		if rs[0].Lock != nil {
			if err := os.WriteFile(lockPath, rs[0].Lock, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return rs[0]
	}
}

// TestLockSequence edits one tool step by step and checks toolgen's
// verdict on the lock after each: clean, or a drift that is breaking or
// compatible, with the changes it names; the lock keeps the old contract
// until the version is raised.
func TestLockSequence(t *testing.T) {
	dir := testmodule.New(t, map[string]string{"orders/orders.go": orderSrc("version=1 read-only", "")})
	src := filepath.Join(dir, "orders", "orders.go")
	lockPath := filepath.Join(dir, "orders", generator.LockFile)
	gen := lockGen(t, dir)
	// Without a lock, and without -lock, none is made.
	if r := gen(false); r.Lock != nil || len(r.Errs) > 0 {
		t.Fatalf("a lock nobody asked for, or errors: %v", r.Errs)
	}
	if r := gen(true); r.Lock == nil || len(r.Errs) > 0 {
		t.Fatalf("no lock with Lock: %v", r.Errs)
	}
	first, _ := os.ReadFile(lockPath)
	l, err := generator.ParseLock(first)
	if err != nil || len(l.Tools) != 1 || l.Tools[0].Version != "1" {
		t.Fatalf("lock %v %s", err, first)
	}
	schematest.Check(t, l.Tools[0].InputSchema)

	open := "\tOpen State = \"open\"\n"
	both := "\tOpen   State = \"open\"\n\tClosed State = \"closed\"\n"
	steps := []struct {
		name, directive, states, fields string
		verdict                         string // "" clean, else "breaking" or "compatible"
		changes                         []string
		next                            string // the version the message asks for
	}{
		{"unchanged", "version=1 read-only", both, "", "", nil, ""},
		{"add an optional field", "version=1 read-only", both, "\tNote string `json:\"note,omitempty\"`\n", "compatible",
			[]string{"input.note: new optional property (compatible)"}, "2"},
		{"raise the version", "version=2 read-only", both, "\tNote string `json:\"note,omitempty\"`\n", "", nil, ""},
		{"add a required field", "version=2 read-only", both, "\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "breaking",
			[]string{"input.shop: new required property (breaking)"}, "3"},
		{"raise it again", "version=3 read-only", both, "\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "", nil, ""},
		{"narrow a range", "version=3 read-only", both, "\tNote string `json:\"note,omitempty\" maxLength:\"80\"`\n\tShop string `json:\"shop\"`\n", "breaking",
			[]string{"input.note: maxLength 80 added (breaking)"}, "4"},
		{"change an effect", "version=3", both, "\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "breaking",
			[]string{"policy: read-only true to false (breaking)", "policy: destructive false to true (breaking)"}, "4"},
		{"back as locked", "version=3 read-only", both, "\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "", nil, ""},
		{"an example", "version=3 read-only\n//tool:example {\"shop\":\"main\",\"state\":\"open\"}", both, "\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "compatible",
			[]string{"tool: examples changed (compatible)"}, "4"},
		{"an icon", "version=3 read-only icon=https://example.com/orders.png", both, "\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "compatible",
			[]string{"policy: icon changed (compatible)"}, "4"},
		{"a budget of its own", "version=3 read-only max-result=20KB", both, "\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "compatible",
			[]string{"policy: max-result 0 to 20480 (compatible)"}, "4"},
		{"a new description", "version=3 read-only", both, "\t// Note is free text for the clerk.\n\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "compatible",
			[]string{"input.note: description changed (compatible)"}, "4"},
		{"narrow an enum", "version=3 read-only", open, "\tNote string `json:\"note,omitempty\"`\n\tShop string `json:\"shop\"`\n", "breaking",
			[]string{`input.state: enum narrowed: ["closed"] removed (breaking)`}, "4"},
		{"a new version takes any change (fields removed)", "version=v1.4.2 read-only", both, "", "", nil, ""},
		{"a compatible change to a semantic version", "version=v1.4.2 read-only", both, "\tAll bool `json:\"all,omitempty\"`\n", "compatible",
			[]string{"input.all: new optional property (compatible)"}, "v1.5.0"},
		{"a breaking change to a semantic version", "version=v1.4.2 read-only", both, "\tShop string `json:\"shop\"`\n", "breaking",
			[]string{"input.shop: new required property (breaking)"}, "v2.0.0"},
	}
	for _, st := range steps {
		before, _ := os.ReadFile(lockPath)
		if err := os.WriteFile(src, []byte(orderSrcStates(st.directive, st.states, st.fields)), 0o644); err != nil {
			t.Fatal(err)
		}
		r := gen(false)
		after, _ := os.ReadFile(lockPath)
		var drift []string
		for _, e := range r.Errs {
			if strings.Contains(e.Error(), "OLT029") {
				drift = append(drift, e.Error())
			} else {
				t.Errorf("%s: unexpected error %v", st.name, e)
			}
		}
		if st.verdict == "" {
			if len(drift) > 0 {
				t.Errorf("%s: drift reported: %v", st.name, drift)
			}
			continue
		}
		if len(drift) != 1 {
			t.Fatalf("%s: %d drifts, want 1: %v", st.name, len(drift), drift)
		}
		msg := drift[0]
		if !strings.HasPrefix(msg, filepath.Join("orders", "orders.go")+":") || !strings.Contains(msg, ": OLT029: the contract changed since toolschema.lock recorded version") ||
			!strings.Contains(msg, "(a "+st.verdict+" change: ") || !strings.HasSuffix(msg, "raise the version to "+st.next+", then run toolgen (tool find_orders)") {
			t.Errorf("%s: message %s", st.name, msg)
		}
		for _, c := range st.changes {
			if !strings.Contains(msg, c) {
				t.Errorf("%s: message lacks %q: %s", st.name, c, msg)
			}
		}
		if string(after) != string(before) {
			t.Errorf("%s: the lock changed under a drift:\n%s", st.name, after)
		}
		if r.Content == nil {
			t.Errorf("%s: the generated file is not written", st.name)
		}
	}
}

// TestLockKeepsRefused: a tool refused in one run (a bad tag, say) keeps
// its lock entry, so that when it comes back with its contract changed
// under the same version, the change is still a drift.
func TestLockKeepsRefused(t *testing.T) {
	dir := testmodule.New(t, map[string]string{"orders/orders.go": orderSrc("version=1 read-only", "")})
	src := filepath.Join(dir, "orders", "orders.go")
	lockPath := filepath.Join(dir, "orders", generator.LockFile)
	gen := lockGen(t, dir)
	write := func(fields string) {
		t.Helper()
		if err := os.WriteFile(src, []byte(orderSrc("version=1 read-only", fields)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gen(true)
	write("\tNote string `json:\"note\" minLength:\"x\"`\n") // refused: OLT012
	if r := gen(false); len(r.Errs) == 0 {
		t.Fatal("the refused tool gave no error")
	}
	l, err := generator.ParseLock(must(os.ReadFile(lockPath)))
	if err != nil || len(l.Tools) != 1 || l.Tools[0].Name != "find_orders" {
		t.Fatalf("the refused tool lost its lock entry: %v %+v", err, l)
	}
	write("\tShop string `json:\"shop\"`\n") // back, with a new required property, version unchanged
	r := gen(false)
	if len(r.Errs) != 1 || !strings.Contains(r.Errs[0].Error(), "OLT029") || !strings.Contains(r.Errs[0].Error(), "input.shop: new required property (breaking)") {
		t.Errorf("the changed contract under the same version: %v", r.Errs)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
