package metaschema

import (
	"runtime"
	"strings"
	"testing"
)

// TestPatternRefusedBeforeBuilt: a pattern whose program is past the
// bound is refused without its program built in full. Before, the 1,022
// bytes of 146 "a{1000}" were compiled to 146,002 instructions, some
// 36 MB and 30 ms, to be refused; a pattern within the bound is still
// refused or taken by its program's exact size.
func TestPatternRefusedBeforeBuilt(t *testing.T) {
	tests := []struct {
		pattern, want string
	}{
		{strings.Repeat("a{1000}", 146), "compiles to more than 1000 instructions"},
		{"(?:" + strings.Repeat("[a-z]{1000}", 92) + ")", "compiles to more than 1000 instructions"},
		{"[a-z]{999}", "compiles to 1001 instructions, more than 1000"},
		{"[a-z]{998}", ""},
	}
	for _, tt := range tests {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _, err := Compile([]byte(`{"type":"string","pattern":"`+tt.pattern+`"}`), nil)
		runtime.ReadMemStats(&after)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%.30q: %v", tt.pattern, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%.30q: %v, want %q", tt.pattern, err, tt.want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
			t.Errorf("%.30q: Compile allocated %d MB", tt.pattern, got>>20)
		}
	}
}
