// Command catalog serves 1,000 tools over stdio in mcpserver's search
// mode, for the TypeScript client's test (../tsclient/catalog.test.mjs):
// the list holds ping, search_tools and call_tool.
package main

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type Query struct {
	ID string `json:"id" description:"The record's identifier." minLength:"1"`
}

func main() {
	objects := strings.Fields("invoice ticket shipment refund contract meeting alert backup customer webhook")
	verbs := strings.Fields("get list create update archive export")
	ping, err := reflectimpl.Create(func(context.Context) string { return "pong" }, reflectimpl.Meta(tool.Meta{
		Name:        "ping",
		Description: "Checks that the server is up.",
	}))
	if err != nil {
		log.Fatal(err)
	}
	tools := []*tool.Tool{ping}
	for i := range 999 {
		v, o := verbs[i%len(verbs)], objects[(i/len(verbs))%len(objects)]
		t, err := reflectimpl.Create(func(_ context.Context, q Query) (string, error) {
			return fmt.Sprintf("%s %s %s", v, o, q.ID), nil
		}, reflectimpl.Meta(tool.Meta{
			Name:        fmt.Sprintf("%s_%s_%d", v, o, i),
			Description: fmt.Sprintf("%s the %s of one account (variant %d).", strings.ToUpper(v[:1])+v[1:], o, i),
		}))
		if err != nil {
			log.Fatal(err)
		}
		tools = append(tools, t)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "catalog", Version: "v0"}, nil)
	if err := mcpserver.Register(s, tools, &mcpserver.Options{Search: &mcpserver.Search{Listed: []string{"ping"}}}); err != nil {
		log.Fatal(err)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
