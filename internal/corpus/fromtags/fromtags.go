// Package fromtags is the part of the parity corpus whose types are read as
// a project that configures invopop/jsonschema's Reflector with
// RequiredFromJSONSchemaTags writes them: a field is required only when a
// tag says so, in every struct, whether or not another field of the
// struct has invopop's required part. The tools are shaped like those of
// MCP servers written so (a Grafana server, an mcp-golang example).
//
//tool:required-from-tags
package fromtags

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// epoch stands in for "now", so that results do not depend on when a test
// runs.
var epoch = time.Date(2025, time.March, 14, 9, 26, 53, 0, time.UTC)

// TeamQuery has no required part at all: every field is optional.
type TeamQuery struct {
	Query   string `json:"query" jsonschema:"description=Words the team's name must hold"`
	Page    int32  `json:"page" jsonschema:"description=The page of results, from 1"`
	PerPage int32  `json:"perpage" jsonschema:"description=How many teams a page holds"`
}

// ListTeams lists the teams whose names hold the query.
//
//tool:export
func ListTeams(in TeamQuery) ([]string, error) {
	teams := []string{"platform", "payments", "search", "support"}
	var out []string
	for _, t := range teams {
		if strings.Contains(t, strings.ToLower(in.Query)) {
			out = append(out, t)
		}
	}
	if in.PerPage > 0 && int(in.PerPage) < len(out) {
		out = out[:in.PerPage]
	}
	return out, nil
}

// IncidentFilter has no required part either.
type IncidentFilter struct {
	Limit  int32  `json:"limit" jsonschema:"description=The most incidents to return"`
	Drill  bool   `json:"drill" jsonschema:"description=Whether to list drills as well"`
	Status string `json:"status" jsonschema:"enum=active,enum=resolved,description=Only incidents in this state"`
}

// ListIncidents lists the incidents that pass the filter.
//
//tool:export
func ListIncidents(in IncidentFilter) (string, error) {
	status := in.Status
	if status == "" {
		status = "active"
	}
	return fmt.Sprintf("%s incidents, at most %d, drills %v", status, in.Limit, in.Drill), nil
}

// NewIncident requires two fields; its labels are of a struct without the
// required part, whose fields are all optional.
type NewIncident struct {
	Title    string          `json:"title" jsonschema:"required,description=What is going wrong"`
	Severity string          `json:"severity" jsonschema:"required,description=How bad it is"`
	IsDrill  bool            `json:"isDrill" jsonschema:"description=Whether it is an exercise"`
	Status   string          `json:"status" jsonschema:"description=The state to open it in"`
	Labels   []IncidentLabel `json:"labels" jsonschema:"description=Labels to attach to the incident"`
}

// IncidentLabel is one label of an incident.
type IncidentLabel struct {
	Key         string `json:"key" jsonschema:"description=The label's key"`
	Label       string `json:"label" jsonschema:"description=The label's value"`
	Description string `json:"description" jsonschema:"description=What the label means"`
	ColorHex    string `json:"colorHex" jsonschema:"description=A colour for the label"`
}

// CreateIncident opens an incident (here: describes it).
//
//tool:export
func CreateIncident(in NewIncident) (string, error) {
	var keys []string
	for _, l := range in.Labels {
		keys = append(keys, l.Key+"="+l.Label)
	}
	return fmt.Sprintf("%s [%s] %s", in.Title, in.Severity, strings.Join(keys, ",")), nil
}

// LabelNamesQuery asks a Prometheus data source for its label names.
type LabelNamesQuery struct {
	DatasourceUID string     `json:"datasourceUid" jsonschema:"required,description=The data source to ask"`
	Matches       []Selector `json:"matches,omitempty" jsonschema:"description=Series selectors; the names of the matching series only"`
	StartRFC3339  string     `json:"startRfc3339,omitempty" jsonschema:"description=The start of the range, an RFC 3339 time"`
	EndRFC3339    string     `json:"endRfc3339,omitempty" jsonschema:"description=The end of the range, an RFC 3339 time"`
	Limit         int32      `json:"limit,omitempty" jsonschema:"description=The most names to return"`
}

