package provider

// Check is the walk the vet rules call (strictmode.Check), for the tests.
var Check = check
