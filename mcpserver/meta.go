package mcpserver

import "github.com/modelcontextprotocol/go-sdk/mcp"

// The prefixes of the _meta keys this package writes. MCP asks for
// reverse-DNS prefixes; the project's namespace is its GitHub
// organization's. The keys of the old prefix are written and read beside
// the new ones for one version, then dropped.
const (
	metaPrefix       = "io.github.toolschema/"
	legacyMetaPrefix = "toolschema/" // deprecated: the new prefix's keys have the same names
)

// setMeta sets the _meta key name, under both prefixes.
func setMeta(m mcp.Meta, name string, v any) {
	m[metaPrefix+name] = v
	m[legacyMetaPrefix+name] = v
}

// getMeta returns the value of the _meta key name: the new prefix's, or
// the old one's when the new is absent.
func getMeta(m mcp.Meta, name string) (any, bool) {
	if v, ok := m[metaPrefix+name]; ok {
		return v, true
	}
	v, ok := m[legacyMetaPrefix+name]
	return v, ok
}
