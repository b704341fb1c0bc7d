module github.com/toolschema/toolschema/adapters/internal/looptest

go 1.26.0

require github.com/toolschema/toolschema v0.1.0
