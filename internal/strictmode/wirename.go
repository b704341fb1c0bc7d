package strictmode

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// WireName returns the name a tool named name goes by where tool names
// must match rule, an anchored expression of the form the providers'
// rules have (StrictMode.ToolName: a class of first characters, a
// class of the others, a bound on the length, such as
// ^[a-zA-Z0-9_-]{1,64}$). A name that matches is itself. Else, each
// character rule does not take is replaced by '_' ("admin.tools.list" is
// "admin_tools_list" for OpenAI), a first character rule takes only
// later gets '_' before it, and a name still too long keeps its first
// characters and ends with '_' and 8 hexadecimal digits of the SHA-256 of
// the whole name, so that two long names that differ only past the cut
// stay distinct. The result depends on name and rule only. Names whose
// wire names are equal are refused by tool.Set.WireNames.
func WireName(name, rule string) string {
	r := nameRuleOf(rule)
	if r.re.MatchString(name) {
		return name
	}
	var b strings.Builder
	b.Grow(len(name) + 1)
	for i, c := range name {
		switch {
		case c >= utf8.RuneSelf || !r.rest[c] && !(i == 0 && r.first[c]):
			b.WriteByte('_')
		case i == 0 && !r.first[c]:
			b.WriteByte('_')
			b.WriteRune(c)
		default:
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		b.WriteByte('_')
	}
	w := b.String()
	if len(w) > r.max {
		sum := sha256.Sum256([]byte(name))
		w = w[:r.max-9] + "_" + hex.EncodeToString(sum[:4])
	}
	return w
}

// A nameRule is what a rule's expression takes, learnt by asking it
// about the characters of MCP's tool names (ASCII letters, digits, '_',
// '.', '-') and about lengths.
type nameRule struct {
	re          *regexp.Regexp
	first, rest [utf8.RuneSelf]bool
	max         int
}

var nameRules sync.Map // rule -> *nameRule

// The longest wire name nameRuleOf looks for, and the shortest it gives.
const (
	maxWireProbe = 256
	minWireMax   = 16
)

func nameRuleOf(rule string) *nameRule {
	if r, ok := nameRules.Load(rule); ok {
		return r.(*nameRule)
	}
	r := &nameRule{re: regexp.MustCompile(rule)}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
	for i := 0; i < len(alphabet); i++ {
		c := alphabet[i]
		r.first[c] = r.re.MatchString(string(c))
		r.rest[c] = r.re.MatchString("_" + string(c))
	}
	for n := 1; n <= maxWireProbe && r.re.MatchString(strings.Repeat("_", n)); n++ {
		r.max = n
	}
	// A rule that does not take '_' runs of some length is not of the
	// providers' form; the names are still cut to a length that keeps the
	// hash.
	r.max = max(r.max, minWireMax)
	actual, _ := nameRules.LoadOrStore(rule, r)
	return actual.(*nameRule)
}
