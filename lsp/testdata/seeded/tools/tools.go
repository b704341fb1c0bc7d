// Package tools has one violation of each kind the tests follow.
package tools

import (
	"context"

	"example.com/seeded/sev"
)

// Input is Save's input.
type Input struct {
	// Größe is the size: the tag's range starts after non-ASCII text.
	Größe   int         `json:"größe,string"`
	Updates chan string `json:"updates"`
}

// Save saves.
//
//tool:export
func Save(in Input) error { return nil }

// Query is Late's input; its level is an enum of another package.
type Query struct {
	Text  string       `json:"text"`
	Level sev.Severity `json:"level"`
}

// Late takes its context after the input.
//
//tool:export
func Late(in Query, ctx context.Context) error { return nil }

// Find has a name no provider accepts.
//
//tool:export name=find!
func Find() error { return nil }
