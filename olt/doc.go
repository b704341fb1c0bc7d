/*
Package olt defines the analyzers that check Go tool declarations against
the toolschema contract: one core analyzer, toolschema (with the two it
requires, toolschemafacts and toolschemaenums), and one analyzer per rule,
named after the rule's ID. Every diagnostic's message starts with the
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

Each analyzer's documentation is its Doc, which toolvet help NAME prints
(toolvet help OLT011); docs/diagnostics.md describes each rule with
examples and its fix.
*/
package olt
