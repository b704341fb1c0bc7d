package oracle

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ruleLiteral finds a rule given by name where a violation is made.
var ruleLiteral = regexp.MustCompile(`(?:\b(?:add|at|stop|fault)\(|Rule: *)"([a-z]+)"`)

// TestEveryRuleRanked: every rule the invoker's checks and this checker
// emit has a rank in both tables, and the same one: a rule without one
// sorted first, with the faults that stop the reading ("schema" did).
func TestEveryRuleRanked(t *testing.T) {
	toolRank := readRank(t, filepath.Join("..", "..", "tool", "args.go"))
	for rule, r := range rank {
		if tr, ok := toolRank[rule]; !ok || tr != r {
			t.Errorf("rule %q: rank %d here, %d (%v) in the invoker's", rule, r, tr, ok)
		}
	}
	for _, dir := range []string{".", filepath.Join("..", "..", "tool")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ruleLiteral.FindAllStringSubmatch(string(b), -1) {
				if _, ok := rank[m[1]]; !ok {
					t.Errorf("%s: rule %q has no rank", f, m[1])
				}
			}
		}
	}
}

// readRank reads the invoker's rank table from its source.
func readRank(t *testing.T, file string) map[string]int {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(b), "var rank = map[string]int{")
	if i < 0 {
		t.Fatalf("%s: no rank table", file)
	}
	body := string(b[i:])
	body = body[:strings.Index(body, "}")]
	out := map[string]int{}
	for _, m := range regexp.MustCompile(`"([a-z]+)": (\d+)`).FindAllStringSubmatch(body, -1) {
		n := 0
		for _, c := range m[2] {
			n = n*10 + int(c-'0')
		}
		out[m[1]] = n
	}
	if len(out) == 0 {
		t.Fatalf("%s: an empty rank table", file)
	}
	return out
}
