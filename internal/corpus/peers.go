package corpus

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolschema/toolschema/internal/corpus/upstream"
)

// The tools of this file are written as code for the peers' libraries is:
// google/jsonschema-go's whole-tag descriptions (the MCP go-sdk's
// convention), invopop/jsonschema's key=value tags and its explicit
// required convention, jsonschema_description, and huma's required tag.

// RenameSymbolParams is shaped like a gopls MCP tool's input: every field
// described by a google/jsonschema-go tag, a URI type read by its own
// UnmarshalText.
type RenameSymbolParams struct {
	File    upstream.DocumentURI `json:"file" jsonschema:"the absolute path of the file, as a file:/// URI"`
	Line    int32                `json:"line" jsonschema:"the line of the symbol, counted from 1"`
	Column  int32                `json:"column" jsonschema:"the column of the symbol, in UTF-16 units, counted from 1"`
	NewName string               `json:"newName" jsonschema:"the new name; it must be a valid Go identifier, e.g. fooBar"`
	// Within narrows the rename to a span; the whole package when null.
	Within *upstream.Range `json:"within,omitempty" jsonschema:"the span to rename in, when not the whole package"`
}

// RenameSymbol renames a symbol (here: reports what it would rename).
//
//tool:export
func RenameSymbol(in RenameSymbolParams) (string, error) {
	if in.NewName == "" {
		return "", fmt.Errorf("the new name is empty")
	}
	return fmt.Sprintf("rename %s:%d:%d to %s", in.File, in.Line, in.Column, in.NewName), nil
}

// IncidentQuery is shaped like an mcp-grafana input: invopop's tags, the
// required fields marked, the others without omitempty (and optional).
type IncidentQuery struct {
	upstream.Paging
	Status   string   `json:"status" jsonschema:"enum=active,enum=resolved,default=active,description=The status of the incidents to list"`
	Drill    bool     `json:"drill" jsonschema:"description=Whether to include the timeline of each incident"`
	Severity string   `json:"severity" jsonschema:"enum=critical,enum=major,enum=minor"`
	Query    string   `json:"query" jsonschema:"required,minLength=1,maxLength=200,description=Words to find\\, in the title or the summary"`
	Labels   []string `json:"labels" jsonschema:"maxItems=10,uniqueItems=true,description=Labels every incident must have"`
	Since    string   `json:"since" jsonschema:"format=date-time,description=Only the incidents declared after this instant"`
	Team     string   `json:"team" jsonschema:"pattern=^[a-z][a-z0-9-]*$,description=The owning team's slug"`
}

// IncidentSummary is one incident found.
type IncidentSummary struct {
	ID       string `json:"id" jsonschema_description:"The incident's identifier."`
	Title    string `json:"title" jsonschema_description:"The incident's title, as declared."`
	Severity string `json:"severity" enum:"critical, major, minor"`
}

// ListIncidents lists the incidents that match a query.
//
//tool:export
func ListIncidents(in IncidentQuery) ([]IncidentSummary, error) {
	all := []IncidentSummary{
		{"INC-1", "Checkout errors after deploy", "critical"},
		{"INC-2", "Slow search in the EU", "minor"},
	}
	var out []IncidentSummary
	for _, s := range all {
		if (in.Severity == "" || s.Severity == in.Severity) && strings.Contains(strings.ToLower(s.Title), strings.ToLower(in.Query)) {
			out = append(out, s)
		}
	}
	if in.Limit > 0 && int(in.Limit) < len(out) {
		out = out[:in.Limit]
	}
	return out, nil
}

// HTTPCheck is an input in invopop's dialect with its default rule (no
// required part: not omitempty means required), nested and embedded.
type HTTPCheck struct {
	URL     string            `json:"url" jsonschema:"format=uri,description=The address to call"`
	Method  string            `json:"method,omitempty" jsonschema:"enum=GET,enum=HEAD,enum=POST,default=GET,description=The HTTP method"`
	Timeout int32             `json:"timeout_ms,omitempty" jsonschema:"minimum=100,maximum=30000,default=5000"`
	Expect  HTTPExpectation   `json:"expect" jsonschema_description:"What the response must be like."`
	Headers map[string]string `json:"headers,omitempty" jsonschema:"description=Extra request headers"`
	Retries []int32           `json:"retries,omitempty" jsonschema:"minItems=1,maxItems=3,description=Delays between tries\\, in milliseconds"`
}

