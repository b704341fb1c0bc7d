package geminiadapter

import (
	"fmt"
	"strings"

	"google.golang.org/genai"

	"github.com/toolschema/toolschema/tool"
)

// FunctionCalling returns the tool config of a request (the Config's
// ToolConfig) with its function-calling mode, one of genai's constants:
// FunctionCallingConfigModeAuto (the model decides), ModeNone (no calls),
// ModeAny (the model calls a function) or ModeValidated (the model
// decides, and its calls are constrained to the declarations' schemas).
// With ModeAny or ModeValidated, names, when given, are the only tools of
// set the model may call: named by their own names (a name the set does
// not have, or one given twice, is refused) and sent as
// allowedFunctionNames by their wire names for Gemini, as Tools declares
// them. The other modes take no names.
func FunctionCalling(set *tool.Set, mode genai.FunctionCallingConfigMode, names ...string) (*genai.ToolConfig, error) {
	switch mode {
	case genai.FunctionCallingConfigModeAuto, genai.FunctionCallingConfigModeNone:
		if len(names) > 0 {
			return nil, fmt.Errorf("geminiadapter: function-calling mode %s takes no names; %s and %s do",
				mode, genai.FunctionCallingConfigModeAny, genai.FunctionCallingConfigModeValidated)
		}
	case genai.FunctionCallingConfigModeAny, genai.FunctionCallingConfigModeValidated:
	default:
		return nil, fmt.Errorf("geminiadapter: no function-calling mode %q; the modes are AUTO, ANY, NONE and VALIDATED", mode)
	}
	fc := &genai.FunctionCallingConfig{Mode: mode}
	if len(names) > 0 {
		if set == nil {
			return nil, errNilSet
		}
		all, err := set.WireNames("gemini")
		if err != nil {
			return nil, err
		}
		wire := make(map[string]string, len(all))
		for i, t := range set.Tools() {
			wire[t.Name] = all[i]
		}
		for _, n := range names {
			w, ok := wire[n]
			if !ok {
				var own []string
				for _, t := range set.Tools() {
					own = append(own, t.Name)
				}
				return nil, fmt.Errorf("geminiadapter: no tool named %q in the set; its tools are %s", n, strings.Join(own, ", "))
			}
			for _, seen := range fc.AllowedFunctionNames {
				if seen == w {
					return nil, fmt.Errorf("geminiadapter: the tool %q is named twice", n)
				}
			}
			fc.AllowedFunctionNames = append(fc.AllowedFunctionNames, w)
		}
	}
	return &genai.ToolConfig{FunctionCallingConfig: fc}, nil
}
