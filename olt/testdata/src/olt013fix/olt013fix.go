package olt013fix

// want +4 `OLT013: option requires-aproval: unknown; did you mean requires-approval\?` `OLT013: option timeot: unknown; did you mean timeout\?` `OLT013: option max-reslt: unknown; did you mean max-result\?`

// Delete deletes, with three slips in its options.
//
//tool:export requires-aproval timeot=5s max-reslt=20KB
func Delete() error { return nil }

// want +5 `OLT013: option nme: unknown; did you mean name\?` `OLT013: option tiel: unknown; the options are`

// Short has a slip of a short key, and one too far from any option to
// guess (tiel is two edits from title; a key of four letters takes one).
//
//tool:export nme=short tiel=Short
func Short() error { return nil }

// want +4 `OLT013: option nmae: unknown; did you mean name\?`

// Swapped has two letters of a short key swapped: one slip, as in a tag.
//
//tool:export nmae=swapped
func Swapped() error { return nil }
