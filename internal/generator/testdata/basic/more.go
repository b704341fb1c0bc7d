package basic

// Archived is declared in a second file: it comes after the constants of
// basic.go, whatever order the files are read in.
const Archived Status = "archived"

// Archive archives a case and says what it did.
//
//tool:export
func Archive(in struct {
	ID     string `json:"id"`
	Status Status `json:"status" default:"archived"`
}) (string, error) {
	return in.ID + " " + string(in.Status), nil
}
