package wordsize

// Page is a page of results.
type Page struct {
	// Size is the number of results.
	Size int `json:"size"`
}

// List lists a page.
//
//tool:export
func List(in Page) int { return in.Size }
