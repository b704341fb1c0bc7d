package schema

import (
	"strings"
	"testing"
)

func TestIconType(t *testing.T) {
	for _, c := range []struct {
		src, mime, err string
	}{
		{"https://example.com/icons/orders.png", "image/png", ""},
		{"https://example.com/a.SVG?v=2", "image/svg+xml", ""},
		{"https://example.com/a.jpeg#x", "image/jpeg", ""},
		{"data:image/png;base64,iVBORw0KGgo=", "image/png", ""},
		{"data:image/svg+xml,%3Csvg%3E", "image/svg+xml", ""},
		{"http://example.com/a.png", "", `"http://example.com/a.png" is not an https or data: URL`},
		{"https:///a.png", "", "is not an https or data: URL"},
		{"orders.png", "", "is not an https or data: URL"},
		{"https://example.com/icon", "", "does not end in an image's extension"},
		{"https://example.com/a.pdf", "", "does not end in an image's extension"},
		{"data:text/plain,hi", "", "is a data: URL without an image type"},
		{"data:image/png;base64", "", "is a data: URL without an image type"},
	} {
		mime, err := IconType(c.src)
		switch {
		case c.err == "" && (err != nil || mime != c.mime):
			t.Errorf("%s: %q, %v; want %q", c.src, mime, err, c.mime)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.src, err, c.err)
		}
	}
}
