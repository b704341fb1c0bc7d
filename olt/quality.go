package olt

import (
	"flag"
	"fmt"
	"strings"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// quality is the setup of a contract-quality rule: off unless Config's
// Quality or its -enable flag says otherwise, run on each tool.
func quality(fn func(p *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic) func(*flag.FlagSet, Config) check {
	return optIn(func(cfg Config) bool { return cfg.Quality }, "report this contract-quality check", eachTool(fn))
}

// qualityRules declares the contract-quality checks OLT016 to OLT019.
var qualityRules = []ruleDef{
	{id: schema.OLT016, setup: quality(undescribed)},
	{id: schema.OLT017, setup: quality(identities)},
	{id: schema.OLT018, setup: quality(vagueName)},
	{id: schema.OLT019, setup: quality(booleanPairs)},
}

// undescribed reports a tool or input field without a description
// (OLT016).
func undescribed(p *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	if t.Description == "" {
		pos, end := toolPos(t)
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT016,
			Message: fmt.Sprintf("tool %s has no description: write a doc comment saying what it does and when to use it", t.Name)})
	}
	for _, pr := range props(t) {
		if _, ok := pr.schema["description"]; !ok {
			out = append(out, at(p, t, pr, "", schema.OLT016, fmt.Sprintf("%s: the field has no description: write a doc comment or a description tag", pr.path)))
		}
	}
	return out
}

// identities reports the input fields that are the caller's identity or
// privileges (OLT017).
func identities(p *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	for _, pr := range props(t) {
		if identity(pr.path[strings.LastIndexAny(pr.path, ".]}")+1:]) {
			out = append(out, at(p, t, pr, "", schema.OLT017, fmt.Sprintf(
				"%s: the model should not say who the caller is or what they may do; take it from the context (the *tool.Call or context.Context) and leave it out of the input", pr.path)))
		}
	}
	return out
}

// vagueName reports a tool name made only of generic words (OLT018).
func vagueName(_ *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	if !vague(t.Name) {
		return nil
	}
	pos, end := toolPos(t)
	return []*analyzer.Diagnostic{{Pos: pos, End: end, ID: schema.OLT018,
		Message: fmt.Sprintf("tool name %s is vague: name what the tool does to what, such as search_orders", t.Name)}}
}

// identity reports whether a property name is one of the caller's
// identity or privileges.
func identity(name string) bool {
	n := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(name))
	switch n {
	case "userid", "username", "tenantid", "tenant", "accountid", "orgid", "organizationid", "ownerid", "callerid",
		"principal", "principalid", "role", "roles", "isadmin", "admin", "superuser", "issuperuser", "permissions", "scopes":
		return true
	}
	return false
}

// vagueWords are words that say nothing of what a tool does.
var vagueWords = map[string]bool{
	"process": true, "handle": true, "handler": true, "do": true, "action": true, "run": true, "execute": true,
	"perform": true, "manage": true, "thing": true, "stuff": true, "data": true, "info": true, "misc": true,
	"helper": true, "util": true, "utils": true, "tool": true, "func": true, "function": true, "operation": true,
	"task": true, "call": true, "invoke": true, "request": true, "general": true, "generic": true,
}

// vague reports whether a tool name is made only of generic words.
func vague(name string) bool {
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' })
	for _, w := range words {
		if !vagueWords[w] {
			return false
		}
	}
	return len(words) > 0
}

// opposites are pairs of words that two booleans of one state use.
var opposites = [][2]string{
	{"enabled", "disabled"}, {"enable", "disable"}, {"on", "off"}, {"open", "closed"}, {"visible", "hidden"},
	{"show", "hide"}, {"include", "exclude"}, {"allow", "deny"}, {"allowed", "denied"}, {"public", "private"},
	{"active", "inactive"}, {"valid", "invalid"}, {"success", "failure"}, {"start", "stop"}, {"online", "offline"},
	{"locked", "unlocked"}, {"read", "unread"}, {"archived", "unarchived"},
}

// booleanPairs reports two boolean fields of one object whose names say
// one state twice.
func booleanPairs(p *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	byObject := map[string][]prop{}
	var order []string
	for _, pr := range props(t) {
		if pr.schema["type"] != "boolean" {
			continue
		}
		obj := pr.path[:strings.LastIndexByte(pr.path, '.')]
		if _, ok := byObject[obj]; !ok {
			order = append(order, obj)
		}
		byObject[obj] = append(byObject[obj], pr)
	}
	for _, obj := range order {
		bs := byObject[obj]
		for i := range bs {
			for j := i + 1; j < len(bs); j++ {
				a, b := leaf(bs[i].path), leaf(bs[j].path)
				if oneState(a, b) {
					out = append(out, at(p, t, bs[j], "", schema.OLT019, fmt.Sprintf(
						"%s: %s and %s are two booleans for one state, which allows both or neither; use one field (an enum for more than two states)",
						bs[j].path, a, b)))
				}
			}
		}
	}
	return out
}

func leaf(path string) string { return path[strings.LastIndexAny(path, ".]}")+1:] }

// oneState reports whether two boolean names are one state and its
// opposite: x and not_x (no_x, non_x), or a pair of opposite words.
func oneState(a, b string) bool {
	norm := func(s string) string {
		s = strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s))
		return strings.TrimPrefix(strings.TrimPrefix(s, "is"), "has")
	}
	x, y := norm(a), norm(b)
	for _, neg := range []string{"not", "no", "non", "un"} {
		if x == neg+y || y == neg+x {
			return true
		}
	}
	for _, o := range opposites {
		if (x == o[0] && y == o[1]) || (x == o[1] && y == o[0]) {
			return true
		}
	}
	return false
}
