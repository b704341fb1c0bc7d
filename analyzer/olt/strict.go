package olt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolschema/toolschema/analyzer"
	"github.com/toolschema/toolschema/schema"
)

// CheckProviders reports an error naming the first provider OLT015 does
// not know (case and spaces aside).
func CheckProviders(names []string) error {
	for _, n := range names {
		if _, ok := schema.Mode(strings.TrimSpace(strings.ToLower(n)), true); !ok {
			return fmt.Errorf("unknown provider %q: the providers are anthropic, gemini, openai", n)
		}
	}
	return nil
}

// strictChecks reports, for each provider, the schema tags its strict mode
// rejects, the maps it cannot express and the limits a package's tools
// exceed (OLT015).
func strictChecks(p *analyzer.Package, providers []string) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	for _, name := range providers {
		mode, ok := schema.Mode(strings.TrimSpace(strings.ToLower(name)), true)
		if !ok {
			continue
		}
		for _, t := range p.Tools {
			out = append(out, keywordChecks(p, t, mode)...)
		}
		switch mode.Name {
		case "OpenAI":
			for _, t := range p.Tools {
				out = append(out, openAILimits(p, t)...)
			}
		case "Anthropic":
			for _, l := range p.Lists {
				out = append(out, anthropicLimits(p, l)...)
			}
		}
	}
	return out
}

func keywordChecks(p *analyzer.Package, t *analyzer.Tool, mode schema.StrictMode) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	for _, pr := range props(t) {
		pairs, _ := schema.ParseStructTag(pr.field.Tag)
		for _, kv := range pairs {
			why, rejected := mode.Drops[kv.Key]
			switch {
			case kv.Key == "minItems" && mode.MinItemsUpTo1 && kv.Value != "0" && kv.Value != "1":
				why, rejected = "only 0 or 1", true
			case kv.Key == "format" && mode.Formats != nil && !slices.Contains(mode.Formats, kv.Value):
				why, rejected = "not a format it knows", true
			}
			if rejected {
				out = append(out, at(p, t, pr, kv.Key, schema.OLT015, fmt.Sprintf(
					"%s: tool %s: %s strict mode does not take %s (%s); the model will see it only in the description",
					pr.path, t.Name, mode.Name, kv.Key, why)))
			}
		}
		if mode.Closed {
			if addl, ok := pr.schema["additionalProperties"]; ok && addl != false {
				out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
					"%s: tool %s: %s strict mode needs additionalProperties false, so a map has no strict schema; use a list of key-value structs",
					pr.path, t.Name, mode.Name)))
			}
		}
	}
	return out
}

func openAILimits(p *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	count, enums, chars := 0, 0, 0
	deep := false
	for _, pr := range props(t) {
		count++
		chars += len(pr.path[strings.LastIndexAny(pr.path, ".]}")+1:])
		if vals, ok := pr.schema["enum"].([]any); ok {
			enums += len(vals)
			for _, v := range vals {
				if s, ok := v.(string); ok {
					chars += len(s)
				}
			}
			if enums > schema.OpenAIMaxEnumValues {
				out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf("%s: tool %s: more than %d enum values in one schema, OpenAI's limit", pr.path, t.Name, schema.OpenAIMaxEnumValues)))
				enums = -1 << 30 // once
			}
		}
		if pr.depth > schema.OpenAIMaxDepth && !deep {
			out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf("%s: tool %s: nested %d levels deep; OpenAI takes at most %d", pr.path, t.Name, pr.depth, schema.OpenAIMaxDepth)))
			deep = true
		}
	}
	pos, end := toolPos(t)
	if count > schema.OpenAIMaxProperties {
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf("tool %s has %d properties; OpenAI takes at most %d", t.Name, count, schema.OpenAIMaxProperties)})
	}
	if chars > schema.OpenAIMaxChars {
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf("tool %s has %d characters of property names and enum values; OpenAI takes at most %d", t.Name, chars, schema.OpenAIMaxChars)})
	}
	return out
}

func anthropicLimits(p *analyzer.Package, l *analyzer.List) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	if len(l.Tools) > schema.AnthropicMaxStrictTools {
		t := l.Tools[schema.AnthropicMaxStrictTools]
		pos, end := toolPos(t)
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf(
			"tool %s is number %d of its tool list; Anthropic takes at most %d strict tools in one request", t.Name, schema.AnthropicMaxStrictTools+1, schema.AnthropicMaxStrictTools)})
	}
	optional, unions := 0, 0
	for _, t := range l.Tools {
		for _, pr := range props(t) {
			if pr.optional {
				if optional++; optional == schema.AnthropicMaxOptional+1 {
					out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
						"%s: tool %s: optional parameter number %d of its tool list; Anthropic takes at most %d in one request", pr.path, t.Name, optional, schema.AnthropicMaxOptional)))
				}
			}
			if types, ok := pr.schema["type"].([]any); ok && len(types) > 1 {
				if unions++; unions == schema.AnthropicMaxUnions+1 {
					out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
						"%s: tool %s: union-typed parameter number %d of its tool list; Anthropic takes at most %d in one request", pr.path, t.Name, unions, schema.AnthropicMaxUnions)))
				}
			}
		}
	}
	return out
}
