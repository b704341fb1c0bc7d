package schema

import (
	"strings"
	"testing"
)

func TestSnakeCase(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"GetDocket", "get_docket"},
		{"HTTPRequest", "http_request"},
		{"ParseURLPath", "parse_url_path"},
		{"getDocket", "get_docket"},
		{"GetV2Item", "get_v2_item"},
		{"Base64Encode", "base64_encode"},
		{"ID", "id"},
		{"UserID", "user_id"},
		{"Get_Item", "get_item"},
		{"search", "search"},
		{"A", "a"},
		{"GetIDs", "get_ids"},
		{"ListURLs", "list_urls"},
		{"CPUsUsed", "cpus_used"},
		{"IPv6Lookup", "ipv6_lookup"},
		{"LookupIPv4", "lookup_ipv4"},
		{"HTTPSProxy", "https_proxy"},
		{"GetAString", "get_a_string"},
		{"ReadAsync", "read_async"},
		{"SetAsString", "set_as_string"},
	} {
		if got := SnakeCase(tt.in); got != tt.want {
			t.Errorf("SnakeCase(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"a", "get_docket", "Get-Docket-2", strings.Repeat("x", 64)} {
		if err := CheckName(ok); err != nil {
			t.Errorf("CheckName(%q) = %v, want nil", ok, err)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"", "OLT008: tool name is empty; it must be 1-64 letters, digits, '_' or '-'"},
		{strings.Repeat("x", 65), `OLT008: tool name "` + strings.Repeat("x", 65) + `" is 65 characters long; at most 64 are allowed`},
		{"get docket", `OLT008: tool name "get docket" has ' ' at offset 3; only letters, digits, '_' and '-' are allowed`},
		{"größe", `OLT008: tool name "größe" has 'ö' at offset 2; only letters, digits, '_' and '-' are allowed`},
		{"a.b", `OLT008: tool name "a.b" has '.' at offset 1; only letters, digits, '_' and '-' are allowed`},
	} {
		err := CheckName(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("CheckName(%q) = %v, want %s", tt.in, err, tt.want)
		}
	}
}

func TestMCPName(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"get_docket", true},
		{"fs.read-file_2", true},
		{strings.Repeat("a", 128), true},
		{"", false},
		{strings.Repeat("a", 129), false},
		{"with space", false},
		{"caf\u00e9", false},
		{"a/b", false},
		{"\xff", false},
	} {
		if got := MCPName(tt.name); got != tt.want {
			t.Errorf("MCPName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestFlattenDoc(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"GetDocket returns the docket.\n", "GetDocket returns the docket."},
		{"First line\nsecond   line.\n\nNew paragraph.\n", "First line second line. New paragraph."},
		{"Uses [time.Time] and [Order] and [*net/url.URL].", "Uses time.Time and Order and *net/url.URL."},
		{"Keeps [a b] and [1x] and [].", "Keeps [a b] and [1x] and []."},
		{"Link [RFC]: https://example.com", "Link [RFC]: https://example.com"},
		{"\tIndented code\n\t  block\n", "Indented code block"},
		{"", ""},
	} {
		if got := FlattenDoc(tt.in); got != tt.want {
			t.Errorf("FlattenDoc(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
