package docs

import (
	"context"
	"errors"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// The examples the docs show. Each region, from a "//docs:begin NAME" line
// to the next "//docs:end" line, is what a block of a doc marked
// "<!-- source docs/examples_test.go#NAME -->" holds; what the example
// gives (a schema, a refusal, a result) is computed in docs_test.go and is
// what a block marked "<!-- output docs/examples_test.go#NAME -->" holds.

//docs:begin order
type Base struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
}
type Order struct {
	Base
	ID    int    `json:"id"`
	Total uint32 `json:"total"`
}

//docs:end

//docs:begin search
type Search struct {
	Query string   `json:"query" description:"Words to look for." minLength:"1" maxLength:"200"`
	Kind  string   `json:"kind" enum:"code, issues, docs" default:"code"`
	Page  *int     `json:"page" minimum:"1"`
	Tags  []string `json:"tags,omitempty" maxItems:"5" uniqueItems:"true"`
}

//docs:end

// Refused is refused twice: a function has no JSON form, and "x" is no
// bound. Its refusal is the "refusals" output.
type Refused struct {
	Items []struct {
		When func() `json:"when"`
	} `json:"items"`
	Limit int `json:"limit" minimum:"x"`
}

//docs:begin docket
type DocketQuery struct {
	Court string `json:"court" description:"Court identifier." pattern:"^[a-z]+$"`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
}

//docs:end

// Docket is the result of GetDocket.
type Docket struct {
	Entries []string `json:"entries"`
}

// GetDocket returns the docket of one court case.
func GetDocket(ctx context.Context, in DocketQuery) (*Docket, error) {
	return &Docket{}, nil
}

// docketTool is the README example's tool, made by reflection.
func docketTool() (*tool.Tool, error) {
	//docs:begin docket-reflect
	t, err := reflectimpl.Create(GetDocket,
		reflectimpl.Meta(tool.Meta{
			Description: "GetDocket returns the docket of one court case.",
			Timeout:     5 * time.Second,
		}))
	//docs:end
	return t, err
}

// OrderRef names an order.
type OrderRef struct {
	Ref string `json:"ref"`
}

// errNoRows stands for a database's "no such row".
var errNoRows = errors.New("no rows in result set")

// GetOrder finds no order: its result is the "envelope" output.
func GetOrder(ctx context.Context, in OrderRef) (*Order, error) {
	return nil, &tool.Error{Code: "ORDER_NOT_FOUND", Category: tool.CategoryNotFound,
		SafeMessage: "No order has this reference.", Recovery: tool.RecoverAskUser,
		Outcome: tool.OutcomeNotStarted, Err: errNoRows}
}
