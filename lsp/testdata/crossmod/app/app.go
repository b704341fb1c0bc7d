// Package app has a tool whose input reaches two enum types of another
// module: one without its generated values, one with them, one with stale ones.
package app

import (
	"example.com/dep/fresh"
	"example.com/dep/old"
	"example.com/dep/stale"
)

// Paint is Brush's input.
type Paint struct {
	Colour stale.Colour `json:"colour"`
	Size   fresh.Size   `json:"size"`
	Width  old.Width    `json:"width"`
}

// Brush paints.
//
//tool:export
func Brush(in Paint) error { return nil }
