// Package reflectimpl builds tools at run time by reflection, following the
// same contract, through the same core, as the generator: the schemas it
// produces are byte for byte those of the generated code, but for the
// descriptions that only source code can give (doc comments).
//
// The entry point is Create, which takes a function and, as Meta options,
// what a directive would say of it:
//
//	t, err := reflectimpl.Create(GetDocket, reflectimpl.Meta(tool.Meta{
//		Description: "Returns the docket of one court case.",
//		Timeout:     5 * time.Second,
//	}))
package reflectimpl

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/toolhook"
	"github.com/toolschema/toolschema/tool"
)

// An Option configures a tool made by Create: its metadata (Meta), or how
// its types are read (TypeSchema, RequiredFromTags).
type Option func(*options)

type options struct {
	// meta is the tool's metadata (Meta).
	meta tool.Meta
	// The schemas given for types this tool reaches (TypeSchema), in the
	// order given.
	types []typeSchema
	// The read mode (RequiredFromTags).
	mode schema.ReadMode
}

type typeSchema struct {
	t      reflect.Type
	schema string
}

// Meta sets the tool's metadata (tool.Meta: name, description, execution
// policy, budget, examples...), as a directive or rawtool.New gives it. A
// field left zero keeps its default: the name is the function's own in
// snake_case (a function literal has no usable one and needs Name), the
// description is empty, and the policy fields mean what tool.Meta says of
// their zero values. With several Meta options, each sets the fields it
// gives (those not zero) over the earlier ones, so that a later one cannot
// turn a flag such as ReadOnly back off, and the lists (ErrorCodes,
// Examples) are joined.
//
// Create checks the metadata as toolgen checks a directive: a bad name,
// namespace, icon, error code or budget, a negative timeout, and
// Destructive or Idempotent on a read-only tool are refused (OLT008,
// OLT013, OLT025), and so is an example that is not valid arguments
// (OLT034), with the violation.
func Meta(m tool.Meta) Option {
	return func(o *options) { merge(&o.meta, &m) }
}

// merge sets the non-zero fields of m over dst's, and joins the lists.
func merge(dst, m *tool.Meta) {
	set := func(d *string, v string) {
		if v != "" {
			*d = v
		}
	}
	set(&dst.Name, m.Name)
	set(&dst.Title, m.Title)
	set(&dst.Description, m.Description)
	set(&dst.Version, m.Version)
	set(&dst.Namespace, m.Namespace)
	set(&dst.Icon, m.Icon)
	dst.ReadOnly = dst.ReadOnly || m.ReadOnly
	dst.Idempotent = dst.Idempotent || m.Idempotent
	dst.RequiresApproval = dst.RequiresApproval || m.RequiresApproval
	dst.EndsLoop = dst.EndsLoop || m.EndsLoop
	dst.SafeErrors = dst.SafeErrors || m.SafeErrors
	dst.DeferLoading = dst.DeferLoading || m.DeferLoading
	if m.Destructive != nil {
		dst.Destructive = new(*m.Destructive)
	}
	if m.OpenWorld != nil {
		dst.OpenWorld = new(*m.OpenWorld)
	}
	if m.ParallelSafe != nil {
		dst.ParallelSafe = new(*m.ParallelSafe)
	}
	if m.Timeout != 0 {
		dst.Timeout = m.Timeout
	}
	if m.MaxResultBytes != 0 {
		dst.MaxResultBytes = m.MaxResultBytes
	}
	dst.ErrorCodes = append(dst.ErrorCodes, m.ErrorCodes...)
	dst.Examples = append(dst.Examples, m.Examples...)
}

