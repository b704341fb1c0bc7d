// Package ruledoc makes the per-rule sections of olt's analyzers.txt, which
// become the rule analyzers' Doc (and toolvet help OLTnnn), from the one
// text of each rule: its section of docs/diagnostics.md.
//
// A rule's section there starts with "## OLTnnn" and ends at the next
// "## " heading. Its summary is the prose before the section's first code
// block, table or heading, followed by its first paragraph that starts
// "Fix:", "Fix (" or "Fix," (before any "###" heading: a summary that
// would end with a colon, before a block it leaves out, is refused, so the
// page words it to stand alone), each turned from Markdown into
// Go doc comment text: code spans lose their backticks, links become their
// text (a link to a page of docs/ names the page), bold loses its
// stars, and paragraphs and lists are wrapped at 76 columns.
package ruledoc

import (
	"bytes"
	"errors"
	"fmt"
	"go/doc/comment"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/toolschema/toolschema/internal/schema"
)

// width is the column a generated line stays within, unless one word is
// longer.
const width = 76

// sectionPrefix starts each rule's section of analyzers.txt.
const sectionPrefix = "\n# Analyzer OLT"

// Doc returns olt's analyzers.txt made from its current text and md, the
// contents of docs/diagnostics.md: the text before its first rule section
// ("# Analyzer OLTnnn") kept as it is, then a section for each rule in
// order: "# Analyzer ID", "ID: title" with the catalog's title, and the
// rule's summary from md.
func Doc(text, md []byte, rules []schema.Rule) ([]byte, error) {
	head, _, ok := bytes.Cut(text, []byte(sectionPrefix))
	if !ok {
		return nil, fmt.Errorf("analyzers.txt has no rule section (a line # Analyzer OLTnnn)")
	}
	sections, err := Sections(md)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(head)
	seen := map[string]bool{}
	var errs []error // every rule's, so that one run shows all to fix
	for _, r := range rules {
		id := string(r.ID)
		sec, ok := sections[id]
		if !ok {
			errs = append(errs, fmt.Errorf("docs/diagnostics.md has no section ## %s", id))
			continue
		}
		seen[id] = true
		summary, err := Summary(id, sec)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		fmt.Fprintf(&b, "\n# Analyzer %s\n\n%s: %s\n\n%s", id, id, r.Title, summary)
	}
	for _, id := range slices.Sorted(maps.Keys(sections)) {
		if !seen[id] {
			errs = append(errs, fmt.Errorf("docs/diagnostics.md has a section ## %s, a rule the catalog does not have", id))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return b.Bytes(), nil
}

// Sections returns the lines of each rule's section of md ("## OLTnnn" up
// to the next "## " heading), by ID, without the heading. Headings inside
// code blocks are not headings; a code block left open is an error.
func Sections(md []byte) (map[string][]string, error) {
	out := map[string][]string{}
	var cur string
	fence, fenceLine := false, 0
	for n, line := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(line, "```") {
			switch {
			case !fence:
				fenceLine = n + 1
			case line != "```":
				// Every block of the page names its language, and a
				// block ends with a bare fence.
				return nil, fmt.Errorf("docs/diagnostics.md:%d: the code block that starts here is not closed before the one of line %d", fenceLine, n+1)
			}
			fence = !fence
		}
		if !fence && strings.HasPrefix(line, "## ") {
			cur = ""
			if id := strings.TrimPrefix(line, "## "); isRuleID(id) {
				if _, dup := out[id]; dup {
					return nil, fmt.Errorf("docs/diagnostics.md:%d: a second section ## %s", n+1, id)
				}
				cur = id
				out[id] = nil
			}
			continue
		}
		if cur != "" {
			out[cur] = append(out[cur], line)
		}
	}
	if fence {
		return nil, fmt.Errorf("docs/diagnostics.md:%d: the code block that starts here is not closed", fenceLine)
	}
	return out, nil
}

// isRuleID reports whether s is a rule ID, OLT and three digits.
func isRuleID(s string) bool {
	if len(s) != 6 || !strings.HasPrefix(s, "OLT") {
		return false
	}
	for _, c := range s[3:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// A block is a paragraph or a list of a section, as lines of Markdown.
type block struct {
	list  bool
	lines []string
}

// Summary returns the summary of rule id from the lines of its section,
// as Go doc comment text, ending with a newline.
func Summary(id string, lines []string) (string, error) {
	var prose []block // before the first code block, table or heading
	var fix *block
	var cur *block
	inProse, fence := true, false
	flush := func() {
		if cur == nil {
			return
		}
		switch {
		case fix == nil && !cur.list && isFix(cur.lines[0]):
			fix, inProse = cur, false
		case inProse:
			prose = append(prose, *cur)
		}
		cur = nil
	}
scan:
	for _, line := range lines {
		trimmed := strings.TrimSpace(line)
		switch {
		case fence:
			fence = !strings.HasPrefix(line, "```")
			continue
		case strings.HasPrefix(line, "```"):
			flush()
			fence, inProse = true, false
			continue
		case strings.HasPrefix(line, "#"):
			// The Fix paragraph is the section's own, before any
			// subsection.
			break scan
		case strings.HasPrefix(line, "|"), strings.HasPrefix(line, "<"):
			flush()
			inProse = false
			continue
		case trimmed == "":
			flush()
			continue
		}
		item := strings.HasPrefix(line, "- ")
		switch {
		case cur == nil:
			cur = &block{list: item}
		case item && !cur.list:
			flush()
			cur = &block{list: true}
		case !item && cur.list && !strings.HasPrefix(line, " "):
			flush()
			cur = &block{}
		}
		cur.lines = append(cur.lines, line)
	}
	flush()
	if len(prose) == 0 {
		return "", fmt.Errorf("%s: docs/diagnostics.md's section has no text before its first code block", id)
	}
	if fix == nil {
		return "", fmt.Errorf("%s: docs/diagnostics.md's section has no paragraph starting Fix after its summary", id)
	}
	var out strings.Builder
	for i, b := range append(prose, *fix) {
		if i > 0 {
			out.WriteString("\n")
		}
		text, err := render(b)
		if err != nil {
			return "", fmt.Errorf("%s: %v", id, err)
		}
		out.WriteString(text)
	}
	last := strings.TrimSpace(prose[len(prose)-1].lines[len(prose[len(prose)-1].lines)-1])
	for _, end := range []string{last, strings.TrimSpace(fix.lines[len(fix.lines)-1])} {
		if strings.HasSuffix(end, ":") {
			return "", fmt.Errorf("%s: a paragraph of the summary ends with a colon, before a block the summary leaves out: %q", id, end)
		}
	}
	text := out.String()
	if err := plain(text); err != nil {
		return "", fmt.Errorf("%s: %v", id, err)
	}
	return text, nil
}

// isFix reports whether a paragraph's first line starts it as the fix:
// "Fix:", "Fix (suggested):", "Fix, if ...".
func isFix(line string) bool {
	rest, ok := strings.CutPrefix(line, "Fix")
	return ok && (strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, " (") || strings.HasPrefix(rest, ","))
}

// plain checks that text reads, as a Go doc comment, as the paragraphs
// and lists it was made of: no line of it starts a heading or a code
// block.
func plain(text string) error {
	var p comment.Parser
	for _, c := range p.Parse(text).Content {
		switch c := c.(type) {
		case *comment.Paragraph, *comment.List:
		case *comment.Heading:
			return fmt.Errorf("a line of the summary reads as a heading: %v", c.Text)
		default:
			return fmt.Errorf("a line of the summary reads as a %T", c)
		}
	}
	return nil
}

// render returns a block as Go doc comment text: a paragraph wrapped at
// the left margin, a list as items indented by two spaces.
func render(b block) (string, error) {
	if !b.list {
		words, err := inline(strings.Join(trimAll(b.lines), " "))
		if err != nil {
			return "", err
		}
		return wrap(words, "", ""), nil
	}
	var out strings.Builder
	var item []string
	emit := func() error {
		if item == nil {
			return nil
		}
		words, err := inline(strings.Join(item, " "))
		if err != nil {
			return err
		}
		out.WriteString(wrap(words, "  - ", "    "))
		item = nil
		return nil
	}
	for _, line := range b.lines {
		if rest, ok := strings.CutPrefix(line, "- "); ok {
			if err := emit(); err != nil {
				return "", err
			}
			line = rest
		}
		item = append(item, strings.TrimSpace(line))
	}
	if err := emit(); err != nil {
		return "", err
	}
	return out.String(), nil
}

func trimAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
	}
	return out
}

