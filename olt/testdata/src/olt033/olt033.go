package olt033

//tool:export defer-loading
func Hidden() error { return nil } // want `OLT033: tool hidden is deferred, but it has no description a tool search can match`

// ...
//
//tool:export defer-loading
func Dots() error { return nil } // want `OLT033: tool dots is deferred`

// Found refunds an invoice.
//
//tool:export defer-loading
func Found() error { return nil }

//tool:export
func Shown() error { return nil }
