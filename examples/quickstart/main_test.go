package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/reflectimpl"
)

var update = flag.Bool("update", false, "rewrite testdata/output.golden")

// TestOutput runs the example and compares what it prints with the golden
// file, so that the README's first command cannot rot.
func TestOutput(t *testing.T) {
	var buf bytes.Buffer
	if err := run(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "output.golden")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []any{(&Service{}).FindOrders, (&Service{}).CancelOrder, Ping} {
		tl, err := reflectimpl.Create(fn)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Check(t, tl.InputSchema)
		if tl.OutputSchema != nil {
			schematest.Check(t, tl.OutputSchema)
		}
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("output differs from %s (run go test -update to accept):\n%s", golden, buf.Bytes())
	}
}
