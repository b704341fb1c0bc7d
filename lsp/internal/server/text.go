package server

import (
	"slices"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// The position encodings of LSP 3.17 (general.positionEncodings): what a
// Position's character counts.
const (
	encUTF8  = "utf-8"
	encUTF16 = "utf-16"
	encUTF32 = "utf-32"
)

// chooseEncoding picks the encoding from the client's offer: UTF-8 when
// it is offered (a byte offset, Go's own), else UTF-16, the default every
// client must support.
func chooseEncoding(offered []string) string {
	for _, e := range offered {
		if e == encUTF8 {
			return encUTF8
		}
	}
	return encUTF16
}

// lines is where each line of a text starts, with LSP's line ends: \n,
// \r\n and a lone \r, which a client counts as a line end too (Go's
// own line numbers count \n only).
type lines struct {
	text   []byte
	starts []int
}

func newLines(text []byte) *lines {
	l := &lines{text: text, starts: []int{0}}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
		case '\n':
		default:
			continue
		}
		l.starts = append(l.starts, i+1)
	}
	return l
}

// span returns the start and the end of line n's text, its line end
// left out.
func (l *lines) span(n int) (start, end int) {
	start = l.starts[n]
	if n+1 == len(l.starts) {
		return start, len(l.text)
	}
	end = l.starts[n+1] - 1
	if l.text[end] == '\n' && end > start && l.text[end-1] == '\r' {
		end--
	}
	return start, end
}

// position converts a byte offset to an LSP position in enc. An offset
// past the end is clamped to it, one within a line end is its line's
// end.
func (l *lines) position(offset int, enc string) protocol.Position {
	offset = max(0, min(offset, len(l.text)))
	n, _ := slices.BinarySearch(l.starts, offset+1)
	n--
	start, end := l.span(n)
	return protocol.Position{Line: uint32(n), Character: uint32(units(l.text[start:min(offset, end)], enc))}
}

// offset converts an LSP position in enc to a byte offset: a character
// past the end of its line is the line's end, a line past the end of the
// text is the end of the text.
func (l *lines) offset(p protocol.Position, enc string) int {
	if int(p.Line) >= len(l.starts) {
		return len(l.text)
	}
	start, end := l.span(int(p.Line))
	n := 0
	for i := start; i < end; {
		if uint32(n) >= p.Character {
			return i
		}
		r, size := utf8.DecodeRune(l.text[i:end])
		switch enc {
		case encUTF8:
			n += size
		case encUTF32:
			n++
		default:
			n += utf16.RuneLen(r)
		}
		i += size
	}
	return end
}

// units counts the code units of b in enc.
func units(b []byte, enc string) int {
	switch enc {
	case encUTF8:
		return len(b)
	case encUTF32:
		return utf8.RuneCount(b)
	}
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		n += utf16.RuneLen(r)
	}
	return n
}
