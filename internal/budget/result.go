package budget

import (
	"fmt"

	"github.com/toolschema/toolschema/tool"
)

// DefaultLimit is the budget of model-visible text in one result that
// package loop and package mcpserver apply unless told otherwise.
const DefaultLimit = 100 << 10

// Limit is the budget of one result of t: t's own when it has one
// (tool.Meta.MaxResultBytes), else setting, the budget a runner or a
// server is given: DefaultLimit when zero, none (0) when negative.
func Limit(t *tool.Tool, setting int) int {
	switch {
	case t != nil && t.MaxResultBytes > 0:
		return t.MaxResultBytes
	case setting == 0:
		return DefaultLimit
	case setting < 0:
		return 0
	}
	return setting
}

// noteRoom is what a cut keeps free for its note.
const noteRoom = 200

// Result returns r cut to limit bytes of text and JSON (binary parts are
// not counted): r itself when it fits, or a copy whose parts are cut, in
// order, JSON by JSON's rules with mode, text on a character boundary,
// parts past the budget left out, with Truncated set and a last text part
// that says what was left out. A limit of zero or less is no limit.
func Result(r *tool.Result, limit int, mode Mode) *tool.Result {
	if r == nil || limit <= 0 || size(r) <= limit {
		return r
	}
	left := max(limit-noteRoom, 0)
	out := *r
	out.Parts = make([]tool.Part, 0, len(r.Parts)+1)
	var cut Cut
	textLeft, partsLeft := 0, 0
	for _, p := range r.Parts {
		switch p := p.(type) {
		case tool.TextPart:
			s, n := Text(p.Text, left)
			if s == "" && n > 0 {
				partsLeft++
				continue
			}
			left -= len(s)
			textLeft += n
			out.Parts = append(out.Parts, tool.TextPart{Text: s})
		case tool.JSONPart:
			if left < 2 {
				partsLeft++
				continue
			}
			j, c := JSON(p.JSON, left, mode)
			if len(j) > left && mode == Any {
				partsLeft++ // a scalar that does not fit
				continue
			}
			left -= len(j)
			cut.Items += c.Items
			cut.Members += c.Members
			out.Parts = append(out.Parts, tool.JSONPart{JSON: j})
		default:
			out.Parts = append(out.Parts, p)
		}
	}
	out.Truncated = true
	out.Parts = append(out.Parts, tool.TextPart{Text: Note(limit, cut, textLeft, partsLeft)})
	return &out
}

// size is the text and JSON of r, in bytes.
func size(r *tool.Result) int {
	n := 0
	for _, p := range r.Parts {
		switch p := p.(type) {
		case tool.TextPart:
			n += len(p.Text)
		case tool.JSONPart:
			n += len(p.JSON)
		}
	}
	return n
}

// Note says that a result was cut to limit and what was left out.
func Note(limit int, cut Cut, textBytes, parts int) string {
	s := fmt.Sprintf("[The result was cut to fit %s:", bytesText(limit))
	sep := ""
	if !cut.Zero() {
		s += " " + cut.String()
		sep = ","
	}
	if textBytes > 0 {
		s += fmt.Sprintf("%s %s of text", sep, bytesText(textBytes))
		sep = ","
	}
	if parts > 0 {
		if parts == 1 {
			s += sep + " 1 more part"
		} else {
			s += fmt.Sprintf("%s %d more parts", sep, parts)
		}
	}
	return s + " left out. Ask for less to see the rest.]"
}

func bytesText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
