// Package elsewhere declares types that another package's drop-ins use:
// their problems are reported at those calls.
package elsewhere

type Query struct {
	Terms []string `json:"terms,omitemtpy"`
}
