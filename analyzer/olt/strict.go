package olt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolschema/toolschema/analyzer"
	"github.com/toolschema/toolschema/schema"
)

// A strictMode is what one provider's strict tool mode rejects: the keyword
// tags it does not take, the formats it knows, and whether it can express
// a map.
type strictMode struct {
	name     string
	rejects  map[string]string // tag -> why
	formats  []string          // nil: any
	noMaps   bool
	minItems bool // only minItems 0 or 1
}

// The rows of the providers' strict-mode tables.
var strictModes = map[string]strictMode{
	"openai": {
		name: "OpenAI",
		rejects: map[string]string{
			"minLength": "not supported", "maxLength": "not supported",
			"uniqueItems": "not supported", "default": "not supported",
		},
		formats: []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"},
		noMaps:  true,
	},
	"anthropic": {
		name: "Anthropic",
		rejects: map[string]string{
			"minimum": "rejected", "maximum": "rejected", "minLength": "rejected", "maxLength": "rejected",
			"uniqueItems": "rejected", "maxItems": "rejected",
		},
		formats:  []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"},
		noMaps:   true,
		minItems: true,
	},
	"gemini": {
		name:    "Gemini",
		rejects: map[string]string{"pattern": "not supported", "default": "not supported"},
		formats: []string{"date-time", "date", "time"},
	},
}

// Documented limits.
const (
	openAIMaxProperties  = 5000
	openAIMaxDepth       = 10
	openAIMaxEnumValues  = 1000
	openAIMaxChars       = 120000
	anthropicMaxTools    = 20
	anthropicMaxOptional = 24
	anthropicMaxUnions   = 16
)

// CheckProviders reports an error naming the first provider OLT015 does
// not know (case and spaces aside).
func CheckProviders(names []string) error {
	for _, n := range names {
		if _, ok := strictModes[strings.TrimSpace(strings.ToLower(n))]; !ok {
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
		mode, ok := strictModes[strings.TrimSpace(strings.ToLower(name))]
		if !ok {
			continue
		}
		for _, t := range p.Tools {
			out = append(out, keywordChecks(p, t, mode)...)
		}
		switch mode.name {
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

func keywordChecks(p *analyzer.Package, t *analyzer.Tool, mode strictMode) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	for _, pr := range props(t) {
		pairs, _ := schema.ParseStructTag(pr.field.Tag)
		for _, kv := range pairs {
			why, rejected := mode.rejects[kv.Key]
			switch {
			case kv.Key == "minItems" && mode.minItems && kv.Value != "0" && kv.Value != "1":
				why, rejected = "only 0 or 1", true
			case kv.Key == "format" && mode.formats != nil && !slices.Contains(mode.formats, kv.Value):
				why, rejected = "not a format it knows", true
			}
			if rejected {
				out = append(out, at(p, t, pr, kv.Key, schema.OLT015, fmt.Sprintf(
					"%s: tool %s: %s strict mode does not take %s (%s); the model will see it only in the description",
					pr.path, t.Name, mode.name, kv.Key, why)))
			}
		}
		if mode.noMaps {
			if addl, ok := pr.schema["additionalProperties"]; ok && addl != false {
				out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
					"%s: tool %s: %s strict mode needs additionalProperties false, so a map has no strict schema; use a list of key-value structs",
					pr.path, t.Name, mode.name)))
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
			if enums > openAIMaxEnumValues {
				out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf("%s: tool %s: more than %d enum values in one schema, OpenAI's limit", pr.path, t.Name, openAIMaxEnumValues)))
				enums = -1 << 30 // once
			}
		}
		if pr.depth > openAIMaxDepth && !deep {
			out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf("%s: tool %s: nested %d levels deep; OpenAI takes at most %d", pr.path, t.Name, pr.depth, openAIMaxDepth)))
			deep = true
		}
	}
	pos, end := toolPos(t)
	if count > openAIMaxProperties {
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf("tool %s has %d properties; OpenAI takes at most %d", t.Name, count, openAIMaxProperties)})
	}
	if chars > openAIMaxChars {
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf("tool %s has %d characters of property names and enum values; OpenAI takes at most %d", t.Name, chars, openAIMaxChars)})
	}
	return out
}

func anthropicLimits(p *analyzer.Package, l *analyzer.List) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	if len(l.Tools) > anthropicMaxTools {
		t := l.Tools[anthropicMaxTools]
		pos, end := toolPos(t)
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf(
			"tool %s is number %d of its tool list; Anthropic takes at most %d strict tools in one request", t.Name, anthropicMaxTools+1, anthropicMaxTools)})
	}
	optional, unions := 0, 0
	for _, t := range l.Tools {
		for _, pr := range props(t) {
			if pr.optional {
				if optional++; optional == anthropicMaxOptional+1 {
					out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
						"%s: tool %s: optional parameter number %d of its tool list; Anthropic takes at most %d in one request", pr.path, t.Name, optional, anthropicMaxOptional)))
				}
			}
			if types, ok := pr.schema["type"].([]any); ok && len(types) > 1 {
				if unions++; unions == anthropicMaxUnions+1 {
					out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
						"%s: tool %s: union-typed parameter number %d of its tool list; Anthropic takes at most %d in one request", pr.path, t.Name, unions, anthropicMaxUnions)))
				}
			}
		}
	}
	return out
}
