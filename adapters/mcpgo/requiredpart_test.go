package mcpgo_test

import (
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// cityAsWritten has invopop's required part after the text of mcp-go's
// form, as a server written for mcp-go has it.
type cityAsWritten struct {
	City    string `json:"city" jsonschema:"City name,required"`
	Country string `json:"country"`
	Unit    string `json:"unit,omitempty" jsonschema:"Temperature unit,enum=celsius,enum=fahrenheit"`
}

// cityFixed is cityAsWritten as OLT020's fix writes it (olt's testdata
// olt020 has the fix): the part dropped, required:"true" added.
type cityFixed struct {
	City    string `json:"city" jsonschema:"City name" required:"true"`
	Country string `json:"country"`
	Unit    string `json:"unit,omitempty" jsonschema:"Temperature unit,enum=celsius,enum=fahrenheit"`
}

// inputListed returns what a tool's input schema lists: its required
// properties and the city's description.
func inputListed(t *testing.T, opt mcp.ToolOption) (required, city string) {
	t.Helper()
	b, err := json.Marshal(mcp.NewTool("weather", opt))
	if err != nil {
		t.Fatal(err)
	}
	var tool struct {
		InputSchema struct {
			Required   json.RawMessage
			Properties struct {
				City struct{ Description string }
			}
		}
	}
	if err := json.Unmarshal(b, &tool); err != nil {
		t.Fatal(err)
	}
	return string(tool.InputSchema.Required), tool.InputSchema.Properties.City.Description
}

// TestRequiredPartInMCPGoForm checks, against mcp-go v1.2.1 itself, what
// OLT020's warning about the required part says: mcp-go reads the part as
// description text and requires every field without omitempty, the
// drop-in reads invopop's part and so leaves Country optional; once the
// fix is applied, both require City and Country.
func TestRequiredPartInMCPGoForm(t *testing.T) {
	tests := []struct {
		name             string
		dropIn, upstream mcp.ToolOption
		required, mcpReq string // the drop-in's required list, mcp-go's
		desc, mcpDesc    string // City's description, the drop-in's and mcp-go's
	}{
		{"as written", mcpgo.WithInputSchema[cityAsWritten](), mcp.WithInputSchema[cityAsWritten](),
			`["city"]`, `["city","country"]`, "City name", "City name, required"},
		{"fixed", mcpgo.WithInputSchema[cityFixed](), mcp.WithInputSchema[cityFixed](),
			`["city","country"]`, `["city","country"]`, "City name", "City name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, desc := inputListed(t, tt.dropIn)
			mcpReq, mcpDesc := inputListed(t, tt.upstream)
			if req != tt.required || desc != tt.desc {
				t.Errorf("drop-in: required %s, city %q; want %s, %q", req, desc, tt.required, tt.desc)
			}
			if mcpReq != tt.mcpReq || mcpDesc != tt.mcpDesc {
				t.Errorf("mcp-go: required %s, city %q; want %s, %q", mcpReq, mcpDesc, tt.mcpReq, tt.mcpDesc)
			}
		})
	}
}
