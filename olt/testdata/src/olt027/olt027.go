package olt027

// want +5 `OLT027: tool create_refund_draft is read-only, but the verb create says it changes something: remove read-only if it does, or name it after what it reads \(a draft or a preview is still a write when it is stored\)`

// CreateRefundDraft stores a refund draft.
//
//tool:export read-only
func CreateRefundDraft() error { return nil }

// want +5 `OLT027: tool submit_refund is read-only, but the verb submit says`

// SubmitRefund submits a refund.
//
//tool:export name=submit_refund read-only open-world=false
func Submit() error { return nil }

// want +5 `OLT027: tool delete_order is read-only, but the verb delete says`

// DeleteOrder deletes an order.
//
//tool:export read-only requires-approval
func DeleteOrder() error { return nil }

// No diagnostic: a write that says so, a read verb, read-only=false.

// SendEmail sends an email.
//
//tool:export requires-approval
func SendEmail() error { return nil }

// PreviewRefund shows what a refund would be.
//
//tool:export read-only
func PreviewRefund() error { return nil }

// UpdateLabel updates a label.
//
//tool:export read-only=false
func UpdateLabel() error { return nil }
