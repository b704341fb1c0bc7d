package openaiadapter_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/loop"
)

// refuseRequests is a transport that answers every request with an
// error, and fails the test for one made while expect is false.
type refuseRequests struct {
	t      *testing.T
	expect *bool
}

func (r refuseRequests) RoundTrip(req *http.Request) (*http.Response, error) {
	if !*r.expect {
		r.t.Errorf("a request was sent: %s %s", req.Method, req.URL)
	}
	return nil, fmt.Errorf("no request is answered here")
}

// TestChatPastLimitOwnTools: a Chat with a Catalog whose Params.Tools
// already holds more than 128 tools of the program's own is refused
// before the request, with the limit's words, whether the catalog's tools
// are all new or were all sent before.
func TestChatPastLimitOwnTools(t *testing.T) {
	for _, own := range []int{129, 140} {
		for _, sent := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d own tools, catalog sent before %t", own, sent), func(t *testing.T) {
				cat, err := loop.NewCatalog(looptest.Catalog(t))
				if err != nil {
					t.Fatal(err)
				}
				expect := sent
				c := openai.NewClient(option.WithHTTPClient(&http.Client{Transport: refuseRequests{t, &expect}}), option.WithAPIKey("test"), option.WithMaxRetries(0))
				chat := &openaiadapter.Chat{Client: &c, Catalog: cat, Params: openai.ChatCompletionNewParams{Model: "gpt-test"}}
				if sent {
					// The catalog's visible tools, sent once, so that
					// nothing new is added at the next request.
					if _, err := chat.Next(context.Background(), nil); err == nil {
						t.Fatal("no error from the refusing transport")
					}
					expect = false
				}
				for i := range own {
					chat.Params.Tools = append(chat.Params.Tools, openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{Name: fmt.Sprintf("own_%d", i)}))
				}
				var err2 error
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("Next panicked: %v", r)
						}
					}()
					_, err2 = chat.Next(context.Background(), nil)
				}()
				if err2 == nil || !strings.Contains(err2.Error(), "at most 128 tools") {
					t.Errorf("Next: %v, want the refusal of more than 128 tools", err2)
				}
			})
		}
	}
}
