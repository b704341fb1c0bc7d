package toolsearch

import (
	"testing"

	"github.com/toolschema/toolschema/internal/testexit"
)

func TestMain(m *testing.M) { testexit.Exit(m.Run()) }
