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
panic or fail with at start-up.

# Analyzer OLT001

OLT001: tool is not a package-level function or a method of a named type declared in its package

The //tool:export directive belongs in the doc comment of a package-level
function, or of a method of a named type declared in the package: the
generated tool list is declared there. A directive anywhere else, or a
package that already declares the name of the generated list (Tools), is
reported.

# Analyzer OLT002

OLT002: type has no JSON schema, or the input is not a struct

A type reachable from the input has no schema (a channel, a function, a
complex number, an interface with methods, a map whose key is not a
string), or the input is not a struct, or there is more than one input.

# Analyzer OLT003

OLT003: results are not supported

A tool returns nothing, an error, a value, or a value and an error; the
value must have a schema.

# Analyzer OLT004

OLT004: tool function has type parameters

A generic function has no fixed schema.

# Analyzer OLT005

OLT005: type has a JSON form of its own that the contract cannot describe

The type implements json.Marshaler or json.Unmarshaler, only half of the
text pair, or marshals through a pointer-receiver method inside a map.

# Analyzer OLT006

OLT006: type refers to itself

A recursive type has no inline schema.

# Analyzer OLT007

OLT007: two tools in one tool list have the same name

# Analyzer OLT008

OLT008: tool name is not 1-64 letters, digits, '_' or '-'

A name= option with another character has a fix: its snake-case form with
those characters replaced.

# Analyzer OLT009

OLT009: context or call parameter repeated or placed after the input

The fix moves the context.Context and *tool.Call parameters first.

# Analyzer OLT010

OLT010: receiver type has type parameters

# Analyzer OLT011

OLT011: json tag the schema cannot follow

The ,string option (the fix removes it), an option encoding/json does not
know, a name it ignores, a malformed struct tag, two fields with one JSON
name, a json tag on an unexported field (the fix removes it).

# Analyzer OLT012

OLT012: schema tag does not parse or does not fit its field

A keyword tag (minimum, pattern, default, ...) that does not parse, does not
fit the field's type, contradicts another, or has no effect (on an
unexported field or a flattened embedded struct; the fix removes it).

# Analyzer OLT013

OLT013: malformed or unknown tool directive option

# Analyzer OLT014

OLT014: generated tool code is missing or stale

The package has tools but no toolschema_gen.go, or the file differs from
what toolgen would write now (tools, schemas or enum values changed, or it
was generated for a GOARCH whose int has another size), or it is no longer
needed.

In any package, with or without tools: a schema made by reflection
(reflectimpl.Create, provider.OutputOf, tool.DecodeAnswer,
mcpserver.AddTool, or a generic function or type that passes its type
argument on to one) whose type reaches an enum type whose generated values
are missing or stale, reported at the call, naming the package to run go
generate in; and a tool reaching such an enum type of another package (the
generated schema lists its values, but the invoker checks the arguments by
reflection). Without the generated method the enum is a plain string to
reflection: no values in the schema, any string accepted.

# Analyzer OLT015

OLT015: schema uses a keyword or exceeds a limit of a provider's strict mode

Off unless -OLT015.providers lists providers (name for the strict mode,
name:nonstrict for the other; gemini has one mode, which is not strict). Walks each tool's input schema as the
provider conversion does (one walk with it), so that it reports what the
conversion would do: every keyword of every schema, whether a tag, the
field's type or a declared schema's branch wrote it, that a mode moves
into the description (the model no longer enforces it), what it cannot
express (a map, an any value for OpenAI strict, a large enum), names it
does not take, and, for strict modes, the documented limits: OpenAI at
most 5000 properties, 10 levels of nesting, 1000 enum values and 120,000
characters of names and values per schema; Anthropic at most 20 strict
tools, 24 optional and 16 union parameters per request (counted over one
tool list as the conversion counts them: an element type's union, such
as the items of a []*int, and a declared anyOf or oneOf count too).

# Analyzer OLT016

OLT016: tool or input field has no description

Off unless -OLT016.enable. A model chooses tools and fills arguments from
their descriptions.

# Analyzer OLT017

OLT017: input field is an identity the model should not supply

Off unless -OLT017.enable. A user, tenant or account id, a role or an admin
flag is the caller's identity: take it from the context, never from the
model.

# Analyzer OLT018

OLT018: tool name is vague

Off unless -OLT018.enable. A name made only of generic words (process,
handle, do_action) tells a model nothing.

# Analyzer OLT019

OLT019: two booleans encode one state

Off unless -OLT019.enable. Two booleans such as enabled and disabled allow a
state that means nothing; use one field.

# Analyzer OLT020

OLT020: part of a peer library's schema tag the contract cannot follow

