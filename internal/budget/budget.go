// Package budget cuts a tool's result to a size a model can take, so that
// what is kept stays valid: text is cut on a character boundary, JSON at
// the boundaries of array items and object members, and a note says what
// was left out. Package loop and package mcpserver use it, with the
// budgets their options set. A cut is linear in the size of the result.
package budget

import (
	"fmt"
	"unicode/utf8"
)

// Mode says what a JSON cut may leave out.
type Mode int

const (
	// Any leaves out array items and object members.
	Any Mode = iota
	// ItemsOnly leaves out array items only, and keeps every member of
	// every object it keeps, as an output schema's required members ask.
	ItemsOnly
)

// A Cut counts what a JSON cut left out: the items and members of the
// arrays and objects it cut (not what those held).
type Cut struct {
	Items   int
	Members int
}

// Zero reports that nothing was left out.
func (c Cut) Zero() bool { return c.Items == 0 && c.Members == 0 }

func (c Cut) String() string {
	plural := func(n int, what string) string {
		if n == 1 {
			return "1 " + what
		}
		return fmt.Sprintf("%d %ss", n, what)
	}
	switch {
	case c.Items > 0 && c.Members > 0:
		return plural(c.Items, "array item") + " and " + plural(c.Members, "object member")
	case c.Members > 0:
		return plural(c.Members, "object member")
	default:
		return plural(c.Items, "array item")
	}
}

// Text returns s cut to at most limit bytes on a character boundary, and
// how many bytes were left out.
func Text(s string, limit int) (string, int) {
	if len(s) <= limit {
		return s, 0
	}
	cut := max(limit, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut], len(s) - cut
}

// JSON returns data, one valid JSON value, cut to at most limit bytes:
// each array and object keeps the longest run of its first items or
// members that fits, and the first one that does not fit, when it is an
// array or object, is cut in turn. Under ItemsOnly an object keeps every
// member, its values cut as far as they can be, and an array keeps an
// object item whole or not at all; an object's scalars are kept whole,
// so the result may pass the limit. What is kept is data's own bytes
// (numbers as written, strings as escaped), with the white space between
// the items and members of a cut value left out; a limit under 2 keeps
// the brackets of an array or object all the same. The second result
// counts what was left out. Invalid JSON is returned as it is.
//
// The cut reads each byte of data a bounded number of times: the part
// kept once per level of the values it cuts into, the rest once.
func JSON(data []byte, limit int, mode Mode) ([]byte, Cut) {
	start := skipSpace(data, 0)
	end := len(data)
	for end > start && isSpace(data[end-1]) {
		end--
	}
	if end-start <= limit {
		return data[start:end], Cut{}
	}
	c := &cutter{data: data[:end], mode: mode, out: make([]byte, 0, min(max(limit, 0)+64, end-start))}
	c.window = min(end, start+max(limit, 0)+2)
	c.ends = windowEnds(data[:c.window], start)
	if e := c.value(start, limit); e != end || c.bad {
		return data, Cut{}
	}
	return c.out, c.cut
}

type cutter struct {
	data []byte
	mode Mode
	out  []byte
	cut  Cut
	bad  bool // data is not valid JSON
	// ends holds the end of each array and object that ends before
	// window, by its start: every value that can fit starts and ends
	// there, and a container that starts there with no end recorded
	// ends past it, so deep values are not read again at each level.
	window int
	ends   map[int]int
}

// windowEnds records where the arrays and objects of b that end in b
// end, reading from start once.
func windowEnds(b []byte, start int) map[int]int {
	ends := map[int]int{}
	var stack []int
	for i := start; i < len(b); i++ {
		switch b[i] {
		case '"':
			i = stringEnd(b, i) - 1
		case '[', '{':
			stack = append(stack, i)
		case ']', '}':
			if len(stack) > 0 {
				ends[stack[len(stack)-1]] = i + 1
				stack = stack[:len(stack)-1]
			}
		}
	}
	return ends
}

// scan returns the end (one past) of the value at i, or -1 when it ends
// more than limit bytes after i: a value that does not fit is read no
// further than that.
func (c *cutter) scan(i, limit int) int {
	b := c.data
	if i >= len(b) {
		c.bad = true
		return len(b)
	}
	switch b[i] {
	case '"':
		e := stringEnd(b, i)
		if e-i > limit {
			return -1
		}
		return e
	case '[', '{':
		if e, ok := c.ends[i]; ok {
			if e-i > limit {
				return -1
			}
			return e
		}
		if i+limit < c.window {
			return -1 // it ends past the window
		}
		depth := 0
		for j := i; j < len(b); j++ {
			if j-i >= limit {
				return -1
			}
			switch b[j] {
			case '"':
				j = stringEnd(b, j) - 1
			case '[', '{':
				depth++
			case ']', '}':
				depth--
				if depth == 0 {
					if j+1-i > limit {
						return -1
					}
					return j + 1
				}
			}
		}
		c.bad = true
		return len(b)
	}
	j := i
	for j < len(b) && !isDelim(b[j]) {
		j++
	}
	if j == i {
		c.bad = true
	}
	if j-i > limit {
		return -1
	}
	return j
}

