package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Foreign answers what the front end needs of the packages whose syntax
// it is not given: the packages the inspected one imports, seen through
// their types only. The analyzers answer from the facts they exported
// when they ran on those packages (package olt); toolgen, which loads
// only the packages it generates for, from their files.
//
// Each method reports ok false when it knows nothing, and the front end
// then does without: no description, a declared schema reported as not at
// hand, the enum values the types give (in the order of the positions the
// types carry).
type Foreign interface {
	// FieldDoc returns the description from comments of field v,
	// declared in another package of the inspected package's module; ""
	// when it has none or its package is in another module.
	FieldDoc(v *types.Var) string
	// Declared returns what method fn (schema.DeclaredMethod) of a type
	// of another package returns: its schema, or the reason it cannot be
	// read (see DeclaredBody).
	Declared(fn *types.Func) (schema []byte, reason string, ok bool)
	// EnumValues returns the values of the constants of the enum type n,
	// declared in another package, in declaration order.
	EnumValues(n *types.Named) ([]string, bool)
}

// FieldDocs calls fn for every struct field declared in f that has a
// description from comments, with the position go/types gives the field
// (that of its name, or of its type's name for an embedded field), its
// name, and that description, as the front end reads it from the syntax
// it is given.
func FieldDocs(fset *token.FileSet, f *ast.File, fn func(pos token.Pos, name, doc string)) {
	eachField(fset, f, true, func(pos token.Pos, name string, fs fieldSyntax) {
		if fs.doc != "" {
			fn(pos, name, fs.doc)
		}
	})
}
