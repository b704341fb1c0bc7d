package olt002

// Chain0 starts a chain of structs of two fields of the next, whose last
// has a field of a type without a schema: 4,096 paths reach that field,
// reported once with the count of the others.

type Chain0 struct {
	A Chain1 `json:"a"`
	B Chain1 `json:"b"`
}

type Chain1 struct {
	A Chain2 `json:"a"`
	B Chain2 `json:"b"`
}

type Chain2 struct {
	A Chain3 `json:"a"`
	B Chain3 `json:"b"`
}

type Chain3 struct {
	A Chain4 `json:"a"`
	B Chain4 `json:"b"`
}

type Chain4 struct {
	A Chain5 `json:"a"`
	B Chain5 `json:"b"`
}

type Chain5 struct {
	A Chain6 `json:"a"`
	B Chain6 `json:"b"`
}

type Chain6 struct {
	A Chain7 `json:"a"`
	B Chain7 `json:"b"`
}

type Chain7 struct {
	A Chain8 `json:"a"`
	B Chain8 `json:"b"`
}

type Chain8 struct {
	A Chain9 `json:"a"`
	B Chain9 `json:"b"`
}

type Chain9 struct {
	A Chain10 `json:"a"`
	B Chain10 `json:"b"`
}

type Chain10 struct {
	A Chain11 `json:"a"`
	B Chain11 `json:"b"`
}

type Chain11 struct {
	A Chain12 `json:"a"`
	B Chain12 `json:"b"`
}

type Chain12 struct {
	C chan int `json:"c"` // want `^OLT002: input.a.a.a.a.a.a.a.a.a.a.a.a.c: type chan int has no schema: channels cannot be written as JSON; use a type encoding/json can write \(json:"-" leaves a field out\) \(and 4095 other paths reach this field\) \(tool chain\)$`
}

// Chain takes the chain.
//
//tool:export
func Chain(in Chain0) error { return nil }
