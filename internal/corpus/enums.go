package corpus

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Priority ranks how urgent a piece of work is.
type Priority string

const (
	PriorityLow    Priority = "low"
	PriorityMedium Priority = "medium"
	PriorityHigh   Priority = "high"
	PriorityUrgent Priority = "urgent"
	// PriorityP0 is another name for PriorityUrgent: the enum lists the
	// value once.
	PriorityP0 = PriorityUrgent
)

// defaultPriority is untyped: it is not one of Priority's values.
const defaultPriority = "medium"

// rank orders priorities from 0 (low) to 3 (urgent); unknown values rank
// with medium.
func (p Priority) rank() int {
	switch p {
	case PriorityLow:
		return 0
	case PriorityHigh:
		return 2
	case PriorityUrgent:
		return 3
	}
	return 1
}

var priorities = []Priority{PriorityLow, PriorityMedium, PriorityHigh, PriorityUrgent}

// Sky is a weather condition. Some of its values hold a space.
type Sky string

const (
	SkyClear        Sky = "clear"
	SkyPartlyCloudy Sky = "partly cloudy"
	SkyOvercast     Sky = "overcast"
	SkyLightRain    Sky = "light rain"
	SkyThunderstorm Sky = "thunderstorm"
)

// Channel is a way to reach a person.
type Channel string

const (
	ChannelEmail   Channel = "email"
	ChannelSMS     Channel = "sms"
	ChannelPush    Channel = "push"
	ChannelWebhook Channel = "webhook"
)

// sortOrder is an unexported enum, used by an exported field.
type sortOrder string

const (
	ascending  sortOrder = "asc"
	descending sortOrder = "desc"
)

// TriageInput describes a ticket to triage.
type TriageInput struct {
	Title string `json:"title" minLength:"1"`
	// Impact is how many customers are affected, on a scale of 0 to 5.
	Impact int8 `json:"impact" minimum:"0" maximum:"5"`
	// Current is the ticket's present priority.
	Current Priority `json:"current"`
	// Floor, when set, is the lowest priority the result may have.
	Floor *Priority `json:"floor"`
}

// TriageTicket proposes a priority for a ticket from its impact, never lower
// than the floor.
//
//tool:export
func TriageTicket(in TriageInput) Priority {
	p := priorities[min(max(int(in.Impact), 0), 5)*3/5]
	if strings.Contains(strings.ToLower(in.Title), "outage") {
		p = PriorityUrgent
	}
	for _, q := range []*Priority{in.Floor, &in.Current} {
		if q != nil && slices.Contains(priorities, *q) && q.rank() > p.rank() {
			p = *q
		}
	}
	return p
}

// ForecastInput is a week of weather.
type ForecastInput struct {
	// Today may be unknown (null).
	Today *Sky `json:"today"`
	// Week holds up to seven days, Monday first.
	Week      []Sky `json:"week" maxItems:"7"`
	Preferred Sky   `json:"preferred" default:"partly cloudy"`
	Tomorrow  *Sky  `json:"tomorrow,omitempty" default:"light rain"`
}

// SummarizeForecast counts the days of each kind of sky in a week and says
// how many match the preferred one.
//
//tool:export
func SummarizeForecast(in ForecastInput) string {
	preferred := in.Preferred
	if preferred == "" {
		preferred = SkyPartlyCloudy
	}
	counts := map[Sky]int{}
	for _, s := range in.Week {
		counts[s]++
	}
	var b strings.Builder
	if in.Today != nil {
		fmt.Fprintf(&b, "today: %s; ", *in.Today)
	}
	for _, s := range []Sky{SkyClear, SkyPartlyCloudy, SkyOvercast, SkyLightRain, SkyThunderstorm} {
		if counts[s] > 0 {
			fmt.Fprintf(&b, "%s: %d; ", s, counts[s])
		}
	}
	fmt.Fprintf(&b, "%d of %d days are %s", counts[preferred], len(in.Week), preferred)
	return b.String()
}

// PriorityTally groups tickets by priority.
type PriorityTally struct {
	// Tickets maps a priority to ticket IDs.
	Tickets map[Priority][]string `json:"tickets"`
	// Weights scales the count of each priority; 1 when absent.
	Weights map[Priority]float64 `json:"weights,omitempty"`
}

// CountByPriority counts the tickets of each priority, scaled by its weight
// and rounded down.
//
//tool:export
func CountByPriority(in PriorityTally) map[Priority]int {
	out := make(map[Priority]int, len(in.Tickets))
	for p, ids := range in.Tickets {
		w, ok := in.Weights[p]
		if !ok {
			w = 1
		}
		out[p] = int(float64(len(ids)) * w)
	}
	return out
}

// ListChannels lists the channels a notification can be sent on.
//
//tool:export
func ListChannels() []Channel {
	return []Channel{ChannelEmail, ChannelSMS, ChannelPush, ChannelWebhook}
}

// ChannelChoice is the set of channels a person accepts.
type ChannelChoice struct {
	Allowed  []Channel `json:"allowed" uniqueItems:"true"`
	Fallback *Channel  `json:"fallback,omitempty"`
	// Order sorts the allowed channels before the first one is picked.
	Order sortOrder `json:"order" default:"asc"`
	// Urgency is how soon the person must be reached.
	Urgency Priority `json:"urgency" default:"medium"`
}

// PickChannel picks the channel to notify someone on: the first allowed one
// in the chosen order (SMS first when urgent), else the fallback.
//
//tool:export
func PickChannel(in ChannelChoice) (Channel, error) {
	allowed := slices.Clone(in.Allowed)
	slices.Sort(allowed)
	if in.Order == descending {
		slices.Reverse(allowed)
	}
	if in.Urgency.rank() >= PriorityHigh.rank() && slices.Contains(allowed, ChannelSMS) {
		return ChannelSMS, nil
	}
	if len(allowed) > 0 {
		return allowed[0], nil
	}
	if in.Fallback != nil {
		return *in.Fallback, nil
	}
	return "", errors.New("no channel is allowed and there is no fallback")
}

// keep the unexported constants referenced so that linters see them used.
var _ = []sortOrder{ascending, descending}
var _ = Priority(defaultPriority)