// TypeSchema gives, for this tool only, the schema of type T, a type that
// does not declare one (a type of another module, with no
// ToolschemaSchema method): wherever the tool's input or output reaches T,
// the schema is written as given (through a pointer, with null allowed),
// and arguments for T are checked against it, then decoded by T's own
// UnmarshalJSON, as for a type that declares its schema. It wins over a
// schema T declares itself. The schema is checked as a declared one is
// (OLT023): JSON Schema 2020-12 against the meta-schema, a JSON object,
// nothing referenced, and T must have UnmarshalJSON (a type without it is
// read by encoding/json by its kind, which the schema need not describe).
// T must not be a pointer type: give T's schema, and a *T allows null.
// Checking the arguments needs the validator: import
// _ "github.com/toolschema/toolschema/declared".
//
// Other tools, and other Creates of the same function, do not see it.
func TypeSchema[T any](schema string) Option {
	t := reflect.TypeFor[T]()
	return func(o *options) { o.types = append(o.types, typeSchema{t, schema}) }
}

// RequiredFromTags reads the tool's types as a project that configures
// invopop/jsonschema's Reflector with RequiredFromJSONSchemaTags writes
// them: a property is required only when its tags say so (invopop's
// jsonschema:"required", or required:"true"); every other property is
// optional, in every struct the tool reaches, whatever its json tag. It is
// what a package's //tool:required-from-tags directive does for the
// generated code. Without it, invopop's convention holds only in a struct
// where some field has the required part.
func RequiredFromTags() Option { return func(o *options) { o.mode.RequiredFromTags = true } }

// A Cache holds what Create learned about types and functions, so that
// creating a tool over known types costs almost nothing. The zero Cache is
// ready to use and safe for concurrent use; Create uses a package-wide one.
type Cache struct {
	mu sync.Mutex // guards the signature caches, and writes to fns
	// def holds the signatures in the default read mode, fromTags those
	// with RequiredFromTags.
	def, fromTags sigCache
	// fns maps a function's code address to its entries. The map is copied
	// on write and read without locking.
	fns atomic.Pointer[map[uintptr]*entry]
}

// An entry is what Create needs about one function. Instances of a generic
// function may share code, so one code address may have several entries,
// one per function type, chained by next.
type entry struct {
	typ     reflect.Type
	next    *entry
	sig     *signature
	name    string // the default tool name, "" when there is none
	nameErr error  // why there is no default name
	err     error  // why the function is refused whatever its options
}

var defaultCache Cache

// bind makes a new tool run fn through a handler (internal/toolhook).
var bind = toolhook.Bind.(func(*tool.Tool, any, any))

// A sigCache holds the signatures of function types in one read mode, and
// the describer and builder that made them.
type sigCache struct {
	desc *reflecttype.Describer
	b    *schema.Builder
	sigs map[reflect.Type]*signature
}

// Create returns the tool of function fn, by reflection. fn is a function
// or method value whose parameters are, in order, an optional
// context.Context and an optional *tool.Call (in either order), then at most
// one input struct (or pointer to one); its results are none, error, T or
// (T, error). A refused tool returns no Tool, and an error whose text
// has a line for each refusal, which starts with the rule's ID, names the
// path of the field at fault and its type, and ends with the tool's name,
// as toolgen's diagnostics do (OLT011: input.days: ... (tool forecast));
// errors.As finds its Refusals.
func Create(fn any, opts ...Option) (*tool.Tool, error) {
	return defaultCache.Create(fn, opts...)
}

