package mcpserver

import (
	"bytes"
	"container/heap"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
)

// The state of an approval question, which the client echoes with its
// answer, version 1:
//
//	tsa1.<expiry>.<nonce>.<mac>
//
// expiry is the time after which the answer is not taken, in Unix
// milliseconds, in decimal; nonce is 16 random bytes and mac the 32 bytes
// of an HMAC-SHA-256, both in unpadded base64url (RFC 4648 §5), read
// strictly (one text for one value). The MAC's key is derived from the
// configured key (HMAC-SHA-256 of the label "toolschema/mcpserver
// approval state key", keyed with it); its message is, each field
// prefixed with its length in 8 bytes big-endian: the label
// "toolschema/mcpserver approval state v1", the tool's name, the SHA-256
// of the arguments' canonical form (below), the session ID, the
// principal, the expiry (its decimal text) and the nonce. The state names
// none of them but the expiry: the server recomputes the MAC from the
// call it is asked about, so a state made for another call, or with
// another key, does not match.
//
// The arguments' canonical form is what encoding/json writes for the
// value it reads from them (numbers kept as written, object members
// sorted by name, strings as read: bytes that are not UTF-8 are U+FFFD):
// the same call sent again with members in another order or other white
// space matches; "2" and "2.0" do not, which is stricter than
// tool.Approve. Arguments that are not one JSON value are bound as text.

const (
	stateVersion = "tsa1"
	// maxStateLen bounds a state read: one of version 1 is 85 bytes.
	maxStateLen = 128
	nonceLen    = 16
	keyLabel    = "toolschema/mcpserver approval state key"
	macLabel    = "toolschema/mcpserver approval state v1"
	// minKeyLen is the shortest key taken: HMAC-SHA-256's output size.
	minKeyLen = 32
)

// b64 reads and writes the state's bytes: unpadded base64url, strictly.
var b64 = base64.RawURLEncoding.Strict()

// A binding is what an approval is for: the call, and who makes it.
type binding struct {
	tool      string
	args      [sha256.Size]byte // of the canonical form
	session   string
	principal string
}

// bindingOf returns the binding of a call: the tool's name, the
// arguments, the session's ID (empty for a transport without one: stdio,
// in-memory, stateless HTTP) and the principal (the user ID of the
// request's bearer token; empty without one, or when its verifier set
// none).
func bindingOf(req *mcp.CallToolRequest, t *tool.Tool, args json.RawMessage) binding {
	b := binding{tool: t.Name, args: argsDigest(args), session: req.Session.ID()}
	if req.Extra != nil && req.Extra.TokenInfo != nil {
		b.principal = req.Extra.TokenInfo.UserID
	}
	return b
}

// argsDigest is the SHA-256 of the arguments' canonical form, or of their
// text when they are not one JSON value.
func argsDigest(args json.RawMessage) [sha256.Size]byte {
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) == nil {
		if _, err := dec.Token(); err == io.EOF {
			if canonical, err := json.Marshal(v); err == nil {
				return sha256.Sum256(append([]byte("json\x00"), canonical...))
			}
		}
	}
	return sha256.Sum256(append([]byte("text\x00"), args...))
}

// An approver makes and takes approval states.
type approver struct {
	key    []byte // the MAC's, derived from the configured one
	ttl    time.Duration
	nonces NonceStore
}

// processKey is the key of the hooks that are given none: random, made
// once a process.
var processKey = sync.OnceValue(func() []byte {
	k := make([]byte, minKeyLen)
	rand.Read(k) // never fails: it crashes the program first
	return k
})

// processNonces is the record of the hooks that are given none.
var processNonces = sync.OnceValue(func() NonceStore { return NewNonceStore(defaultMaxNonces, defaultMaxNoncesPerPrincipal) })

func newApprover(c ApprovalConfig) (*approver, error) {
	key := c.Key
	if key == nil {
		key = processKey()
	}
	if len(key) < minKeyLen {
		return nil, fmt.Errorf("mcpserver: the approval key is %d bytes: HMAC-SHA-256 takes at least %d (random, secret)", len(key), minKeyLen)
	}
	if c.TTL < 0 {
		return nil, fmt.Errorf("mcpserver: the approval TTL is %s: it must not be negative (zero for %s)", c.TTL, defaultApprovalTTL)
	}
	a := &approver{ttl: c.TTL, nonces: c.Nonces}
	if a.ttl == 0 {
		a.ttl = defaultApprovalTTL
	}
	if a.nonces == nil {
		a.nonces = processNonces()
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(keyLabel))
	a.key = m.Sum(nil)
	return a, nil
}

// issue returns a new state for a question about the call b.
func (a *approver) issue(b binding) string {
	var nonce [nonceLen]byte
	rand.Read(nonce[:])
	expiry := strconv.FormatInt(time.Now().Add(a.ttl).UnixMilli(), 10)
	return stateVersion + "." + expiry + "." + b64.EncodeToString(nonce[:]) + "." + b64.EncodeToString(a.sum(b, expiry, nonce[:]))
}

// take reports whether state is good for an answer about the call b: made
// with a's key for b, not expired, and not answered before (it is
// recorded as answered now). The error is the record's.
func (a *approver) take(ctx context.Context, b binding, state string) (bool, error) {
	if len(state) > maxStateLen {
		return false, nil
	}
	parts := strings.Split(state, ".")
	if len(parts) != 4 || parts[0] != stateVersion {
		return false, nil
	}
	expiry, err := strconv.ParseInt(parts[1], 10, 64) // its text is in the MAC
	if err != nil {
		return false, nil
	}
	nonce, err := b64.DecodeString(parts[2])
	if err != nil || len(nonce) != nonceLen {
		return false, nil
	}
	mac, err := b64.DecodeString(parts[3])
	if err != nil || !hmac.Equal(mac, a.sum(b, parts[1], nonce)) {
		return false, nil
	}
	expires := time.UnixMilli(expiry)
	if !time.Now().Before(expires) {
		return false, nil
	}
	// The nonce's text is one with its bytes (read strictly): a state
	// written otherwise is not the same nonce once more.
	fresh, err := a.nonces.Use(ctx, b.principal, parts[2], expires)
	if err != nil {
		return false, fmt.Errorf("mcpserver: tool %s: the approval's answer cannot be recorded as taken: %w", b.tool, err)
	}
	return fresh, nil
}

