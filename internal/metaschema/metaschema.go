// Package metaschema compiles a JSON Schema 2020-12 with
// github.com/santhosh-tekuri/jsonschema/v6, checking it against the
// meta-schema, for each package that does: the analyzer's check of
// declared schemas, package declared's validator, and the raw-schema
// checker (internal/rawcheck). A schema comes from outside the program (a
// proxied server's tools/list, configuration): it is checked against the
// bounds in bounds.go before the validator sees it, nothing it references
// is fetched, and whatever the validator chokes on is an error, never a
// crash. The bounds are checked twice: as the text is read (Precheck),
// so that a schema past one is refused without being parsed, and on the
// parsed document, which adds what needs it (references, patterns'
// programs).
package metaschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolschema/toolschema/internal/schema"
)

// Compile reads s and compiles it as JSON Schema 2020-12 (its default
// draft), with configure, when not nil, setting the compiler's assertions
// (formats, content) first. It returns the compiled schema and the
// document as read, its in-document references resolved. The error is
// one line (a location, when known, and the rule), its quotes of the
// schema cut.
func Compile(s []byte, configure func(*jsonschema.Compiler)) (sch *jsonschema.Schema, doc *Doc, err error) {
	if len(s) > MaxBytes {
		return nil, nil, fmt.Errorf("the schema is %d bytes, more than %d", len(s), MaxBytes)
	}
	if err := Precheck(s); err != nil {
		return nil, nil, err
	}
	root, err := jsonschema.UnmarshalJSON(bytes.NewReader(s))
	if err != nil {
		return nil, nil, errors.New(Cut(err.Error(), MaxMessageBytes))
	}
	if doc, err = check(root, resourceURL); err != nil {
		return nil, nil, err
	}
	defer func() {
		// The validator is not ours: a schema it panics on is refused.
		if r := recover(); r != nil {
			sch, err = nil, errors.New("the validator failed on the schema: "+Cut(fmt.Sprint(r), MaxMessageBytes))
		}
	}()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	// A string of the format regex is compiled within the bounds of a
	// pattern (the schema's own patterns are within them already).
	c.UseRegexpEngine(compileRegex)
	c.RegisterContentMediaType(jsonMedia)
	if configure != nil {
		configure(c)
	}
	if err := c.AddResource(resourceURL, root); err != nil {
		return nil, doc, errors.New(cutLines(err.Error()))
	}
	sch, err = c.Compile(resourceURL)
	if err != nil {
		return nil, doc, errors.New(cutLines(err.Error()))
	}
	return sch, doc, nil
}

// CompileAt compiles the schema at a location of the document that comp,
// configured by Compile, compiled: the location is a JSON pointer given
// as its tokens, so that its references resolve from the root, as in the
// whole schema (a location the whole schema compiled is taken from the
// compiler's store, not compiled again). A panic of the validator is an
// error.
func CompileAt(comp *jsonschema.Compiler, tokens []string) (sch *jsonschema.Schema, err error) {
	defer func() {
		if r := recover(); r != nil {
			sch, err = nil, errors.New("the validator failed on the schema: "+Cut(fmt.Sprint(r), MaxMessageBytes))
		}
	}()
	var b strings.Builder
	b.WriteString(resourceURL + "#")
	for _, t := range tokens {
		// A JSON pointer's escapes, then a URL fragment's: the compiler
		// reads the fragment percent-decoded.
		b.WriteByte('/')
		b.WriteString(url.PathEscape(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")))
	}
	return comp.Compile(b.String())
}

func compileRegex(s string) (jsonschema.Regexp, error) {
	re, err := schema.CompileRegex(s)
	if err != nil {
		return nil, err // not a nil *regexp.Regexp in an interface
	}
	return re, nil
}

// jsonMedia is the validator's application/json with its verdict (JSON
// that encoding/json decodes into an any: valid, its numbers within a
// float64) reached in memory bounded by the text, not by the values it
// holds: decoded, 3 MB of "{}," built 135 MB, outside the room of a call
// whose string the checks count as one value.
var jsonMedia = &jsonschema.MediaType{
	Name: "application/json",
	Validate: func(b []byte) error {
		if !json.Valid(b) {
			return errors.New("not valid JSON")
		}
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		for {
			tok, err := d.Token()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if n, ok := tok.(json.Number); ok {
				if _, err := strconv.ParseFloat(string(n), 64); err != nil {
					return fmt.Errorf("the number %s is beyond a float64", Cut(string(n), MaxMessageBytes))
				}
			}
		}
	},
	UnmarshalJSON: func(b []byte) (any, error) { return jsonschema.UnmarshalJSON(bytes.NewReader(b)) },
}

// noLoader fetches nothing: the walk refuses a reference outside the
// document before the compiler runs; this is the second line.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, errors.New("nothing outside the schema is fetched")
}

// cutLines cuts each line of a validator's error, and their number.
func cutLines(s string) string {
	lines := bytes.Split([]byte(s), []byte("\n"))
	var b bytes.Buffer
	for i, l := range lines {
		if i == 16 {
			b.WriteString("\n… (" + strconv.Itoa(len(lines)-i) + " more lines)")
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(Cut(string(l), MaxMessageBytes))
	}
	return b.String()
}

// resourceURL names the schema being compiled. It is absolute (a relative
// name is resolved against the working directory, whose path then shows
// in the compiler's messages) and hierarchical, so that a relative $ref or
// $id in the schema resolves beside it, to a document there is not.
const resourceURL = "mem://toolschema/schema.json"
