package main_test

import (
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/testmodule"
)

// forecastSrc is a server moved to the drop-in from the go-sdk, whose
// mcp.AddTool accepted the misspelt omitempty; the module has no
// //tool:export anywhere.
const forecastSrc = `package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type Forecast struct {
	City string ` + "`json:\"city\"`" + `
	Days int    ` + "`json:\"days,omitemtpy\"`" + `
}

type Report struct {
	Summary string ` + "`json:\"summary\"`" + `
}

func forecast(ctx context.Context, req *mcp.CallToolRequest, in Forecast) (*mcp.CallToolResult, Report, error) {
	return nil, Report{}, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "forecast"}, forecast)
}
`

// dropInWant is the diagnostic of go vet -vettool=toolvet and toolvet on
// forecastSrc.
const dropInWant = `main.go:13:26: OLT011: mcpserver.AddTool[Forecast, Report]: input.days: json tag option "omitemtpy" is unknown to encoding/json`

// TestDropInUnderVet reproduces the fault of a drop-in's type that passed
// go vet and panicked at start-up: go vet -vettool=toolvet and toolvet
// now fail on it, at the tag, with the rule the panic names, and
// -OLT011=false silences it as for a tool (toolvet's runs are in
// TestStandalone).
func TestDropInUnderVet(t *testing.T) {
	t.Parallel()
	gobin, bin, _ := tools(t)
	dir := testmodule.New(t, map[string]string{"cmd/weather/main.go": forecastSrc})
	run := runner(t, dir)

	if out, code := run(gobin, "run", "./cmd/weather"); code == 0 || !strings.Contains(out, `panic: mcpserver.AddTool: tool "forecast": OLT011`) {
		t.Fatalf("the server should panic at start-up (the fault reproduced): exit %d\n%s", code, out)
	}
	want := dropInWant
	out, code := run(gobin, "vet", "-vettool="+bin, "./...")
	if code == 0 || !strings.Contains(out, want) {
		t.Errorf("go vet -vettool=toolvet: exit %d, want the diagnostic %q\n%s", code, want, out)
	}
	// toolvet standalone reports it too, and -OLT011=false silences it:
	// TestStandalone, on cmd/weather as here, with the packages of other
	// tests.

	// Mended, it passes.
	mended := strings.Replace(forecastSrc, "omitemtpy", "omitempty", 1)
	dir = testmodule.New(t, map[string]string{"cmd/weather/main.go": mended})
	if out, code := runner(t, dir)(gobin, "vet", "-vettool="+bin, "./..."); code != 0 {
		t.Errorf("go vet of the mended server: exit %d\n%s", code, out)
	}
}
