package toolhook

import (
	"errors"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
)

// TestValidateDeclaredOnce: a declared schema is compiled once for each
// text, however many places reach its type (it was compiled at Create,
// then once per place at the first call), and a new validator starts
// anew; without one, the error is schema.ErrNoValidator.
func TestValidateDeclaredOnce(t *testing.T) {
	validator.Lock()
	old := validator.v
	validator.Unlock()
	defer RegisterValidator(old)

	RegisterValidator(nil)
	if _, err := ValidateDeclared([]byte(`{}`)); !errors.Is(err, schema.ErrNoValidator) {
		t.Errorf("no validator: %v", err)
	}
	compiles := 0
	RegisterValidator(func(s []byte) (func([]byte) bool, error) {
		compiles++
		return func([]byte) bool { return true }, nil
	})
	for range 3 {
		if valid, err := ValidateDeclared([]byte(`{"type":"string"}`)); err != nil || !valid([]byte(`"a"`)) {
			t.Fatal(err)
		}
	}
	ValidateDeclared([]byte(`{"type":"number"}`))
	if compiles != 2 {
		t.Errorf("%d compiles for 2 schemas", compiles)
	}
	RegisterValidator(func([]byte) (func([]byte) bool, error) { compiles++; return nil, errors.New("bad") })
	if _, err := ValidateDeclared([]byte(`{"type":"string"}`)); err == nil || compiles != 3 {
		t.Errorf("a new validator used the old one's compile: %v, %d", err, compiles)
	}
}

// TestValidatorReplacedMidCompile: a compile that a validator finishes
// after another was registered is not kept for the new one.
func TestValidatorReplacedMidCompile(t *testing.T) {
	validator.Lock()
	old := validator.v
	validator.Unlock()
	defer RegisterValidator(old)

	stale := func(s []byte) (func([]byte) bool, error) {
		// Another validator is registered while this one compiles.
		RegisterValidator(func([]byte) (func([]byte) bool, error) {
			return func([]byte) bool { return true }, nil
		})
		return func([]byte) bool { return false }, nil
	}
	RegisterValidator(stale)
	if _, err := ValidateDeclared([]byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	valid, err := ValidateDeclared([]byte(`{}`))
	if err != nil || !valid(nil) {
		t.Errorf("the new validator was given the old one's compile")
	}
}
