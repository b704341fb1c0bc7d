package corpus

import (
	"errors"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
)

// sourceTree is the fixed set of files the grep tool searches.
var sourceTree = map[string]string{
	"README.md":               "# Harbour\n\nA small service that tracks ships.\n\nRun `make serve` to start it.\nTODO: document the API.\n",
	"cmd/harbour/main.go":     "package main\n\nimport \"log\"\n\nfunc main() {\n\tlog.Println(\"starting harbour\")\n\t// TODO: read the port from the environment\n\tserve(8080)\n}\n",
	"internal/ships/ships.go": "package ships\n\n// Ship is a vessel.\ntype Ship struct {\n\tName string\n\tTonnage int\n}\n\n// Todo lists work on a ship.\nfunc Todo(s Ship) []string { return nil }\n",
	"internal/ships/berth.go": "package ships\n\n// Berth is a place to moor.\ntype Berth struct {\n\tID   int\n\tShip *Ship\n}\n",
	"deploy/values.yaml":      "replicas: 2\nimage: harbour:1.4.0\n# todo: raise the memory limit\nmemory: 256Mi\n",
}

// GrepInput mirrors the flags of a ripgrep-like search tool: most are
// optional pointers, and several have JSON names that are not identifiers.
type GrepInput struct {
	// Pattern is a regular expression in RE2 syntax.
	Pattern string `json:"pattern" minLength:"1"`
	// Path limits the search to one file or to the files under a directory.
	Path *string `json:"path,omitempty"`
	// Glob keeps the files whose base name matches, such as *.go.
	Glob *string `json:"glob,omitempty"`
	// Type keeps the files of one kind, by extension.
	Type *string `json:"type,omitempty" enum:"go, md, yaml"`
	// OutputMode is content (matching lines), files_with_matches (paths)
	// or count (matches per file).
	OutputMode *string `json:"output_mode,omitempty" enum:"content, files_with_matches, count" default:"files_with_matches"`
	Context    *int    `json:"-C,omitempty" description:"Lines of context before and after each match." minimum:"0" maximum:"20"`
	Before     *int    `json:"-B,omitempty" description:"Lines of context before each match." minimum:"0" maximum:"20"`
	After      *int    `json:"-A,omitempty" description:"Lines of context after each match." minimum:"0" maximum:"20"`
	IgnoreCase *bool   `json:"-i,omitempty" description:"Match without regard to case."`
	LineNumber *bool   `json:"-n,omitempty" description:"Prefix each line with its number." default:"true"`
	Invert     *bool   `json:"-v,omitempty" description:"Select the lines that do not match."`
	Word       *bool   `json:"-w,omitempty" description:"Match whole words only."`
	// Multiline lets . match newlines and patterns span lines.
	Multiline *bool `json:"multiline,omitempty"`
	// HeadLimit keeps the first N lines of output.
	HeadLimit *uint16 `json:"head_limit,omitempty" minimum:"1"`
	// Offset skips the first N lines of output.
	Offset *uint32 `json:"offset,omitempty"`
}

func flag(b *bool) bool { return b != nil && *b }

func intOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return max(*p, 0)
}

