package olt016

type Input struct {
	// Query is what to look for.
	Query string `json:"query"`
	// want +2 `OLT016: input.limit: the field has no description.* \(tool search\)$`

	Limit int    `json:"limit"`
	Sort  string `json:"sort" description:"Field to sort by."`
	// The peers' description tags are descriptions too.
	Path  string `json:"path" jsonschema:"the absolute path to the file"`
	Scope string `json:"scope" jsonschema:"enum=all,enum=mine,description=Whose items"`
	Owner string `json:"owner" jsonschema_description:"Who owns the items."`
}

//tool:export
func Search(in Input) error { return nil } // want `OLT016: tool search has no description`

// Broken is refused (OLT002, reported by that rule): the quality checks
// still look at the package's other tools, as toolgen still writes them.
//
//tool:export
func Broken(in struct {
	C chan int `json:"c"`
}) error {
	return nil
}
