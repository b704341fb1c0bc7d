package olt003

// Three returns three values.
//
//tool:export
func Three() (int, int, error) { return 0, 0, nil } // want `OLT003: the function has 3 results; a tool returns at most a value and an error \(tool three\)`

// Second returns a non-error second.
//
//tool:export
func Second() (int, string) { return 0, "" } // want `OLT003: the second result is string; it must be error \(tool second\)`

// Flipped returns its error first.
//
//tool:export
func Flipped() (error, error) { return nil, nil } // want `OLT003: the first result is an error; a tool returns a value and then an error \(tool flipped\)`

// Chan returns a channel.
//
//tool:export
func Chan() (chan int, error) { return nil, nil } // want `OLT003: output: result type chan int has no schema: channels cannot be written as JSON; use a type encoding/json can write \(json:"-" leaves a field out\) \(tool chan\)`

// Entry is a stored record; the store writes Archived with encoding/json.
type Entry struct {
	ID       string `json:"id"`
	Archived bool   `json:"archived" jsonschema:"-"` // want `OLT003: output.archived: result type olt003.Entry has no schema: tag jsonschema: - hides the field from the model, but in a result encoding/json writes it all the same; leave it out of the result with json:"-", or return a type without it \(tool show\)`
}

// Show returns an entry: its hidden field is written all the same.
//
//tool:export
func Show(in Entry) (Entry, error) { return in, nil }
