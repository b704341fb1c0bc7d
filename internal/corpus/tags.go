package corpus

import (
	"encoding/json"
	"fmt"
	"math/big"
	"net/netip"
	"slices"
	"strings"
	"time"
)

// CatalogSearch uses every keyword tag on value fields.
type CatalogSearch struct {
	Query    string   `json:"query" description:"Words to look for in titles." minLength:"1" maxLength:"120"`
	SKU      string   `json:"sku,omitempty" pattern:"^[A-Z]{3}-[0-9]{4}$"`
	Category string   `json:"category" enum:"books, music, games, tools" default:"books"`
	Shelf    string   `json:"shelf,omitempty" enum:"[\"A,1\",\"A,2\",\"B\"]"`
	Tags     []string `json:"tags,omitempty" minItems:"1" maxItems:"5" uniqueItems:"true"`
	MinPrice float64  `json:"min_price" minimum:"0" default:"0"`
	MaxPrice float64  `json:"max_price" minimum:"0" maximum:"100000" default:"500.5"`
	Page     int      `json:"page" minimum:"1" default:"1"`
	PerPage  uint8    `json:"per_page" minimum:"1" maximum:"50" default:"20"`
	Homepage string   `json:"homepage,omitempty" format:"uri"`
}

// CatalogHit is one search result.
type CatalogHit struct {
	SKU      string   `json:"sku" pattern:"^[A-Z]{3}-[0-9]{4}$"`
	Title    string   `json:"title"`
	Category string   `json:"category" enum:"books, music, games, tools"`
	Shelf    string   `json:"shelf" enum:"[\"A,1\",\"A,2\",\"B\"]"`
	Price    float64  `json:"price" minimum:"0"`
	Tags     []string `json:"tags"`
}

var catalog = []CatalogHit{
	{"BOK-0001", "The Quiet Harbour", "books", "A,1", 12.5, []string{"novel", "sea"}},
	{"BOK-0002", "Field Guide to Mosses", "books", "A,2", 31, []string{"nature"}},
	{"MUS-0100", "Harbour Lights (vinyl)", "music", "B", 24.99, []string{"jazz", "sea"}},
	{"GAM-0042", "Lighthouse Keeper", "games", "B", 45, []string{"puzzle", "sea"}},
	{"TOO-0007", "Brass Compass", "tools", "A,1", 18.75, []string{"navigation"}},
}

// SearchCatalog finds catalog items whose title holds every word of the
// query, within a price range, one page at a time.
//
//tool:export
func SearchCatalog(in CatalogSearch) []CatalogHit {
	cat := in.Category
	if cat == "" {
		cat = "books"
	}
	maxPrice := in.MaxPrice
	if maxPrice == 0 {
		maxPrice = 500.5
	}
	var hits []CatalogHit
	words := strings.Fields(strings.ToLower(in.Query))
next:
	for _, h := range catalog {
		if h.Category != cat || h.Price < in.MinPrice || h.Price > maxPrice ||
			(in.SKU != "" && h.SKU != in.SKU) || (in.Shelf != "" && h.Shelf != in.Shelf) {
			continue
		}
		for _, w := range words {
			if !strings.Contains(strings.ToLower(h.Title), w) {
				continue next
			}
		}
		for _, t := range in.Tags {
			if !slices.Contains(h.Tags, t) {
				continue next
			}
		}
		hits = append(hits, h)
	}
	page, per := max(in.Page, 1), int(in.PerPage)
	if per == 0 {
		per = 20
	}
	start := min((page-1)*per, len(hits))
	return hits[start:min(start+per, len(hits))]
}

// PickupRequest uses every format the tools here need, on value and pointer
// fields.
type PickupRequest struct {
	Day       string  `json:"day" format:"date"`
	Window    string  `json:"window" format:"time"`
	Contact   string  `json:"contact" format:"email"`
	Depot     string  `json:"depot" format:"hostname"`
	Gateway   string  `json:"gateway,omitempty" format:"ipv4"`
	Gateway6  *string `json:"gateway6,omitempty" format:"ipv6"`
	Reference string  `json:"reference" format:"uuid"`
	Callback  *string `json:"callback" format:"uri"`
	Hold      string  `json:"hold,omitempty" format:"duration"`
	Deadline  *string `json:"deadline,omitempty" format:"date-time" default:"2025-12-31T23:59:59Z"`
	Details   string  `json:"details,omitempty" format:"uri-reference"`
	Selector  string  `json:"selector,omitempty" format:"json-pointer"`
	// Door is the loading door, by its painted code.
	Door *string `json:"door,omitempty" enum:"[\"north, left\",\"north, right\",\"south\"]" default:"south"`
	Size *string `json:"size" enum:"small, medium, large"`
}

