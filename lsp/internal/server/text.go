package server

import (
	"bytes"
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

// position converts a byte offset in text to an LSP position in enc. An
// offset past the end is clamped to it.
func position(text []byte, offset int, enc string) protocol.Position {
	if offset > len(text) {
		offset = len(text)
	}
	if offset < 0 {
		offset = 0
	}
	line := bytes.Count(text[:offset], []byte("\n"))
	start := bytes.LastIndexByte(text[:offset], '\n') + 1
	return protocol.Position{Line: uint32(line), Character: uint32(units(text[start:offset], enc))}
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
		n += len(utf16.Encode([]rune{r}))
	}
	return n
}

// offset converts an LSP position in enc to a byte offset in text: a
// character past the end of its line is the line's end, a line past the
// end of text is the end of text.
func offset(text []byte, p protocol.Position, enc string) int {
	start := 0
	for i := uint32(0); i < p.Line; i++ {
		j := bytes.IndexByte(text[start:], '\n')
		if j < 0 {
			return len(text)
		}
		start += j + 1
	}
	end := bytes.IndexByte(text[start:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += start
	}
	n := 0
	for i := start; i < end; {
		if uint32(n) >= p.Character {
			return i
		}
		r, size := utf8.DecodeRune(text[i:end])
		switch enc {
		case encUTF8:
			n += size
		case encUTF32:
			n++
		default:
			n += len(utf16.Encode([]rune{r}))
		}
		i += size
	}
	return end
}
