package olt006

type Node struct {
	Name     string  `json:"name"`
	Children []*Node `json:"children"` // want `OLT006: input.children\[\]: type olt006.Node refers to itself`
}

// Walk walks a tree.
//
//tool:export
func Walk(in Node) error { return nil }
