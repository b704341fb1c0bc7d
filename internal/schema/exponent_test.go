package schema

import "testing"

func TestExponent(t *testing.T) {
	for _, tt := range []struct {
		num  string
		want int
	}{
		{"12", 0}, {"1.5", 0}, {"1e5", 5}, {"1E+5", 5}, {"1e-5", -5}, {"1e0000005", 5}, {"1e-0000400", -400},
		{"1e999999", 999999}, {"1e1000000", 1 << 30}, {"1e-1000000", -(1 << 30)}, {"1e99999999999999999999", 1 << 30},
	} {
		if got := Exponent(tt.num); got != tt.want {
			t.Errorf("Exponent(%s) = %d, want %d", tt.num, got, tt.want)
		}
	}
}