// Selector selects series by their labels.
type Selector struct {
	Filters []LabelMatcher `json:"filters"`
}

// LabelMatcher is one condition on a label.
type LabelMatcher struct {
	Name  string `json:"name" jsonschema:"required,description=The label's name"`
	Value string `json:"value" jsonschema:"required,description=The value to match"`
	Type  string `json:"type" jsonschema:"required,description=The operator: one of =, !=, =~ or !~"`
}

// ListPrometheusLabelNames lists label names (here: those the matchers
// name, and two more).
//
//tool:export
func ListPrometheusLabelNames(in LabelNamesQuery) ([]string, error) {
	seen := map[string]bool{"__name__": true, "job": true}
	for _, s := range in.Matches {
		for _, f := range s.Filters {
			seen[f.Name] = true
		}
	}
	var out []string
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	if in.Limit > 0 && int(in.Limit) < len(out) {
		out = out[:in.Limit]
	}
	return out, nil
}

// DeeplinkRequest asks for a link to a resource.
type DeeplinkRequest struct {
	ResourceType  string            `json:"resourceType" jsonschema:"required,enum=dashboard,enum=panel,enum=explore,description=What to link to"`
	DashboardUID  *string           `json:"dashboardUid" jsonschema:"description=The dashboard, for a dashboard or a panel"`
	DatasourceUID *string           `json:"datasourceUid" jsonschema:"description=The data source, for explore"`
	PanelID       *int32            `json:"panelId" jsonschema:"description=The panel, for a panel"`
	QueryParams   map[string]string `json:"queryParams" jsonschema:"description=More query parameters"`
	TimeRange     *TimeRange        `json:"timeRange" jsonschema:"description=The time range to show"`
}

// TimeRange is a relative or absolute range.
type TimeRange struct {
	From string `json:"from" jsonschema:"description=The start, e.g. now-1h"`
	To   string `json:"to" jsonschema:"description=The end, e.g. now"`
}

// GenerateDeeplink writes a link.
//
//tool:export
func GenerateDeeplink(in DeeplinkRequest) (string, error) {
	link := "/" + in.ResourceType
	if in.DashboardUID != nil {
		link += "/" + *in.DashboardUID
	}
	if in.PanelID != nil {
		link += fmt.Sprintf("?viewPanel=%d", *in.PanelID)
	}
	if in.TimeRange != nil {
		link += "&from=" + in.TimeRange.From + "&to=" + in.TimeRange.To
	}
	keys := make([]string, 0, len(in.QueryParams))
	for k := range in.QueryParams {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		link += "&" + k + "=" + in.QueryParams[k]
	}
	return link, nil
}

// TimeArgs is shaped like an mcp-golang example's input.
type TimeArgs struct {
	Format string `json:"format" jsonschema:"description=A Go layout for the time, e.g. 2006-01-02 or 15:04"`
}

// TimeNow tells the time in the given layout (RFC 3339 when none).
//
//tool:export name=time_gin
func TimeNow(in TimeArgs) (string, error) {
	if in.Format == "" {
		return epoch.Format(time.RFC3339), nil
	}
	return epoch.Format(in.Format), nil
}

// HelloArgs: a required field, its description with commas.
type HelloArgs struct {
	Submitter string `json:"submitter" jsonschema:"required,description=Who says hello (a person, a bot, etc)"`
	Greeting  string `json:"greeting" jsonschema:"description=The word to use, hello when empty"`
}

// Hello greets the submitter.
//
//tool:export
func Hello(in HelloArgs) (string, error) {
	g := in.Greeting
	if g == "" {
		g = "hello"
	}
	return g + ", " + in.Submitter, nil
}
