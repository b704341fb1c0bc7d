package corpus

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/toolschema/toolschema/tool"
)

// AlertRuleRequest creates or replaces an alert rule group (level 1 of 5).
type AlertRuleRequest struct {
	FolderUID string     `json:"folderUID" minLength:"1"`
	Group     *RuleGroup `json:"group"`
	Overwrite bool       `json:"overwrite,omitempty"`
}

// RuleGroup is a set of rules evaluated together (level 2).
type RuleGroup struct {
	Title    string            `json:"title" minLength:"1" maxLength:"190"`
	Interval time.Duration     `json:"interval" description:"How often the group is evaluated, in nanoseconds." minimum:"10000000000"`
	Rules    []*AlertRule      `json:"rules" minItems:"1"`
	Labels   map[string]string `json:"labels,omitempty"`
}

// NoDataState is what a rule does when its query returns nothing.
type NoDataState string

const (
	NoDataAlerting NoDataState = "Alerting"
	NoDataNoData   NoDataState = "NoData"
	NoDataOK       NoDataState = "OK"
	NoDataKeepLast NoDataState = "KeepLast"
)

// AlertRule is one rule (level 3).
type AlertRule struct {
	// UID identifies the rule; a new one is derived from the title when
	// null.
	UID   *string `json:"uid" pattern:"^[a-zA-Z0-9_-]{1,40}$"`
	Title string  `json:"title"`
	// Condition is the refId of the query whose result fires the alert.
	Condition   string                `json:"condition" pattern:"^[A-Z]$"`
	Queries     []*RuleQuery          `json:"data" minItems:"1"`
	NoData      NoDataState           `json:"noDataState" default:"NoData"`
	For         *time.Duration        `json:"for,omitempty"`
	Annotations map[string]string     `json:"annotations,omitempty"`
	Labels      map[Label]string      `json:"labels,omitempty"`
	Notify      *NotificationSettings `json:"notification_settings,omitempty"`
	Paused      bool                  `json:"isPaused,omitempty"`
}

// RuleQuery is one query of a rule (level 4).
type RuleQuery struct {
	RefID      string         `json:"refId" pattern:"^[A-Z]$"`
	Datasource *DatasourceRef `json:"datasource"`
	Range      *RelativeRange `json:"relativeTimeRange,omitempty"`
	// Model is the data source's own query document.
	Model map[string]any `json:"model"`
}

// DatasourceRef names a data source (level 5).
type DatasourceRef struct {
	Type string `json:"type" enum:"prometheus, loki, __expr__"`
	UID  string `json:"uid"`
}

// RelativeRange is a window relative to the evaluation time, in seconds
// (level 5).
type RelativeRange struct {
	From uint32 `json:"from"`
	To   uint32 `json:"to"`
}

// NotificationSettings route a rule's notifications (level 4).
type NotificationSettings struct {
	Receiver    string         `json:"receiver"`
	GroupBy     []string       `json:"group_by,omitempty"`
	MuteTimings []string       `json:"mute_time_intervals,omitempty"`
	Repeat      *time.Duration `json:"repeat_interval,omitempty"`
}

// RuleReceipt is what UpsertAlertRule saved.
type RuleReceipt struct {
	Folder  string            `json:"folder"`
	Group   string            `json:"group"`
	UIDs    []string          `json:"uids"`
	Created bool              `json:"created"`
	Queries map[string]uint32 `json:"queries_per_rule"`
}

