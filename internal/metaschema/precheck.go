package metaschema

import (
	"strconv"

	"github.com/toolschema/toolschema/internal/schemadoc"
)

// Precheck reads s as written, token by token, and refuses it at the first
// bound it passes (MaxDepth, MaxSubschemas, MaxListValues, the numbers'
// and the patterns' bounds), without building the document: a schema
// past a bound costs the time to read up to where it passes it, never the
// time to parse it whole. It counts what the text holds, a member given
// twice included. Bounds that need the document (references, the
// patterns' programs, the integer keywords) are left to the walk of the
// parsed document, and so is a text that is not JSON: Precheck then
// returns nil and the parser says what is wrong. The reading is
// schemadoc.Scan's, the one schema's check of what it writes makes too.
func Precheck(s []byte) error {
	b := schemadoc.Scan(s, prechecks)
	if b == nil {
		return nil
	}
	var why string
	switch b.Kind {
	case schemadoc.Subschemas:
		why = "the schema has more than " + strconv.Itoa(MaxSubschemas) + " subschemas"
	case schemadoc.Enum:
		why = "the enum has more than " + strconv.Itoa(MaxListValues) + " values"
	case schemadoc.Const:
		why = "the const has more than " + strconv.Itoa(MaxListValues) + " values"
	case schemadoc.Required:
		why = "required lists more than " + strconv.Itoa(MaxListValues) + " names"
	case schemadoc.DependentRequired:
		why = "dependentRequired lists more than " + strconv.Itoa(MaxListValues) + " names"
	case schemadoc.Depth:
		why = "the schema is nested deeper than " + strconv.Itoa(MaxDepth) + " levels"
	case schemadoc.Pattern:
		why = "the pattern " + quote(b.Text) + " is longer than " + strconv.Itoa(MaxPatternBytes) + " bytes"
	case schemadoc.Number:
		return checkNumber(b.Text, b.At) // the walk's words
	}
	return &boundsError{pointer(b.At), why}
}

// prechecks are the bounds Precheck checks besides the counts.
var prechecks = schemadoc.Checks{Depth: MaxDepth, Pattern: MaxPatternBytes, Number: numberTaken}

// numberTaken reports whether a number literal is within MaxNumberLength
// and MaxExponent, by the walk's check (checkNumber).
func numberTaken(n []byte) bool {
	return checkNumber(string(n), nil) == nil
}
