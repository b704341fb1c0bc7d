package olt018

// Process processes.
//
//tool:export
func Process() error { return nil } // want `OLT018: tool name process is vague`

// DoAction acts.
//
//tool:export
func DoAction() error { return nil } // want `OLT018: tool name do_action is vague`

// SearchOrders is clear.
//
//tool:export
func SearchOrders() error { return nil }
