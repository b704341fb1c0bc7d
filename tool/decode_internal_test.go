package tool

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestCmpNumber compares cmpNumber with exact rational comparison, and
// parseDecimal's integer test with big.Rat's.
func TestCmpNumber(t *testing.T) {
	nums := []string{"0", "-0", "0.0", "-0e5", "0e-400", "1", "-1", "9", "10", "-10", "99", "100", "9223372036854775807", "-9223372036854775808",
		"18446744073709551615", "18446744073709551616", "-18446744073709551616", "1.5", "-1.5", "1e2", "100.0", "1e-2",
		"3.4028235e+38", "-3.4028235e+38", "340282350000000000000000000000000000001", "0.1", "0.10000000000000000001",
		"1E+400", "1e-400", "-1e400", "0.00012e4", "1.2", "12e-1", "120e-2", "0." + strings.Repeat("9", 250), "1." + strings.Repeat("0", 250),
		"1." + strings.Repeat("0", 249) + "1", strings.Repeat("7", 250), strings.Repeat("7", 249) + "8"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 150 {
		nums = append(nums, strconv.FormatInt(r.Int64N(1<<40)-1<<39, 10), strconv.FormatFloat(r.NormFloat64()*1e6, 'g', -1, 64),
			strconv.Itoa(r.IntN(2000)-1000)+"."+strconv.Itoa(r.IntN(1000))+"e"+strconv.Itoa(r.IntN(20)-10))
	}
	rats := make([]*big.Rat, len(nums))
	for i, n := range nums {
		x, ok := new(big.Rat).SetString(n)
		if !ok {
			t.Fatalf("big.Rat refuses %s", n)
		}
		rats[i] = x
	}
	for i, a := range nums {
		if d := parseDecimal(a); d.integral() != rats[i].IsInt() {
			t.Errorf("integral(%s) = %v", a, d.integral())
		}
		for j, b := range nums {
			if got, want := cmpNumber(a, b), rats[i].Cmp(rats[j]); got != want {
				t.Errorf("cmpNumber(%.40s, %.40s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestMayOverflow checks that a literal said not to overflow is a float64.
func TestMayOverflow(t *testing.T) {
	for _, s := range []string{"0", "-0", "1e308", "9.99e307", "-9.99e307", "1.7976931348623157e308", "1.8e308", "0.5e309",
		"12345e304", "123456e303", "0.0000001e315", "1e-400", "99999999999999999999", "0e400"} {
		if _, err := strconv.ParseFloat(s, 64); err != nil && !mayOverflow(s) {
			t.Errorf("mayOverflow(%s) = false, but ParseFloat fails: %v", s, err)
		}
	}
	if mayOverflow("3.5") || mayOverflow("-12.25e10") {
		t.Error("a small number may overflow")
	}
}
