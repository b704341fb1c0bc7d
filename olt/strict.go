package olt

import (
	"flag"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
	// The provider conversion sets strictmode.Check, the walk OLT015 asks.
	_ "github.com/toolschema/toolschema/provider"
)

// strictRules declares OLT015: off unless -OLT015.providers (Config's
// Providers) names providers whose modes to check.
var strictRules = []ruleDef{{id: schema.OLT015, setup: func(fs *flag.FlagSet, cfg Config) check {
	providers := fs.String("providers", strings.Join(cfg.Providers, ","), "comma-separated providers whose mode to check: openai, anthropic (their strict modes), gemini (its one mode), or name:nonstrict")
	return func(_ *analysis.Pass, res *coreResult) ([]*analyzer.Diagnostic, error) {
		if *providers == "" || res.Package.Blocked() {
			return nil, nil
		}
		names := strings.Split(*providers, ",")
		if err := checkProviders(names); err != nil {
			return nil, err
		}
		return strictChecks(res.Package, names), nil
	}
}}}

// checkProviders reports an error naming the first provider OLT015 does
// not know (case and spaces aside). A provider is named alone (its strict
// mode), or with ":strict" or ":nonstrict".
func checkProviders(names []string) error {
	for _, n := range names {
		if _, ok := providerMode(n); !ok {
			return fmt.Errorf("unknown provider %q: the providers are anthropic, gemini, openai, each alone or with :strict or :nonstrict", n)
		}
	}
	return nil
}

// providerMode returns the mode an entry of -OLT015.providers names.
func providerMode(entry string) (strictmode.StrictMode, bool) {
	name, mode, _ := strings.Cut(strings.TrimSpace(strings.ToLower(entry)), ":")
	strict := true
	switch strings.TrimSpace(mode) {
	case "", "strict":
	case "nonstrict", "non-strict":
		strict = false
	default:
		return strictmode.StrictMode{}, false
	}
	return strictmode.Mode(strings.TrimSpace(name), strict)
}

// strictChecks reports, for each provider's mode, what its conversion
// would move into a description or refuse, and the limits a package's
// tools exceed (OLT015). The findings are the conversion's own
// (strictmode.Check, which package provider sets, walks each schema as the conversion does), placed at
// the fields they are about.
func strictChecks(p *analyzer.Package, providers []string) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	for _, name := range providers {
		mode, ok := providerMode(name)
		if !ok {
			continue
		}
		reports := map[*analyzer.Tool]*strictmode.Report{}
		for _, t := range p.Tools {
			rep, diags := keywordChecks(p, t, mode)
			reports[t] = rep
			out = append(out, diags...)
		}
		if !mode.Strict {
			continue // the limits are those of strict modes
		}
		switch mode.Name {
		case "OpenAI":
			for _, t := range p.Tools {
				out = append(out, openAILimits(p, t, mode, reports[t])...)
			}
		case "Anthropic":
			for _, l := range p.Lists {
				out = append(out, anthropicLimits(p, l, mode, reports)...)
			}
		}
	}
	return out
}