// nbsp stands for a space inside a code span while the text is wrapped, so
// that a span is not broken across lines.
const nbsp = '\u00a0'

// inline returns the words of Markdown text as Go doc comment text: code
// spans without their backticks (and unbreakable), links as their text,
// bold without its stars, escapes without their backslash.
func inline(md string) ([]string, error) {
	var b strings.Builder
	for i := 0; i < len(md); {
		c := md[i]
		switch {
		case c == '`':
			n := run(md[i:], '`')
			end := strings.Index(md[i+n:], md[i:i+n])
			if end < 0 {
				return nil, fmt.Errorf("a code span is not closed: %s", md[i:])
			}
			code := md[i+n : i+n+end]
			if len(code) > 1 && code[0] == ' ' && code[len(code)-1] == ' ' {
				code = code[1 : len(code)-1]
			}
			b.WriteString(strings.ReplaceAll(code, " ", string(nbsp)))
			i += 2*n + end
		case c == '[':
			text, target, n, ok := link(md[i:])
			if !ok {
				b.WriteByte(c)
				i++
				continue
			}
			words, err := inline(text)
			if err != nil {
				return nil, err
			}
			b.WriteString(linkText(strings.Join(words, " "), target))
			i += n
		case strings.HasPrefix(md[i:], "**"):
			i += 2
		case c == '\\' && i+1 < len(md) && isPunct(md[i+1]):
			b.WriteByte(md[i+1])
			i += 2
		case c == '<' || c == '*':
			return nil, errors.New("Markdown the summary cannot say as Go doc (HTML, emphasis): " + md[i:min(len(md), i+40)])
		default:
			b.WriteByte(c)
			i++
		}
	}
	return strings.Fields(b.String()), nil
}

