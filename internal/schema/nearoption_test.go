package schema

import (
	"strings"
	"testing"
)

// TestNearOption: a misspelt json tag option is named with the option it
// is nearest, within two edits; an option far from every known one, or
// too short to tell, is not.
func TestNearOption(t *testing.T) {
	for _, c := range []struct{ given, want string }{
		{"omitemtpy", "omitempty"}, // two letters swapped
		{"omitempy", "omitempty"},  // one dropped
		{"omitemptyy", "omitempty"},
		{"omit_empty", "omitempty"},
		{"OmitEmpty", "omitempty"}, // two letters in another case
		{"omitzer", "omitzero"},
		{"omitzeor", "omitzero"},
		{"OMITEMPTY", "omitempty"},
		{"strng", ""}, // the contract refuses ,string: not offered
		{"sorting", ""},
		{strings.Repeat("omitempty", 1<<17), ""}, // a hostile tag costs nothing
		{"inline", ""},
		{"omit", ""},
		{"str", ""},
		{"required", ""},
	} {
		if got := nearOption(c.given); got != c.want {
			t.Errorf("nearOption(%q) = %q, want %q", c.given, got, c.want)
		}
	}
}

// TestNearOptionCheap: a long option, as a hostile tag may hold, is not
// compared at all.
func TestNearOptionCheap(t *testing.T) {
	long := strings.Repeat("x", 10000)
	if n := testing.AllocsPerRun(5, func() { nearOption(long) }); n != 0 {
		t.Errorf("nearOption of a 10,000-byte option allocates %v times, want 0", n)
	}
}
