package corpus

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// IntegerSet carries one value of every signed integer width.
type IntegerSet struct {
	Tiny   int8  `json:"tiny"`
	Small  int16 `json:"small"`
	Medium int32 `json:"medium"`
	Large  int64 `json:"large"`
	Native int   `json:"native"`
}

// IntegerSummary is what SummarizeIntegers finds.
type IntegerSummary struct {
	Sum      int64 `json:"sum"`
	Smallest int64 `json:"smallest"`
	Largest  int64 `json:"largest"`
	Negative int   `json:"negative"`
}

// SummarizeIntegers adds up five signed integers of different widths and
// reports the smallest, the largest and how many of them are negative.
//
//tool:export
func SummarizeIntegers(in IntegerSet) IntegerSummary {
	vals := []int64{int64(in.Tiny), int64(in.Small), int64(in.Medium), in.Large, int64(in.Native)}
	s := IntegerSummary{Smallest: vals[0], Largest: vals[0]}
	for _, v := range vals {
		s.Sum += v
		s.Smallest = min(s.Smallest, v)
		s.Largest = max(s.Largest, v)
		if v < 0 {
			s.Negative++
		}
	}
	return s
}

// UnsignedSet carries one value of every unsigned integer width.
type UnsignedSet struct {
	Octet  uint8  `json:"octet"`
	Flags  byte   `json:"flags"`
	Port   uint16 `json:"port"`
	Serial uint32 `json:"serial"`
	Bytes  uint64 `json:"bytes"`
	Count  uint   `json:"count"`
}

// SumUnsigned adds up unsigned integers of every width; the sum wraps
// around at 2^64.
//
//tool:export
func SumUnsigned(in UnsignedSet) uint64 {
	return uint64(in.Octet) + uint64(in.Flags) + uint64(in.Port) + uint64(in.Serial) + in.Bytes + uint64(in.Count)
}

// Reading is one sensor reading.
type Reading struct {
	Celsius float32 `json:"celsius"`
	Gain    float64 `json:"gain"`
	Offset  float64 `json:"offset,omitempty"`
}

// CalibrateReading applies a gain and an offset to a temperature reading and
// returns the corrected value in degrees Celsius.
//
//tool:export
func CalibrateReading(in Reading) float64 {
	return float64(in.Celsius)*in.Gain + in.Offset
}

// FeatureFlag is a switch and whether to invert it.
type FeatureFlag struct {
	Enabled bool `json:"enabled"`
	Invert  bool `json:"invert"`
}

// EvaluateFlag says whether a feature is on, after an optional inversion.
//
//tool:export
func EvaluateFlag(in FeatureFlag) bool { return in.Enabled != in.Invert }

// DigestInput is data to hash with a short salt.
type DigestInput struct {
	// Data is the content to hash, base64-encoded on the wire.
	Data []byte `json:"data"`
	// Salt is four bytes written as a JSON array of integers.
	Salt [4]byte `json:"salt"`
}

