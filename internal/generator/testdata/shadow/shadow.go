// Package shadow declares the names the generated code would use for its
// own variables, and two identical struct literals with their own docs.
package shadow

import "context"

type args struct {
	Query string `json:"query"`
}

type ctx struct{}

type fn struct {
	Times int `json:"times"`
}

var (
	in   = 1
	err  = 2
	call = 3
	recv = 4
)

// Trip has two struct literals of one type, each field with its own doc.
type Trip struct {
	From struct {
		// Lat is the latitude of the start.
		Lat float64 `json:"lat"`
	} `json:"from"`
	To struct {
		// Lat is the latitude of the end.
		Lat float64 `json:"lat"`
	} `json:"to"`
}

// Search searches.
//
//tool:export
func Search(c context.Context, q args) string { return q.Query }

// Plan plans a trip.
//
//tool:export
func Plan(t Trip) (float64, error) { return t.To.Lat - t.From.Lat, nil }

type Svc struct{}

// Run runs.
//
//tool:export
func (s *Svc) Run(f fn) int { return f.Times + in + err + call + recv + len(ctx{}.String()) }

func (ctx) String() string { return "" }
