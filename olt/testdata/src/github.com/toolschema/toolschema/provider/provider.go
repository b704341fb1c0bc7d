// Package provider is a stand-in for the provider package in analyzer
// tests: the structured output made by reflection.
package provider

type Output struct{ Name string }

func OutputOf[T any](name, description string) (*Output, error) { return &Output{Name: name}, nil }
