package olt

import (
	"fmt"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/toolsearch"
)

// The bounds of the catalog rules.
const (
	// maxNamespaceTools is OpenAI's advice for a namespace's tools.
	maxNamespaceTools = 10
	// maxDescriptionBytes is where clients start to cut a description.
	maxDescriptionBytes = 2048
)

// catalogRules declares the rules of large catalogs, OLT031 to OLT033.
var catalogRules = []ruleDef{
	{id: schema.OLT031, setup: always(onTools(bigNamespaces))},
	{id: schema.OLT032, setup: always(eachTool(longDescription))},
	{id: schema.OLT033, setup: always(eachTool(unfindable))},
}

// bigNamespaces reports, at its eleventh tool, a namespace with more than
// 10 tools in the package (OLT031).
func bigNamespaces(p *analyzer.Package) []*analyzer.Diagnostic {
	count := map[string]int{}
	for _, t := range p.Tools {
		if t.Namespace != "" {
			count[t.Namespace]++
		}
	}
	var out []*analyzer.Diagnostic
	seen := map[string]int{}
	for _, t := range p.Tools {
		if t.Namespace == "" {
			continue
		}
		if seen[t.Namespace]++; seen[t.Namespace] == maxNamespaceTools+1 {
			pos, end := toolPos(t)
			out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT031, Message: fmt.Sprintf(
				"namespace %s has %d tools (tool %s is number %d); OpenAI advises at most %d a namespace: split it by task",
				t.Namespace, count[t.Namespace], t.Name, maxNamespaceTools+1, maxNamespaceTools)})
		}
	}
	return out
}

// longDescription reports a tool description over 2 KB (OLT032).
func longDescription(_ *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	if len(t.Description) <= maxDescriptionBytes {
		return nil
	}
	pos, end := toolPos(t)
	return []*analyzer.Diagnostic{{Pos: pos, End: end, ID: schema.OLT032, Message: fmt.Sprintf(
		"tool %s's description is %d bytes; clients cut descriptions over %d: keep what the model needs to choose and call the tool, and move the rest to the fields' descriptions",
		t.Name, len(t.Description), maxDescriptionBytes)}}
}

// unfindable reports a deferred tool whose description has no word a
// tool search can match (OLT033).
func unfindable(_ *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	if !t.DeferLoading || len(toolsearch.Terms(t.Description)) > 0 {
		return nil
	}
	pos, end := toolPos(t)
	return []*analyzer.Diagnostic{{Pos: pos, End: end, ID: schema.OLT033, Message: fmt.Sprintf(
		"tool %s is deferred, but it has no description a tool search can match, so only its exact name finds it: write a doc comment saying what it does",
		t.Name)}}
}
