package rawtool_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestAlternativesWords reproduces the fault of an anyOf (or a oneOf)
// none of whose branches a value fits, answered with one line per
// branch, each a "must": github-mcp-server's issue type, a non-empty
// string or null (null removes the type), given "" was told "must be
// null." and "must be at least 1 character long." as if both held, and a
// model that obeyed the first removed the type. A value that fits none of
// the alternatives is now one line that names them joined by "or", when
// every branch fails at the value itself; where a branch fails deeper in
// the value, each line stays, as before.
func TestAlternativesWords(t *testing.T) {
	tests := []struct {
		name, schema, args, want string
	}{
		{"a non-empty string or null", `{"type":"object","properties":{"kind":{"anyOf":[{"type":"string","minLength":1},{"type":"null"}]}}}`,
			`{"kind":""}`, "Argument 'kind' must be at least 1 character long, or null."},
		{"a string or an array", `{"type":"object","properties":{"to":{"anyOf":[{"type":"string","format":"email"},{"type":"array","items":{"type":"string"},"minItems":1}]}}}`,
			`{"to":5}`, "Argument 'to' must be a string, or an array."},
		{"an empty array for a string or a non-empty array", `{"type":"object","properties":{"to":{"anyOf":[{"type":"string"},{"type":"array","minItems":1}]}}}`,
			`{"to":[]}`, "Argument 'to' must be a string, or have at least 1 item."},
		{"oneOf, none matched", `{"type":"object","properties":{"n":{"oneOf":[{"type":"integer","minimum":10},{"type":"string","enum":["auto"]}]}}}`,
			`{"n":3}`, "Argument 'n' must be at least 10, or a string."},
		{"two failures in one branch", `{"type":"object","properties":{"s":{"anyOf":[{"type":"string","minLength":3,"pattern":"^[a-z]+$"},{"type":"null"}]}}}`,
			`{"s":"A"}`, "Argument 's' must be at least 3 characters long and match the pattern ^[a-z]+$, or be null."},
		{"the same words from each branch", `{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"string","maxLength":2}]}}}`,
			`{"v":1}`, "Argument 'v' must be a string."},
		{"a nested anyOf beside another failure", `{"type":"object","properties":{"s":{"anyOf":[{"type":"string","minLength":3,"anyOf":[{"pattern":"^a"},{"pattern":"^b"}]},{"type":"null"}]}}}`,
			`{"s":"c"}`, "Argument 's' must be null.\nArgument 's' must be at least 3 characters long.\nArgument 's' must match the pattern ^a, or match the pattern ^b."},
		{"a nested anyOf alone in its branch", `{"type":"object","properties":{"s":{"anyOf":[{"anyOf":[{"type":"integer"},{"type":"boolean"}]},{"type":"null"}]}}}`,
			`{"s":"c"}`, "Argument 's' must be an integer, or true or false, or null."},
		{"a branch that fails deeper", `{"type":"object","properties":{"f":{"anyOf":[{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},{"type":"string"}]}}}`,
			`{"f":{}}`, "Argument 'f.x' is required."},
		{"at the root", `{"type":"object","anyOf":[{"required":["a"]},{"required":["b"]}]}`,
			`{}`, "The arguments must fit one of the alternatives of their anyOf; to fit alternative 1, give 'a'; to fit alternative 2, give 'b'."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := rawtool.New(tool.Meta{Name: "alt"}, json.RawMessage(tt.schema), echo)
			if err != nil {
				t.Fatal(err)
			}
			r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if r.Code != tool.InvalidArguments || r.Text() != tt.want {
				t.Errorf("%s %s:\n got %s %q\nwant %q", tt.schema, tt.args, r.Code, r.Text(), tt.want)
			}
		})
	}
}

// targetSchema is the trial's: a target that is an object of an email or
// one of a phone, each closed, and a text.
const targetSchema = `{"type":"object","properties":{"target":{"oneOf":[` +
	`{"type":"object","properties":{"email":{"type":"string","format":"email"}},"required":["email"],"additionalProperties":false},` +
	`{"type":"object","properties":{"phone":{"type":"string","pattern":"^\\+[0-9]+$"}},"required":["phone"],"additionalProperties":false}]},` +
	`"text":{"type":"string"}},"required":["target","text"]}`