// keywordChecks reports what mode's conversion does to t's schema: the
// tool's name, the properties' names, and every keyword of every schema
// (set by a tag or by the field's type, in a declared schema's branches
// too) that it moves into a description, renames or refuses. It returns
// the conversion's report too (nil when the schema cannot be read).
func keywordChecks(p *analyzer.Package, t *analyzer.Tool, mode strictmode.StrictMode) (*strictmode.Report, []*analyzer.Diagnostic) {
	var out []*analyzer.Diagnostic
	if why := mode.ToolNameProblem(t.Name); why != "" {
		pos, end := toolPos(t)
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf(
			"%s %s%s", mode.Name, why, toolNote(t))})
	}
	if t.InModel == nil {
		return nil, out
	}
	rep, err := strictmode.Check(mode, t.InModel, t.InputSchema)
	if err != nil {
		return nil, out
	}
	ps := props(t)
	strictly := mode.Name + " strict mode"
	if !mode.Strict {
		strictly = mode.Name // a non-strict mode, or Gemini's one mode
	}
	seen := map[string]bool{}
	for _, f := range rep.Findings {
		pr, ok := propAt(ps, f.Path)
		if !ok {
			continue // the root: the tool's own checks say what it lacks
		}
		k := f.Keyword
		tag, from := "", ", which the field's type writes"
		if f.Path == pr.path && k != "" && hasTag(pr, k) {
			tag, from = k, ""
		}
		var msg string
		switch {
		case f.Name && f.Path == pr.path:
			tag, msg = "json", fmt.Sprintf("%s: %s %s; rename it with a json tag", f.Path, mode.Name, f.Why)
		case f.Name: // a name in the schema the field's type declares
			msg = fmt.Sprintf("%s: %s %s; the schema the field's type declares names it", f.Path, mode.Name, f.Why)
		case k == "":
			msg = fmt.Sprintf("%s: %s %s; give it a type, or send the tool non-strict", f.Path, strictly, f.Why)
		case f.Verdict == strictmode.Move:
			msg = fmt.Sprintf("%s: %s does not take %s (%s)%s; the model will see it only in the description",
				f.Path, strictly, k, f.Why, from)
		case f.Verdict == strictmode.Rename:
			msg = fmt.Sprintf("%s: %s does not take %s; the conversion sends it as %s, which the model may satisfy more loosely (the invoker still checks %s)",
				f.Path, strictly, k, f.Why, k)
		case f.Verdict == strictmode.Close:
			msg = fmt.Sprintf("%s: %s needs additionalProperties false on every object; the conversion closes this one, so the model sends only its properties (the invoker still takes others)",
				f.Path, strictly)
		case f.Verdict == strictmode.Refuse && k == "additionalProperties" && f.Open:
			msg = fmt.Sprintf("%s: %s %s; close it in the schema, or send the tool non-strict", f.Path, strictly, f.Why)
		case f.Verdict == strictmode.Refuse && k == "additionalProperties":
			tag, msg = "", fmt.Sprintf("%s: %s needs additionalProperties false, so a map has no strict schema; use a list of key-value structs, or send the tool non-strict",
				f.Path, strictly)
		default:
			msg = fmt.Sprintf("%s: %s %s; the conversion refuses the tool", f.Path, strictly, f.Why)
		}
		d := at(p, t, pr, tag, schema.OLT015, msg)
		// The branches of a declared anyOf share their holder's path: the
		// same keyword in two of them is one diagnostic.
		if key := fmt.Sprint(d.Pos, d.Message); !seen[key] {
			seen[key] = true
			out = append(out, d)
		}
	}
	return rep, out
}

// propAt returns the property a schema path is in: the one of that path,
// else of the longest path that leads to it (input.a for input.a[] and
// input.a{}).
func propAt(ps []prop, path string) (prop, bool) {
	var best prop
	found := false
	for _, pr := range ps {
		if rest, ok := strings.CutPrefix(path, pr.path); ok && (rest == "" || rest[0] == '[' || rest[0] == '{' || rest[0] == '.') {
			if !found || len(pr.path) > len(best.path) {
				best, found = pr, true
			}
		}
	}
	return best, found
}

// hasTag reports whether the property's field sets key with a tag.
func hasTag(pr prop, key string) bool {
	pairs, err := schema.ParseStructTag(pr.field.Tag)
	if err != nil {
		return false
	}
	for _, kv := range pairs {
		if kv.Key == key {
			return true
		}
	}
	return false
}

