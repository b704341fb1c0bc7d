package olt026

// want +5 `OLT026: tool get_order is not read-only, but the verb get says it only reads: add read-only if it changes nothing, or name it after what it changes \(read-only=false says it writes on purpose\)`

// GetOrder reads one order.
//
//tool:export
func GetOrder() error { return nil }

// want +5 `OLT026: tool list_open_orders is not read-only, but the verb list says`

// ListOpenOrders lists the open orders.
//
//tool:export timeout=5s open-world=false
func ListOpenOrders() error { return nil }

// want +5 `OLT026: tool search_catalog is not read-only, but the verb search says`

// Find searches; its directive names it.
//
//tool:export name=search_catalog
func Find() error { return nil }

// want +6 `OLT026: tool fetch_page is not read-only, but the verb fetch says`

// FetchPage fetches a page. The directive says idempotent: adding
// read-only would contradict it (OLT025), so no fix is offered.
//
//tool:export idempotent
func FetchPage() error { return nil }

// No diagnostic: read-only, read-only=false said on purpose, a write verb
// later in the name, a verb that is not a read.

// GetDocket reads a docket.
//
//tool:export read-only
func GetDocket() error { return nil }

// GetToken issues a token and records it.
//
//tool:export read-only=false
func GetToken() error { return nil }

// GetOrCreateSession returns the session, making one when there is none.
//
//tool:export
func GetOrCreateSession() error { return nil }

// ConvertTemperature converts.
//
//tool:export
func ConvertTemperature() error { return nil }