// TestObjectAlternatives reproduces the fault of an object that fits none
// of a oneOf's object branches, answered with each branch's lines: given
// both an email and a phone, the model was told that each is not a
// parameter (each branch's complaint of the other's key), and so to drop
// both; given a bad email, that the phone is required, the email not a
// parameter, and the email in the wrong format. The lines are now those
// of the branch the value is nearest to (one that takes its type, then
// the fewest keys to add or leave out), or, when branches are equally
// near, one line that says what fits each.
func TestObjectAlternatives(t *testing.T) {
	anyOf := strings.Replace(targetSchema, "oneOf", "anyOf", 1)
	tests := []struct {
		name, schema, args, want string
	}{
		{"both keys of a oneOf", targetSchema, `{"target":{"email":"a@b.c","phone":"+1"},"text":"x"}`,
			"Argument 'target' must fit one of the alternatives of its oneOf; to fit alternative 1, leave out 'target.phone'; to fit alternative 2, leave out 'target.email'."},
		{"a bad email", targetSchema, `{"target":{"email":"nope"},"text":"x"}`,
			"Argument 'target.email' must be in the format email."},
		{"a bad phone", targetSchema, `{"target":{"phone":"1"},"text":"x"}`,
			"Argument 'target.phone' must match the pattern ^\\+[0-9]+$."},
		{"neither key", targetSchema, `{"target":{},"text":"x"}`,
			"Argument 'target' must fit one of the alternatives of its oneOf; to fit alternative 1, give 'target.email'; to fit alternative 2, give 'target.phone'."},
		{"an unknown key beside the email", targetSchema, `{"target":{"email":"a@b.c","fax":"1"},"text":"x"}`,
			"Argument 'target.fax' is not a parameter of the tool."},
		{"not an object", targetSchema, `{"target":"a@b.c","text":"x"}`,
			"Argument 'target' must be an object."},
		{"both keys of an anyOf", anyOf, `{"target":{"email":"a@b.c","phone":"+1"},"text":"x"}`,
			"Argument 'target' must fit one of the alternatives of its anyOf; to fit alternative 1, leave out 'target.phone'; to fit alternative 2, leave out 'target.email'."},
		{"a bad email, anyOf", anyOf, `{"target":{"email":"nope"},"text":"x"}`,
			"Argument 'target.email' must be in the format email."},
		{"a value both branches of a oneOf fit", `{"type":"object","properties":{"t":{"oneOf":[{"type":"object","required":["a"]},{"type":"object","required":["b"]}]}}}`,
			`{"t":{"a":1,"b":2}}`, "Argument 't' must fit exactly one of the alternatives of its oneOf; it fits alternatives 1 and 2."},
		{"a value both branches of an anyOf fit", `{"type":"object","properties":{"t":{"anyOf":[{"type":"object","required":["a"]},{"type":"object","required":["b"]}]}}}`,
			`{"t":{"a":1,"b":2}}`, "ok"},
		{"items of either type", `{"type":"object","properties":{"l":{"anyOf":[{"type":"array","items":{"type":"string"}},{"type":"array","items":{"type":"integer"}}]}}}`,
			`{"l":[1,"a"]}`, "Argument 'l' must fit one of the alternatives of its anyOf; to fit alternative 1, 'l[0]' must be a string; to fit alternative 2, 'l[1]' must be an integer."},
		// A nested oneOf is answered at its own value, then the outer
		// one picks among the answers.
		{"nested, the inner one nearest", `{"type":"object","properties":{"c":{"anyOf":[` +
			`{"type":"object","properties":{"to":{"oneOf":[{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"],"additionalProperties":false},{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}]}},"required":["to"],"additionalProperties":false},` +
			`{"type":"object","properties":{"all":{"const":true}},"required":["all"],"additionalProperties":false}]}}}`,
			`{"c":{"to":{"id":1,"name":"n"}}}`,
			"Argument 'c.to' must fit one of the alternatives of its oneOf; to fit alternative 1, leave out 'c.to.name'; to fit alternative 2, leave out 'c.to.id'."},
		{"nested, a bad value in the inner one", `{"type":"object","properties":{"c":{"anyOf":[` +
			`{"type":"object","properties":{"to":{"oneOf":[{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"],"additionalProperties":false},{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}]}},"required":["to"],"additionalProperties":false},` +
			`{"type":"object","properties":{"all":{"const":true}},"required":["all"],"additionalProperties":false}]}}}`,
			`{"c":{"to":{"id":"1"}}}`,
			"Argument 'c.to.id' must be an integer."},
		{"scalar branches, unchanged", `{"type":"object","properties":{"kind":{"oneOf":[{"type":"string","minLength":1},{"type":"null"}]}}}`,
			`{"kind":""}`, "Argument 'kind' must be at least 1 character long, or null."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := rawtool.New(tool.Meta{Name: "alt"}, json.RawMessage(tt.schema), echo)
			if err != nil {
				t.Fatal(err)
			}
			r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "ok" {
				if r.Code != "" {
					t.Errorf("%s: %s %q, want it taken", tt.args, r.Code, r.Text())
				}
				return
			}
			if r.Code != tool.InvalidArguments || r.Text() != tt.want {
				t.Errorf("%s:\n got %s %q\nwant %q", tt.args, r.Code, r.Text(), tt.want)
			}
		})
	}
}

