package schema

// A SigParam is what a tool function's parameter is to the rules of its
// signature.
type SigParam int

const (
	SigInput   SigParam = iota // anything but the two below: the input
	SigContext                 // context.Context
	SigCall                    // *tool.Call
)

// A Sig is a tool function's signature as a front end sees it, for
// CheckSignature.
type Sig struct {
	Params   []SigParam
	Variadic bool
	// ResultErr says of each result whether it is the error type.
	ResultErr []bool
	// ParamType and ResultType write a parameter's or result's type as
	// the front end writes types; ElemType, the element type of the
	// variadic parameter.
	ParamType, ResultType func(i int) string
	ElemType              func() string
}

// A SigProblem is one rule a signature breaks: its parameter Param or its
// result Result is at fault (the other -1). Err says it in reflection's
// words; a front end that words it otherwise goes by Kind.
type SigProblem struct {
	Kind          SigKind
	Param, Result int
	Err           *Error
}

// A SigKind is the rule a SigProblem breaks.
type SigKind int

const (
	SigTwice       SigKind = iota // a second context or call (OLT009)
	SigAfterInput                 // a context or call after the input (OLT009)
	SigSecondInput                // a second input (OLT002)
	SigVariadic                   // a variadic input (OLT002)
	SigResults                    // more than two results (OLT003)
	SigErrorFirst                 // an error, then another result (OLT003)
	SigNotError                   // a second result that is not error (OLT003)
)

// CheckSignature applies the rules of a tool function's parameters and
// results, as reflection refuses them: an optional context.Context and an
// optional *tool.Call (OLT009: each at most once, before the input), then
// at most one input, not variadic (OLT002); no more than a value and an
// error as results, the error last (OLT003, whose errors are at path
// "output"). It returns the indexes of the context, call and input
// parameters (-1 for none) and the problems, in order.
func CheckSignature(s Sig) (ctxAt, callAt, inAt int, problems []SigProblem) {
	ctxAt, callAt, inAt = -1, -1, -1
	param := func(k SigKind, i int, e *Error) {
		problems = append(problems, SigProblem{Kind: k, Param: i, Result: -1, Err: e})
	}
	for i, p := range s.Params {
		switch {
		case p == SigContext, p == SigCall:
			at, what := &ctxAt, "context.Context"
			if p == SigCall {
				at, what = &callAt, "*tool.Call"
			}
			switch {
			case *at >= 0:
				param(SigTwice, i, Errorf(OLT009, "", "parameter %d is a second %s; a tool takes at most one", i, what))
			case inAt >= 0:
				param(SigAfterInput, i, Errorf(OLT009, "", "parameter %d, the %s, comes after the input; it must come before", i, what))
			}
			*at = i
		case inAt >= 0:
			param(SigSecondInput, i, Errorf(OLT002, "", "parameter %d (%s) is a second input; a tool takes one input struct", i, s.ParamType(i)))
		case s.Variadic && i == len(s.Params)-1:
			param(SigVariadic, i, Errorf(OLT002, "", "the input is variadic (...%s); a tool takes one input struct", s.ElemType()))
		default:
			inAt = i
		}
	}
	result := func(k SigKind, i int, e *Error) {
		problems = append(problems, SigProblem{Kind: k, Param: -1, Result: i, Err: e})
	}
	switch n := len(s.ResultErr); {
	case n > 2:
		result(SigResults, 2, Errorf(OLT003, "output", "the function has %d results; a tool returns at most a value and an error", n))
	case n == 2 && s.ResultErr[0]:
		result(SigErrorFirst, 0, Errorf(OLT003, "output", "the first result is an error; a tool returns a value and then an error"))
	case n == 2 && !s.ResultErr[1]:
		result(SigNotError, 1, Errorf(OLT003, "output", "the second result is %s; it must be error", s.ResultType(1)))
	}
	return ctxAt, callAt, inAt, problems
}
