package rawtool_test

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/metaschema"
)

// TestBoundsDoc checks that the package doc gives the bounds New checks,
// as the checks have them.
func TestBoundsDoc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "rawtool.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(f.Doc.Text()), " ")
	for _, b := range []struct {
		value, want int
		text        string
	}{
		{metaschema.MaxBytes, 512 << 10, "over 512 KiB"},
		{metaschema.MaxDepth, 64, "deeper than 64 JSON levels"},
		{metaschema.MaxSubschemas, 2000, "over 2,000 subschemas"},
		{metaschema.MaxListValues, 1000, "over 1,000 values in one enum"},
		{metaschema.MaxPatternBytes, 1024, "pattern over 1,024 bytes"},
		{metaschema.MaxPatternInsts, 1000, "or 1,000 regexp/syntax instructions"},
		{metaschema.MaxTotalPatternInsts, 200000, "over 200,000 instructions"},
		{limits.MaxRawArgumentValues, 65536, "hold over 65,536 values"},
	} {
		if b.value != b.want {
			t.Errorf("the bound is %d; the doc's %q says %d", b.value, b.text, b.want)
		}
		if !strings.Contains(doc, b.text) {
			t.Errorf("the package doc does not say %q", b.text)
		}
	}
}
