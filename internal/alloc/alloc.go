// Package alloc makes the values an adapter hands to an SDK with as few
// allocations as it can: the SDKs' message types are large structs behind
// pointers, and a turn usually has one call.
package alloc

// Two returns a slice of n A's and one of n B's: in one allocation when
// n is 1, the usual turn of one call.
func Two[A, B any](n int) ([]A, []B) {
	if n == 1 {
		p := new(struct {
			a [1]A
			b [1]B
		})
		return p.a[:], p.b[:]
	}
	return make([]A, n), make([]B, n)
}
