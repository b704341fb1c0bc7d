package ruledoc

import (
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
)

// TestSummary turns rule sections written in Markdown into the Go doc
// text of their summaries, and refuses what a summary cannot say.
func TestSummary(t *testing.T) {
	tests := []struct {
		name, md, want, err string
	}{{
		name: "prose up to the first code block, then the Fix paragraph",
		md: "The first paragraph,\nwrapped.\n\nThe second.\n\n```go\nfunc F() {}\n```\n\n" +
			"Text between the examples.\n\n```text\nOLT001: message\n```\n\nFix: do it.\n\n```go\nfunc G() {}\n```\n\nFix (what -fix writes):\n",
		want: "The first paragraph, wrapped.\n\nThe second.\n\nFix: do it.\n",
	}, {
		name: "a paragraph that starts with another word than Fix",
		md:   "Before.\n\n```go\n```\n\nFixes are suggested.\n\nFix (suggested): do it.\n",
		want: "Before.\n\nFix (suggested): do it.\n",
	}, {
		name: "a table ends the summary",
		md:   "Before.\n\n| a | b |\n|---|---|\n\nAfter.\n\nFix: do it.\n",
		want: "Before.\n\nFix: do it.\n",
	}, {
		name: "the Fix paragraph is the section's own",
		md:   "Before.\n\n```go\n```\n\n### A subsection\n\nFix: of the subsection.\n",
		err:  "no paragraph starting Fix",
	}, {
		name: "code spans lose their backticks and are not broken",
		md: "Write `json:\"name,omitempty\"` or ``a ` b`` here, and a long line that ends with `the code span`.\n\n" +
			"```go\n```\n\nFix: do it.\n",
		want: "Write json:\"name,omitempty\" or a ` b here, and a long line that ends with\nthe code span.\n\nFix: do it.\n",
	}, {
		name: "links, bold and escapes",
		md: "**Bold.** See [contract.md](contract.md#x), [Annotations](contract.md#annotations), " +
			"[warnings](#warnings), [the API](https://example.com/api) and \\, here.\n\n```go\n```\n\nFix: do it.\n",
		want: "Bold. See docs/contract.md, Annotations in docs/contract.md, warnings in\ndocs/diagnostics.md, the API (https://example.com/api) and , here.\n\nFix: do it.\n",
	}, {
		name: "lists",
		md:   "Reported:\n\n- one thing,\n  on two lines;\n- another.\n\n```go\n```\n\nFix: do it.\n",
		want: "Reported:\n\n  - one thing, on two lines;\n  - another.\n\nFix: do it.\n",
	}, {
		name: "no text before the first code block",
		md:   "```go\n```\n\nFix: do it.\n",
		err:  "no text before its first code block",
	}, {
		name: "no Fix paragraph",
		md:   "Text.\n\n```go\n```\n",
		err:  "no paragraph starting Fix",
	}, {
		name: "a summary paragraph that ends with a colon",
		md:   "The message reads:\n\n```text\nOLT001: message\n```\n\nFix: do it.\n",
		err:  "ends with a colon",
	}, {
		name: "a Fix paragraph that ends with a colon",
		md:   "Text.\n\n```go\n```\n\nFix (what -fix writes):\n\n```go\n```\n",
		err:  "ends with a colon",
	}, {
		name: "emphasis",
		md:   "It is *not* allowed.\n\n```go\n```\n\nFix: do it.\n",
		err:  "cannot say as Go doc",
	}, {
		name: "HTML",
		md:   "It is <b>not</b> allowed.\n\n```go\n```\n\nFix: do it.\n",
		err:  "cannot say as Go doc",
	}, {
		name: "an unclosed code span",
		md:   "It is `not closed.\n\n```go\n```\n\nFix: do it.\n",
		err:  "not closed",
	}, {
		name: "a wrapped line that would read as a heading",
		md:   "`#` x\n\n```go\n```\n\nFix: do it.\n",
		err:  "reads as a heading",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Summary("OLT001", strings.Split(tt.md, "\n"))
			switch {
			case tt.err != "":
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q (summary %q)", err, tt.err, got)
				}
			case err != nil:
				t.Fatal(err)
			case got != tt.want:
				t.Errorf("summary:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestWrap keeps every line of a summary within 76 columns, counting
// runes, unless one word is longer.
func TestWrap(t *testing.T) {
	words := strings.Fields(strings.Repeat("ab ±(2^53−1) ", 20) + strings.Repeat("x", 80) + " end")
	got := wrap(words, "", "")
	for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if n := len([]rune(line)); n > width && strings.Contains(line, " ") {
			t.Errorf("line of %d columns: %q", n, line)
		}
	}
	if strings.Join(strings.Fields(got), " ") != strings.Join(words, " ") {
		t.Errorf("wrap changed the words: %q", got)
	}
}

const page = `# Diagnostics

Text of the page.

## Running the checks

` + "```sh\n## not a heading\n```" + `

## OLT001

The first rule.

Fix: one.

## OLT002

The second rule.

` + "```go\nfunc F()\n```" + `

Fix: two.
`

const text = `The file's preamble.

# Analyzer toolschema

toolschema: the core

Kept as it is.

# Analyzer OLT001

OLT001: an old title

Old text.
`

// TestDoc makes analyzers.txt from a page: the text before the first rule
// section kept, a section per rule of the catalog in its order, and the
// page's sections checked against the catalog.
func TestDoc(t *testing.T) {
	rules := []schema.Rule{{ID: "OLT001", Title: "the first title"}, {ID: "OLT002", Title: "the second title"}}
	got, err := Doc([]byte(text), []byte(page), rules)
	if err != nil {
		t.Fatal(err)
	}
	want := `The file's preamble.

# Analyzer toolschema

toolschema: the core

Kept as it is.

# Analyzer OLT001

OLT001: the first title

The first rule.

Fix: one.

# Analyzer OLT002

OLT002: the second title

The second rule.

Fix: two.
`
	if string(got) != want {
		t.Errorf("analyzers.txt:\n%s\nwant:\n%s", got, want)
	}

	errs := []struct {
		name, page, text string
		rules            []schema.Rule
		err              string
	}{
		{"a rule without a section", page, text, append(rules, schema.Rule{ID: "OLT003", Title: "t"}), "no section ## OLT003"},
		{"a section without a rule", page, text, rules[:1], "a section ## OLT002, a rule the catalog does not have"},
		{"a section twice", page + "\n## OLT001\n", text, rules, "a second section ## OLT001"},
		{"a code block left open", strings.Replace(page, "func F()\n```", "func F()\n", 1), text, rules, "diagnostics.md:21: the code block that starts here is not closed"},
		{"a code block left open at the end", page + "\n```go\n", text, rules, "not closed"},
		{"a file without rule sections", page, "The preamble.\n", rules, "no rule section"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Doc([]byte(tt.text), []byte(tt.page), tt.rules)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want one with %q", err, tt.err)
			}
		})
	}
}
