package parity_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/oracle"
	"github.com/toolschema/toolschema/internal/randvalue"
	"github.com/toolschema/toolschema/internal/rawcheck"
	"github.com/toolschema/toolschema/tool"
)

// TestResultChecksAgree: for every tool of the corpus with an output type,
// generated and reflected, and for results of it (random values of the
// output type, and each value of them replaced as mutations replaces the
// arguments' values), Tool.CheckResult, the check Invoke makes under
// WithOutputCheck, must give the violations internal/oracle gives
// (jsonschema/v6 validating the result against the tool's output schema,
// with the contract's extra rules).
func TestResultChecksAgree(t *testing.T) {
	t.Parallel() // beside TestChecksAgree's parts: each makes its own tools (pairs, fresh)
	r := rand.New(rand.NewPCG(19, 23))
	var results, refused, tools int
	for _, p := range pairs(t, load(t)) {
		out := outputType(reflect.TypeOf(p.fn))
		if out == nil {
			continue
		}
		_, refl := fresh(t, p)
		for _, tl := range []*tool.Tool{p.gen, refl} {
			if len(tl.OutputSchema) == 0 {
				continue
			}
			tools++
			seen := map[string]bool{}
			for k := range 4 {
				v := randvalue.Value(r, out, randvalue.Config{MaxDepth: 3, MaxLen: 3})
				b, err := json.Marshal(v.Interface())
				if err != nil {
					continue
				}
				sets := []string{string(b)}
				if k == 0 {
					sets = append(sets, mutations(string(b))...)
				}
				for _, res := range sets {
					if seen[res] {
						continue
					}
					seen[res] = true
					results++
					if len(agreeResult(t, tl, res)) > 0 {
						refused++
					}
				}
			}
		}
	}
	t.Logf("%d tools, %d results, %d refused", tools, results, refused)
	if tools < 50 || refused < 500 || results-refused < 500 {
		t.Errorf("%d tools, %d results, %d refused: too few of either kind to prove anything", tools, results, refused)
	}
}

// agreeResult compares the typed check of a result with the oracle's, and
// returns the typed check's violations.
func agreeResult(t testing.TB, tl *tool.Tool, res string) []tool.Violation {
	t.Helper()
	got, _ := tl.CheckResult([]byte(res))
	want := oracle.Result(checkedOutputSchema(tl), []byte(res))
	want = want[:min(len(want), limits.MaxViolations)] // the invoker keeps the most useful
	if w, ok := collapseDeclared(got, want); ok {
		want = rawcheck.Sort(w) // as agree does for arguments
	}
	if !slices.EqualFunc(got, want, sameViolation) {
		t.Errorf("%s result %s:\nonly typed checks %q\nonly validator    %q", tl.Name, res, minus(got, want), minus(want, got))
	}
	return got
}

// outputType returns the type of a tool function's first result, nil when
// it has none but its error.
func outputType(ft reflect.Type) reflect.Type {
	if ft.NumOut() == 0 || ft.Out(0) == reflect.TypeFor[error]() {
		return nil
	}
	return ft.Out(0)
}
