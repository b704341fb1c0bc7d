package olt025

// want +4 `OLT025: option destructive has no meaning for a read-only tool, which writes nothing; remove it`

// GetOrder reads one order.
//
//tool:export read-only destructive=false
func GetOrder() error { return nil }

// want +4 `OLT025: option destructive contradicts read-only: a tool that changes nothing deletes nothing; remove one of them`

// ListOrders lists orders.
//
//tool:export destructive read-only
func ListOrders() error { return nil }

// want +4 `OLT025: option idempotent has no meaning for a read-only tool: calls that change nothing are idempotent already; remove it`

// FindOrders finds orders.
//
//tool:export timeout=5s read-only idempotent version=2
func FindOrders() error { return nil }

// A read-only tool may require approval, and a write may be additive,
// idempotent and in a closed world: no diagnostic.

// GetRecord reads a private record.
//
//tool:export read-only requires-approval open-world=false "title=Get a record"
func GetRecord() error { return nil }

// SetLabel sets a label.
//
//tool:export destructive=false idempotent open-world=false read-only=false
func SetLabel() error { return nil }
