// Package mcpgo serves tools on a github.com/mark3labs/mcp-go server with
// toolschema's contract: schemas from the core, every call through
// tool.Invoke, every failure an isError result a model can act on. It is
// a module of its own, so that mcp-go stays out of toolschema's.
//
// Four ways in:
//
//   - Register(s, tools, opts) serves tools toolschema made (generated,
//     reflectimpl.Create, rawtool.New): their schemas as they are, the
//     execution policy as title and annotations, results and business
//     errors as the root's mcpserver answers them. Tool and Handler give
//     the definition and the handler of one tool.
//   - Drop-ins with mcp-go's signatures, so that a server changes the
//     package of these identifiers and nothing else: WithInputSchema[T],
//     WithOutputSchema[T], NewTypedToolHandler[T] and
//     NewStructuredToolHandler[A, R]. The schemas are the core's, a type
//     it refuses panics at registration (rule, field, type), and the
//     arguments are checked before the handler runs against what the tool
//     lists: T's contract with WithInputSchema[T]; over a builder schema
//     (mcp-go's typed_tools shape) or mcp-go's own schema of T, that schema,
//     then a decoding into T that refuses only what T cannot hold, so that
//     what the listing makes optional stays optional.
//   - Wrap(t, handler) serves a tool made with mcp-go's builder
//     (mcp.NewTool, mcp.WithString, mcp.Required, mcp.Enum, ...) with the
//     invoker's checks against the schema it lists (package rawtool).
//   - NewMCPServer, mcp-go's server.NewMCPServer whose every tool added
//     with s.AddTool is checked as Wrap checks it, at the time of the
//     call: a server of builder tools moves by changing this identifier.
//     It also lists a client of a protocol before 2026-07-28 no output
//     schema that is not of objects (a drop-in's WithOutputSchema[[]T]),
//     which such clients may refuse.
//
// RequestFrom(ctx) gives a tool the mcp-go request it runs for.
//
// What an mcp-go server lists must be readable by mcp-go's client, which
// fails tools/list for the whole server on an output schema whose "type"
// is not one string: an output schema is listed in its non-null form
// (["array","null"] as "array"), and structured content, which may be any
// JSON value, is never null. docs/contract.md ("From mark3labs/mcp-go")
// says what behaves otherwise than mcp-go.
package mcpgo