Tags written for google/jsonschema-go or invopop/jsonschema are read, each
part mapped to the keyword it means; a part with no place in the contract
(title, example, oneof_required, nullable, jsonschema_extras, an enum on a
slice's items, a - that is not the tag's first part) is reported, never
dropped. A description written with unescaped commas is the author's whole
text, which invopop/jsonschema would end at the first comma: a warning
(the tool is not refused), whose fix escapes the commas. A
jsonschema:"-" field is hidden from the model in an input, and refused in
a result, where encoding/json still writes it.

# Analyzer OLT021

OLT021: two tags give one keyword different values

A native keyword tag and a peer library's tag (or two peer tags) that set
one keyword to different values, or required:"false" with invopop's
required part.

# Analyzer OLT022

OLT022: schema tag of a peer library has a native form

Off unless -OLT022.enable. For a team that wants one style: reports the
jsonschema and jsonschema_description tags whose every part has a native
form, with a fix that rewrites them into the native tags (and adds
required:"true" or required:"false" where invopop's explicit required
convention decided), keeping the schema byte for byte. Apply the fixes with
toolvet -fix -OLT022.enable. To a package whose types use invopop's
required part, where //tool:required-from-tags would change a tool's
schema, it suggests the directive (without a fix).

# Analyzer OLT023

OLT023: schema a type declares for its JSON form is not valid

A type with a JSON form of its own may declare its schema with a method
ToolschemaSchema() string whose body returns one string literal. The
schema must be a JSON Schema 2020-12 object (checked against the
meta-schema), reference nothing ($ref, $id, anchors), and belong to a type
that encoding/json reads through UnmarshalJSON.

# Analyzer OLT025

OLT025: execution policy option contradicts read-only or has no meaning with it

A read-only tool changes nothing, so destructive= and idempotent say
nothing of it (MCP ignores both hints on a read-only tool) or contradict it.
The fix removes the option. A read-only tool may require approval.

# Analyzer OLT026

OLT026: tool name says it reads but the tool is not read-only

Off unless -OLT026.enable. A name whose verb reads (get_, list_, find_,
search_...) on a tool whose directive does not say read-only. The fix adds
read-only; read-only=false says on purpose that the tool writes.

# Analyzer OLT027

OLT027: tool name says it writes but the tool is read-only

Off unless -OLT027.enable. A read-only tool whose verb writes (create_,
submit_, delete_...): one of the two is wrong.

# Analyzer OLT028

OLT028: destructive tool does not require approval

Off unless -OLT028.enable. A tool that is neither read-only nor
destructive=false may delete or overwrite; it should require approval.
The fix adds requires-approval; requires-approval=false says no on purpose.

# Analyzer OLT029

OLT029: tool contract changed but its version did not

In a package with a revision lock (toolschema.lock, written by toolgen
-lock and kept by toolgen), a tool whose contract (schemas, description,
policy, error codes) differs from the one the lock recorded for the same
version. The message says whether the change is breaking or compatible and
what changed; the fix raises the version, after which toolgen records the
new contract. The analyzer reads the lock only with the driver's reader
(Config.ReadLock: toolvet's and the golangci-lint plugin's); toolgen
always checks it.

# Analyzer OLT030

OLT030: function is a tool handler of the MCP go-sdk, not a tool

A marked function that takes the SDK's *mcp.CallToolRequest or returns its
*mcp.CallToolResult is a go-sdk handler (mcp.ToolHandlerFor). It is
reported once, and nothing is said about the SDK's types: serve it with
mcpserver.AddTool, or write the tool as func(ctx, In) (Out, error) and
reach the request with mcpserver.RequestFrom(ctx).

# Analyzer OLT031

OLT031: namespace has more than 10 tools

A namespace (namespace=NAME) with more than 10 tools in one package is
reported at its eleventh tool: OpenAI advises at most 10 a namespace, and
a model chooses worse among more. Split the namespace by task.

# Analyzer OLT032

OLT032: tool description is longer than 2 KB

A tool's description (its doc comment) over 2048 bytes is cut by
clients. Keep what the model needs to choose and call the tool; the
fields' descriptions carry the rest.

# Analyzer OLT033

OLT033: deferred tool has no description a tool search can find

A deferred tool (defer-loading) is sent only once a tool search finds
it; with no word in its description to match, only its exact name finds
it. Write a doc comment saying what it does.

# Analyzer OLT034

OLT034: example of a tool's arguments is not valid for its input

An example a tool gives of its arguments (a //tool:example line in its doc
comment, one JSON object each) is checked as the invoker checks a call's
arguments, against the tool's input schema: an example that is not JSON, or
that breaks the schema, is reported with each violation, and the tool is
refused (toolgen leaves it out). reflectimpl.Create refuses an invalid
example given in tool.Meta.Examples to reflectimpl the same way.
*/
package olt
