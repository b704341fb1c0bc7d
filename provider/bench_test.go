package provider_test

import (
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// BenchmarkConvert measures one definition of RowTool (a field per row of
// the providers' table) for each conversion.
func BenchmarkConvert(b *testing.B) {
	tl, err := reflectimpl.Create(RowTool, reflectimpl.Meta(tool.Meta{Description: "Rows."}))
	if err != nil {
		b.Fatal(err)
	}
	tools := []*tool.Tool{tl}
	for _, c := range []struct {
		name string
		fn   func() error
	}{
		{"openai", func() error { _, err := provider.OpenAI(tl); return err }},
		{"openai-nonstrict", func() error { _, err := provider.OpenAI(tl, provider.Strict(false)); return err }},
		{"anthropic", func() error { _, err := provider.Anthropic(tools); return err }},
		{"gemini", func() error { _, err := provider.Gemini(tl); return err }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.fn(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
