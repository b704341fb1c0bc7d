package main_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/testmodule"
)

func lockedSrc(directive, fields string) string {
	return `package shop

// Query finds items.
type Query struct {
	Text string ` + "`json:\"text\"`" + `
` + fields + `}

// Find finds items.
//
//tool:export ` + directive + `
func Find(in Query) ([]string, error) { return nil, nil }
`
}

// TestLockUnderVet runs the revision lock through the go command: toolgen
// -lock records the contract, go vet -vettool reports a change under the
// same version (OLT029), go fix raises the version, toolgen records it.
func TestLockUnderVet(t *testing.T) {
	t.Parallel()
	gobin, bin, toolgen := tools(t)
	dir := testmodule.New(t, map[string]string{"shop/shop.go": lockedSrc("version=1 read-only", "")})
	src := filepath.Join(dir, "shop", "shop.go")
	run := runner(t, dir)
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(src, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, code := run(toolgen, "-lock", "./..."); code != 0 {
		t.Fatalf("toolgen -lock: exit %d\n%s", code, out)
	}
	lock, err := os.ReadFile(filepath.Join(dir, "shop", "toolschema.lock"))
	if err != nil || !strings.Contains(string(lock), `"version": "1"`) {
		t.Fatalf("the lock: %v\n%s", err, lock)
	}
	if out, code := run(gobin, "vet", "-vettool="+bin, "./..."); code != 0 {
		t.Fatalf("go vet on the locked package: exit %d\n%s", code, out)
	}

	// A new required field under version 1: breaking.
	write(lockedSrc("version=1 read-only", "\tShop string `json:\"shop\"`\n"))
	if out, code := run(toolgen, "./..."); code != 1 || !strings.Contains(out, "OLT029") {
		t.Errorf("toolgen on a drifted tool: exit %d\n%s", code, out)
	}
	want := "shop.go:11:1: OLT029: the contract changed since toolschema.lock recorded version 1, and the version did not " +
		"(a breaking change: input.shop: new required property (breaking)); raise the version to 2, then run toolgen (tool find)"
	out, code := run(gobin, "vet", "-vettool="+bin, "./...")
	if code == 0 || !strings.Contains(out, want) {
		t.Errorf("go vet on a drifted tool: exit %d, want %q in\n%s", code, want, out)
	}
	if out, code := run(toolgen, "-check", "./..."); code != 1 || !strings.Contains(out, "OLT029") {
		t.Errorf("toolgen -check on a drifted tool: exit %d\n%s", code, out)
	}

	// go fix raises the version; toolgen records the new contract.
	if out, code := run(gobin, "fix", "-fixtool="+bin, "./..."); code != 0 {
		t.Fatalf("go fix: exit %d\n%s", code, out)
	}
	got, _ := os.ReadFile(src)
	if string(got) != lockedSrc("version=2 read-only", "\tShop string `json:\"shop\"`\n") {
		t.Errorf("go fix wrote\n%s", got)
	}
	if out, code := run(toolgen, "./..."); code != 0 {
		t.Fatalf("toolgen after the fix: exit %d\n%s", code, out)
	}
	if out, code := run(gobin, "vet", "-vettool="+bin, "./..."); code != 0 {
		t.Errorf("go vet after the new version: exit %d\n%s", code, out)
	}
	if out, code := run(toolgen, "-check", "./..."); code != 0 {
		t.Errorf("toolgen -check after the new version: exit %d\n%s", code, out)
	}
}
