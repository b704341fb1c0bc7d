package olt017

type Input struct {
	UserID  string `json:"user_id"`  // want `OLT017: input.user_id: the model should not say who the caller is.* \(tool delete_order\)$`
	IsAdmin bool   `json:"is_admin"` // want `OLT017: input.is_admin: .* \(tool delete_order\)$`
	OrderID string `json:"order_id"`
}

// DeleteOrder deletes an order.
//
//tool:export
func DeleteOrder(in Input) error { return nil }
