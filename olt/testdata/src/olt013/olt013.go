package olt013

// want +4 `OLT013: option timeout: "soon" is not a positive Go duration` `OLT013: option colour: unknown` `OLT013: option parallel-safe: write parallel-safe=false`

// Options has bad options.
//
//tool:export timeout=soon colour=blue parallel-safe
func Options() error { return nil }

// want +5 `OLT013: a second //tool:export directive on Twice`

// Twice has two directives.
//
//tool:export
//tool:export ends-loop
func Twice() error { return nil }

// want +4 `OLT013: option version: given twice`

// Versions gives a version twice.
//
//tool:export version=1 version=2
func Versions() error { return nil }

// want +4 `OLT013: option errors: "not_found" is not an error code` `OLT013: option errors: A is given twice`

// Codes declares bad error codes.
//
//tool:export errors=A,not_found,A
func Codes() error { return nil }

// want +4 `OLT013: option errors: write errors=CODE,CODE`

// NoCodes declares none.
//
//tool:export "errors="
func NoCodes() error { return nil }

// want +4 `OLT013: option namespace: namespace "crm.v2" has '.' at offset 3` `OLT013: option defer-loading: "later" is not true or false`

// Grouped gives a namespace no vendor takes.
//
//tool:export namespace=crm.v2 defer-loading=later
func Grouped() error { return nil }

// want +4 `OLT013: option namespace: write namespace=NAME`

// Ungrouped gives an empty namespace.
//
//tool:export "namespace="
func Ungrouped() error { return nil }

// want +4 `OLT013: option max-result: "20GB" is not a size`

// Budget gives a size that is not one.
//
//tool:export max-result=20GB
func Budget() error { return nil }

// want +4 `OLT013: option max-result: "0" is not a size`

// NoBudget gives a budget of nothing.
//
//tool:export max-result=0
func NoBudget() error { return nil }

// want +4 `OLT013: option icon: "http://example.com/i.png" is not an https or data: URL` `OLT013: option icon: given twice`

// Icons gives an icon that is not an https URL, and a second one.
//
//tool:export icon=http://example.com/i.png icon=https://example.com/i.png
func Icons() error { return nil }

// want +4 `OLT013: option icon: "https://example.com/icon" does not end in an image's extension`

// NoType gives an icon whose type its URL does not say.
//
//tool:export icon=https://example.com/icon
func NoType() error { return nil }