// Create is like the package's Create, with c as the cache.
func (c *Cache) Create(fn any, opts ...Option) (*tool.Tool, error) {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return nil, schema.Errors{schema.Errorf(schema.OLT001, "", "a tool must be a function or method value, not %T", fn)}
	}
	e := c.lookup(v)
	var o options
	if len(opts) > 0 {
		o = collect(opts)
	}
	s := e.sig
	switch {
	case e.err != nil:
	case len(o.types) > 0:
		s = c.givenSignature(e.typ, o.types, o.mode)
	case o.mode.RequiredFromTags:
		c.mu.Lock()
		s = c.signature(&c.fromTags, e.typ, o.mode)
		c.mu.Unlock()
	}
	var problems []schema.MetaProblem
	if len(opts) > 0 { // the zero Meta breaks no rule
		problems = metaProblems(&o.meta)
	}
	if e.err != nil || s.err != nil || (o.meta.Name == "" && e.nameErr != nil) || (o.meta.Name != "" && schema.CheckName(o.meta.Name) != nil) || len(problems) > 0 {
		name := o.meta.Name
		switch {
		case name == "":
			name = e.name
		case schema.CheckName(name) != nil:
			name = "" // the refusal of the name quotes it
		}
		return nil, &createError{tool: name, errs: refusal(e, s, &o, problems)}
	}
	// As toolimpl.New, with the metadata copied once, into the tool.
	t := &tool.Tool{Meta: o.meta, InputSchema: s.input, OutputSchema: s.output}
	if t.Name == "" {
		t.Name = e.name
	}
	bind(t, s, fn)
	if len(t.Examples) > 0 {
		if errs := checkExamples(t); len(errs) > 0 {
			return nil, &createError{tool: t.Name, errs: errs}
		}
	}
	return t, nil
}

// A createError is the error of a refused Create: its Refusals, each line
// ending with the tool's name (unless it has none, which a refusal then
// says).
type createError struct {
	tool string
	errs schema.Errors
}

func (e *createError) Error() string {
	if e.tool == "" {
		return e.errs.Error()
	}
	var b strings.Builder
	for i, r := range e.errs {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%v (tool %s)", r, e.tool)
	}
	return b.String()
}

// Unwrap returns the Refusals, for errors.As.
func (e *createError) Unwrap() error { return e.errs }

// metaProblems returns the rules m's values break (schema.MetaProblems).
func metaProblems(m *tool.Meta) []schema.MetaProblem {
	return schema.MetaProblems(schema.MetaFields{Timeout: m.Timeout, MaxResultBytes: m.MaxResultBytes, Icon: m.Icon,
		Namespace: m.Namespace, ErrorCodes: m.ErrorCodes, ReadOnly: m.ReadOnly, Idempotent: m.Idempotent, Destructive: m.Destructive})
}

