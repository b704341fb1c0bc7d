package analyzer

import (
	"go/ast"
	"go/token"
	"testing"
)

// TestTagPos: a diagnostic of a tag is placed at its key, and one of a
// json option at the option itself (where an editor underlines it), when
// the value is written as it reads; else at the key.
func TestTagPos(t *testing.T) {
	tests := []struct {
		name, lit, key, option string
		want                   string // the text of the range
	}{
		{"a key", "`json:\"days,omitemtpy\" minimum:\"1\"`", "minimum", "", "minimum"},
		{"an option", "`json:\"days,omitemtpy\"`", "json", "omitemtpy", "omitemtpy"},
		{"an option after another", "`json:\"days,omitempty,string\"`", "json", "string", "string"},
		{"an option that begins another", "`json:\"days,stringx,string\"`", "json", "string", "string"},
		{"the name is not an option", "`json:\"string,omitempty\"`", "json", "string", "json"},
		{"an option not there", "`json:\"days\"`", "json", "string", "json"},
		{"an escaped value", "`json:\"d\\u0061ys,omitemtpy\"`", "json", "omitemtpy", "json"},
		{"an interpreted literal", "\"json:\\\"days,omitemtpy\\\"\"", "json", "omitemtpy", "\"json:\\\"days,omitemtpy\\\"\""},
	}
	for _, tt := range tests {
		lit := &ast.BasicLit{ValuePos: 100, Kind: token.STRING, Value: tt.lit}
		pos, end := tagPos(lit, tt.key, tt.option)
		if got := tt.lit[pos-100 : end-100]; got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
