package corpus

import "fmt"

// SQLRequest mirrors two of its arguments into HTTP headers, as a server
// that lets a load balancer route on the region does (MCP's x-mcp-header):
// a string, a bounded integer, and one inside a nested object.
type SQLRequest struct {
	// Region is where the query runs, such as eu-west1.
	Region string `json:"region" mcpHeader:"Region"`
	// Query is the SQL text.
	Query string `json:"query" minLength:"1"`
	// Shard picks one shard of the database.
	Shard int `json:"shard,omitempty" mcpHeader:"Shard" minimum:"0" maximum:"255"`
	// Tenant says whose data it is.
	Tenant *SQLTenant `json:"tenant,omitempty"`
}

// SQLTenant names a tenant.
type SQLTenant struct {
	ID     string `json:"id" mcpHeader:"Tenant-Id"`
	DryRun bool   `json:"dry_run,omitempty" mcpHeader:"Dry-Run"`
}

// ExecuteSQL runs one query in a region.
//
//tool:export
func ExecuteSQL(in SQLRequest) (string, error) {
	return fmt.Sprintf("ran %q in %s on shard %d", in.Query, in.Region, in.Shard), nil
}