// run returns how many bytes c starts s with.
func run(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// link parses a Markdown link [text](target) at the start of s and returns
// its length.
func link(s string) (text, target string, n int, ok bool) {
	close := strings.Index(s, "](")
	if close < 0 {
		return "", "", 0, false
	}
	end := strings.IndexByte(s[close:], ')')
	if end < 0 {
		return "", "", 0, false
	}
	return s[1:close], s[close+2 : close+end], close + end + 1, true
}

// linkText returns a link as Go doc text: for a page of docs/ (this
// page, for a link to a place on it), the page's path in the module,
// after the text and "in" unless the text is the page's name; for a web
// page, the address after the text.
func linkText(text, target string) string {
	switch {
	case strings.HasPrefix(target, "#"):
		return text + " in docs/diagnostics.md"
	case strings.Contains(target, "://"):
		if text == target {
			return text
		}
		return text + " (" + target + ")"
	}
	page, _, _ := strings.Cut(target, "#")
	if text == page {
		return "docs/" + page
	}
	return text + " in docs/" + page
}

func isPunct(c byte) bool {
	return c < utf8.RuneSelf && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

// wrap fills lines of at most width columns with words, the first line
// starting with first and the others with rest.
func wrap(words []string, first, rest string) string {
	var out strings.Builder
	prefix := first
	var line []string
	cols := func(ws []string) int {
		n := utf8.RuneCountInString(prefix) + len(ws) - 1
		for _, w := range ws {
			n += utf8.RuneCountInString(w)
		}
		return n
	}
	for _, w := range words {
		w = strings.ReplaceAll(w, string(nbsp), " ")
		if len(line) > 0 && cols(append(line[:len(line):len(line)], w)) > width {
			out.WriteString(prefix + strings.Join(line, " ") + "\n")
			prefix, line = rest, nil
		}
		line = append(line, w)
	}
	out.WriteString(prefix + strings.Join(line, " ") + "\n")
	return out.String()
}
