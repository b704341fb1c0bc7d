package provider

import (
	"encoding/json"
	"testing"
)

// TestNum checks how a number is written into a description: exactly,
// and as a person would write it.
func TestNum(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0", "0"},
		{"-0", "0"},
		{"1", "1"},
		{"-128", "-128"},
		{"4294967295", "4294967295"},
		{"9007199254740991", "9007199254740991"},
		{"9223372036854775807", "9223372036854775807"},
		{"1e2", "100"},
		{"1E+3", "1000"},
		{"1e21", "1e21"},
		{"1e300", "1e300"},
		{"3.4028235e+38", "3.4028235e38"},
		{"-3.4028235e38", "-3.4028235e38"},
		{"340282350000000000000000000000000000000", "3.4028235e38"},
		{"0.25", "0.25"},
		{"-1.5e-7", "-1.5e-7"},
		{"0.000001", "1e-6"}, {"0.0001", "0.0001"},
		{"1e-7", "1e-7"},
		{"123456.789", "123456.789"},
		{"1.50", "1.5"},
		{"2.0", "2"},
	}
	for _, tt := range tests {
		if got := num(json.Number(tt.in)); got != tt.want {
			t.Errorf("num(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
