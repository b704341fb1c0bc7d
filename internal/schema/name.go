package schema

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SnakeCase turns a Go identifier into a tool name: words are split where
// the case changes and joined with '_', initialisms stay whole, plural ones
// too: GetDocket is get_docket, HTTPRequest is http_request, ParseURLPath
// is parse_url_path, GetV2Item is get_v2_item, ListURLs is list_urls,
// IPv6Lookup is ipv6_lookup.
func SnakeCase(s string) string {
	rs := []rune(s)
	lower := func(i int) bool { return i < len(rs) && unicode.IsLower(rs[i]) }
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prev := rs[i-1]
			// The last capital of an initialism starts a new word when a
			// lower-case letter follows, unless that letter only ends it:
			// the s of a plural (URLs), the v of a version (IPv6).
			startsWord := unicode.IsUpper(prev) && lower(i+1) &&
				!(rs[i+1] == 's' && !lower(i+2)) &&
				!(rs[i+1] == 'v' && i+2 < len(rs) && unicode.IsDigit(rs[i+2]))
			if prev != '_' && (unicode.IsLower(prev) || unicode.IsDigit(prev) || startsWord) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// MaxNameLen is the longest tool name the contract allows.
const MaxNameLen = 64

// MaxMCPNameLen is the longest tool name MCP allows: a raw-schema
// tool's, or a name a client sends.
const MaxMCPNameLen = 128

// MCPName reports whether name follows MCP's rule for tool names: 1 to
// 128 ASCII letters, digits, '_', '-' and '.'. rawtool.CheckName says
// why a name does not; the servers repeat a client's name only when it does.
func MCPName(name string) bool {
	if name == "" || len(name) > MaxMCPNameLen {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// CheckName reports, as an OLT008 error, why name is not a valid tool name:
// 1 to 64 ASCII letters, digits, '_' or '-'. It returns nil for a valid name.
func CheckName(name string) *Error {
	if name == "" {
		return errorf(OLT008, "tool name is empty; it must be 1-%d letters, digits, '_' or '-'", MaxNameLen)
	}
	if len(name) > MaxNameLen {
		return errorf(OLT008, "tool name %q is %d characters long; at most %d are allowed", name, len(name), MaxNameLen)
	}
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if !(r < utf8.RuneSelf && (r == '_' || r == '-' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')) {
			return errorf(OLT008, "tool name %q has %q at offset %d; only letters, digits, '_' and '-' are allowed", name, r, i)
		}
		i += n
	}
	return nil
}

// FlattenDoc turns the text of a Go doc comment (as go/ast's
// CommentGroup.Text returns it, directives already left out) into a
// description: whitespace runs become one space, doc links [pkg.Name] and
// [Name] lose their brackets, and the result is trimmed.
func FlattenDoc(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	space := false
	for i := 0; i < len(text); {
		c := text[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
			space = b.Len() > 0
			i++
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if c == '[' {
			if j := strings.IndexByte(text[i:], ']'); j > 1 && isDocLink(text[i+1:i+j]) {
				// A link definition ("[x]: url") keeps its brackets.
				if !strings.HasPrefix(text[i+j+1:], ":") {
					b.WriteString(text[i+1 : i+j])
					i += j + 1
					continue
				}
			}
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// isDocLink reports whether s, the text between brackets, is a Go doc link
// target: an identifier path such as Name, pkg.Name, *pkg.Name or
// example.com/pkg.Name.Method.
func isDocLink(s string) bool {
	s = strings.TrimPrefix(s, "*")
	if s == "" {
		return false
	}
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		for j, r := range part {
			if !(r == '_' || unicode.IsLetter(r) || j > 0 && unicode.IsDigit(r)) {
				return false
			}
		}
	}
	return true
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }
