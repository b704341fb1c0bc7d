package schema

// MayDeclare reports whether a type with these methods may declare its
// schema (DeclaredMethod): only a type with a JSON form of its own, which
// the contract cannot derive, looks for one. Both front ends ask it.
func MayDeclare(m Methods) bool { return m&(JSONMarshaler|JSONUnmarshaler) != 0 }