// Grep searches a fixed source tree for a regular expression, with the
// usual grep flags, and returns its output as text.
//
//tool:export name=grep timeout=10s read-only open-world=false "title=Search the source tree"
func Grep(in GrepInput) (string, error) {
	expr := in.Pattern
	if flag(in.Word) {
		expr = `\b(?:` + expr + `)\b`
	}
	prefix := ""
	if flag(in.IgnoreCase) {
		prefix += "i"
	}
	if flag(in.Multiline) {
		prefix += "s"
	}
	if prefix != "" {
		expr = "(?" + prefix + ")" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return "", fmt.Errorf("bad pattern: %v", err)
	}
	mode := "files_with_matches"
	if in.OutputMode != nil {
		mode = *in.OutputMode
	}
	before, after := intOr(in.Before, intOr(in.Context, 0)), intOr(in.After, intOr(in.Context, 0))
	numbers := in.LineNumber == nil || *in.LineNumber

	var out []string
	for _, name := range slices.Sorted(maps.Keys(sourceTree)) {
		if in.Path != nil && *in.Path != "" && *in.Path != "." {
			p := strings.TrimSuffix(*in.Path, "/")
			if name != p && !strings.HasPrefix(name, p+"/") {
				continue
			}
		}
		if in.Glob != nil {
			if ok, _ := path.Match(*in.Glob, path.Base(name)); !ok {
				continue
			}
		}
		if in.Type != nil && strings.TrimPrefix(path.Ext(name), ".") != *in.Type {
			continue
		}
		text := sourceTree[name]
		if flag(in.Multiline) {
			locs := re.FindAllStringIndex(text, -1)
			if (len(locs) > 0) == flag(in.Invert) {
				continue
			}
			switch mode {
			case "count":
				out = append(out, fmt.Sprintf("%s:%d", name, len(locs)))
			case "content":
				for _, l := range locs {
					out = append(out, name+":"+text[l[0]:l[1]])
				}
			default:
				out = append(out, name)
			}
			continue
		}
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		var hits []int
		for i, l := range lines {
			if re.MatchString(l) != flag(in.Invert) {
				hits = append(hits, i)
			}
		}
		if len(hits) == 0 {
			continue
		}
		switch mode {
		case "count":
			out = append(out, fmt.Sprintf("%s:%d", name, len(hits)))
		case "content":
			shown := map[int]bool{}
			for _, h := range hits {
				for i := max(h-before, 0); i <= min(h+after, len(lines)-1); i++ {
					shown[i] = true
				}
			}
			for _, i := range slices.Sorted(maps.Keys(shown)) {
				sep := "-"
				if slices.Contains(hits, i) {
					sep = ":"
				}
				if numbers {
					out = append(out, fmt.Sprintf("%s%s%d%s%s", name, sep, i+1, sep, lines[i]))
				} else {
					out = append(out, name+sep+lines[i])
				}
			}
		default:
			out = append(out, name)
		}
	}
	if in.Offset != nil {
		out = out[min(int(*in.Offset), len(out)):]
	}
	if in.HeadLimit != nil && int(*in.HeadLimit) < len(out) {
		out = out[:*in.HeadLimit]
	}
	if len(out) == 0 {
		return "no matches", nil
	}
	return strings.Join(out, "\n"), nil
}

// TodoStatus is where a todo item stands.
type TodoStatus string

const (
	TodoPending    TodoStatus = "pending"
	TodoInProgress TodoStatus = "in_progress"
	TodoCompleted  TodoStatus = "completed"
)

// TodoItem is one item of a todo list.
type TodoItem struct {
	// Content says what to do, in the imperative: "Run the tests".
	Content string     `json:"content" minLength:"1"`
	Status  TodoStatus `json:"status"`
	// ActiveForm says it in the present continuous: "Running the tests".
	ActiveForm string    `json:"activeForm" minLength:"1"`
	Priority   *Priority `json:"priority,omitempty"`
}

// TodoWrite replaces the whole todo list.
type TodoWrite struct {
	Todos []TodoItem `json:"todos" description:"The updated todo list, in order."`
}

// TodoSummary is the todo list after an update.
type TodoSummary struct {
	Total      int        `json:"total"`
	Pending    int        `json:"pending"`
	InProgress int        `json:"in_progress"`
	Completed  int        `json:"completed"`
	Current    *TodoItem  `json:"current"`
	Items      []TodoItem `json:"items"`
	Warnings   []string   `json:"warnings,omitempty"`
}

// UpdateTodos replaces the todo list and returns counts by status, the item
// in progress, and warnings about the list's shape.
//
//tool:export idempotent open-world=false
func UpdateTodos(in TodoWrite) (TodoSummary, error) {
	s := TodoSummary{Total: len(in.Todos), Items: slices.Clone(in.Todos)}
	for i, t := range in.Todos {
		switch t.Status {
		case TodoPending:
			s.Pending++
		case TodoInProgress:
			s.InProgress++
			if s.Current == nil {
				c := in.Todos[i]
				s.Current = &c
			}
		case TodoCompleted:
			s.Completed++
		default:
			return TodoSummary{}, fmt.Errorf("todo %d has unknown status %q", i, t.Status)
		}
		if strings.TrimSpace(t.Content) == "" {
			return TodoSummary{}, fmt.Errorf("todo %d has no content", i)
		}
	}
	if s.InProgress > 1 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("%d items are in progress; keep one at a time", s.InProgress))
	}
	return s, nil
}

// ServiceLevel is a shipping speed.
type ServiceLevel string

const (
	ServiceEconomy   ServiceLevel = "economy"
	ServiceStandard  ServiceLevel = "standard"
	ServiceExpress   ServiceLevel = "express"
	ServiceOvernight ServiceLevel = "overnight"
)