// checkExamples checks t's examples with t's own checks of a call's
// arguments, and stores each compacted in a list of t's own. It returns
// the examples' refusals.
func checkExamples(t *tool.Tool) schema.Errors {
	var errs schema.Errors
	examples := make([]json.RawMessage, len(t.Examples))
	for i, ex := range t.Examples {
		var b bytes.Buffer
		if err := json.Compact(&b, ex); err != nil {
			errs = append(errs, schema.Errorf(schema.OLT034, "", "tool.Meta.Examples: example %d is not JSON: %v", i+1, err))
			continue
		}
		examples[i] = b.Bytes()
		if _, viols, err := t.CheckArgs(context.Background(), examples[i]); err != nil {
			errs = append(errs, schema.Errorf(schema.OLT034, "", "tool.Meta.Examples: example %d cannot be checked: %v", i+1, err))
		} else {
			for _, v := range viols {
				errs = append(errs, schema.Errorf(schema.OLT034, "", "tool.Meta.Examples: example %d is not valid: %s", i+1, v.Message))
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	t.Examples = examples
	return nil
}

// refusal lists every problem of a refused tool at once: the function's,
// its signature's, its name's, its options'. (Apart from Create, so that the
// accepted path does not pay for the error list.)
func refusal(e *entry, sig *signature, o *options, problems []schema.MetaProblem) schema.Errors {
	if e.err != nil {
		// A method expression: its signature's problems follow from it.
		return copyErrors(e.err.(schema.Errors))
	}
	var errs schema.Errors
	switch {
	case o.meta.Name != "":
		if err := schema.CheckName(o.meta.Name); err != nil {
			errs = append(errs, err)
		}
	case e.nameErr != nil:
		errs = append(errs, copyErrors(e.nameErr.(schema.Errors))...)
	}
	if sig.err != nil {
		errs = append(errs, copyErrors(sig.err.(schema.Errors))...)
	}
	for _, p := range problems {
		sep := ": "
		if p.ID == schema.OLT025 {
			sep = " " // "tool.Meta.Destructive = false has no meaning ..."
		}
		errs = append(errs, schema.Errorf(p.ID, "", "tool.Meta.%s%s%s", p.Option, sep, p.Why))
	}
	return errs
}

// collect applies opts. It is apart from Create so that the options
// escape (to the unknown option functions) only when there are some.
func collect(opts []Option) options {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// lookup returns the cached entry of function v, making it on first use.
func (c *Cache) lookup(v reflect.Value) *entry {
	pc, t := v.Pointer(), v.Type()
	if e := find(c.fns.Load(), pc, t); e != nil {
		return e
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.fns.Load()
	if e := find(old, pc, t); e != nil {
		return e
	}
	e := &entry{typ: t, sig: c.signature(&c.def, t, schema.ReadMode{})}
	e.name, e.nameErr, e.err = defaultName(pc)
	if e.sig.panicked {
		return e
	}
	var m map[uintptr]*entry
	if old == nil {
		m = make(map[uintptr]*entry)
	} else {
		m = maps.Clone(*old)
		e.next = m[pc]
	}
	m[pc] = e
	c.fns.Store(&m)
	return e
}

func find(m *map[uintptr]*entry, pc uintptr, t reflect.Type) *entry {
	if m == nil {
		return nil
	}
	e := (*m)[pc]
	for e != nil && e.typ != t {
		e = e.next
	}
	return e
}

var (
	contextType = reflect.TypeFor[context.Context]()
	callType    = reflect.TypeFor[*tool.Call]()
	errorType   = reflect.TypeFor[error]()
)

// A signature is what a function type means to the contract: where its
// runtime parameters and its input are, and its schemas. It is the tool's
// toolimpl.Handler.
type signature struct {
	input, output json.RawMessage
	err           error

	ctxAt, callAt, inAt int // parameter positions, -1 when absent
	in                  reflect.Type
	base                reflect.Type // in, or what it points to
	out                 reflect.Type // the first result when the output schema is written from it
	nout                int          // results: 0, 1 or 2
	value               bool         // the first result is a value (not the error)
	panicked            bool         // describing panicked: not cached, tried again next time
	// given are the schemas given for this tool alone (TypeSchema), nil
	// for a cached signature.
	given *reflecttype.Schemas
	// fromTags reports the read mode RequiredFromTags.
	fromTags bool
}

// signature returns the signature of function type t in read mode mode,
// cached in sc. c.mu is held. A panic while describing (in an enum type's
// method, say) is the signature's error; what was half built is dropped
// from the cache.
func (c *Cache) signature(sc *sigCache, t reflect.Type, mode schema.ReadMode) (s *signature) {
	if s, ok := sc.sigs[t]; ok {
		return s
	}
	defer func() {
		if r := recover(); r != nil {
			sc.sigs, sc.desc, sc.b = nil, nil, nil
			s = &signature{panicked: true, err: schema.Errors{schema.Errorf(schema.OLT005, "", "describing the function's types panicked: %v", r)}}
		}
	}()
	if sc.sigs == nil {
		sc.sigs = make(map[reflect.Type]*signature)
		sc.desc = reflecttype.New(32)
		sc.b = schema.NewBuilder()
		sc.b.CheckDeclared = checkDeclared
		sc.b.ReadMode = mode
	}
	s = makeSignature(t, sc.desc, sc.b)
	s.fromTags = mode.RequiredFromTags
	sc.sigs[t] = s
	return s
}

// givenSignature returns the signature of function type t under schemas
// given for some types (TypeSchema). It is made for this one tool, with a
// describer and builder of its own, and not cached: what the Cache holds
// is never another tool's given schema.
func (c *Cache) givenSignature(t reflect.Type, given []typeSchema, mode schema.ReadMode) (s *signature) {
	set := &reflecttype.Schemas{By: "option TypeSchema", M: make(map[reflect.Type][]byte, len(given))}
	var errs schema.Errors
	for _, g := range given {
		switch _, dup := set.M[g.t]; {
		case g.t.Kind() == reflect.Pointer:
			errs = append(errs, schema.Errorf(schema.OLT023, "", "option TypeSchema: %s is a pointer type; give the schema of %s (a pointer to it allows null)", g.t, g.t.Elem()))
		case dup:
			errs = append(errs, schema.Errorf(schema.OLT013, "", "option TypeSchema: the schema of %s is given twice", g.t))
		}
		set.M[g.t] = []byte(g.schema)
	}
	if len(errs) > 0 {
		return &signature{err: errs}
	}
	defer func() {
		if r := recover(); r != nil {
			s = &signature{err: schema.Errors{schema.Errorf(schema.OLT005, "", "describing the function's types panicked: %v", r)}}
		}
	}()
	desc := reflecttype.New(8)
	desc.Schemas = set
	b := schema.NewBuilder()
	b.CheckDeclared = checkDeclared
	b.ReadMode = mode
	s = makeSignature(t, desc, b)
	s.given, s.fromTags = set, mode.RequiredFromTags
	return s
}

// makeSignature describes function type t with desc and b.
func makeSignature(t reflect.Type, desc *reflecttype.Describer, b *schema.Builder) *signature {
	s := &signature{ctxAt: -1, callAt: -1, inAt: -1, nout: t.NumOut()}
	if what := sdkHandler(t); what != "" {
		s.err = schema.Errors{schema.SDKHandler("the function", what)}
		return s
	}
	var errs schema.Errors
	sig := schema.Sig{
		Params:     make([]schema.SigParam, t.NumIn()),
		Variadic:   t.IsVariadic(),
		ResultErr:  make([]bool, t.NumOut()),
		ParamType:  func(i int) string { return t.In(i).String() },
		ResultType: func(i int) string { return t.Out(i).String() },
		ElemType:   func() string { return t.In(t.NumIn() - 1).Elem().String() },
	}
	for i := range t.NumIn() {
		switch t.In(i) {
		case contextType:
			sig.Params[i] = schema.SigContext
		case callType:
			sig.Params[i] = schema.SigCall
		}
	}
	for i := range t.NumOut() {
		sig.ResultErr[i] = t.Out(i) == errorType
	}
	var problems []schema.SigProblem
	s.ctxAt, s.callAt, s.inAt, problems = schema.CheckSignature(sig)
	var outErrs schema.Errors // the results' problems, after the input's
	for _, p := range problems {
		if p.Result >= 0 {
			outErrs = append(outErrs, p.Err)
		} else {
			errs = append(errs, p.Err)
		}
	}
	if s.inAt >= 0 {
		s.in, s.base = t.In(s.inAt), t.In(s.inAt)
		if s.in.Kind() == reflect.Pointer {
			s.base = s.in.Elem()
		}
	}
	if s.in != nil {
		in, err := b.Input(desc.Describe(s.in))
		if err != nil {
			errs = append(errs, schema.Within(asErrors(err), "input")...)
		}
		s.input = in
	} else {
		s.input, _ = b.Input(nil)
	}
	errs = append(errs, outErrs...)
	switch {
	case len(outErrs) > 0:
	case s.nout == 1 && t.Out(0) == errorType:
	case s.nout >= 1:
		s.value = true
		out, err := b.Output(desc.Describe(t.Out(0)))
		if err != nil {
			errs = append(errs, schema.ResultErrors(asErrors(err), t.Out(0).String())...)
		}
		s.output = out
		if out != nil {
			s.out = t.Out(0)
		}
	}
	if len(errs) > 0 {
		s.input, s.output, s.err = nil, nil, errs
	}
	return s
}

// sdkHandler says which of the parameters and results of function type t
// makes it a go-sdk tool handler (a pointer to the SDK's request or
// result): "request parameter", "result", or "" for none.
func sdkHandler(t reflect.Type) string {
	isSDK := func(p reflect.Type) bool {
		return p.Kind() == reflect.Pointer && schema.SDKHandlerType(p.Elem().PkgPath(), p.Elem().Name())
	}
	for i := range t.NumIn() {
		if isSDK(t.In(i)) {
			return "request parameter"
		}
	}
	for i := range t.NumOut() {
		if isSDK(t.Out(i)) {
			return "result"
		}
	}
	return ""
}

// copyErrors returns copies of the cache's errors, which the caller may
// change.
func copyErrors(es schema.Errors) schema.Errors {
	out := make(schema.Errors, len(es))
	for i, e := range es {
		c := *e
		out[i] = &c
	}
	return out
}

// asErrors returns the core's errors in err.
func asErrors(err error) schema.Errors {
	var es schema.Errors
	if !errors.As(err, &es) {
		return schema.Errors{schema.Errorf(schema.OLT002, "", "%v", err)}
	}
	return es
}

// defaultName derives a tool name from the function at pc: its Go name in
// snake_case. Function literals have none (nameErr). A method expression is
// refused whatever its name (err): its receiver would be the input.
func defaultName(pc uintptr) (name string, nameErr, err error) {
	f := runtime.FuncForPC(pc)
	if f == nil {
		return "", schema.Errors{schema.Errorf(schema.OLT008, "", "the function has no name; give the tool one with reflectimpl.Meta (its Name)")}, nil
	}
	full := f.Name()
	if strings.HasPrefix(full, "reflect.") {
		// A function made by reflect (MakeFunc, Value.Method): its code is
		// reflect's, and so is its name.
		return "", schema.Errors{schema.Errorf(schema.OLT008, "", "the function was made by reflect and has no name of its own; give the tool one with reflectimpl.Meta (its Name)")}, nil
	}
	base, methodValue := strings.CutSuffix(full, "-fm")
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	parts := strings.Split(stripTypeArgs(base), ".")
	last := parts[len(parts)-1]
	switch {
	case isClosure(parts):
		return "", schema.Errors{schema.Errorf(schema.OLT008, "", "%s is a function literal and has no name; give the tool one with reflectimpl.Meta (its Name)", full)}, nil
	case len(parts) > 2 && !methodValue:
		return "", nil, schema.Errors{schema.Errorf(schema.OLT001, "", "%s is a method expression, whose receiver would be a parameter; pass a method value (v.%s) instead", full, last)}
	}
	name = schema.SnakeCase(last)
	if err := schema.CheckName(name); err != nil {
		err.Msg += "; give the tool a name with reflectimpl.Meta (its Name)"
		return "", schema.Errors{err}, nil
	}
	return name, nil, nil
}

// stripTypeArgs removes the bracketed type arguments of generic instances.
func stripTypeArgs(s string) string {
	for {
		i := strings.IndexByte(s, '[')
		if i < 0 {
			return s
		}
		depth, j := 0, i
		for ; j < len(s); j++ {
			if s[j] == '[' {
				depth++
			} else if s[j] == ']' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if j == len(s) {
			return s[:i]
		}
		s = s[:i] + s[j+1:]
	}
}

// isClosure reports whether the dot-separated parts of a function's name
// (package first) name a function literal: pkg.Outer.func1, pkg.Outer.func1.2,
// pkg.glob..func1.
func isClosure(parts []string) bool {
	last := parts[len(parts)-1]
	if last == "" || allDigits(last) {
		return true
	}
	if strings.HasPrefix(last, "func") && allDigits(last[len("func"):]) && len(last) > len("func") {
		return len(parts) > 2
	}
	return false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// checkDeclared checks a schema a type declares with the validator the
// program registered (package declared), which also says when there is
// none.
func checkDeclared(s []byte) error {
	_, err := toolhook.ValidateDeclared(s)
	return err
}
