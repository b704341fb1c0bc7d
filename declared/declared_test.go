package declared_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/toolschema/toolschema/declared"
	"github.com/toolschema/toolschema/internal/toolhook"
)

// TestCompileRefusesHostile: declared schemas compile as raw ones do: a
// number beyond the validator's range is an error, not a panic; a
// reference outside the document is refused without being read.
func TestCompileRefusesHostile(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.json")
	if err := os.WriteFile(secret, []byte(`{"enum":["SECRETVALUE"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		`{"type":"number","multipleOf":1e-9999999}`,
		`{"type":"number","minimum":1e9999999}`,
		`{"type":"string","maxLength":1e30}`,
		`{"$ref":"file://` + filepath.ToSlash(secret) + `"}`,
		`{"type":"object","properties":{"a":{"$ref":"other.json"}}}`,
	} {
		_, err := toolhook.ValidateDeclared([]byte(s))
		if err == nil {
			t.Errorf("%s: compiled", s)
		} else if strings.Contains(err.Error(), "SECRETVALUE") {
			t.Errorf("%s: %v", s, err)
		}
	}
	check, err := toolhook.ValidateDeclared([]byte(`{"type":"number","minimum":1e300}`))
	if err != nil {
		t.Fatal(err)
	}
	if check([]byte(`5`)) || !check([]byte(`1e301`)) {
		t.Errorf("minimum 1e300 not enforced")
	}
}

// TestRawToolRegistered: importing the package registers the maker of
// the tools that check a schema set by hand on mcpserver.AddTool: it
// makes a tool of a good schema, and refuses a bad one without naming
// the placeholder name it gives the tool.
func TestRawToolRegistered(t *testing.T) {
	maker := toolhook.RawToolMaker()
	if maker == nil {
		t.Fatal("no raw tool maker registered")
	}
	if _, err := maker([]byte(`{"type":"object","properties":{"a":{"type":"string","maxLength":3}}}`)); err != nil {
		t.Errorf("a good schema: %v", err)
	}
	_, err := maker([]byte(`{"type":"string"}`))
	if err == nil || strings.Contains(err.Error(), "drop_in") || strings.HasPrefix(err.Error(), "rawtool:") {
		t.Errorf("a string schema: %v, want an error without rawtool's prefix", err)
	}
}