// UpsertAlertRule validates an alert rule group and saves it, giving each
// rule without a UID one derived from its title.
//
//tool:export requires-approval parallel-safe=false timeout=15s idempotent open-world=true
func UpsertAlertRule(ctx context.Context, in *AlertRuleRequest) (*RuleReceipt, error) {
	if in == nil || in.Group == nil {
		return nil, errors.New("group is required")
	}
	if len(in.Group.Rules) == 0 {
		return nil, errors.New("the group has no rules")
	}
	rec := &RuleReceipt{Folder: in.FolderUID, Group: in.Group.Title, Created: !in.Overwrite, Queries: map[string]uint32{}}
	for i, r := range in.Group.Rules {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if r == nil {
			return nil, fmt.Errorf("rule %d is null", i)
		}
		found := false
		for _, q := range r.Queries {
			if q == nil {
				continue
			}
			if q.Datasource == nil {
				return nil, fmt.Errorf("rule %q: query %s has no data source", r.Title, q.RefID)
			}
			found = found || q.RefID == r.Condition
		}
		if !found {
			return nil, fmt.Errorf("rule %q: condition %q names no query", r.Title, r.Condition)
		}
		uid := ""
		if r.UID != nil {
			uid = *r.UID
		} else {
			h := fnv.New32a()
			h.Write([]byte(in.FolderUID + "/" + in.Group.Title + "/" + r.Title))
			uid = fmt.Sprintf("r%08x", h.Sum32())
		}
		rec.UIDs = append(rec.UIDs, uid)
		rec.Queries[uid] = uint32(len(r.Queries))
	}
	return rec, nil
}

// SilenceOp is what to do with a silence.
type SilenceOp string

const (
	SilenceCreate SilenceOp = "create"
	SilenceUpdate SilenceOp = "update"
	SilenceExpire SilenceOp = "expire"
	SilenceGet    SilenceOp = "get"
)

// MatchOp compares a label with a matcher's value.
type MatchOp string

const (
	MatchEqual     MatchOp = "="
	MatchNotEqual  MatchOp = "!="
	MatchRegexp    MatchOp = "=~"
	MatchNotRegexp MatchOp = "!~"
)

// Matcher selects alerts by one label.
type Matcher struct {
	Name  string  `json:"name" minLength:"1"`
	Value string  `json:"value"`
	Op    MatchOp `json:"op" default:"="`
}

// matches reports whether a label set satisfies the matcher.
func (m Matcher) matches(labels map[string]string) bool {
	v := labels[m.Name]
	switch m.Op {
	case MatchNotEqual:
		return v != m.Value
	case MatchRegexp, MatchNotRegexp:
		re, err := regexp.Compile("^(?:" + m.Value + ")$")
		return err == nil && re.MatchString(v) == (m.Op == MatchRegexp)
	}
	return v == m.Value
}

// SilenceRequest asks the silence manager to do one thing.
type SilenceRequest struct {
	Operation SilenceOp `json:"operation"`
	// ID names the silence to update, expire or get; it is ignored by
	// create.
	ID       *string   `json:"id,omitempty"`
	Matchers []Matcher `json:"matchers,omitempty" maxItems:"20"`
	// StartsAt is when the silence begins; now when absent.
	StartsAt *time.Time `json:"startsAt,omitempty"`
	// EndsAt is when it ends; two hours after the start when absent.
	EndsAt    *time.Time `json:"endsAt,omitempty"`
	CreatedBy string     `json:"createdBy" default:"assistant"`
	Comment   string     `json:"comment,omitempty" maxLength:"1000"`
}

// Silence is a stored silence.
type Silence struct {
	ID        string    `json:"id"`
	Matchers  []Matcher `json:"matchers"`
	StartsAt  time.Time `json:"startsAt"`
	EndsAt    time.Time `json:"endsAt"`
	CreatedBy string    `json:"createdBy"`
	Comment   string    `json:"comment,omitempty"`
	State     string    `json:"state" enum:"pending, active, expired"`
}

// SilenceManager keeps silences in memory. It mixes pointer receivers (for
// the tools that change it) and value receivers (for those that read it).
// Copies made by NewSilenceManager's result share one store, so a method
// value of a value-receiver method sees later changes; the zero value works
// too, its store made on first use.
type SilenceManager struct {
	store *silenceStore
}

type silenceStore struct {
	silences map[string]*Silence
	seq      int
}

