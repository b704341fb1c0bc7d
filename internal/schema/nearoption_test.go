package schema

import "testing"

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
		{"strng", "string"},
		{"strings", "string"},
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
