package generator

import "testing"

func TestRefersToGenerated(t *testing.T) {
	for _, tt := range []struct {
		msg  string
		want bool
	}{
		{"undefined: Tools", true},
		{"svc.Tools undefined (type *Service has no field or method Tools)", true},
		{"s.ToolschemaEnumValues undefined (type Status has no field or method ToolschemaEnumValues)", true},
		{"undefined: _toolgen_Find", true},
		{"# example.com/m\n./main.go:32:20: undefined: Tools\n", true},
		{"# example.com/m\n./main.go:32:20: undefined: Tools\n./main.go:40:2: undefined: fmt\n", false},
		{"undefined: ToolsX", false},
		{"undefined: fmt", false},
		{"# example.com/m\n", false},
		{"", false},
	} {
		if got := refersToGenerated(tt.msg); got != tt.want {
			t.Errorf("refersToGenerated(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
}
