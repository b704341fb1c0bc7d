// Package corpus is the parity corpus: a package of tools that exercises
// every row of the contract (docs/contract.md) through both front ends, the
// generator and reflection, so that their schemas and handlers can be
// compared byte for byte.
//
// The files are grouped by theme:
//
//   - scalars.go: every scalar row of the type table and the well-known types
//   - enums.go: enum types, used directly, through pointers, in slices and as map keys
//   - containers.go: pointers (up to ***T), slices, arrays, maps, nested and anonymous structs
//   - tags.go: every keyword tag, on value and pointer fields
//   - required.go: every case of the required list
//   - embedding.go: embedding, shadowing, punctuated JSON names and field descriptions
//   - signatures.go: context and call parameters, receivers and directive options
//   - results.go: every result form
//   - peers.go: code written for google/jsonschema-go, invopop/jsonschema and
//     mark3labs/mcp-go, with upstream/ as a package of types such code imports
//   - realistic_*.go: tools shaped like the ones real agents call
//
// Every tool is deterministic: none reads the wall clock, the network or a
// random source, so that tests may call the tools and compare their results.
package corpus

import "time"

// corpusEpoch stands in for "now" wherever a tool needs a current time, so
// that results do not depend on when a test runs.
var corpusEpoch = time.Date(2025, time.March, 14, 9, 26, 53, 0, time.UTC)
