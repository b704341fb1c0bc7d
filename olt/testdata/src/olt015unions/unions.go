package olt015unions

// Lists has 20 slices, whose null the Anthropic conversion drops (they
// spend none of the 16 union-typed parameters), then 17 pointers, whose
// null it keeps: the 17th is one too many.
type Lists struct {
	S0  []string `json:"s0"`
	S1  []string `json:"s1"`
	S2  []string `json:"s2"`
	S3  []string `json:"s3"`
	S4  []string `json:"s4"`
	S5  []string `json:"s5"`
	S6  []string `json:"s6"`
	S7  []string `json:"s7"`
	S8  []string `json:"s8"`
	S9  []string `json:"s9"`
	S10 []string `json:"s10"`
	S11 []string `json:"s11"`
	S12 []string `json:"s12"`
	S13 []string `json:"s13"`
	S14 []string `json:"s14"`
	S15 []string `json:"s15"`
	S16 []string `json:"s16"`
	S17 []string `json:"s17"`
	S18 []string `json:"s18"`
	S19 []string `json:"s19"`
	P0  *int     `json:"p0"`
	P1  *int     `json:"p1"`
	P2  *int     `json:"p2"`
	P3  *int     `json:"p3"`
	P4  *int     `json:"p4"`
	P5  *int     `json:"p5"`
	P6  *int     `json:"p6"`
	P7  *int     `json:"p7"`
	P8  *int     `json:"p8"`
	P9  *int     `json:"p9"`
	P10 *int     `json:"p10"`
	P11 *int     `json:"p11"`
	P12 *int     `json:"p12"`
	P13 *int     `json:"p13"`
	P14 *int     `json:"p14"`
	P15 *int     `json:"p15"`
	P16 *int     `json:"p16"` // want `OLT015: input.p16: union-typed parameter number 17 of the tool list; Anthropic takes at most 16 in one request.* \(tool unions\)$`
}

// Unions takes them.
//
//tool:export
func Unions(in Lists) error { return nil }
