package tool

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestCmpNumber compares cmpNumber with exact rational comparison.
func TestCmpNumber(t *testing.T) {
	nums := []string{"0", "-0", "1", "-1", "9", "10", "-10", "99", "100", "9223372036854775807", "-9223372036854775808",
		"18446744073709551615", "18446744073709551616", "-18446744073709551616", "1.5", "-1.5", "1e2", "100.0", "1e-2",
		"3.4028235e+38", "-3.4028235e+38", "340282350000000000000000000000000000001", "0.1", "0.10000000000000000001"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		nums = append(nums, strconv.FormatInt(r.Int64N(1<<40)-1<<39, 10), strconv.FormatFloat(r.NormFloat64()*1e6, 'g', -1, 64))
	}
	for _, a := range nums {
		for _, b := range nums {
			x, _ := new(big.Rat).SetString(a)
			y, _ := new(big.Rat).SetString(b)
			if got, want := cmpNumber(a, b), x.Cmp(y); got != want {
				t.Errorf("cmpNumber(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
}