// end returns the end of the value at i, reading it whole.
func (c *cutter) end(i int) int { return c.scan(i, len(c.data)+1) }

// value appends the value at i, cut to budget bytes when it is a
// container (a scalar is appended whole), and returns where it ends in
// data.
func (c *cutter) value(i, budget int) int {
	if e := c.scan(i, budget); e >= 0 || (c.data[i] != '[' && c.data[i] != '{') {
		if e < 0 {
			e = c.end(i)
		}
		c.out = append(c.out, c.data[i:e]...)
		return e
	}
	object := c.data[i] == '{'
	c.out = append(c.out, c.data[i])
	budget -= 2 // the brackets
	first := true
	j := skipSpace(c.data, i+1)
	for !c.bad && j < len(c.data) && c.data[j] != ']' && c.data[j] != '}' {
		// An element: a value, or a key, a colon and a value.
		v, head := j, 0
		if !first {
			head = 1 // the comma
		}
		if object {
			ke := stringEnd(c.data, j)
			head += ke - j + 1
			v = skipSpace(c.data, skipSpace(c.data, ke)+1)
		}
		if ve := c.scan(v, budget-head); ve >= 0 {
			c.element(j, v, ve, object, !first)
			budget -= head + ve - v
			j = c.next(ve)
			first = false
			continue
		}
		if !(object && c.mode == ItemsOnly) && !(c.cutsInto(c.data[v]) && budget >= head+2) {
			c.count(object)
			return c.skipRest(object, c.end(v))
		}
		n, saved := len(c.out), c.cut
		c.element(j, v, v, object, !first)
		ve := c.value(v, budget-head)
		if !(object && c.mode == ItemsOnly) {
			// The element cut in turn ends the container; one that
			// kept nothing is left out whole.
			if len(c.out)-n == head+2 {
				c.out, c.cut = c.out[:n], saved
				c.count(object)
			}
			return c.skipRest(object, ve)
		}
		budget -= len(c.out) - n
		j = c.next(ve)
		first = false
	}
	c.out = append(c.out, closing(object))
	if j >= len(c.data) {
		c.bad = true
		return len(c.data)
	}
	return j + 1
}

// next returns where the element after the one that ends at e starts,
// or the closing bracket.
func (c *cutter) next(e int) int {
	j := skipSpace(c.data, e)
	if j < len(c.data) && c.data[j] == ',' {
		j = skipSpace(c.data, j+1)
	}
	return j
}

// cutsInto reports whether a container that starts with b, the first
// element that does not fit, is cut in turn: any container, or under
// ItemsOnly an array (an object there keeps every member, and would not
// fit either).
func (c *cutter) cutsInto(b byte) bool {
	return b == '[' || (b == '{' && c.mode == Any)
}

// element appends an element's comma, key and colon, and its value
// data[v:ve] (none when ve is v).
func (c *cutter) element(j, v, ve int, object, comma bool) {
	if comma {
		c.out = append(c.out, ',')
	}
	if object {
		c.out = append(c.out, c.data[j:stringEnd(c.data, j)]...)
		c.out = append(c.out, ':')
	}
	c.out = append(c.out, c.data[v:ve]...)
}

// skipRest counts the elements after the one that ends at e, which are
// left out, closes the container, and returns where it ends in data.
func (c *cutter) skipRest(object bool, e int) int {
	j := skipSpace(c.data, e)
	for !c.bad && j < len(c.data) && c.data[j] == ',' {
		j = skipSpace(c.data, j+1)
		if object {
			j = skipSpace(c.data, skipSpace(c.data, stringEnd(c.data, j))+1)
		}
		c.count(object)
		j = skipSpace(c.data, c.end(j))
	}
	c.out = append(c.out, closing(object))
	if j >= len(c.data) {
		c.bad = true
		return len(c.data)
	}
	return j + 1
}

func (c *cutter) count(object bool) {
	if object {
		c.cut.Members++
	} else {
		c.cut.Items++
	}
}

func closing(object bool) byte {
	if object {
		return '}'
	}
	return ']'
}

// stringEnd returns the end (one past the closing quote) of the string
// that starts at i.
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDelim(c byte) bool { return c == ',' || c == ']' || c == '}' || c == ':' || isSpace(c) }
