package budget

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/tool"
)

func TestResult(t *testing.T) {
	big := `[` + strings.Repeat(`{"id":"a-0001"},`, 999) + `{"id":"a-0001"}]` // 16,001 bytes
	for _, c := range []struct {
		name  string
		in    []tool.Part
		limit int
		mode  Mode
		want  []tool.Part
	}{
		{"fits", []tool.Part{tool.TextPart{Text: "ok"}}, 10, Any, nil},
		{"no limit", []tool.Part{tool.TextPart{Text: strings.Repeat("x", 5000)}}, 0, Any, nil},
		{"text", []tool.Part{tool.TextPart{Text: strings.Repeat("é", 1000)}}, 1024, Any, []tool.Part{
			tool.TextPart{Text: strings.Repeat("é", 412)},
			tool.TextPart{Text: "[The result was cut to fit 1 KB: 1176 bytes of text left out. Ask for less to see the rest.]"}}},
		{"json", []tool.Part{tool.JSONPart{JSON: json.RawMessage(big)}}, 1024, Any, []tool.Part{
			tool.JSONPart{JSON: json.RawMessage(`[` + strings.Repeat(`{"id":"a-0001"},`, 50) + `{"id":"a-0001"}]`)},
			tool.TextPart{Text: "[The result was cut to fit 1 KB: 949 array items left out. Ask for less to see the rest.]"}}},
		{"parts past the budget", []tool.Part{
			tool.TextPart{Text: strings.Repeat("a", 1100)},
			tool.BlobPart{MIMEType: "image/png", Data: []byte("png")},
			tool.TextPart{Text: "b"},
			tool.JSONPart{JSON: json.RawMessage(`[1,2]`)}}, 1024, Any, []tool.Part{
			tool.TextPart{Text: strings.Repeat("a", 824)},
			tool.BlobPart{MIMEType: "image/png", Data: []byte("png")},
			tool.TextPart{Text: "[The result was cut to fit 1 KB: 276 bytes of text, 2 more parts left out. Ask for less to see the rest.]"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &tool.Result{Parts: c.in, Value: "v"}
			got := Result(r, c.limit, c.mode)
			if c.want == nil {
				if got != r {
					t.Fatalf("a result that fits was copied: %+v", got)
				}
				return
			}
			if !got.Truncated || got.Value != "v" || r.Truncated {
				t.Errorf("Truncated %v, Value %v; the original's Truncated %v", got.Truncated, got.Value, r.Truncated)
			}
			if !reflect.DeepEqual(got.Parts, c.want) {
				t.Errorf("parts\n%s\nwant\n%s", show(got.Parts), show(c.want))
			}
		})
	}
}

func show(ps []tool.Part) string {
	var b strings.Builder
	for _, p := range ps {
		switch p := p.(type) {
		case tool.TextPart:
			b.WriteString("text " + p.Text + "\n")
		case tool.JSONPart:
			b.WriteString("json " + string(p.JSON) + "\n")
		default:
			b.WriteString("other\n")
		}
	}
	return b.String()
}