// HTTPExpectation is what a check expects of a response.
type HTTPExpectation struct {
	Status int32  `json:"status" jsonschema:"minimum=100,maximum=599,default=200"`
	Body   string `json:"body,omitempty" jsonschema:"maxLength=1000,description=Text the body must hold"`
}

// CheckEndpoint describes the check it would run.
//
//tool:export
func CheckEndpoint(in HTTPCheck) (string, error) {
	m := in.Method
	if m == "" {
		m = "GET"
	}
	return fmt.Sprintf("%s %s expecting %d", m, in.URL, in.Expect.Status), nil
}

// DashboardMove mixes the conventions as code that moved between
// libraries does: native keyword tags, huma's required tag, and peers'
// tags that agree with the native ones.
type DashboardMove struct {
	UID       string `json:"uid" required:"true" description:"The dashboard's UID." jsonschema:"The dashboard's UID."`
	FolderUID string `json:"folderUid" required:"false" jsonschema:"description=The folder to move the dashboard to"`
	// Message is kept with the version.
	Message   string `json:"message" required:"false" maxLength:"500"`
	Overwrite bool   `json:"overwrite" required:"false" default:"false"`
	Version   int32  `json:"version,omitempty" required:"false" minimum:"1" jsonschema:"minimum=1"`
	// Panels must hold one panel at least: null is refused.
	Panels []PanelPatch `json:"panels" minItems:"1"`
}

// PanelPatch changes one panel.
type PanelPatch struct {
	ID    int32  `json:"id" jsonschema:"the panel's id within the dashboard"`
	Title string `json:"title,omitempty" jsonschema:"the new title, when it changes"`
}

// MoveDashboard reports the move it would make.
//
//tool:export
func MoveDashboard(in DashboardMove) (string, error) {
	return fmt.Sprintf("update %s: %d panels", in.UID, len(in.Panels)), nil
}

// The tools below are shaped like real tools written for invopop/jsonschema
// whose authors wrote commas in descriptions without escaping them
// (invopop's grammar would end each description at its first comma), and
// one that hides a stored field from the model with jsonschema:"-".

// WeatherQuery is shaped like an eino weather tool's input.
type WeatherQuery struct {
	Location string `json:"location" jsonschema:"required,description=The town and region, e.g. Leeds, West Yorkshire"`
	Unit     string `json:"unit,omitempty" jsonschema:"enum=celsius,enum=fahrenheit,description=The unit of the temperatures, celsius by default"`
}

// GetWeather reports a canned forecast.
//
//tool:export
func GetWeather(in WeatherQuery) (string, error) {
	unit := in.Unit
	if unit == "" {
		unit = "celsius"
	}
	return fmt.Sprintf("%s: 14 degrees %s, light rain", in.Location, unit), nil
}

// QuoteQuery is shaped like an eino stock-price tool's input: examples in
// parentheses, then invopop's required word after the text.
type QuoteQuery struct {
	Symbol string `json:"symbol" jsonschema:"description=The ticker on its exchange (e.g., SAP, ASML, NOVO-B),required"`
}

// StockQuote is a price.
type StockQuote struct {
	Symbol string  `json:"symbol"`
	Price  float64 `json:"price" jsonschema:"description=The last price, in the exchange's currency"`
}

// GetStockPrice returns a price derived from the symbol.
//
//tool:export
func GetStockPrice(in QuoteQuery) (StockQuote, error) {
	if in.Symbol == "" {
		return StockQuote{}, fmt.Errorf("no symbol")
	}
	return StockQuote{Symbol: strings.ToUpper(in.Symbol), Price: float64(len(in.Symbol)) * 10.5}, nil
}

// Conversion is shaped like an eino currency-conversion tool's input.
type Conversion struct {
	Amount float64 `json:"amount" jsonschema:"description=How much to convert, in the source currency"`
	From   string  `json:"from" jsonschema:"description=The source currency, as an ISO 4217 code, e.g. EUR"`
	To     string  `json:"to" jsonschema:"description=The target currency, e.g. JPY, CHF"`
}

// ConvertCurrency converts at fixed rates.
//
//tool:export
func ConvertCurrency(in Conversion) (string, error) {
	rates := map[string]float64{"EUR": 1, "USD": 1.1, "JPY": 160, "CHF": 0.95}
	from, ok1 := rates[in.From]
	to, ok2 := rates[in.To]
	if !ok1 || !ok2 {
		return "", fmt.Errorf("unknown currency")
	}
	return fmt.Sprintf("%.2f %s", in.Amount/from*to, in.To), nil
}