// SchedulePickup books a parcel pickup and returns a confirmation line.
//
//tool:export
func SchedulePickup(in PickupRequest) (string, error) {
	day, err := time.Parse(time.DateOnly, in.Day)
	if err != nil {
		return "", fmt.Errorf("day %q is not a date such as 2025-04-01", in.Day)
	}
	door := "south"
	if in.Door != nil {
		door = *in.Door
	}
	size := "unknown"
	if in.Size != nil {
		size = *in.Size
	}
	return fmt.Sprintf("pickup %s on %s at %s from %s (door %s, %s parcel); confirmation sent to %s",
		in.Reference, day.Format("Mon 2 Jan 2006"), in.Window, in.Depot, door, size, in.Contact), nil
}

// RetryPolicy uses every keyword tag on pointer fields.
type RetryPolicy struct {
	// Attempts is the number of tries, the first included.
	Attempts *int     `json:"attempts" minimum:"1" maximum:"10" default:"3"`
	Backoff  *float64 `json:"backoff,omitempty" description:"Multiplier applied to the delay after each failure." minimum:"1" maximum:"4.5"`
	Jitter   *float32 `json:"jitter,omitempty" minimum:"0" maximum:"1"`
	// Name must be a lower-case identifier.
	Name     *string   `json:"name" minLength:"3" maxLength:"32" pattern:"^[a-z][a-z0-9_]*$"`
	Codes    *[]int    `json:"codes,omitempty" minItems:"1" maxItems:"8" uniqueItems:"true"`
	Mode     *string   `json:"mode,omitempty" enum:"linear, exponential, fixed" default:"exponential"`
	OnGiveUp *string   `json:"on_give_up,omitempty" enum:"[\"drop\",\"dead-letter, then alert\"]"`
	Report   *string   `json:"report,omitempty" format:"email"`
	Enabled  *bool     `json:"enabled,omitempty" default:"true"`
	Budget   *uint32   `json:"budget_ms,omitempty" maximum:"600000"`
	Window   *[3]uint8 `json:"window,omitempty" uniqueItems:"true"`
}

