package gclplugin_test

import (
	"fmt"

	"github.com/toolschema/toolschema/gclplugin"
)

// golangci-lint calls New with the settings of .golangci.yml; a key it does
// not know is an error rather than a check silently left off.
func ExampleNew() {
	p, err := gclplugin.New(map[string]any{"providers": []any{"openai"}, "quality": true})
	if err != nil {
		fmt.Println(err)
		return
	}
	as, err := p.BuildAnalyzers()
	fmt.Println(len(as) > 0, err, p.GetLoadMode())

	_, err = gclplugin.New(map[string]any{"provider": []any{"openai"}})
	fmt.Println(err)
	// Output:
	// true <nil> typesinfo
	// toolschema: decoding settings: json: unknown field "provider"
}
