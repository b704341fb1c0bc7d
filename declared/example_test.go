package declared_test

import (
	"fmt"

	"github.com/toolschema/toolschema/declared"
)

// Compile is what the runtime calls for a type that declares its schema;
// a program rarely calls it itself. A schema that is not valid JSON Schema
// 2020-12 is an error, and the check answers for one JSON value.
func ExampleCompile() {
	valid, err := declared.Compile([]byte(`{"type":"string","pattern":"^[A-Z]{3}$"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(valid([]byte(`"EUR"`)), valid([]byte(`"euro"`)), valid([]byte(`3`)))

	_, err = declared.Compile([]byte(`{"type":"strin"}`))
	fmt.Println(err != nil)
	// Output:
	// true false false
	// true
}
