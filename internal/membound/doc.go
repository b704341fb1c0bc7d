// Package membound holds, in its tests, the invoker's bounds on the memory
// of a call (package tool) against arguments of 4 MiB: the budget of the
// Go values they are read into, and the bound on the values read without
// a Go type. The tests read the allocations of the whole process, so they
// run in a process of their own, beside the rest of package tool's
// tests rather than after them.
package membound
