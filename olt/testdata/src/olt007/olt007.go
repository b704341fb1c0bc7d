package olt007

// First is a tool.
//
//tool:export name=twin
func First() error { return nil }

// Second takes the same name.
//
//tool:export name=twin
func Second() error { return nil } // want `OLT007: tool name "twin" is also the name of First \(olt007.go:6\)`

// Third takes it too: told once, against the first of the name.
//
//tool:export name=twin
func Third() error { return nil } // want `OLT007: tool name "twin" is also the name of First \(olt007.go:6\)`

type Svc struct{}

// Twin is a method: another tool list, so the name may repeat.
//
//tool:export
func (s *Svc) Twin() error { return nil }
