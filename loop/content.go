package loop

import (
	"fmt"
	"strings"

	"github.com/toolschema/toolschema/tool"
)

// Content is a result as text, for an API whose tool results are text:
// the parts in order, one per line; a text part as it is, a JSON part as
// its JSON text, a binary part as a line that says what it was (its media
// type and size), since text cannot carry it. A result without parts is
// the empty string.
func Content(r *tool.Result) string {
	if len(r.Parts) == 1 {
		if s, ok := PartText(r.Parts[0]); ok {
			return s
		}
	}
	var b strings.Builder
	for i, p := range r.Parts {
		if i > 0 {
			b.WriteByte('\n')
		}
		s, _ := PartText(p)
		b.WriteString(s)
	}
	return b.String()
}

// PartText is a result part as text, as Content writes it, and whether
// that is all of it (not for a binary part, which is a line that says
// what it was). An adapter whose API carries some parts otherwise (an
// image block) writes the others by it.
func PartText(p tool.Part) (string, bool) {
	switch p := p.(type) {
	case tool.TextPart:
		return p.Text, true
	case tool.JSONPart:
		return string(p.JSON), true
	case tool.BlobPart:
		return blobNote(p), false
	}
	return fmt.Sprintf("(a result part of type %T)", p), false
}

// blobNote is the line that stands for a binary part in a text result.
func blobNote(p tool.BlobPart) string {
	return fmt.Sprintf("(binary data of type %s, %d bytes, which this API's tool results cannot carry)", p.MIMEType, len(p.Data))
}