// NewSilenceManager returns a manager with an empty store.
func NewSilenceManager() *SilenceManager {
	return &SilenceManager{store: &silenceStore{silences: map[string]*Silence{}}}
}

func (s *Silence) refresh(now time.Time) {
	switch {
	case !now.Before(s.EndsAt):
		s.State = "expired"
	case now.Before(s.StartsAt):
		s.State = "pending"
	default:
		s.State = "active"
	}
}

// ManageSilence creates, updates, expires or fetches a silence.
//
//tool:export parallel-safe=false errors=SILENCE_ID_REQUIRED,SILENCE_NOT_FOUND safe-errors
func (m *SilenceManager) ManageSilence(ctx context.Context, in SilenceRequest) (*Silence, error) {
	if m == nil {
		return nil, errors.New("the silence manager is nil")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if m.store == nil {
		m.store = &silenceStore{silences: map[string]*Silence{}}
	}
	st := m.store
	var s *Silence
	if in.Operation != SilenceCreate {
		if in.ID == nil {
			return nil, &tool.Error{Code: "SILENCE_ID_REQUIRED", Category: tool.CategoryInvalid,
				SafeMessage: "This operation needs the id of a silence.", Recovery: tool.RecoverFixArguments, Outcome: tool.OutcomeNotStarted}
		}
		s = st.silences[*in.ID]
		if s == nil {
			return nil, fmt.Errorf("manage silence: %w", &tool.Error{Code: "SILENCE_NOT_FOUND", Category: tool.CategoryNotFound,
				SafeMessage: "No silence has this id.", Recovery: tool.RecoverAskUser, Outcome: tool.OutcomeNotStarted,
				Err: fmt.Errorf("no silence has id %q", *in.ID)})
		}
	}
	switch in.Operation {
	case SilenceCreate:
		if len(in.Matchers) == 0 {
			return nil, errors.New("a new silence needs at least one matcher")
		}
		st.seq++
		s = &Silence{ID: fmt.Sprintf("sil-%04d", st.seq), StartsAt: corpusEpoch}
		st.silences[s.ID] = s
		fallthrough
	case SilenceUpdate:
		if len(in.Matchers) > 0 {
			s.Matchers = slices.Clone(in.Matchers)
			for i := range s.Matchers {
				if s.Matchers[i].Op == "" {
					s.Matchers[i].Op = MatchEqual
				}
			}
		}
		if in.StartsAt != nil {
			s.StartsAt = *in.StartsAt
		}
		s.EndsAt = s.StartsAt.Add(2 * time.Hour)
		if in.EndsAt != nil {
			s.EndsAt = *in.EndsAt
		}
		if !s.EndsAt.After(s.StartsAt) {
			return nil, errors.New("endsAt must be after startsAt")
		}
		s.CreatedBy = cmpOr(in.CreatedBy, "assistant")
		if in.Comment != "" {
			s.Comment = in.Comment
		}
	case SilenceExpire:
		s.EndsAt = corpusEpoch
	case SilenceGet:
	default:
		return nil, fmt.Errorf("unknown operation %q", in.Operation)
	}
	s.refresh(corpusEpoch)
	c := *s
	return &c, nil
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// SilenceFilter selects silences by state and by the labels of an alert
// they would mute.
type SilenceFilter struct {
	State  *string           `json:"state,omitempty" enum:"pending, active, expired"`
	Labels map[string]string `json:"labels,omitempty"`
}

// ListSilences lists the silences that match a filter, by ID.
//
//tool:export read-only open-world=false
func (m SilenceManager) ListSilences(in SilenceFilter) []Silence {
	if m.store == nil {
		return nil
	}
	var out []Silence
	for _, id := range slices.Sorted(maps.Keys(m.store.silences)) {
		s := *m.store.silences[id]
		s.refresh(corpusEpoch)
		if in.State != nil && s.State != *in.State {
			continue
		}
		if in.Labels != nil && !slices.ContainsFunc(s.Matchers, func(mt Matcher) bool { return mt.matches(in.Labels) }) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// ExpireAll expires every silence and says how many were still running.
//
//tool:export requires-approval ends-loop
func (m *SilenceManager) ExpireAll(call *tool.Call) (int, error) {
	if m == nil {
		return 0, errors.New("the silence manager is nil")
	}
	if m.store == nil {
		return 0, nil
	}
	n := 0
	for _, s := range m.store.silences {
		if corpusEpoch.Before(s.EndsAt) {
			n++
			s.EndsAt = corpusEpoch
		}
		s.refresh(corpusEpoch)
	}
	if call != nil {
		call.AddCost(tool.Cost{Item: "expired silence", Amount: float64(n), Unit: "silence"})
	}
	return n, nil
}

// Severity is how bad an alert is.
type Severity string

const (
	SeverityInfo     Severity = "info"
	SeverityWarning  Severity = "warning"
	SeverityCritical Severity = "critical"
	SeverityPage     Severity = "page me now"
)

// AlertState is where an alert stands.
type AlertState string

const (
	StateInactive AlertState = "inactive"
	StatePending  AlertState = "pending"
	StateFiring   AlertState = "firing"
)

// AlertIdentity names an alert and its owner.
type AlertIdentity struct {
	Name string `json:"name" pattern:"^[A-Za-z][A-Za-z0-9_]*$"`
	Team string `json:"team"`
}

// AlertThresholds are the levels at which an alert fires.
type AlertThresholds struct {
	Warn     float64 `json:"warn"`
	Critical float64 `json:"critical"`
}

// AlertTiming is embedded with a json name: one nested property.
type AlertTiming struct {
	Every time.Duration `json:"every"`
	For   time.Duration `json:"for,omitempty"`
}

// AlertDefinition defines an alert from embedded parts.
type AlertDefinition struct {
	AlertIdentity
	*AlertThresholds
	AlertTiming `json:"timing"`
	Severity    Severity   `json:"severity"`
	State       AlertState `json:"state,omitempty"`
	// Fingerprint identifies the alert's label set; computed when 0.
	Fingerprint uint64             `json:"fingerprint,omitempty"`
	Labels      map[Label]string   `json:"labels"`
	Receivers   []Channel          `json:"receivers,omitempty" uniqueItems:"true"`
	ByState     map[AlertState]int `json:"by_state,omitempty"`
	// Context is any JSON value attached to notifications.
	Context any     `json:"context"`
	Runbook *string `json:"runbook_url,omitempty" format:"uri"`
}

// DefineAlert completes an alert definition: a fingerprint from the name
// and labels, the state from the thresholds and the last value, and the
// default severity.
//
//tool:export name=define_alert_v2 version=2
func DefineAlert(in AlertDefinition) (AlertDefinition, error) {
	if in.Name == "" {
		return AlertDefinition{}, errors.New("the alert needs a name")
	}
	out := in
	if out.Fingerprint == 0 {
		h := fnv.New64a()
		h.Write([]byte(in.Name))
		for _, k := range slices.Sorted(maps.Keys(in.Labels)) {
			fmt.Fprintf(h, "\x00%s=%s", k, in.Labels[k])
		}
		out.Fingerprint = h.Sum64()
	}
	if out.Severity == "" {
		out.Severity = SeverityWarning
	}
	if out.State == "" {
		out.State = StateInactive
		if v, ok := out.Context.(float64); ok && in.AlertThresholds != nil {
			switch {
			case v >= in.Critical:
				out.State, out.Severity = StateFiring, SeverityCritical
			case v >= in.Warn:
				out.State = StatePending
			}
		}
	}
	if out.Receivers != nil {
		out.Receivers = slices.Clone(out.Receivers)
		slices.Sort(out.Receivers)
		out.Receivers = slices.Compact(out.Receivers)
	}
	if strings.TrimSpace(string(out.Severity)) != string(out.Severity) {
		return AlertDefinition{}, errors.New("severity has surrounding spaces")
	}
	return out, nil
}
