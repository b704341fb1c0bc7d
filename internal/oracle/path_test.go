package oracle

import "testing"

// TestKeysThatLookLikeMarks: a key may begin with any character, the
// characters that mark the parser's location segments included; its path
// is a map value's, not an array element's.
func TestKeysThatLookLikeMarks(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"q":{"type":"object","additionalProperties":{"type":"string"}}},"additionalProperties":false}`)
	for _, args := range []string{
		`{"q":{"\u0000":["x"]}}`,
		`{"q":{"\u00001":1}}`,
		`{"q":{"\u0001":true}}`,
		`{"q":{"a":1}}`,
	} {
		_, viols := Arguments(schema, []byte(args))
		if len(viols) != 1 || viols[0].Path != "q{}" {
			t.Errorf("%s: %+v, want one violation at q{}", args, viols)
		}
	}
	// The parser's own errors: a key given twice.
	_, viols := Arguments(schema, []byte(`{"q":{"\u0000":"a","\u0000":"b"}}`))
	if len(viols) != 1 || viols[0].Path != "q{}" || viols[0].Rule != "duplicate" {
		t.Errorf("duplicate: %+v", viols)
	}
}
