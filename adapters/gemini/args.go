package geminiadapter

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// appendArgs appends v, a value of a call's arguments as the SDK decoded
// them, as JSON: byte for byte what json.Marshal writes (keys sorted,
// numbers spelled as encoding/json spells a float64, <, > and & escaped),
// without its reflection. The SDK decodes with encoding/json into any, so
// the values are maps, slices, strings, float64s, bools and nil; any other
// value (a program may build a response by hand) is written by
// json.Marshal, and so is anything nested deeper than maxArgsDepth (a map
// that holds itself: json.Marshal finds the cycle).
func appendArgs(b []byte, v any) ([]byte, error) {
	return appendValue(b, v, 0)
}

// maxArgsDepth is how deep appendValue goes before it leaves the rest to
// json.Marshal; JSON that the SDK decoded is never that deep.
const maxArgsDepth = 64

func appendValue(b []byte, v any, depth int) ([]byte, error) {
	if depth > maxArgsDepth {
		return appendMarshal(b, v)
	}
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case string:
		return appendString(b, v), nil
	case float64:
		return appendFloat(b, v)
	case map[string]any:
		if v == nil {
			return append(b, "null"...), nil
		}
		var buf [16]string
		keys := buf[:0]
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			var err error
			if b, err = appendValue(b, v[k], depth+1); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case []any:
		if v == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendValue(b, e, depth+1); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	return appendMarshal(b, v)
}

func appendMarshal(b []byte, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, data...), nil
}

// appendString appends s as a JSON string. A string of printable ASCII
// with nothing to escape is written as it is; any other is written by
// json.Marshal, escapes, invalid UTF-8 and all.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			data, _ := json.Marshal(s) // a string always marshals
			return append(b, data...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendFloat appends f as encoding/json writes a float64: the shortest
// spelling that reads back as f, in decimal notation from 1e-6 to 1e21
// and in exponent notation outside, with a one-digit negative exponent
// not padded (1e-7, not 1e-07).
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, fmt.Errorf("json: unsupported value: %s", strconv.FormatFloat(f, 'g', -1, 64))
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 && !math.Signbit(f) {
		return strconv.AppendInt(b, int64(f), 10), nil // the same digits, sooner
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}