// openAILimits reports the limits of OpenAI's strict mode that t's schema
// exceeds, by the conversion's counts (rep, nil when the schema could not
// be read): the enum values and the nesting at the property where the
// limit is passed, when a property of t's own fields passes it, else at
// the tool (a declared schema's, say); the properties and characters at
// the tool.
func openAILimits(p *analyzer.Package, t *analyzer.Tool, mode strictmode.StrictMode, rep *strictmode.Report) []*analyzer.Diagnostic {
	if rep == nil {
		return nil
	}
	var out []*analyzer.Diagnostic
	pos, end := toolPos(t)
	atTool := func(l strictmode.Limit, n int) {
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: "tool " + t.Name + " " + l.Exceeded(n)})
	}
	maxEnums, _ := mode.Limit(strictmode.EnumValues)
	maxDepth, _ := mode.Limit(strictmode.Depth)
	maxProps, _ := mode.Limit(strictmode.Properties)
	maxChars, _ := mode.Limit(strictmode.Chars)
	enums, enumsPlaced, deepPlaced := 0, false, false
	for _, pr := range props(t) {
		if vals, ok := pr.schema["enum"].([]any); ok && !enumsPlaced {
			if enums += len(vals); enums > maxEnums.Max && rep.EnumValues > maxEnums.Max {
				out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf("%s: more than %d %s in one schema, %s's limit", pr.path, maxEnums.Max, maxEnums.Noun, maxEnums.Provider)))
				enumsPlaced = true
			}
		}
		if pr.depth > maxDepth.Max && !deepPlaced && rep.Depth > maxDepth.Max {
			out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf("%s: nested %d levels deep; %s", pr.path, pr.depth, maxDepth.TakesAtMost())))
			deepPlaced = true
		}
	}
	if rep.EnumValues > maxEnums.Max && !enumsPlaced {
		atTool(maxEnums, rep.EnumValues)
	}
	if rep.Depth > maxDepth.Max && !deepPlaced {
		atTool(maxDepth, rep.Depth)
	}
	if rep.Properties > maxProps.Max {
		atTool(maxProps, rep.Properties)
	}
	if rep.Chars > maxChars.Max {
		atTool(maxChars, rep.Chars)
	}
	return out
}

// anthropicLimits reports what makes one of l's requests exceed
// Anthropic's strict limits: the strict tools, the optional parameters and
// the union-typed ones, counted over the list's tools in order by their
// conversions' reports.
func anthropicLimits(p *analyzer.Package, l *analyzer.List, mode strictmode.StrictMode, reports map[*analyzer.Tool]*strictmode.Report) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	maxTools, _ := mode.Limit(strictmode.StrictTools)
	maxOptional, _ := mode.Limit(strictmode.Optional)
	maxUnions, _ := mode.Limit(strictmode.Unions)
	if len(l.Tools) > maxTools.Max {
		t := l.Tools[maxTools.Max]
		pos, end := toolPos(t)
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf(
			"tool %s is number %d of its tool list; %s %s in one request", t.Name, maxTools.Max+1, maxTools.TakesAtMost(), maxTools.Noun)})
	}
	optional, unions := 0, 0
	for _, t := range l.Tools {
		rep := reports[t]
		if rep == nil {
			continue
		}
		ps := props(t)
		place := func(path, msg string) {
			if pr, ok := propAt(ps, path); ok {
				out = append(out, at(p, t, pr, "", schema.OLT015, msg))
				return
			}
			pos, end := toolPos(t)
			out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: msg + toolNote(t)})
		}
		for _, path := range rep.Optional {
			if optional++; optional == maxOptional.Max+1 {
				place(path, fmt.Sprintf("%s: %s number %d of the tool list; %s in one request",
					path, maxOptional.One, optional, maxOptional.TakesAtMost()))
			}
		}
		for _, path := range rep.Unions {
			if unions++; unions == maxUnions.Max+1 {
				place(path, fmt.Sprintf("%s: %s number %d of the tool list; %s in one request",
					path, maxUnions.One, unions, maxUnions.TakesAtMost()))
			}
		}
	}
	return out
}
