package schema

import (
	"fmt"
	"net/url"
	"path"
	"strings"
)

// iconTypes are the media types of the icon file extensions taken.
var iconTypes = map[string]string{
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
	".webp": "image/webp", ".svg": "image/svg+xml", ".ico": "image/x-icon",
}

// IconType returns the media type of a tool's icon at src (the directive's
// icon=, tool.Meta.Icon): an https URL whose path ends in an image's
// extension (.png, .jpg, .jpeg, .gif, .webp, .svg, .ico), or a data: URL
// of an image type. The error says why src is not one.
func IconType(src string) (string, error) {
	if rest, ok := strings.CutPrefix(src, "data:"); ok {
		head, _, comma := strings.Cut(rest, ",")
		mime, _, _ := strings.Cut(head, ";")
		if !comma || !strings.HasPrefix(mime, "image/") || len(mime) == len("image/") {
			return "", fmt.Errorf("%q is a data: URL without an image type (data:image/png;base64,...)", short(src))
		}
		return mime, nil
	}
	u, err := url.Parse(src)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("%q is not an https or data: URL", short(src))
	}
	mime, ok := iconTypes[strings.ToLower(path.Ext(u.Path))]
	if !ok {
		return "", fmt.Errorf("%q does not end in an image's extension (.png, .jpg, .jpeg, .gif, .webp, .svg or .ico)", short(src))
	}
	return mime, nil
}

// short is s cut to 60 bytes, for a message (a data: URL may be long).
func short(s string) string {
	if len(s) > 60 {
		return strings.ToValidUTF8(s[:60], "") + "..."
	}
	return s
}
