// Package upstream stands for a package tool code imports but does not
// own: its types carry the tags of the schema library it was written for,
// and a type whose text form is read by a method of its own.
package upstream

import "strings"

// DocumentURI is a file URI, shaped like gopls's protocol.DocumentURI: a
// string type with only UnmarshalText, which checks the text.
type DocumentURI string

// UnmarshalText accepts file URIs only.
func (u *DocumentURI) UnmarshalText(b []byte) error {
	if !strings.HasPrefix(string(b), "file:///") {
		return errNotFile
	}
	*u = DocumentURI(b)
	return nil
}

type uriError string

func (e uriError) Error() string { return string(e) }

const errNotFile = uriError("not a file URI")

// Range is a span of a document, with google/jsonschema-go descriptions.
type Range struct {
	StartLine int32 `json:"start_line" jsonschema:"the first line, counted from 1"`
	EndLine   int32 `json:"end_line" jsonschema:"the last line, included"`
}

// Paging is shared by list tools, in invopop's dialect with its explicit
// required convention: only the fields marked required are.
type Paging struct {
	Limit  int32  `json:"limit" jsonschema:"description=The most results to return,minimum=1,maximum=500,default=50"`
	Cursor string `json:"cursor" jsonschema:"description=Where the previous page ended"`
	Org    string `json:"org" jsonschema:"required,description=The organisation the results belong to"`
}