// ConfigureRetry fills in the defaults of a retry policy and returns the
// completed policy.
//
//tool:export
func ConfigureRetry(in RetryPolicy) RetryPolicy {
	out := in
	if out.Attempts == nil {
		out.Attempts = ptr(3)
	}
	if out.Backoff == nil {
		out.Backoff = ptr(2.0)
	}
	if out.Mode == nil {
		out.Mode = ptr("exponential")
	}
	if out.Enabled == nil {
		out.Enabled = ptr(true)
	}
	if out.Codes != nil {
		codes := slices.Clone(*out.Codes)
		slices.Sort(codes)
		codes = slices.Compact(codes)
		out.Codes = &codes
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// DefaultedSettings has a default on every kind of field that takes one.
type DefaultedSettings struct {
	Verbose  bool            `json:"verbose" default:"true"`
	Depth    int8            `json:"depth" minimum:"-3" default:"-1"`
	Workers  uint16          `json:"workers" default:"8"`
	Ratio    float32         `json:"ratio" default:"0.25"`
	Scale    float64         `json:"scale" default:"1e3"`
	Greeting string          `json:"greeting" default:"hello, <world> & \"friends\""`
	Urgency  Priority        `json:"urgency" default:"high"`
	Sky      *Sky            `json:"sky" default:"overcast"`
	Release  Semver          `json:"release" default:"1.4.0"`
	Since    time.Time       `json:"since" default:"2024-02-29T12:00:00Z"`
	Cooldown time.Duration   `json:"cooldown" default:"1500000000"`
	Token    []byte          `json:"token" default:"c2VjcmV0"`
	Amount   json.Number     `json:"amount" default:"12.50"`
	Big      *big.Int        `json:"big" default:"123456789012345678901234567890"`
	Bind     netip.Addr      `json:"bind" default:"127.0.0.1"`
	Started  string          `json:"started" format:"date-time" default:"2024-01-01T00:00:00.5+02:00"`
	Mode     string          `json:"mode" enum:"a, b" default:"b"`
	Code     string          `json:"code" pattern:"^[0-9]+$" minLength:"2" maxLength:"4" default:"007"`
	Label    Label           `json:"label" default:"unlabelled"`
	Order    sortOrder       `json:"order" default:"desc"`
	Count    *uint64         `json:"count" default:"18446744073709551615"`
	Limits   map[string]uint `json:"limits,omitempty"`
}

// ApplyDefaults returns its settings with every field left at its zero
// value set to its default, except Verbose: a plain bool cannot tell an
// absent value from false.
//
//tool:export
func ApplyDefaults(in DefaultedSettings) DefaultedSettings {
	out := in
	set := func(cond bool, apply func()) {
		if cond {
			apply()
		}
	}
	set(out.Depth == 0, func() { out.Depth = -1 })
	set(out.Workers == 0, func() { out.Workers = 8 })
	set(out.Ratio == 0, func() { out.Ratio = 0.25 })
	set(out.Scale == 0, func() { out.Scale = 1e3 })
	set(out.Greeting == "", func() { out.Greeting = `hello, <world> & "friends"` })
	set(out.Urgency == "", func() { out.Urgency = PriorityHigh })
	set(out.Sky == nil, func() { out.Sky = ptr(SkyOvercast) })
	set(out.Release == Semver{}, func() { out.Release = Semver{major: 1, minor: 4} })
	set(out.Since.IsZero(), func() { out.Since = time.Date(2024, time.February, 29, 12, 0, 0, 0, time.UTC) })
	set(out.Cooldown == 0, func() { out.Cooldown = 1500 * time.Millisecond })
	set(out.Token == nil, func() { out.Token = []byte("secret") })
	set(out.Amount == "", func() { out.Amount = "12.50" })
	set(out.Big == nil, func() { out.Big, _ = new(big.Int).SetString("123456789012345678901234567890", 10) })
	set(!out.Bind.IsValid(), func() { out.Bind = netip.MustParseAddr("127.0.0.1") })
	set(out.Started == "", func() { out.Started = "2024-01-01T00:00:00.5+02:00" })
	set(out.Mode == "", func() { out.Mode = "b" })
	set(out.Code == "", func() { out.Code = "007" })
	set(out.Label == "", func() { out.Label = "unlabelled" })
	set(out.Order == "", func() { out.Order = descending })
	set(out.Count == nil, func() { out.Count = ptr(uint64(18446744073709551615)) })
	return out
}

// ArrayRules puts keyword tags on arrays and bounded integers.
type ArrayRules struct {
	Trio      [3]string `json:"trio" uniqueItems:"true"`
	Ids       []int     `json:"ids" uniqueItems:"true" maxItems:"100"`
	Bytes     [2]byte   `json:"bytes" description:"Two raw bytes."`
	Offset    int32     `json:"offset" minimum:"-1000"`
	Cap       uint64    `json:"cap" maximum:"9007199254740991" minimum:"1"`
	Temp      int16     `json:"temp" minimum:"-273" maximum:"1000"`
	Fraction  float32   `json:"fraction" minimum:"0.5" maximum:"0.75"`
	Precision float64   `json:"precision" minimum:"-1.5e-7" maximum:"1e21"`
	Steps     []float64 `json:"steps" minItems:"0" maxItems:"0"`
}

// CheckArrayRules counts how many distinct strings and ids the input holds.
//
//tool:export
func CheckArrayRules(in ArrayRules) int {
	seen := map[string]bool{}
	for _, s := range in.Trio {
		seen["s:"+s] = true
	}
	for _, id := range in.Ids {
		seen[fmt.Sprint("i:", id)] = true
	}
	return len(seen)
}

// TradeOrder uses the number keywords: exclusive bounds and steps, as
// tags and as invopop's parts, on integers and floats, with defaults.
type TradeOrder struct {
	Lots     int      `json:"lots" exclusiveMinimum:"0" multipleOf:"5" default:"5"`
	Price    float64  `json:"price" exclusiveMinimum:"0" multipleOf:"0.05"`
	Discount float64  `json:"discount,omitempty" minimum:"0" exclusiveMaximum:"1" multipleOf:"0.01"`
	Leverage *int8    `json:"leverage,omitempty" jsonschema:"exclusiveMinimum=-10,exclusiveMaximum=10,multipleOf=2.5"`
	Ticks    []uint16 `json:"ticks,omitempty"`
	Slippage float32  `json:"slippage,omitempty" exclusiveMaximum:"0.5" multipleOf:"1e-4"`
	Spread   uint32   `json:"spread" exclusiveMaximum:"1000" multipleOf:"10" default:"10"`
}

// PriceTrade returns the total of an order: its lots times the price,
// less the discount.
//
//tool:export
func PriceTrade(in TradeOrder) float64 {
	return float64(in.Lots) * in.Price * (1 - in.Discount)
}
