// Package apisurface holds a test that keeps the module's public API small:
// it counts the identifiers a user can name in each public package, as the
// go command's API checker lists them (package-level names, methods of
// exported types, fields of exported structs, methods of exported
// interfaces), and checks each package's go doc -short against one screen.
package apisurface
