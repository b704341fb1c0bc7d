package corpus

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// QueryKind chooses between an instant and a range query.
type QueryKind string

const (
	QueryInstant QueryKind = "instant"
	QueryRange   QueryKind = "range"
)

// MetricsQuery asks a Prometheus-like server for time series.
type MetricsQuery struct {
	// Expr is a PromQL-style expression such as
	// rate(http_requests_total{job="api"}[5m]).
	Expr string `json:"query" minLength:"1" maxLength:"4000"`
	// Kind is instant (one sample per series at End) or range (samples from
	// Start to End every Step).
	Kind QueryKind `json:"queryType" default:"instant"`
	// Start is the beginning of a range query; one hour before End when
	// absent.
	Start *time.Time `json:"start,omitempty"`
	// End is the evaluation time; now when absent.
	End *time.Time `json:"end,omitempty"`
	// Step is the spacing of range samples, in nanoseconds (one minute when
	// absent).
	Step *time.Duration `json:"step,omitempty" minimum:"1000000000"`
	// DatasourceUID picks the data source; the default one when empty.
	DatasourceUID string `json:"datasourceUid,omitempty"`
	// Limit caps the number of series returned.
	Limit *uint16 `json:"limit,omitempty" minimum:"1"`
}

// Sample is one point of a series.
type Sample struct {
	At    time.Time `json:"t"`
	Value float64   `json:"v"`
}

// Series is one labelled time series.
type Series struct {
	Metric  map[string]string `json:"metric"`
	Samples []Sample          `json:"values"`
}

// QueryResult is the answer to a metrics query.
type QueryResult struct {
	ResultType string   `json:"resultType" enum:"vector, matrix"`
	Series     []Series `json:"result"`
	Warnings   []string `json:"warnings,omitempty"`
}

// QueryMetrics evaluates a metrics query, instant or over a time range, and
// returns the matching series. (The data are synthetic and deterministic: a
// function of the query and the time.)
//
//tool:export timeout=30s read-only
func QueryMetrics(ctx context.Context, in MetricsQuery) (*QueryResult, error) {
	if strings.TrimSpace(in.Expr) == "" {
		return nil, errors.New("the query is empty")
	}
	end := corpusEpoch
	if in.End != nil {
		end = *in.End
	}
	kind := in.Kind
	if kind == "" {
		kind = QueryInstant
	}
	name := metricName(in.Expr)
	h := fnv.New64a()
	h.Write([]byte(in.Expr))
	seed := float64(h.Sum64()%1000) / 10
	value := func(t time.Time) float64 {
		return math.Round((seed+10*math.Sin(float64(t.Unix())/600))*1000) / 1000
	}
	series := 2
	if in.Limit != nil && int(*in.Limit) < series {
		series = int(*in.Limit)
	}
	res := &QueryResult{ResultType: "vector"}
	var times []time.Time
	switch kind {
	case QueryInstant:
		times = []time.Time{end}
	case QueryRange:
		res.ResultType = "matrix"
		start := end.Add(-time.Hour)
		if in.Start != nil {
			start = *in.Start
		}
		if end.Before(start) {
			return nil, fmt.Errorf("end %s is before start %s", end.Format(time.RFC3339), start.Format(time.RFC3339))
		}
		step := time.Minute
		if in.Step != nil {
			step = *in.Step
		}
		if step < time.Second {
			return nil, errors.New("step must be at least one second")
		}
		if n := end.Sub(start) / step; n > 11000 {
			return nil, fmt.Errorf("the range holds %d steps; at most 11000 are allowed", n)
		}
		for t := start; !t.After(end); t = t.Add(step) {
			times = append(times, t)
		}
	default:
		return nil, fmt.Errorf("unknown query type %q", kind)
	}
	for i := range series {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s := Series{Metric: map[string]string{"__name__": name, "instance": "node-" + strconv.Itoa(i+1)}}
		for _, t := range times {
			s.Samples = append(s.Samples, Sample{At: t.UTC(), Value: value(t) + float64(i)})
		}
		res.Series = append(res.Series, s)
	}
	if in.DatasourceUID != "" && in.DatasourceUID != "prometheus" {
		res.Warnings = append(res.Warnings, "unknown datasource "+in.DatasourceUID+"; the default one was used")
	}
	return res, nil
}

