package olt011

// Chain0 starts a chain of structs of two fields of the next, whose last
// has a tag the fix mends: 8 paths reach it, one diagnostic and one fix.

type Chain0 struct {
	L Chain1 `json:"l"`
	R Chain1 `json:"r"`
}

type Chain1 struct {
	L Chain2 `json:"l"`
	R Chain2 `json:"r"`
}

type Chain2 struct {
	L Chain3 `json:"l"`
	R Chain3 `json:"r"`
}

type Chain3 struct {
	N int `json:"n,string"` // want `^OLT011: input.l.l.l.n: the ,string option makes encoding/json quote the value.* \(and 7 other paths reach this field\)`
}

// Chained takes the chain.
//
//tool:export
func Chained(in Chain0) error { return nil }
