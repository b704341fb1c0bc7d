// The rules' sections of this comment ("# Analyzer OLTnnn") are made from
// the rules' sections of docs/diagnostics.md, their one text, and the
// catalog's titles: edit those and run go test ./olt -run TestDocGo
// -update. The text before them is written here.

/*
Package olt defines the analyzers that check Go tool declarations against
the toolschema contract: one core analyzer, toolschema, and one analyzer per
rule, named after the rule's ID. Every diagnostic's message starts with the
ID, its Category is the ID, and its URL is the rule's section of
docs/diagnostics.md.

The entry point is Analyzers (or NewAnalyzers, for a Config other than
the defaults). cmd/toolvet runs them under go vet -vettool and go fix;
a program of your own can run them beside other analyzers with
golang.org/x/tools/go/analysis/multichecker:

	multichecker.Main(append(olt.Analyzers, nilness.Analyzer)...)

and Bazel's nogo takes them the same way, as *analysis.Analyzer values.

The analyzers read no file but those the framework hands them. What a
tool's types need of the packages they come from (field comments, the
schemas types declare, enum values) travels as facts, which a driver
computes by running the analyzers on every dependency from source, as go
vet, gopls, nogo, the multichecker and golangci-lint do: a driver that
loads dependencies from export data alone leaves those parts out.

The rules OLT015 to OLT019, OLT022 and OLT026 to OLT028 are off unless
asked for: OLT015 with -OLT015.providers=openai,anthropic,gemini, the
others with -OLTnnn.enable.

OLT029 compares a package's tools with its revision lock, which is not a
file the analysis framework hands an analyzer (only Go, C, assembly and
object files are, through Pass.ReadFile): it reports only where the
driver gives a reader of the lock (Config.ReadLock), as toolvet and the
golangci-lint plugin do. Elsewhere (olt.Analyzers under gopls, nogo or a
multichecker of your own) it is toolgen's rule.

# Analyzer toolschema

toolschema: find the tools of a package and check their contract

Runs the static front end of toolschema on a package with //tool:export
directives or a generated toolschema_gen.go, and compares that file with
what toolgen would write. The OLT analyzers report what it finds.

# Analyzer toolschemafacts

toolschemafacts: carry what the tools' types need of other packages as facts

Runs on every package and exports, as facts, the descriptions in its
struct fields' comments (for the packages of the module being worked
on), the schemas its types declare with a JSONSchema method, and the
values of its enum types, each read from the package's own syntax. The
other analyzers describe an imported type from these facts: no analyzer
reads another package's files, so an editor's unsaved text is what they
see. It reports nothing.

# Analyzer toolschemaenums

toolschemaenums: find the schemas made by reflection and check their types

Runs on every package, with or without tools. Reflection reads an enum
type's values from the method toolgen writes in the enum's package; it
finds each call of reflectimpl.Create, provider.OutputOf, tool.DecodeAnswer,
mcpserver.AddTool and adapters/mcpgo's drop-ins (and each instantiation of
a generic function or type that passes its type argument on to one) whose
type reaches an enum type whose generated values are missing or stale, and
each tool reaching such a type of another package. Facts carry the enum
types' state and the generic functions' reach across packages. OLT014
reports what it finds.

It also checks the types of the tools made at run time, by the rules of a
//tool:export tool's types: the type arguments of each call of
mcpserver.AddTool and of adapters/mcpgo's WithInputSchema,
WithOutputSchema, NewTypedToolHandler and NewStructuredToolHandler, and
the input and result of reflectimpl.Create's function where its type is
known. What the core refuses in them (OLT002, OLT011, ...), and the OLT020
warnings, are reported by each rule, at the field or tag when it is
declared in the package, else at the call: the problems these calls would
panic or fail with at start-up. An input of mcpserver.AddTool that is a
map of the arguments (map[string]any) is not reported: the drop-in takes
it beside an input schema set by hand, and whether the tool has one is
not known where it is called.

# Analyzer OLT001

OLT001: tool is not a package-level function or a method of a named type declared in its package

The //tool:export directive belongs in the doc comment of a package-level
function, or of a method of a named type declared in the same package. A
directive anywhere else (on a type, on a field, inside a function body) is
reported. The generated code declares Tools, the tool list: a function for
the package's tools and a method on each receiver type. A package that
already declares Tools, or a receiver type with a field or method Tools, is
reported too, and so is a directive in a file built only on some platforms
(a //go:build line, a suffix such as _linux.go).

Fix: mark a function, not a type, rename what would clash with the generated
tool lists, and declare tools in files built everywhere (a tool may call
platform-specific code).

# Analyzer OLT002

OLT002: type has no JSON schema, or the input is not a struct

Every type reachable from the input must have a JSON schema. Channels,
functions, complex numbers, unsafe.Pointer, uintptr, interfaces with methods
and maps whose key is not of string kind have none. The input itself must be
one struct (or a pointer to one): a non-struct input, a second input
parameter or a variadic one is reported.

Fix: use types with a JSON form, and put all arguments in one struct.

# Analyzer OLT003

OLT003: results are not supported

A tool returns nothing, an error, a value, or a value and an error. More
than two results, a second result that is not error, or an error followed by
another result is reported. The value must have a schema: if it has none,
the message gives the reason and the rule it breaks.

Fix: return one value, with a schema, and an error.

# Analyzer OLT004

OLT004: tool function has type parameters

A generic function has no fixed schema: its input depends on the type
arguments.

Fix: export a function with concrete types.

# Analyzer OLT005

OLT005: type has a JSON form of its own that the contract cannot describe

The schema describes what encoding/json writes for a type. A type that
implements json.Marshaler or json.Unmarshaler writes what it likes, so it
has no derived schema. A type that implements only one of
encoding.TextMarshaler and encoding.TextUnmarshaler is written one way and
read another, unless it is of string kind (then both ways are a JSON string,
and its schema is {"type":"string"}). A type whose MarshalJSON or
MarshalText has a pointer receiver is written by its kind inside a map,
whose values are not addressable.

Fix: describe the value with plain fields, implement both halves of the text
pair (the type is then a string), and store pointers in the map. A type that
encoding/json reads through its UnmarshalJSON may instead declare the schema
of its form, with a method ToolschemaSchema() string (see OLT023), and the
message says so.

# Analyzer OLT006

OLT006: type refers to itself

Every schema is written inline, without $ref, so a type that refers to
itself, directly or through other types, has no schema.

Fix: flatten the structure, for example into a list of nodes that name their
parent.

# Analyzer OLT007

OLT007: two tools in one tool list have the same name

The tools of one tool list must have different names. The package's
functions form one list; the methods of each receiver type form another, so
a method may share a name with a function.

Fix: give one of them another name.

# Analyzer OLT008

OLT008: tool name is not 1-64 letters, digits, '_' or '-'

A tool name has 1 to 64 ASCII letters, digits, _ or -. The name is the
directive's name= option, else the Go name in snake case; a Go name with
other letters gives an invalid tool name too.

Fix: give a valid name. For a name= option toolvet suggests one (for
get.docket, "Rename the tool get_docket"): the other characters become _,
the result in snake case, cut to 64 characters. For a name taken from the Go
name, add name=.

# Analyzer OLT009

OLT009: context or call parameter repeated or placed after the input

A tool takes at most one context.Context and at most one *tool.Call, in
either order, before its input. The runtime supplies them; they are not part
of the schema.

Fix: put the context and the call first, and drop the extra context. toolvet
suggests the reordering ("Move the context and call parameters before the
input"), keeping the parameters' names and relative order.

# Analyzer OLT010

OLT010: receiver type has type parameters

A method of a generic type has no fixed schema: the type's parameters may
appear in it.

Fix: export the method of a type without type parameters, one that wraps an
instance of the generic type.

# Analyzer OLT011

OLT011: json tag the schema cannot follow

A json tag must mean to encoding/json what it says, or the schema and the
wire disagree. Reported: the ,string option (the value is quoted, a form the
contract does not describe); an option encoding/json does not know, which it
ignores (omitemtpy, inline); a name it does not accept; a struct tag not in
the key:"value" form, in which reflect finds nothing; two fields with one
JSON name at one depth, which encoding/json both drops (so does one embedded
struct reached twice at one depth); a json tag on an unexported field, which
encoding/json ignores; fields promoted through an unexported embedded
pointer, which it cannot allocate.

Fix: write the tags encoding/json reads as they are meant. toolvet suggests
two of the changes: removing the ,string option ("Remove the ,string
option") and removing the tag of an unexported field ("Remove the tag
json"). A misspelt option is named with the one it is nearest (omitempty,
omitzero, string), with no fix: the option meant changes what the tag says
(omitempty makes the field optional, where the misspelt one left it
required), so the choice is the author's.

# Analyzer OLT012

OLT012: schema tag does not parse or does not fit its field

A schema tag (description, minimum, maximum, minLength, maxLength, minItems,
maxItems, uniqueItems, pattern, format, enum, default, mcpHeader) must
parse, fit the field's type, agree with the other tags and have an effect
(see Annotations in docs/contract.md for what each tag takes). Patterns must
mean the same in Go and in ECMA-262, the dialect JSON Schema uses.

An mcpHeader must keep MCP's constraints on x-mcp-header, which make a
client drop the whole tool otherwise: an HTTP token as the name, unique in
the tool whatever its case, on a string, boolean or integer (within
±(2^53−1)) property reached through properties alone, never inside a slice,
array or map, and not a pointer (its property would also take null, which
mcp-go refuses and the go-sdk cannot read). A schema a type declares is held
to the same rules for the x-mcp-header it holds.

A field whose type declares its schema (a ToolschemaSchema method, or
reflectimpl.TypeSchema) takes its description from its tags or doc comment
as any field does, but no tag that constrains its value: the declared schema
owns those (tag minimum: the field's type declares its schema
(ToolschemaSchema), which owns the value's constraints; in a peer's tag, tag
jsonschema (enum): ...). Move the constraint into the declared schema; keep
the description where it is.

A struct tag key a letter or two off a schema tag's, in any case
(descripton, Description, maxlength, enun), would be ignored, and the schema
would lack what it meant: it is reported with the tag it is nearest. A key
of another library (form, env, yaml, example, header) is near none and left
alone, and so is swaggo/swag's enums, near enum but its own library's key
(the schema does not read it).

A tag on an unexported field, or on an embedded struct that is flattened
into the outer object, applies to no property; nor does a schema tag other
than default on a field hidden from the model by jsonschema:"-" (its fix
drops the tag).

A minimum or maximum on an integer field must be within ±(2^53−1),
9007199254740991: a larger bound does not survive JSON readers that hold
numbers as doubles (the provider SDKs, JavaScript clients), and the invoker
refuses what the Go type cannot hold without it: on a uint64 field,
maximum:"18446744073709551615" is reported as beyond ±9007199254740991
(leave it out).

Fix: correct the values and use the tag that fits the type, spelt as the
contract spells it. toolvet suggests removing a tag that has no effect
("Remove the tag minimum", "Remove the tag description").

# Analyzer OLT013

OLT013: malformed or unknown tool directive or option

The directive takes these options, separated by spaces: name=NAME,
ends-loop[=BOOL], requires-approval[=BOOL], parallel-safe=BOOL,
timeout=DURATION (positive), version=V, and the execution policy
read-only[=BOOL], destructive[=BOOL], idempotent[=BOOL], open-world[=BOOL]
and title=TEXT, and the errors errors=CODE,CODE and safe-errors[=BOOL], the
catalog's defer-loading[=BOOL] and namespace=NAME (a tool name's letters),
the result budget max-result=SIZE and icon=URL. An unknown or malformed
option, an option given twice, an error code that is not upper-case letters,
digits and _ or is given twice, options that do not parse (an unclosed
quote) and a second directive on one declaration are reported. An unknown
option one or two letters away from a known one (requires-aproval, timeot)
is taken for a slip: the message asks whether the known one was meant, and
the suggested fix writes it.

Fix: one directive, with each option once and well formed.

# Analyzer OLT014

OLT014: generated tool code is missing or stale

A package with tools needs the file toolgen writes, toolschema_gen.go, and
that file must be what toolgen would write now. It is reported when it is
missing, when it is stale (a tool, a schema or an enum value changed since
it was generated), and when it is no longer needed (the package has no tools
and no enums). The check runs only on a package with no other diagnostic.

In any package, with or without tools, OLT014 also reports a schema made by
reflection (reflectimpl.Create, provider.OutputOf, tool.DecodeAnswer,
mcpserver.AddTool) whose type reaches an enum type whose generated values
are missing or stale: see Enum values reflection cannot read in
docs/diagnostics.md.

Fix: generate the file again (go generate, or go tool toolgen in the
package), after each change to the tools.

# Analyzer OLT015

OLT015: schema uses a keyword or exceeds a limit of a provider's strict mode

Off unless -OLT015.providers lists providers (openai, anthropic for their
strict modes; openai:nonstrict, anthropic:nonstrict for the others, the
modes provider.Strict(false) sends; gemini for Gemini's function
declarations, which have one mode, not a strict one; another name is an
error).

The check asks the providers' mode table in strictmode (the one the
conversions read, strictmode.Mode) about every keyword of every property's
schema, whether a tag or the field's type wrote it (a []byte's
contentEncoding, a [N]T's minItems/maxItems, a uuid type's format), at every
depth (a slice's elements, a map's values): what the conversion moves into
the description, where the model no longer has to obey it; what it refuses;
names the vendor does not take; and, for strict modes, the documented
limits.

A bound that is only the Go type's range (a plain int8's, float32's) is not
reported: the conversion drops it without a word, and so do the strict
modes' and Gemini's conversions with a $schema (they write 2020-12's forms,
and the Gemini API refuses it in a function declaration; it says nothing of
the values once the forms are 2020-12's). A bound a tag writes is reported
whatever its value (a uint16 with maximum:"255", a uint32 with minimum:"1"
maximum:"65535", an int16 with minimum:"-128" maximum:"127"): the conversion
tells it, as it tells every bound that is not the type's own (see Bounds by
origin in docs/contract.md).

Fix: keep the keywords every provider you use takes (minItems of at most 1
for Anthropic), say the other constraints in the description (and check them
in the tool), and replace a map with a list of key-value structs (or send
the tool non-strict: provider.Strict(false), and check name:nonstrict); give
an any field a type, rename a property with a json tag, and a tool with
name=.

# Analyzer OLT016

OLT016: tool or input field has no description

Off unless -OLT016.enable. A model chooses a tool by its description and
fills each argument by the field's. The tool's description is its doc
comment; a field's is its description tag, else its doc comment or its line
comment. A tool or an input field without one is reported.

Fix: describe the tool and every field.

# Analyzer OLT017

OLT017: input field is an identity the model should not supply

Off unless -OLT017.enable. Who the caller is and what they may do must not
come from the model, which can be talked into any value. An input property
whose name is an identity or a privilege is reported: user_id, username,
tenant, tenant_id, account_id, org_id, organization_id, owner_id, caller_id,
principal, principal_id, role, roles, admin, is_admin, superuser,
is_superuser, permissions, scopes (in any case, with or without _ and -).

Fix: leave the identity out of the input, and read it from the context that
your server fills in for each request.

# Analyzer OLT018

OLT018: tool name is vague

Off unless -OLT018.enable. A tool name made only of generic words (process,
handle, do, action, run, execute, manage, data, info, task, request and the
like) tells a model nothing about when to call the tool.

Fix: name the action and its object.

# Analyzer OLT019

OLT019: two booleans encode one state

Off unless -OLT019.enable. Two booleans of one object that name one state
and its opposite allow a combination that means nothing (both true, or both
false). Reported: a name and its negation (x and not_x, no_x, non_x, unx; an
is or has prefix is ignored), and pairs of opposite words (enabled/disabled,
on/off, visible/hidden, open/closed, allow/deny, public/private,
active/inactive and others).

Fix: keep one field per state; use a string enum when there are more than
two states.

# Analyzer OLT020

OLT020: part of a peer library's schema tag, or a peer's schema method, the contract cannot follow

Code written for google/jsonschema-go, invopop/jsonschema or
mark3labs/mcp-go comes over as it is: their tags are read, each part mapped
to the keyword it means (see the table in docs/contract.md); mcp-go's
jsonschema:"Temperature unit,enum=celsius,enum=fahrenheit" is the
description "Temperature unit" and the enum, and its parts after the text
are refused where invopop's would be. A part the contract has no place for
is reported, never dropped: invopop's title, example, readOnly, writeOnly,
anchor, type, multipleOf, exclusiveMinimum, exclusiveMaximum, the
oneof_/anyof_ keys and nullable; - anywhere but as the tag's first part, and
any other part beside it; every part of jsonschema_extras; an enum, pattern,
format, length, bound or default part on a slice (invopop applies those to
the items); a part after an unescaped comma that continues no description
(enum=GET, POST); a key given twice; an empty google tag.

A type that gives invopop/jsonschema its schema, or part of it, by a method
(JSONSchema() *Schema, JSONSchemaExtend(*Schema), JSONSchemaAlias() any,
JSONSchemaProperty(string) any) is reported too: the contract derives a
type's schema from the type and its tags and never calls such a method (the
generator reads source), so what the method says would be lost. A type that
encoding/json reads through its UnmarshalJSON (mcp-grafana's StringOrSlice,
a string or a list of strings) declares the same schema with
ToolschemaSchema() string (see OLT023), which the contract then reads, the
peer's method kept for the peer; any other type says it with its fields,
tags and enum constants, and drops the method. A method of that name whose
Schema is google/jsonschema-go's is the program's own (that library calls no
such method) and is left alone.

Fix: say it with the parts the contract reads, give the items a type of
their own, and use a pointer for a value that may be null.

# Analyzer OLT021

OLT021: two tags give one keyword different values

A keyword given by two tags, a native one and a peer library's (or
jsonschema_description and invopop's description=), with different values:
which one the model should see is not clear. required:"false" with invopop's
required part is the same conflict. Two tags that agree are fine.

Fix: keep one of the two.

# Analyzer OLT022

OLT022: schema tag of a peer library has a native form

Off unless -OLT022.enable (migrate: true in golangci-lint's settings). The
peers' tags are read as they are (see docs/contract.md); this rule is for a
team that wants one style. It reports each field whose jsonschema or
jsonschema_description tag has a native form in every part, and its fix
rewrites the tag: the keyword tags, required:"true" for invopop's required,
and required:"false" on the fields that invopop's explicit required
convention made optional (which the native tags would otherwise make
required). The schema stays byte for byte the same. A field with a part the
contract cannot follow (OLT020) or tags that disagree (OLT021), or hidden
from the model (jsonschema:"-"), is left to those rules; a package with
diagnostics is not looked at. In a package with //tool:required-from-tags a
field without a required tag is optional anyway, and gets no
required:"false". toolvet -fix -OLT022.enable ./... applies every fix at
once.

Fix (suggested): the native tags, as -fix writes them.

# Analyzer OLT023

OLT023: schema a type declares for its JSON form is not valid

A type with a JSON form of its own (OLT005) may declare its schema (see
docs/contract.md) with a method whose body returns one string literal. The
schema is checked when it is read: it must be JSON Schema 2020-12 (the
meta-schema), an object, reference nothing ($ref, $id, anchors: every
fragment is inline), and belong to a type that encoding/json reads through
UnmarshalJSON (a type with only MarshalJSON is read by its kind). The
generator reads the literal from source, so a schema computed at run time
cannot be read.

Fix: write the schema of what the methods read and write, as one literal.

# Analyzer OLT025

OLT025: execution policy option contradicts read-only or has no meaning with it

A read-only tool changes nothing. destructive and idempotent describe what a
write does, and MCP ignores both hints on a read-only tool: given with
read-only, they either say nothing (destructive=false, idempotent) or
contradict it (destructive, idempotent=false). Reflection reports the same
for tool.Meta's ReadOnly with Destructive or Idempotent. On by default: the
combination never means anything.

A read-only tool may require approval (reading a private record may need a
person's consent), and a write may be additive, idempotent and in a closed
world at once: none of these is reported.

Fix (suggested): remove the option.

# Analyzer OLT026

OLT026: tool name says it reads but the tool is not read-only

The tool's name starts with a verb that reads (get, list, find, search,
read, fetch, lookup, query, show, describe, view, count, retrieve, browse,
inspect, preview, peek), and its directive does not say read-only: a client
and a model see a tool that may change anything (MCP's default). Off unless
-OLT026.enable. Not reported when the directive says read-only=false (the
tool writes, on purpose: a get_token that records what it issues), or when a
later word of the name writes (get_or_create_session).

Fix (suggested): add read-only. No fix is suggested when the directive has
destructive or idempotent, which read-only would contradict (OLT025).

# Analyzer OLT027

OLT027: tool name says it writes but the tool is read-only

A read-only tool whose name starts with a verb that writes (create, submit,
delete, remove, update, set, add, send, save, cancel, approve, publish,
refund, reserve, register, ... the list is in olt/policy.go). One of the two
is wrong, and which one only the author knows: no fix is suggested. A draft
is a write when it is stored (create_refund_draft is not read-only); a tool
that only computes one should be named for that (preview_refund). Off unless
-OLT027.enable.

Fix: remove read-only if the tool writes (here the draft is stored), or
rename the tool.

# Analyzer OLT028

OLT028: destructive tool does not require approval

A tool that is neither read-only nor destructive=false may delete or
overwrite (MCP's default), and one that does should not run without a
person's approval. Off unless -OLT028.enable: with MCP's defaults every tool
that declares no policy is destructive, so the rule asks each tool to say
what it does. Not reported when the directive says requires-approval=false
(no approval, on purpose).

Fix (suggested): require approval. Say destructive=false instead for a write
that only adds.

# Analyzer OLT029

OLT029: tool contract changed but its version did not

In a package with a revision lock (toolschema.lock beside toolschema_gen.go,
started by toolgen -lock), the lock records each tool's contract as of its
version: name, version, description, execution policy and approval, error
codes, input and output schemas. A tool whose contract differs from the one
recorded for the same version is reported, by toolvet, the golangci-lint
plugin and toolgen (which then keeps the old entry and exits 1). The
analyzers of olt report it only when their driver reads the lock for them
(olt.Config.ReadLock, which toolvet and the plugin set): the analysis
framework hands an analyzer no file but Go, C, assembly and object files, so
under gopls, nogo or a multichecker of your own the rule is toolgen's. The
message says whether the change is breaking or compatible, and lists each
change.

Fix (suggested): raise the version (an integer by one; a semantic version
v1.4.2 to v2.0.0 for a breaking change, v1.5.0 for a compatible one;
version=2 added when there was none), then run toolgen, which records the
new contract. A version written in quotes gets no fix.

# Analyzer OLT030

OLT030: function is a tool handler of the MCP go-sdk, not a tool

A function written for the MCP go-sdk's mcp.AddTool (an mcp.ToolHandlerFor:
it takes the SDK's *mcp.CallToolRequest, or returns its *mcp.CallToolResult)
is marked as a tool. The SDK's request and result are not a model's
arguments and a value: the request holds the session, the transport's
functions and maps with JSON forms of their own, none of which has a schema.
The function is reported once, at the SDK's parameter or result, and none of
the other rules is reported about the SDK's types. Reflection refuses it the
same way (reflectimpl.Create returns this one error). On by default.

Fix: keep the handler and serve it with mcpserver.AddTool, the drop-in for
the SDK's mcp.AddTool (no directive; its schemas and argument checks are the
contract's), or make it a tool of the contract and take the request from the
context (mcpserver.RequestFrom) when the tool needs the session (to log, or
report progress).

# Analyzer OLT031

OLT031: namespace has more than 10 tools

A namespace (namespace=NAME, an OpenAI Responses namespace tool) with more
than 10 tools in one package: OpenAI advises at most 10 a namespace, and a
model chooses worse among more. Reported at the eleventh tool.

Fix: split the namespace by task (crm_contacts, crm_deals).

# Analyzer OLT032

OLT032: tool description is longer than 2 KB

A tool description (the doc comment) over 2048 bytes: clients cut
descriptions, and the model pays for every byte on every turn.

Fix: shorten the doc comment; describe the fields on the fields.

# Analyzer OLT033

OLT033: deferred tool has no description a tool search can find

A deferred tool (defer-loading) is sent to the model only once a tool search
finds it: the vendors' searches and loop's match names, descriptions and
parameters. With no word in its description to match, only its exact name
finds it.

Fix: write a doc comment that says what the tool does.

# Analyzer OLT034

OLT034: example of a tool's arguments is not valid for its input

A tool's example of its arguments (a //tool:example line in its doc comment,
one JSON object a line, several allowed) is not JSON, or is not valid for
the tool's input schema. Each example is checked as the invoker checks a
call's arguments (the checks of a raw-schema tool, run on the input schema
the generated code has), at generate time (toolgen) and at vet time; each
violation is one diagnostic, at the example's line, with the text the model
would read. The tool is refused, as for any other problem of its own.
reflectimpl.Create checks the examples of the tool.Meta given to
reflectimpl.Meta with the tool's own checks (Tool.CheckArgs) and refuses an
invalid one with this ID. On by default.

Fix: give an example the tool would take.
*/
package olt