// metricName is the first identifier of an expression that is not a
// function call.
func metricName(expr string) string {
	isIdent := func(r rune) bool { return r == '_' || r == ':' || unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i := 0; i < len(expr); {
		j := i
		for j < len(expr) && isIdent(rune(expr[j])) {
			j++
		}
		if j > i {
			if j == len(expr) || expr[j] != '(' {
				return expr[i:j]
			}
			i = j
			continue
		}
		i++
	}
	return "unknown"
}

// PatchOp is a JSON Patch operation (RFC 6902).
type PatchOp string

const (
	PatchAdd     PatchOp = "add"
	PatchRemove  PatchOp = "remove"
	PatchReplace PatchOp = "replace"
	PatchTest    PatchOp = "test"
)

// PatchOperation is one change to a dashboard document.
type PatchOperation struct {
	Op PatchOp `json:"op"`
	// Path is a JSON Pointer into the dashboard, such as /panels/0/title.
	Path  string `json:"path" format:"json-pointer"`
	Value any    `json:"value,omitempty"`
}

// DashboardUpdate changes a dashboard: a whole new document, a few fields,
// or a list of patch operations.
type DashboardUpdate struct {
	UID string `json:"uid" pattern:"^[a-zA-Z0-9_-]{1,40}$"`
	// Title replaces the dashboard's title.
	Title *string `json:"title,omitempty" maxLength:"200"`
	// Dashboard is a whole document to start from instead of an empty one.
	Dashboard map[string]any `json:"dashboard,omitempty"`
	// Templating sets template variables by name.
	Templating map[string]any `json:"templating,omitempty"`
	// Patches are applied in order after the other changes.
	Patches   []PatchOperation `json:"patches,omitempty" maxItems:"100"`
	Message   string           `json:"message,omitempty" maxLength:"500"`
	FolderUID *string          `json:"folderUid"`
	Overwrite bool             `json:"overwrite" default:"false"`
}

// DashboardSaved is the result of UpdateDashboard.
type DashboardSaved struct {
	UID       string         `json:"uid"`
	Folder    string         `json:"folder"`
	Applied   int            `json:"applied"`
	Dashboard map[string]any `json:"dashboard"`
}

// UpdateDashboard applies changes to a dashboard document: a new title,
// template variables, then JSON Patch operations, and returns the result.
//
//tool:export requires-approval version=3 destructive=true idempotent=false
func UpdateDashboard(ctx context.Context, in DashboardUpdate) (*DashboardSaved, error) {
	doc := map[string]any{}
	if in.Dashboard != nil {
		doc = deepCopy(in.Dashboard).(map[string]any)
	}
	if in.Title != nil {
		doc["title"] = *in.Title
	}
	if len(in.Templating) > 0 {
		doc["templating"] = deepCopy(in.Templating)
	}
	var root any = doc
	for i, p := range in.Patches {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var err error
		root, err = applyPatch(root, p)
		if err != nil {
			return nil, fmt.Errorf("patch %d (%s %s): %w", i, p.Op, p.Path, err)
		}
	}
	out, ok := root.(map[string]any)
	if !ok {
		return nil, errors.New("the patches replaced the dashboard with a value that is not an object")
	}
	folder := "General"
	if in.FolderUID != nil {
		folder = *in.FolderUID
	}
	return &DashboardSaved{UID: in.UID, Folder: folder, Applied: len(in.Patches), Dashboard: out}, nil
}

// deepCopy copies the maps and slices of a decoded JSON value.
func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, e := range v {
			s[i] = deepCopy(e)
		}
		return s
	}
	return v
}

// applyPatch applies one operation to a document and returns the new root.
func applyPatch(root any, p PatchOperation) (any, error) {
	if p.Path == "" {
		switch p.Op {
		case PatchAdd, PatchReplace:
			return deepCopy(p.Value), nil
		case PatchTest:
			if fmt.Sprint(root) != fmt.Sprint(p.Value) {
				return nil, errors.New("test failed")
			}
			return root, nil
		}
		return nil, errors.New("cannot remove the whole document")
	}
	if !strings.HasPrefix(p.Path, "/") {
		return nil, errors.New("a JSON Pointer starts with /")
	}
	tokens := strings.Split(p.Path[1:], "/")
	for i, t := range tokens {
		tokens[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	parent := root
	for _, t := range tokens[:len(tokens)-1] {
		child, err := step(parent, t)
		if err != nil {
			return nil, err
		}
		parent = child
	}
	last := tokens[len(tokens)-1]
	switch c := parent.(type) {
	case map[string]any:
		_, exists := c[last]
		switch p.Op {
		case PatchAdd:
			c[last] = deepCopy(p.Value)
		case PatchReplace, PatchRemove:
			if !exists {
				return nil, fmt.Errorf("no member %q", last)
			}
			if p.Op == PatchRemove {
				delete(c, last)
			} else {
				c[last] = deepCopy(p.Value)
			}
		case PatchTest:
			if !exists || fmt.Sprint(c[last]) != fmt.Sprint(p.Value) {
				return nil, errors.New("test failed")
			}
		default:
			return nil, fmt.Errorf("unknown op %q", p.Op)
		}
		return root, nil
	case []any:
		// Arrays are changed in place through their parent, so only
		// replace and test are supported inside them.
		i, err := strconv.Atoi(last)
		if err != nil || i < 0 || i >= len(c) {
			return nil, fmt.Errorf("index %q is out of range", last)
		}
		switch p.Op {
		case PatchReplace:
			c[i] = deepCopy(p.Value)
		case PatchTest:
			if fmt.Sprint(c[i]) != fmt.Sprint(p.Value) {
				return nil, errors.New("test failed")
			}
		default:
			return nil, fmt.Errorf("op %q is not supported on array elements", p.Op)
		}
		return root, nil
	}
	return nil, errors.New("the path goes through a value that is not an object or array")
}

// step goes one token down a JSON Pointer.
func step(v any, t string) (any, error) {
	switch c := v.(type) {
	case map[string]any:
		child, ok := c[t]
		if !ok {
			return nil, fmt.Errorf("no member %q", t)
		}
		return child, nil
	case []any:
		i, err := strconv.Atoi(t)
		if err != nil || i < 0 || i >= len(c) {
			return nil, fmt.Errorf("index %q is out of range", t)
		}
		return c[i], nil
	}
	return nil, fmt.Errorf("cannot step into %q: not an object or array", t)
}
