// Package schema is the one type-mapping core of toolschema: it turns a
// neutral description of a Go type into the JSON Schema 2020-12 bytes of a
// tool's input or output, and holds every rule of the contract.
//
// Two front ends describe types for it. The analyzer package (used by
// toolgen and toolvet) fills a [Type] from go/types; the reflectimpl package
// fills one from reflect at run time. Neither decides a schema: a mapping
// rule lives here alone, which is why the parity suite can prove both front
// ends byte-identical.
//
// The main entry points:
//
//   - [Builder] (from [NewBuilder]) makes schemas: [Builder.Input] for a
//     tool's arguments (an object), [Builder.Output] for its result,
//     [Builder.Fragment] for any type, and [Builder.Checks] for the tree of
//     keywords the invoker checks arguments against. A Builder remembers
//     the fragment of every type it has seen, so describing many tools over
//     shared types does the work once.
//   - [Error] and [Errors] report a broken rule with its [ID], the path of
//     the offending element and, where one exists, a mechanical [Fix].
//   - [Catalog] and [RuleOf] give the rules (OLT001 and on) with their
//     titles and whether front ends check them by default.
//   - [ParseStructTag], [ParseJSONTag], [SnakeCase], [CheckName] and
//     [FlattenDoc] are the shared readings of tags, names and doc comments
//     that front ends use so that they agree on them.
//
// The binding statement of the rules is docs/contract.md in the module's
// repository; docs/diagnostics.md explains each rule with an example and its
// fix.
package schema
