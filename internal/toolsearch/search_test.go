package toolsearch

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestTerms(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"FindOrders", []string{"search", "order"}}, // find is a synonym of search
		{"get_weather", []string{"get", "weather"}},
		{"cancel-order.v2", []string{"cancel", "order", "v2"}},
		{"The orders of a city", []string{"order", "city"}},
		{"HTTPServer", []string{"httpserver"}},
		{"queries entries", []string{"search", "entry"}},
		{"status class address bus", []string{"status", "class", "address", "bus"}},
		{"Ünïcode wörds, 東京", []string{"ünïcod", "wörd", "東京"}},
		{"creating created creates Create", []string{"creat", "creat", "creat", "creat"}},
		{"running committed copied", []string{"run", "commit", "copy"}},
		{"branches addresses passes installed", []string{"branch", "address", "pass", "install"}},
		{"cancelled labelling modelled travelling", []string{"cancel", "label", "model", "travel"}}, // British spellings
		{"installed called spelling", []string{"install", "call", "spell"}},
		{"string used need bed", []string{"string", "used", "need", "bed"}}, // no stem of two letters, or of no vowel
		{"removed erasing fetched retrieve edited enumerates lookup making", []string{"delet", "delet", "get", "get", "updat", "list", "search", "creat"}},
		{"news newest renew", []string{"news", "newest", "renew"}}, // news is no plural of new, a synonym of create
		{"", nil},
	} {
		if got := Terms(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Terms(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

var catalog = []Doc{
	{Name: "get_weather", Description: "Current weather conditions for a city.", InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","description":"City name."}}}`)},
	{Name: "get_forecast", Description: "Weather forecast for the next days.", InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","description":"How many days ahead."}}}`)},
	{Name: "find_orders", Description: "Finds orders by state and date, newest first.", InputSchema: json.RawMessage(`{"type":"object","properties":{"status":{"type":"string","enum":["pending","shipped"]}}}`)},
	{Name: "cancel_order", Title: "Cancel an order", Description: "Cancels an order that has not shipped."},
	{Name: "send_email", Description: "Sends an email message.", InputSchema: json.RawMessage(`{"type":"object","properties":{"to":{"type":"array","items":{"type":"object","properties":{"address":{"type":"string","description":"A mailbox, such as ada@example.com."}}}}}}`)},
	{Name: "list_invoices", Description: "Lists the invoices of a customer account.", InputSchema: json.RawMessage(`{"$defs":{"Range":{"type":"object","properties":{"iban":{"type":"string","description":"Bank account number."}}}},"type":"object","properties":{"range":{"$ref":"#/$defs/Range"}}}`)},
	{Name: "ping", Description: "Checks that the service is up."},
}

func TestSearch(t *testing.T) {
	x := New(catalog)
	for _, c := range []struct {
		query string
		want  []string // the first names, in order
	}{
		{"weather in Paris", []string{"get_weather", "get_forecast"}},
		{"forecast", []string{"get_forecast"}},
		{"cancel my order", []string{"cancel_order", "find_orders"}},
		{"ORDERS", []string{"cancel_order", "find_orders"}},                  // named, titled and described
		{"mailbox", []string{"send_email"}},                                  // a nested parameter's description
		{"iban", []string{"list_invoices"}},                                  // a parameter under $defs
		{"ping", []string{"ping"}},                                           // the exact name
		{"get_forecast", []string{"get_forecast", "get_weather"}},            // the exact name first
		{"cancelled", []string{"cancel_order"}},                              // a stem: cancel, cancels
		{"retrieving the forecast", []string{"get_forecast", "get_weather"}}, // a synonym: retrieve is get
		{"the of a", nil}, // only common words
		{"zebra", nil},    // nothing
		{"  ", nil},       // nothing at all
	} {
		var got []string
		for _, h := range x.Search(c.query, 2) {
			got = append(got, catalog[h.Doc].Name)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Search(%q) = %q, want %q", c.query, got, c.want)
		}
	}
	if hits := x.Search("weather", 0); hits != nil {
		t.Errorf("limit 0 gave %v", hits)
	}
}

// TestNewsIsNotNew: a query of news finds the tool of news alone, not
// every tool that creates something (news read as the plural of new, a
// word of create's synonym group, matched them all, and the tool that
// creates first: its name weighs more).
func TestNewsIsNotNew(t *testing.T) {
	docs := []Doc{
		{Name: "create_issue", Description: "Creates a new issue in a repository."},
		{Name: "add_comment", Description: "Adds a comment to an issue."},
		{Name: "get_headlines", Description: "Returns today's news headlines of a country."},
	}
	var got []string
	for _, h := range New(docs).Search("latest news", 3) {
		got = append(got, docs[h.Doc].Name)
	}
	if want := []string{"get_headlines"}; !slices.Equal(got, want) {
		t.Errorf("Search(%q) = %q, want %q", "latest news", got, want)
	}
}

// TestTiesKeepOrder: docs that score the same come in the catalog's order,
// whatever order they were indexed in the maps.
func TestTiesKeepOrder(t *testing.T) {
	var docs []Doc
	for i := range 50 {
		docs = append(docs, Doc{Name: fmt.Sprintf("tool%02d", i), Description: "Reads a file."})
	}
	for range 5 {
		hits := New(docs).Search("file", 50)
		if len(hits) != 50 {
			t.Fatalf("%d hits, want 50", len(hits))
		}
		for i, h := range hits {
			if h.Doc != i {
				t.Fatalf("hit %d is doc %d", i, h.Doc)
			}
		}
	}
}

// bigCatalog makes n tools from a fixed vocabulary, the same every time.
func bigCatalog(n int) []Doc {
	words := strings.Fields("account address alert archive audit backup balance bill booking branch bucket build cache calendar campaign card cart case channel charge check city claim cluster comment commit config contact container contract coupon course credit customer dashboard database deal deploy device discount document domain draft email employee event expense feature file flight folder forecast group image incident invoice issue job key label lead license log meeting message metric model note order package page partner payment permission pipeline plan policy post price product project queue quote record refund release report repository request reservation review role rule schedule secret segment server service session shipment snapshot subscription task team template ticket token topic transaction user vendor version volume warehouse webhook workflow")
	verbs := strings.Fields("get list create update delete find search cancel send approve archive close open export import sync merge")
	r := rand.New(rand.NewPCG(1, 2))
	docs := make([]Doc, n)
	for i := range docs {
		v, w := verbs[r.IntN(len(verbs))], words[r.IntN(len(words))]
		desc := fmt.Sprintf("%s the %s of a %s, by %s and %s.", strings.ToUpper(v[:1])+v[1:], w, words[r.IntN(len(words))], words[r.IntN(len(words))], words[r.IntN(len(words))])
		schema := fmt.Sprintf(`{"type":"object","properties":{"%s_id":{"type":"string","description":"The %s to %s."},"limit":{"type":"integer"}}}`, w, w, v)
		docs[i] = Doc{Name: fmt.Sprintf("%s_%s_%d", v, w, i), Description: desc, InputSchema: json.RawMessage(schema)}
	}
	return docs
}

func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		x := New(bigCatalog(n))
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			for b.Loop() {
				x.Search("cancel the customer's subscription and refund the last invoice", 5)
			}
		})
	}
}

func BenchmarkNew(b *testing.B) {
	docs := bigCatalog(1000)
	for b.Loop() {
		New(docs)
	}
}
