package olt008

// want +4 `OLT008: tool name "get.Docket v2" has '.' at offset 3`

// GetDocket has an invalid name.
//
//tool:export "name=get.Docket v2"
func GetDocket() error { return nil }

// want +4 `OLT008: tool name "find!" has '!' at offset 4`

// Find has an invalid name.
//
//tool:export name=find! timeout=1s
func Find() error { return nil }

// Größe has a name that is not ASCII.
//
//tool:export
func Größe() error { return nil } // want `OLT008: tool name "größe" has 'ö' at offset 2; only letters, digits, '_' and '-' are allowed; give the tool a name with name=`

// Search is a tool whose name another tool's fix would take.
//
//tool:export
func Search() error { return nil }

// want +4 `OLT008: tool name "search!" has '!' at offset 6`

// Search2 has an invalid name whose fix must not be search.
//
//tool:export name=search!
func Search2() error { return nil }

// want +4 `OLT008: tool name "look.up" has '.' at offset 4`

// LookUp has an invalid name.
//
//tool:export name=look.up
func LookUp() error { return nil }

// want +4 `OLT008: tool name "look up" has ' ' at offset 4`

// LookUp2 has an invalid name with the same fix as LookUp's.
//
//tool:export "name=look up"
func LookUp2() error { return nil }
