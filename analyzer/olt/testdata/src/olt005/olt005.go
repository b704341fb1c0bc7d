package olt005

import "math/big"

type Money struct{ cents int64 }

func (m Money) MarshalJSON() ([]byte, error) { return nil, nil }

type Half string

func (h Half) MarshalText() ([]byte, error) { return []byte(h), nil }

type Input struct {
	Price  Money              `json:"price"`  // want `OLT005: input.price: olt005.Money implements json.Marshaler, so its JSON form is its own`
	Color  Half               `json:"color"`  // want `OLT005: input.color: olt005.Half implements only encoding.TextMarshaler of the text pair`
	Totals map[string]big.Int `json:"totals"` // want `OLT005: input.totals\{\}: big.Int marshals through a method with a pointer receiver`
}

// Pay pays.
//
//tool:export
func Pay(in Input) error { return nil }