// sum is the MAC of a state for the call b.
func (a *approver) sum(b binding, expiry string, nonce []byte) []byte {
	m := hmac.New(sha256.New, a.key)
	field := func(h hash.Hash, p []byte) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write(p)
	}
	field(m, []byte(macLabel))
	field(m, []byte(b.tool))
	field(m, b.args[:])
	field(m, []byte(b.session))
	field(m, []byte(b.principal))
	field(m, []byte(expiry))
	field(m, nonce)
	return m.Sum(nil)
}

// A NonceStore records the approval states whose answers were taken, by
// their nonces, so that each answer is taken once. Instances that may
// receive the answers to each other's questions (behind a load balancer)
// share one: a database, or a cache whose keys expire (a Redis SET with NX
// and PXAT, say).
//
// A store bounds what one principal may hold (NewNonceStore's does), so
// that a user who answers their own questions as fast as they can ask
// them fills their own share, not the others': a store shared by every
// user without a quota lets one of them refuse every other's approvals.
type NonceStore interface {
	// Use records nonce as used by principal until expires and reports
	// whether it was not recorded before, by any principal: of the calls
	// with one nonce, concurrent ones too, one alone reports true. The
	// principal is the user ID of the request's bearer token, empty for
	// a request without one (every such request shares the empty
	// principal's quota); the state's MAC binds it, so a state is only
	// ever used by the principal it was made for. A nonce may be
	// forgotten once it has expired (its state is refused as expired
	// before the record is asked). An error refuses the call: the client
	// gets it as a protocol error.
	Use(ctx context.Context, principal, nonce string, expires time.Time) (bool, error)
}

// defaultMaxNonces is the size of the process's record of used approval
// states: the answers it can take within a TTL.
const defaultMaxNonces = 1 << 16

// defaultMaxNoncesPerPrincipal is the share of NewNonceStore's record one
// principal may hold: 1,024 answers within a TTL (at the default TTL of
// ten minutes, more than one a second for ten minutes), so that 64
// principals flooding at once are needed to fill the default record.
const defaultMaxNoncesPerPrincipal = 1 << 10

// ErrNonceQuota is the error of NewNonceStore's Use (wrapped) when the
// principal holds its quota of nonces that have not expired.
var ErrNonceQuota = errors.New("the most one principal may have")

// NewNonceStore returns a record of used nonces in memory, which holds at
// most max of them (65536 when max is not positive), and at
// most perPrincipal for one principal (1024 when
// not positive; at most max), until they expire. A principal at its
// quota gets an error wrapping ErrNonceQuota, and a full record an error
// of its own, until some have expired: the calls are refused, never
// approved twice. One principal's nonces neither evict nor count against
// another's quota. It serves the instances of one process.
func NewNonceStore(max, perPrincipal int) NonceStore {
	if max <= 0 {
		max = defaultMaxNonces
	}
	if perPrincipal <= 0 {
		perPrincipal = defaultMaxNoncesPerPrincipal
	}
	return &memoryNonces{max: max, perPrincipal: min(perPrincipal, max), seen: make(map[string]struct{}), held: make(map[string]int)}
}

// errNoncesFull is memoryNonces.Use's error when it is full.
var errNoncesFull = errors.New("the record of answered approvals is full; try again later")

type memoryNonces struct {
	mu           sync.Mutex
	max          int
	perPrincipal int
	seen         map[string]struct{}
	held         map[string]int // the nonces each principal holds
	queue        byExpiry       // the nonces seen, the first to expire on top
}

func (m *memoryNonces) Use(_ context.Context, principal, nonce string, expires time.Time) (bool, error) {
	now := time.Now().UnixNano()
	m.mu.Lock()
	defer m.mu.Unlock()
	for len(m.queue) > 0 && m.queue[0].expires <= now {
		u := heap.Pop(&m.queue).(used)
		delete(m.seen, u.nonce)
		if m.held[u.principal]--; m.held[u.principal] <= 0 {
			delete(m.held, u.principal)
		}
	}
	if _, ok := m.seen[nonce]; ok {
		return false, nil
	}
	if len(m.seen) >= m.max {
		return false, errNoncesFull
	}
	if m.held[principal] >= m.perPrincipal {
		return false, fmt.Errorf("this principal holds %d answered approvals that have not expired, %w; try again later", m.held[principal], ErrNonceQuota)
	}
	m.seen[nonce] = struct{}{}
	m.held[principal]++
	heap.Push(&m.queue, used{principal: principal, nonce: nonce, expires: expires.UnixNano()})
	return true, nil
}

// A used nonce, and when it may be forgotten.
type used struct {
	principal string
	nonce     string
	expires   int64 // Unix nanoseconds
}

// byExpiry is a heap of used nonces, the first to expire on top.
type byExpiry []used

func (h byExpiry) Len() int           { return len(h) }
func (h byExpiry) Less(i, j int) bool { return h[i].expires < h[j].expires }
func (h byExpiry) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *byExpiry) Push(x any)        { *h = append(*h, x.(used)) }
func (h *byExpiry) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
