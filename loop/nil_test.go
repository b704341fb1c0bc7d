package loop_test

import (
	"context"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/tool"
)

// forever is a Model that calls a tool on every turn, and counts its turns.
type forever struct{ asked int }

func (m *forever) Next(context.Context, []loop.Outcome) ([]loop.Call, error) {
	m.asked++
	return []loop.Call{{ID: "1", Name: "lookup", Args: []byte(`{}`)}}, nil
}

// What is nil is refused at once, with an error naming it, before the
// model is asked anything: a runner without tools would answer every
// call with unknown_tool until its last turn.
func TestNilRefused(t *testing.T) {
	set, err := tool.NewSet()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	calls := []loop.Call{{ID: "1", Name: "lookup", Args: []byte(`{}`)}}
	tests := []struct {
		name string
		run  func(m *forever) error // Run's Final is checked here
		want string
	}{
		{"Run without Tools", func(m *forever) error {
			return final(t)((&loop.Runner{}).Run(ctx, m))
		}, "loop: Runner.Tools is nil"},
		{"Turn without Tools", func(*forever) error {
			_, err := (&loop.Runner{}).Turn(ctx, calls)
			return err
		}, "loop: Runner.Tools is nil"},
		{"Run of a nil Model", func(*forever) error {
			return final(t)((&loop.Runner{Tools: set}).Run(ctx, nil))
		}, "loop: Run's Model is nil"},
		{"Run of a nil Runner", func(m *forever) error {
			return final(t)((*loop.Runner)(nil).Run(ctx, m))
		}, "loop: the *Runner is nil"},
		{"Turn of a nil Runner", func(*forever) error {
			_, err := (*loop.Runner)(nil).Turn(ctx, calls)
			return err
		}, "loop: the *Runner is nil"},
		{"NewCatalog of a nil set", func(*forever) error {
			c, err := loop.NewCatalog(nil)
			if c != nil {
				t.Errorf("a catalog %v beside the error", c)
			}
			return err
		}, "loop: NewCatalog's set is nil"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &forever{}
			err := tt.run(m)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if m.asked != 0 {
				t.Fatalf("the model was asked %d times", m.asked)
			}
		})
	}
	// An empty set is a runner's tools all the same: the model is asked,
	// and its call answered as unknown.
	m := &forever{}
	f, err := (&loop.Runner{Tools: set, MaxTurns: 1}).Run(ctx, m)
	if m.asked != 1 || f.Last == nil || f.Last.Outcomes[0].Result.Code != loop.UnknownTool {
		t.Fatalf("with an empty set: asked %d, %+v, %v", m.asked, f, err)
	}
}

// final checks that a refused Run returns an empty Final, as every Run
// returns a Final, and passes its error on.
func final(t *testing.T) func(*loop.Final, error) error {
	return func(f *loop.Final, err error) error {
		t.Helper()
		if f == nil || f.Turns != 0 || f.Last != nil || f.End != nil {
			t.Errorf("Final %+v, want an empty one", f)
		}
		return err
	}
}