// RecipeRequest is shaped like a genkit recipe flow's input.
type RecipeRequest struct {
	Dish        string   `json:"dish" jsonschema:"description=The dish to write a recipe for, such as a curry, a stew or a tart"`
	Ingredients []string `json:"ingredients,omitempty" jsonschema:"description=What is at hand, one item per entry, quantities optional"`
	Servings    int32    `json:"servings,omitempty" jsonschema:"minimum=1,maximum=12,description=How many people, 2 by default"`
}

// WriteRecipe writes a recipe outline.
//
//tool:export
func WriteRecipe(in RecipeRequest) (string, error) {
	n := in.Servings
	if n == 0 {
		n = 2
	}
	return fmt.Sprintf("%s for %d, with %s", in.Dish, n, strings.Join(in.Ingredients, ", ")), nil
}

// TodoTask is shaped like the task of an eino task-manager tool: the store
// writes tasks with encoding/json, IsDeleted with them, and the model must
// neither see nor set it.
type TodoTask struct {
	ID        string `json:"id,omitempty" jsonschema:"description=The task's ID; empty to add a task"`
	Title     string `json:"title" jsonschema:"description=What to do"`
	Done      bool   `json:"done,omitempty" jsonschema:"description=Whether it is done"`
	IsDeleted bool   `json:"is_deleted" jsonschema:"-"`
	Origin    string `json:"origin" jsonschema:"-" default:"model"`
}

// TaskAction is what the model asks of the task list.
type TaskAction struct {
	Action string   `json:"action" jsonschema:"description=What to do with the task: add, complete or delete"`
	Task   TodoTask `json:"task"`
}

// ManageTasks applies one action to a stored task and returns the stored
// record, as the store writes it.
//
//tool:export
func ManageTasks(in TaskAction) (string, error) {
	t := in.Task
	switch in.Action {
	case "add":
		t.ID = "task-" + strings.ToLower(strings.ReplaceAll(t.Title, " ", "-"))
	case "complete":
		t.Done = true
	case "delete":
		t.IsDeleted = true
	default:
		return "", fmt.Errorf("unknown action")
	}
	b, err := json.Marshal(t)
	return string(b), err
}

// The tools below are shaped like tools written for mark3labs/mcp-go's
// WithInputSchema[T]: a description, then invopop's parts after it
// (mcp-go's own reading takes the enum= parts; the contract reads every
// part invopop reads).

// ForecastRequest is shaped like an mcp-go weather tool's input.
type ForecastRequest struct {
	City  string `json:"city" jsonschema:"The city to forecast, e.g. Porto"`
	Unit  string `json:"unit,omitempty" jsonschema:"Temperature unit,enum=celsius,enum=fahrenheit"`
	Days  int32  `json:"days,omitempty" jsonschema:"How many days ahead,minimum=1,maximum=10,default=3"`
	Style string `json:"style" jsonschema:"Detail,enum=brief,enum=hourly"`
	// Note has a space after its comma: google/jsonschema-go's whole
	// description (toolvet warns that mcp-go would read a keyword in it).
	Note string `json:"note,omitempty" jsonschema:"Anything to mention, default=none"`
}

// GetForecast reports a canned forecast.
//
//tool:export
func GetForecast(in ForecastRequest) (string, error) {
	unit, days := in.Unit, in.Days
	if unit == "" {
		unit = "celsius"
	}
	if days == 0 {
		days = 3
	}
	return fmt.Sprintf("%s, %d days, %s (%s): mild", in.City, days, unit, in.Style), nil
}

// TicketFilter is shaped like an mcp-go issue-tracker tool's input: the
// text holds commas of its own before the parts.
type TicketFilter struct {
	Project string   `json:"project" jsonschema:"The project key, e.g. OPS, in capitals,required,pattern=^[A-Z]+$"`
	State   string   `json:"state,omitempty" jsonschema:"Which tickets,enum=open,enum=closed,enum=all,default=open"`
	Limit   int32    `json:"limit,omitempty" jsonschema:"Most tickets to return,minimum=1,maximum=100"`
	Labels  []string `json:"labels,omitempty" jsonschema:"Labels every ticket must have,maxItems=5,uniqueItems=true"`
	// Order's enum= parts have spaces around them: mcp-go trims them.
	Order string `json:"order,omitempty" jsonschema:"Order of the list, enum=newest, enum=oldest"`
}

// ListTickets lists canned tickets.
//
//tool:export
func ListTickets(in TicketFilter) (string, error) {
	state := in.State
	if state == "" {
		state = "open"
	}
	return fmt.Sprintf("%s: %s tickets with %s", in.Project, state, strings.Join(in.Labels, ", ")), nil
}
