// Package toolhook carries what package tool lends package toolimpl, which
// imports tool and so cannot be imported by it: tool sets New and Binding
// in its initialization, and toolimpl, initialized after it, calls them.
// It lends package loop CalledAs, and SetOwner and Owner, which have no
// place in tool's API.
// It also keeps the validator of declared schemas, which toolimpl
// registers and tool's checks use.
package toolhook

import (
	"context"
	"sync"

	"github.com/toolschema/toolschema/internal/schema"
)

// Bind and Binding are set by package tool, the only package that can
// reach a tool's function. They are typed any because this package cannot
// name tool's types; toolimpl asserts them to their types once:
//
//	Bind    func(t *tool.Tool, h any, fn any)  // makes t, a new tool, run fn through h, a handler
//	Binding func(t *tool.Tool) (h any, fn any) // the handler and function of t, nil for none
var Bind, Binding any

// HoldRoom is set by package tool: it takes n bytes of the room that the
// calls running at once share (all of it when n is more), for the memory
// rawtool's checks hold while they run, and returns the function that
// gives it back. Its error says there is no room left now, which Invoke
// answers as a busy server.
var HoldRoom func(n int) (giveBack func(), err error)

// CalledAs is set by package tool: it returns a copy of ctx under which
// Invoke names the tool, in what it tells the model, by name, the name
// the model called it by (a wire name, as a provider's definitions gave
// it); package loop sets it.
var CalledAs func(ctx context.Context, name string) context.Context

// SetOwner and Owner are set by package tool: SetOwner records, once, what
// made a tool set (a *tool.Set, typed any as for Bind); Owner returns it,
// nil for none. Package loop's Catalog owns the set it makes, so that the
// runner given that set knows which of its deferred tools the model has
// found.
var (
	SetOwner func(set any, owner any)
	Owner    func(set any) any
)

// A Validator compiles a JSON Schema 2020-12 and returns a function that
// says whether a JSON value is valid against it.
type Validator func(schema []byte) (valid func(value []byte) bool, err error)

var validator struct {
	sync.Mutex
	v Validator
	// compiled holds what v made of each schema text: a declared schema
	// is compiled once, however many tools and places reach its type.
	compiled map[string]compiledSchema
	// gen counts the validators registered: a compile made with one is
	// not kept once another has been registered.
	gen int
}

type compiledSchema struct {
	valid func([]byte) bool
	err   error
}

// RegisterValidator sets the validator of declared schemas.
func RegisterValidator(v Validator) {
	validator.Lock()
	defer validator.Unlock()
	validator.v, validator.compiled = v, nil
	validator.gen++
}

// ValidateDeclared compiles a declared schema with the registered
// validator (once for each schema text), or returns schema.ErrNoValidator.
func ValidateDeclared(s []byte) (func([]byte) bool, error) {
	validator.Lock()
	v, gen, c, ok := validator.v, validator.gen, validator.compiled[string(s)], false
	if c.valid != nil || c.err != nil {
		ok = true
	}
	validator.Unlock()
	if v == nil {
		return nil, schema.ErrNoValidator
	}
	if ok {
		return c.valid, c.err
	}
	c.valid, c.err = v(s) // outside the lock: a compile takes a while
	validator.Lock()
	if validator.gen == gen { // the validator that compiled it is still the one
		if validator.compiled == nil {
			validator.compiled = map[string]compiledSchema{}
		}
		validator.compiled[string(s)] = c
	}
	validator.Unlock()
	return c.valid, c.err
}

// A RawTool makes the tool of an input schema given as JSON, as
// rawtool.New makes it (the result is a *tool.Tool, typed any because this
// package cannot name it), or says why the schema is refused: package
// declared registers it when imported. mcpserver checks the arguments of
// a drop-in whose input schema was set by hand with it, without linking
// jsonschema/v6 itself.
type RawTool func(schema []byte) (any, error)

var rawTool struct {
	sync.Mutex
	f RawTool
}

// RegisterRawTool sets the maker of raw-schema tools; nil unsets it.
func RegisterRawTool(f RawTool) {
	rawTool.Lock()
	defer rawTool.Unlock()
	rawTool.f = f
}

// RawToolMaker returns the registered maker of raw-schema tools, nil when
// package declared is not linked.
func RawToolMaker() RawTool {
	rawTool.Lock()
	defer rawTool.Unlock()
	return rawTool.f
}
