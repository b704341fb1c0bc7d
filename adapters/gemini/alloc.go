package geminiadapter

// two returns a slice of n A's and one of n B's, in one allocation when n
// is 1 (a turn's usual one call): the SDK's message values it holds are
// large structs. It is private to this module, as each adapter's copy is,
// so that the adapter builds against any version of the root module.
func two[A, B any](n int) ([]A, []B) {
	if n != 1 {
		return make([]A, n), make([]B, n)
	}
	p := new(struct {
		a [1]A
		b [1]B
	})
	return p.a[:], p.b[:]
}
