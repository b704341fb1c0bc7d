package olt005

import "math/big"

type Money struct{ cents int64 }

func (m Money) MarshalJSON() ([]byte, error) { return nil, nil }

type Half int

func (h Half) MarshalText() ([]byte, error) { return []byte("h"), nil }

// URI is a string with only UnmarshalText: encoding/json writes the string
// and reads a JSON string through the method, so it is a plain string.
type URI string

func (u *URI) UnmarshalText(b []byte) error { *u = URI(b); return nil }

type Input struct {
	Price  Money              `json:"price"`  // want `OLT005: input.price: olt005.Money implements json.Marshaler, so its JSON form is its own`
	Color  Half               `json:"color"`  // want `OLT005: input.color: olt005.Half implements only encoding.TextMarshaler of the text pair`
	Totals map[string]big.Int `json:"totals"` // want `OLT005: input.totals\{\}: big.Int marshals through a method with a pointer receiver`
	Doc    URI                `json:"doc"`
}

// Pay pays.
//
//tool:export
func Pay(in Input) error { return nil }
