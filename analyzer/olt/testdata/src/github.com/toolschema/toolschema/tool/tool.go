// Package tool is a stand-in for the runtime package in analyzer tests:
// the front end knows its types by path and name.
package tool

type Call struct{}

type Part interface{ isPart() }

type Result struct{}