// PostalAddress is a delivery address. Its keys are renamed to snake_case
// and all of them are required: strict mode accepts it as is.
type PostalAddress struct {
	StreetLine  string  `json:"street_line" description:"Street and number."`
	ExtraLine   *string `json:"extra_line" description:"Apartment, floor or building; null when none."`
	City        string  `json:"city_name" description:"City or town."`
	PostalCode  string  `json:"postal_code" description:"Postal or ZIP code."`
	CountryCode string  `json:"country_code" description:"ISO 3166-1 alpha-2 country code."`
}

// ShipmentParty is a sender or a recipient.
type ShipmentParty struct {
	FullName string        `json:"full_name" description:"Name of the person or company."`
	Address  PostalAddress `json:"postal_address" description:"Where the party is."`
	Phone    *string       `json:"phone_number" description:"Phone number with country code; null when unknown."`
}

// Parcel is one box of a shipment.
type Parcel struct {
	WeightKg float64 `json:"weight_kg" description:"Weight in kilograms."`
	LengthCm float64 `json:"length_cm" description:"Longest side in centimetres."`
	WidthCm  float64 `json:"width_cm" description:"Middle side in centimetres."`
	HeightCm float64 `json:"height_cm" description:"Shortest side in centimetres."`
	Fragile  bool    `json:"is_fragile" description:"Whether the box needs care."`
}

// ShipmentRequest is a strict-mode-ready input: every property required,
// no omitempty, snake_case names that differ from the Go names, nested
// objects and arrays of objects.
type ShipmentRequest struct {
	OrderRef     string          `json:"order_reference" description:"The merchant's order number."`
	Sender       ShipmentParty   `json:"sender_party" description:"Who sends the parcels."`
	Recipient    ShipmentParty   `json:"recipient_party" description:"Who receives them."`
	Parcels      []Parcel        `json:"parcel_list" description:"The boxes, at least one."`
	Service      ServiceLevel    `json:"service_level" description:"How fast to deliver."`
	Insured      bool            `json:"is_insured" description:"Whether to insure the declared value."`
	DeclaredUSD  float64         `json:"declared_value_usd" description:"Value of the contents in US dollars."`
	Instructions *string         `json:"delivery_instructions" description:"Notes for the courier; null when none."`
	Options      ShipmentOptions `json:"extra_options" description:"Further choices."`
}

// ShipmentOptions are further choices, themselves strict.
type ShipmentOptions struct {
	SignatureRequired bool     `json:"signature_required" description:"Whether someone must sign on delivery."`
	Saturday          bool     `json:"saturday_delivery" description:"Whether delivery on Saturday is allowed."`
	NotifyEmails      []string `json:"notify_emails" description:"Addresses to send tracking updates to."`
}

// ShipmentQuote is the price of a shipment.
type ShipmentQuote struct {
	OrderRef    string       `json:"order_reference"`
	Service     ServiceLevel `json:"service_level"`
	BillableKg  float64      `json:"billable_weight_kg"`
	PriceUSD    float64      `json:"price_usd"`
	TransitDays int          `json:"transit_days"`
}

// QuoteShipment prices a shipment from the billable weight of its parcels
// (the greater of actual and volumetric weight) and the service level.
//
//tool:export read-only open-world=false
func QuoteShipment(in ShipmentRequest) (ShipmentQuote, error) {
	if len(in.Parcels) == 0 {
		return ShipmentQuote{}, errors.New("parcel_list is empty")
	}
	rates := map[ServiceLevel]struct {
		perKg float64
		days  int
	}{ServiceEconomy: {2.1, 6}, ServiceStandard: {3.4, 3}, ServiceExpress: {6.9, 2}, ServiceOvernight: {11.5, 1}}
	rate, ok := rates[in.Service]
	if !ok {
		return ShipmentQuote{}, fmt.Errorf("unknown service level %q", in.Service)
	}
	billable := 0.0
	for _, p := range in.Parcels {
		billable += max(p.WeightKg, p.LengthCm*p.WidthCm*p.HeightCm/5000)
	}
	price := 4.5 + billable*rate.perKg
	if in.Insured {
		price += in.DeclaredUSD * 0.01
	}
	if in.Options.Saturday {
		price += 7
	}
	return ShipmentQuote{
		OrderRef:    in.OrderRef,
		Service:     in.Service,
		BillableKg:  float64(int(billable*100+0.5)) / 100,
		PriceUSD:    float64(int(price*100+0.5)) / 100,
		TransitDays: rate.days,
	}, nil
}
