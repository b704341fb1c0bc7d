package mcpserver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
)

// approvalKey is the label of the approval form among a call's input
// requests.
const approvalKey = "toolschema/approval"

// approveField is the one field of the approval form.
const approveField = "approve"

// An InputRequired error, returned by Options.Approve, asks the client for
// input before the call goes on (MCP's multi round-trip requests): the
// call's result carries Requests and State, the client fulfils the
// requests (it asks its user, say) and calls the tool again with the
// responses in req.Params.InputResponses and State echoed in
// req.Params.RequestState, and the hook is asked again. With a client of a
// protocol before 2026-07-28 the SDK's server does the round trip itself.
type InputRequired struct {
	Requests mcp.InputRequestMap
	State    string
}

func (e *InputRequired) Error() string {
	return fmt.Sprintf("mcpserver: the call needs %d input requests fulfilled", len(e.Requests))
}

// ElicitApproval is an Options.Approve hook that asks the client's user,
// by MCP elicitation (a form), whether the call may run: the message
// names the tool and shows the arguments as JSON, and the form has one
// yes/no field. Only an accepted form that says yes approves the call,
// and only for the arguments it was shown (the round trip's state binds
// the answer to the tool and the arguments). A client that cannot elicit
// (it did not declare the capability, or only for URLs) is not asked, and
// the call is refused. The arguments are shown, not offered as fields to
// edit: the approval holds for exactly the arguments the model sent, and
// an elicitation form has only flat fields, which nested arguments do not
// fit.
//
// The question is asked as a multi round-trip request (an InputRequired
// result), as the protocol of 2026-07-28 requires; for older clients the
// SDK's server sends it as an elicitation request of its own.
func ElicitApproval(ctx context.Context, req *mcp.CallToolRequest, t *tool.Tool, args json.RawMessage) (bool, error) {
	if req == nil || req.Session == nil || req.Params == nil || !canElicitForm(req.Session) {
		return false, nil
	}
	state := approvalState(t, args)
	if answer, ok := req.Params.InputResponses[approvalKey]; ok && req.Params.RequestState == state {
		res, ok := answer.(*mcp.ElicitResult)
		if !ok || res.Action != "accept" {
			return false, nil
		}
		yes, _ := res.Content[approveField].(bool)
		return yes, nil
	}
	return false, &InputRequired{
		Requests: mcp.InputRequestMap{approvalKey: &mcp.ElicitParams{
			Mode:            "form",
			Message:         approvalMessage(t, args),
			RequestedSchema: approvalForm(t),
		}},
		State: state,
	}
}

// approvalState binds an answer to the tool and its arguments: a digest of
// both, the arguments compacted. Stricter than tool.Approve, which
// compares JSON values: arguments sent again with their members in
// another order are asked about again, never taken for approved.
func approvalState(t *tool.Tool, args json.RawMessage) string {
	var b bytes.Buffer
	if len(bytes.TrimSpace(args)) == 0 || json.Compact(&b, args) != nil {
		b.Reset()
		b.Write(args)
	}
	sum := sha256.Sum256(append([]byte(t.Name+"\x00"), b.Bytes()...))
	return "toolschema-approval:" + hex.EncodeToString(sum[:])
}

// canElicitForm reports whether the client of ss declared that it takes
// form elicitations (a client that declares elicitation with neither mode
// takes forms, by the protocol's rule for older clients).
func canElicitForm(ss *mcp.ServerSession) bool {
	p := ss.InitializeParams()
	if p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		return false
	}
	e := p.Capabilities.Elicitation
	return e.Form != nil || e.URL == nil
}

func approvalMessage(t *tool.Tool, args json.RawMessage) string {
	shown := args
	if len(shown) == 0 {
		shown = json.RawMessage("{}")
	}
	var indented []byte
	if b, err := json.MarshalIndent(shown, "", "  "); err == nil {
		indented = b
	} else {
		indented = shown
	}
	return fmt.Sprintf("The model asks to run the tool %q with these arguments:\n%s\nAllow this call?", t.Name, indented)
}

func approvalForm(t *tool.Tool) json.RawMessage {
	title, _ := json.Marshal(fmt.Sprintf("Run %s with these arguments", t.Name))
	return json.RawMessage(`{"type":"object","properties":{"` + approveField + `":{"type":"boolean","title":` + string(title) +
		`,"default":false}},"required":["` + approveField + `"]}`)
}