// DigestBytes returns the SHA-256 digest of the salt followed by the data,
// as an array of 32 bytes.
//
//tool:export
func DigestBytes(in DigestInput) [32]byte {
	h := sha256.New()
	h.Write(in.Salt[:])
	h.Write(in.Data)
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// TimeShift moves an instant by a duration.
type TimeShift struct {
	At time.Time     `json:"at"`
	By time.Duration `json:"by"`
	// Zone is an IANA zone name such as Europe/Paris; UTC when empty.
	Zone string `json:"zone,omitempty"`
}

// ShiftTime adds a duration to an instant and expresses the result in a
// time zone.
//
//tool:export
func ShiftTime(in TimeShift) (time.Time, error) {
	t := in.At.Add(in.By)
	if in.Zone == "" || in.Zone == "UTC" {
		return t.UTC(), nil
	}
	loc, err := time.LoadLocation(in.Zone)
	if err != nil {
		return time.Time{}, fmt.Errorf("unknown time zone %q", in.Zone)
	}
	return t.In(loc), nil
}

// RawInput holds values that are JSON of their own.
type RawInput struct {
	Payload  json.RawMessage `json:"payload"`
	Amount   json.Number     `json:"amount"`
	Anything any             `json:"anything"`
}

// EchoRaw wraps its input in an envelope and returns it as raw JSON, the
// amount doubled when it is a number.
//
//tool:export
func EchoRaw(in RawInput) json.RawMessage {
	doubled := json.Number("0")
	if f, err := in.Amount.Float64(); err == nil {
		doubled = json.Number(strconv.FormatFloat(2*f, 'g', -1, 64))
	}
	payload := in.Payload
	if len(payload) == 0 {
		payload = json.RawMessage("null")
	}
	b, err := json.Marshal(struct {
		Payload  json.RawMessage `json:"payload"`
		Doubled  json.Number     `json:"doubled"`
		Anything any             `json:"anything"`
	}{payload, doubled, in.Anything})
	if err != nil {
		return json.RawMessage(`{"error":"unencodable input"}`)
	}
	return b
}

// AddressInput is a set of network addresses of every well-known kind.
type AddressInput struct {
	Addr     netip.Addr     `json:"addr"`
	Network  netip.Prefix   `json:"network"`
	Endpoint netip.AddrPort `json:"endpoint"`
	Legacy   net.IP         `json:"legacy,omitempty"`
}

// AddressReport says what ClassifyAddress found.
type AddressReport struct {
	IPv4         bool       `json:"ipv4"`
	Private      bool       `json:"private"`
	Loopback     bool       `json:"loopback"`
	InNetwork    bool       `json:"in_network"`
	EndpointPort uint16     `json:"endpoint_port"`
	Legacy       string     `json:"legacy,omitempty"`
	Canonical    netip.Addr `json:"canonical"`
}

// ClassifyAddress tells whether an address is IPv4, private or loopback, and
// whether it falls inside a network.
//
//tool:export
func ClassifyAddress(in AddressInput) (AddressReport, error) {
	if !in.Addr.IsValid() {
		return AddressReport{}, errors.New("addr is empty")
	}
	r := AddressReport{
		IPv4:         in.Addr.Unmap().Is4(),
		Private:      in.Addr.IsPrivate(),
		Loopback:     in.Addr.IsLoopback(),
		InNetwork:    in.Network.IsValid() && in.Network.Contains(in.Addr),
		EndpointPort: in.Endpoint.Port(),
		Canonical:    in.Addr.Unmap(),
	}
	if in.Legacy != nil {
		r.Legacy = in.Legacy.String()
	}
	return r, nil
}

// FactorialInput asks for n! reduced modulo an optional big modulus.
type FactorialInput struct {
	N uint8 `json:"n" maximum:"200"`
	// Modulus reduces the result when it is set and positive.
	Modulus *big.Int `json:"modulus"`
}

// Factorial computes n factorial as an arbitrary-precision integer,
// reduced modulo the modulus when one is given.
//
//tool:export
func Factorial(in FactorialInput) (*big.Int, error) {
	if in.N > 200 {
		return nil, fmt.Errorf("n is %d; at most 200 is allowed", in.N)
	}
	r := big.NewInt(1)
	for i := int64(2); i <= int64(in.N); i++ {
		r.Mul(r, big.NewInt(i))
	}
	if in.Modulus != nil && in.Modulus.Sign() > 0 {
		r.Mod(r, in.Modulus)
	}
	return r, nil
}

// Semver is a semantic version. Its JSON form is its text, "1.2.3": it
// implements both halves of the text pair.
type Semver struct {
	major, minor, patch uint32
}

// MarshalText writes the version as MAJOR.MINOR.PATCH.
func (v Semver) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "%d.%d.%d", v.major, v.minor, v.patch), nil
}

// UnmarshalText reads MAJOR.MINOR.PATCH, with an optional leading v.
func (v *Semver) UnmarshalText(b []byte) error {
	parts := strings.Split(strings.TrimPrefix(string(b), "v"), ".")
	if len(parts) != 3 {
		return fmt.Errorf("version %q is not MAJOR.MINOR.PATCH", b)
	}
	var nums [3]uint32
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 32)
		if err != nil {
			return fmt.Errorf("version %q: %q is not a number", b, p)
		}
		nums[i] = uint32(n)
	}
	v.major, v.minor, v.patch = nums[0], nums[1], nums[2]
	return nil
}

// LogLevel is a string type with constants that is NOT an enum: it
// implements the text pair, so its wire values are whatever MarshalText
// writes (upper case).
type LogLevel string

const (
	LevelDebug LogLevel = "debug"
	LevelInfo  LogLevel = "info"
	LevelError LogLevel = "error"
)

// MarshalText writes the level in upper case.
func (l LogLevel) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(l))), nil }

// UnmarshalText reads a level in any case.
func (l *LogLevel) UnmarshalText(b []byte) error {
	*l = LogLevel(strings.ToLower(string(b)))
	return nil
}

// BumpInput is a version and the part of it to increase.
type BumpInput struct {
	Current Semver `json:"current"`
	Part    string `json:"part" enum:"major, minor, patch" default:"patch"`
	// Level is how loudly to log the change.
	Level LogLevel `json:"level,omitempty"`
}

// BumpVersion increases one part of a semantic version and resets the
// parts after it.
//
//tool:export
func BumpVersion(in BumpInput) Semver {
	v := in.Current
	switch in.Part {
	case "major":
		v = Semver{major: v.major + 1}
	case "minor":
		v = Semver{major: v.major, minor: v.minor + 1}
	default:
		v.patch++
	}
	return v
}