// TestTaggedUnions: a tagged union (branches told apart by a property each
// fixes with const or enum, as zod, pydantic and MCP servers write them)
// is answered from the branch the value's tag names: a member that
// another branch names by a const or an enum, and takes. The nearest branch
// by keys alone was the wrong one: a value of one kind that misses a key
// of its own is one "must be" from another kind's branch, and the model
// was told to change its kind: an "add" without its value, to remove.
func TestTaggedUnions(t *testing.T) {
	shape := `{"type":"object","properties":{"shape":{"oneOf":[` +
		`{"type":"object","properties":{"kind":{"const":"circle"},"radius":{"type":"number"}},"required":["kind","radius"],"additionalProperties":false},` +
		`{"type":"object","properties":{"kind":{"const":"rect"},"w":{"type":"number"},"h":{"type":"number"}},"required":["kind","w","h"],"additionalProperties":false}]}},"required":["shape"]}`
	// Open branches, as pydantic writes them: the tag is a const and a
	// one-value enum; the branches are $refs.
	pet := `{"type":"object","properties":{"pet":{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"discriminator":{"propertyName":"pet_type"}}},"required":["pet"],"$defs":{` +
		`"Cat":{"type":"object","properties":{"pet_type":{"const":"cat","enum":["cat"],"type":"string"},"meows":{"type":"integer"}},"required":["pet_type","meows"]},` +
		`"Dog":{"type":"object","properties":{"pet_type":{"const":"dog","enum":["dog"],"type":"string"},"barks":{"type":"number"},"breed":{"type":"string"}},"required":["pet_type","barks","breed"]}}}`
	ops := `{"type":"object","properties":{"ops":{"type":"array","items":{"oneOf":[` +
		`{"type":"object","properties":{"op":{"enum":["add","replace"]},"path":{"type":"string"},"value":{}},"required":["op","path","value"],"additionalProperties":false},` +
		`{"type":"object","properties":{"op":{"enum":["remove"]},"path":{"type":"string"}},"required":["op","path"],"additionalProperties":false}]}}}}`
	action := `{"type":"object","properties":{"do":{"anyOf":[` +
		`{"type":"object","properties":{"action":{"const":"list"}},"required":["action"]},` +
		`{"allOf":[{"type":"object","properties":{"action":{"const":"delete"}},"required":["action"]},{"properties":{"id":{"type":"integer"}},"required":["id","confirm"]}]}]}}}`
	// An enum only one branch says anything of is no tag: refused, it is
	// that branch's own fault.
	reading := `{"type":"object","properties":{"r":{"anyOf":[` +
		`{"type":"object","properties":{"unit":{"enum":["c","f"]},"temp":{"type":"number"}},"required":["temp"]},` +
		`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}]}}}`
	tests := []struct{ name, schema, args, want string }{
		{"an enum no other branch names", reading, `{"r":{"unit":"kelvin","temp":3}}`,
			"Argument 'r.unit' must be one of \"c\", \"f\"."},
		{"the tag's branch misses its keys", shape, `{"shape":{"kind":"rect"}}`,
			"Argument 'shape.h' is required.\nArgument 'shape.w' is required."},
		{"the tag's branch, another's key", shape, `{"shape":{"kind":"rect","radius":2}}`,
			"Argument 'shape.h' is required.\nArgument 'shape.w' is required.\nArgument 'shape.radius' is not a parameter of the tool."},
		{"a tag no branch takes", shape, `{"shape":{"kind":"tri","w":1}}`,
			"Argument 'shape.h' is required.\nArgument 'shape.kind' must be \"rect\"."},
		{"pydantic's tag, a key missing", pet, `{"pet":{"pet_type":"dog","barks":1}}`,
			"Argument 'pet.breed' is required."},
		{"pydantic's tag alone", pet, `{"pet":{"pet_type":"dog"}}`,
			"Argument 'pet.barks' is required.\nArgument 'pet.breed' is required."},
		{"an add without its value", ops, `{"ops":[{"op":"add","path":"/a"}]}`,
			"Argument 'ops[0].value' is required."},
		{"a remove with a value", ops, `{"ops":[{"op":"remove","path":"/a","value":1}]}`,
			"Argument 'ops[0].value' is not a parameter of the tool."},
		{"the tag in an allOf, open branches", action, `{"do":{"action":"delete","id":5}}`,
			"Argument 'do.confirm' is required."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := rawtool.New(tool.Meta{Name: "tag"}, json.RawMessage(tt.schema), echo)
			if err != nil {
				t.Fatal(err)
			}
			r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if r.Code != tool.InvalidArguments || r.Text() != tt.want {
				t.Errorf("%s:\n got %s %q\nwant %q", tt.args, r.Code, r.Text(), tt.want)
			}
		})
	}
}
