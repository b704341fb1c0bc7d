package olt028

// want +5 `OLT028: tool submit_refund may delete or overwrite \(it says neither read-only nor destructive=false\) and runs without approval: add requires-approval, or say read-only or destructive=false if that is what it does \(requires-approval=false says no on purpose\)`

// SubmitRefund submits a refund.
//
//tool:export
func SubmitRefund() error { return nil }

// want +5 `OLT028: tool delete_order may delete or overwrite`

// DeleteOrder deletes an order.
//
//tool:export destructive idempotent timeout=5s
func DeleteOrder() error { return nil }

// No diagnostic: approval, read-only, additive, requires-approval=false
// said on purpose.

// CancelOrder cancels an order.
//
//tool:export requires-approval
func CancelOrder() error { return nil }

// GetOrder reads an order.
//
//tool:export read-only
func GetOrder() error { return nil }

// AddNote adds a note.
//
//tool:export destructive=false
func AddNote() error { return nil }

// ResetCache empties a cache that refills itself.
//
//tool:export requires-approval=false
func ResetCache() error { return nil }
