package olt

import (
	"fmt"
	"strings"

	"github.com/toolschema/toolschema/analyzer"
	"github.com/toolschema/toolschema/schema"
)

// CheckProviders reports an error naming the first provider OLT015 does
// not know (case and spaces aside). A provider is named alone (its strict
// mode), or with ":strict" or ":nonstrict".
func CheckProviders(names []string) error {
	for _, n := range names {
		if _, ok := providerMode(n); !ok {
			return fmt.Errorf("unknown provider %q: the providers are anthropic, gemini, openai, each alone or with :strict or :nonstrict", n)
		}
	}
	return nil
}

// providerMode returns the mode an entry of -OLT015.providers names.
func providerMode(entry string) (schema.StrictMode, bool) {
	name, mode, _ := strings.Cut(strings.TrimSpace(strings.ToLower(entry)), ":")
	strict := true
	switch strings.TrimSpace(mode) {
	case "", "strict":
	case "nonstrict", "non-strict":
		strict = false
	default:
		return schema.StrictMode{}, false
	}
	return schema.Mode(strings.TrimSpace(name), strict)
}

// strictChecks reports, for each provider's mode, what its conversion
// would move into a description or refuse, and the limits a package's
// tools exceed (OLT015).
func strictChecks(p *analyzer.Package, providers []string) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	for _, name := range providers {
		mode, ok := providerMode(name)
		if !ok {
			continue
		}
		for _, t := range p.Tools {
			out = append(out, keywordChecks(p, t, mode)...)
		}
		if !mode.Strict {
			continue // the limits are those of strict modes
		}
		switch mode.Name {
		case "OpenAI":
			for _, t := range p.Tools {
				out = append(out, openAILimits(p, t)...)
			}
		case "Anthropic":
			for _, l := range p.Lists {
				out = append(out, anthropicLimits(p, l, mode)...)
			}
		}
	}
	return out
}

// keywordOrder is the contract's keyword order, so that a property's
// diagnostics come in the order of its schema.
var keywordOrder = []string{"type", "format", "description", "enum", "minimum", "maximum", "minLength", "maxLength",
	"pattern", "contentEncoding", "items", "minItems", "maxItems", "uniqueItems", "properties", "required",
	"additionalProperties", "default",
	// Only in declared schemas.
	"anyOf", "oneOf", "allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"}

// keywordChecks asks mode, as the provider conversion does, about every
// keyword of every property's schema (set by a tag or by the field's
// type), and about the tool's and the properties' names.
func keywordChecks(p *analyzer.Package, t *analyzer.Tool, mode schema.StrictMode) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	if why := mode.ToolNameProblem(t.Name); why != "" {
		pos, end := toolPos(t)
		out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT015, Message: fmt.Sprintf(
			"tool %s: %s %s", t.Name, mode.Name, why)})
	}
	strictly := mode.Name + " strict mode"
	for _, pr := range props(t) {
		if why := mode.PropertyNameProblem(pr.name); why != "" {
			out = append(out, at(p, t, pr, "json", schema.OLT015, fmt.Sprintf(
				"%s: tool %s: %s %s; rename it with a json tag", pr.path, t.Name, mode.Name, why)))
		}
		tags := map[string]bool{}
		if pairs, err := schema.ParseStructTag(pr.field.Tag); err == nil {
			for _, kv := range pairs {
				tags[kv.Key] = true
			}
		}
		// The property's schema, then the elements and values inside it
		// down to the next struct (whose fields are properties too).
		path := pr.path
		for node := pr.schema; node != nil; {
			get := func(k string) any { return node[k] }
			if why := mode.NodeProblem(get); why != "" {
				out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
					"%s: tool %s: %s %s; give it a type, or send the tool non-strict", path, t.Name, strictly, why)))
			}
			for _, k := range keywordOrder {
				v, ok := node[k]
				if !ok {
					continue
				}
				verdict, why := mode.Keyword(k, v, get)
				tag, from := "", ", which the field's type writes"
				if path == pr.path && tags[k] {
					tag, from = k, ""
				}
				switch {
				case verdict == schema.Move:
					out = append(out, at(p, t, pr, tag, schema.OLT015, fmt.Sprintf(
						"%s: tool %s: %s does not take %s (%s)%s; the model will see it only in the description",
						path, t.Name, strictly, k, why, from)))
				case verdict == schema.Rename:
					out = append(out, at(p, t, pr, tag, schema.OLT015, fmt.Sprintf(
						"%s: tool %s: %s does not take %s; the conversion sends it as %s, which the model may satisfy more loosely (the invoker still checks %s)",
						path, t.Name, strictly, k, why, k)))
				case verdict == schema.Refuse && k == "additionalProperties":
					out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
						"%s: tool %s: %s needs additionalProperties false, so a map has no strict schema; use a list of key-value structs, or send the tool non-strict",
						path, t.Name, strictly)))
				case verdict == schema.Refuse:
					out = append(out, at(p, t, pr, tag, schema.OLT015, fmt.Sprintf(
						"%s: tool %s: %s %s; the conversion refuses the tool", path, t.Name, strictly, why)))
				}
			}
			if _, ok := node["properties"]; ok {
				break
			}
			switch {
			case node["items"] != nil:
				node, _ = node["items"].(map[string]any)
				path += "[]"
			case node["additionalProperties"] != nil:
				node, _ = node["additionalProperties"].(map[string]any)
				path += "{}"
			default:
				node = nil
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

func anthropicLimits(p *analyzer.Package, l *analyzer.List, mode schema.StrictMode) []*analyzer.Diagnostic {
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
			// A mode that drops the null of a slice or a map (Go reads it
			// as an empty value) spends nothing on those.
			if types, ok := pr.schema["type"].([]any); ok && len(types) > 1 && !(mode.DropsEmptyNull && schema.EmptyNull(pr.field.Type)) {
				if unions++; unions == schema.AnthropicMaxUnions+1 {
					out = append(out, at(p, t, pr, "", schema.OLT015, fmt.Sprintf(
						"%s: tool %s: union-typed parameter number %d of its tool list; Anthropic takes at most %d in one request", pr.path, t.Name, unions, schema.AnthropicMaxUnions)))
				}
			}
		}
	}
	return out
}
