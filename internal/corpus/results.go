package corpus

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolschema/toolschema/tool"
)

// TextInput is a piece of text.
type TextInput struct {
	Text string `json:"text"`
}

// Discard accepts a text and returns nothing at all.
//
//tool:export
func Discard(in TextInput) {}

// GreetInput names someone to greet.
type GreetInput struct {
	Name     string `json:"name" default:"world"`
	Language string `json:"language,omitempty" enum:"en, fr, de, es" default:"en"`
}

// Greet returns a greeting as plain text.
//
//tool:export
func Greet(in GreetInput) string {
	name := in.Name
	if name == "" {
		name = "world"
	}
	word := map[string]string{"fr": "Bonjour", "de": "Hallo", "es": "Hola"}[in.Language]
	if word == "" {
		word = "Hello"
	}
	return word + ", " + name + "!"
}

// Slugify turns a title into a URL slug, and fails when nothing is left.
//
//tool:export
func Slugify(in TextInput) (string, error) {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(in.Text) {
		switch {
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "", fmt.Errorf("%q has no ASCII letters or digits", in.Text)
	}
	return b.String(), nil
}

// TextStatistics counts the parts of a text.
type TextStatistics struct {
	Bytes     int     `json:"bytes"`
	Runes     int     `json:"runes"`
	Words     int     `json:"words"`
	Lines     int     `json:"lines"`
	AvgWord   float64 `json:"avg_word_length"`
	Uppercase bool    `json:"all_uppercase"`
}

// TextStats counts the bytes, characters, words and lines of a text.
//
//tool:export
func TextStats(in TextInput) TextStatistics {
	words := strings.Fields(in.Text)
	s := TextStatistics{
		Bytes: len(in.Text),
		Runes: utf8.RuneCountInString(in.Text),
		Words: len(words),
		Lines: strings.Count(in.Text, "\n"),
	}
	if in.Text != "" && !strings.HasSuffix(in.Text, "\n") {
		s.Lines++
	}
	letters := 0
	for _, w := range words {
		letters += utf8.RuneCountInString(w)
	}
	if len(words) > 0 {
		s.AvgWord = float64(letters) / float64(len(words))
	}
	s.Uppercase = in.Text != "" && strings.ToUpper(in.Text) == in.Text
	return s
}

// GlossaryEntry is one term of the glossary.
type GlossaryEntry struct {
	Term       string   `json:"term"`
	Definition string   `json:"definition"`
	SeeAlso    []string `json:"see_also,omitempty"`
}

var glossary = map[string]GlossaryEntry{
	"idempotent": {"idempotent", "Giving the same result however many times it is applied.", []string{"retry"}},
	"retry":      {"retry", "Trying a failed operation again, usually after a delay.", []string{"idempotent", "backoff"}},
	"backoff":    {"backoff", "Waiting longer after each failure before trying again.", nil},
}

// TermQuery names a glossary term.
type TermQuery struct {
	Term string `json:"term" minLength:"1"`
}

// LookupTerm returns the glossary entry of a term, or null when there is
// none.
//
//tool:export
func LookupTerm(in TermQuery) *GlossaryEntry {
	e, ok := glossary[strings.ToLower(strings.TrimSpace(in.Term))]
	if !ok {
		return nil
	}
	return &e
}

// SplitInput is a text and a separator.
type SplitInput struct {
	Text      string `json:"text"`
	Separator string `json:"separator" default:","`
	// Trim removes the spaces around each piece; true when absent.
	Trim  *bool `json:"trim" default:"true"`
	Limit int   `json:"limit,omitempty" minimum:"-1"`
}

// SplitText splits a text at a separator and, unless told not to, trims
// the pieces.
//
//tool:export
func SplitText(in SplitInput) []string {
	sep := in.Separator
	if sep == "" {
		sep = ","
	}
	n := in.Limit
	if n == 0 {
		n = -1
	}
	parts := strings.SplitN(in.Text, sep, n)
	if in.Trim == nil || *in.Trim {
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
	}
	return parts
}

// LetterFrequency counts each letter of a text, case folded.
//
//tool:export
func LetterFrequency(in TextInput) map[string]int {
	out := map[string]int{}
	for _, r := range strings.ToLower(in.Text) {
		if unicode.IsLetter(r) {
			out[string(r)]++
		}
	}
	return out
}

// CountRunes returns the number of Unicode code points in a text.
//
//tool:export
func CountRunes(in TextInput) int { return utf8.RuneCountInString(in.Text) }

// ClassifyText gives a text a label: question, shout, statement or empty.
// The result is a named string type without constants.
//
//tool:export
func ClassifyText(in TextInput) Label {
	t := strings.TrimSpace(in.Text)
	switch {
	case t == "":
		return "empty"
	case strings.HasSuffix(t, "?"):
		return "question"
	case strings.ToUpper(t) == t && strings.ToLower(t) != t:
		return "shout"
	}
	return "statement"
}

// BadgeInput is a status badge to draw.
type BadgeInput struct {
	Subject string `json:"subject"`
	Status  string `json:"status"`
	Color   string `json:"color" pattern:"^#[0-9a-fA-F]{6}$" default:"#4c1d95"`
}

// RenderBadge draws a status badge as an SVG image part.
//
//tool:export
func RenderBadge(in BadgeInput) tool.Part {
	color := in.Color
	if color == "" {
		color = "#4c1d95"
	}
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="20"><rect width="120" height="20" fill="%s"/><text x="4" y="14" fill="#fff">%s: %s</text></svg>`,
		color, xmlEscape(in.Subject), xmlEscape(in.Status))
	return tool.BlobPart{MIMEType: "image/svg+xml", Data: []byte(svg)}
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// ReportInput is a table of named values.
type ReportInput struct {
	Title  string             `json:"title"`
	Values map[string]float64 `json:"values"`
}

// RenderReport writes a report as a heading text part followed by the data
// as a JSON part.
//
//tool:export
func RenderReport(in ReportInput) []tool.Part {
	// Summed in key order: a float sum depends on the order, and a map's
	// is random (every tool of the corpus is deterministic).
	total := 0.0
	for _, k := range slices.Sorted(maps.Keys(in.Values)) {
		total += in.Values[k]
	}
	data, err := json.Marshal(map[string]any{"values": in.Values, "total": total})
	if err != nil {
		return []tool.Part{tool.TextPart{Text: "report: values cannot be encoded"}}
	}
	return []tool.Part{
		tool.TextPart{Text: fmt.Sprintf("# %s (%d values, total %g)", in.Title, len(in.Values), total)},
		tool.JSONPart{JSON: data},
	}
}

// VerdictInput is the final decision of a review.
type VerdictInput struct {
	Approve bool     `json:"approve"`
	Reasons []string `json:"reasons" minItems:"1"`
}

// SubmitVerdict ends a review with a verdict; a rejection is reported as an
// error result.
//
//tool:export ends-loop
func SubmitVerdict(in VerdictInput) *tool.Result {
	word := "approved"
	if !in.Approve {
		word = "rejected"
	}
	return &tool.Result{
		Parts:   []tool.Part{tool.TextPart{Text: word + ": " + strings.Join(in.Reasons, "; ")}},
		IsError: !in.Approve,
		Value:   in.Approve,
	}
}

// AnswerInput is the answer to the user's question.
type AnswerInput struct {
	Answer     string  `json:"answer" minLength:"1"`
	Confidence float64 `json:"confidence" minimum:"0" maximum:"1"`
}

// FinalAnswer gives the final answer and ends the loop; the result is a
// tool.Result value.
//
//tool:export ends-loop=true version=2024-06
func FinalAnswer(in AnswerInput) tool.Result {
	return tool.Result{
		Parts: []tool.Part{tool.TextPart{Text: in.Answer}},
		Value: in,
	}
}

// ExprInput is a tiny postfix expression.
type ExprInput struct {
	// Tokens are numbers and the operators + - * / in postfix order, such
	// as ["2", "3", "+"].
	Tokens []string `json:"tokens" minItems:"1"`
}

// EvaluatePostfix evaluates a postfix expression. It returns a number, or
// the string "error: ..." when the expression is malformed: the result is
// any JSON value.
//
//tool:export
func EvaluatePostfix(in ExprInput) any {
	var stack []float64
	for _, t := range in.Tokens {
		if f, err := strconv.ParseFloat(t, 64); err == nil {
			stack = append(stack, f)
			continue
		}
		if len(stack) < 2 {
			return "error: not enough operands for " + t
		}
		a, b := stack[len(stack)-2], stack[len(stack)-1]
		stack = stack[:len(stack)-2]
		switch t {
		case "+":
			stack = append(stack, a+b)
		case "-":
			stack = append(stack, a-b)
		case "*":
			stack = append(stack, a*b)
		case "/":
			if b == 0 {
				return map[string]any{"error": "division by zero"}
			}
			stack = append(stack, a/b)
		default:
			return "error: unknown operator " + t
		}
	}
	if len(stack) != 1 {
		return "error: the expression leaves " + strconv.Itoa(len(stack)) + " values"
	}
	return stack[0]
}

// ParseKeyValues reads lines of key=value into a JSON object, returned as
// raw JSON; a line without '=' is an error.
//
//tool:export
func ParseKeyValues(in TextInput) (json.RawMessage, error) {
	m := map[string]string{}
	for i, line := range strings.Split(in.Text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("line %d has no '='", i+1)
		}
		m[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	if len(m) == 0 {
		return nil, errors.New("no key=value lines")
	}
	return json.Marshal(m)
}
