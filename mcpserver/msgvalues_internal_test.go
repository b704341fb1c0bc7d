package mcpserver

import "testing"

// TestMessageValues checks which values of a message count against
// maxMessageValues: all but a tools/call's arguments, keys read as the
// SDK reads them (escapes decoded, case kept).
func TestMessageValues(t *testing.T) {
	for _, tt := range []struct {
		msg  string
		want int
	}{
		{`{}`, 1},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, 4},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,2,{"b":null}]}}}`, 6},
		{`{"params":{"arguments":"text"},"method":"tools/call"}`, 3},
		{`{"params":{"arguments":7,"_meta":{"k":[true,false]}},"method":"tools/call"}`, 7},
		{`{"method":"tools/call","params":{"arguments":[1,2],"arguments":[3,4]}}`, 3},
		{`{"method":"tools/list","params":{"arguments":[1,2]}}`, 6},
		{`{"method":"tools/call","params":{"Arguments":[1,2]}}`, 6},
		{`{"method":"tools/call","params":{"argument\u0073":[1,2]}}`, 3},
		{`{"met\u0068od":"tools\/call","par\u0061ms":{"arguments":[1,2]}}`, 3},
		{`{"method":"tools/call","params":[{"arguments":[1,2]}]}`, 7},
		{`{"method":"tools/call","x":{"params":{"arguments":[1]}}}`, 6},
		{`{"method":"tools/call","params":{"a":{"arguments":[1]}}}`, 6},
		{`{"method":"tools/call","params":{"arguments":{"s":"\"}]:,"}}, "id":"\\"}`, 4},
		{`{"a":[1,-2.5e3,true,null,"x",[],{}] }`, 9},
	} {
		if got := messageValues([]byte(tt.msg)); got != tt.want {
			t.Errorf("%s: %d values, want %d", tt.msg, got, tt.want)
		}
	}
}

// TestBatchLen checks the count of a batch's messages: its commas at the
// first level, none in a string (escaped quotes included) or a nested
// value, and the count stopped once past the bound.
func TestBatchLen(t *testing.T) {
	for _, tt := range []struct {
		line string
		past int
		want int
	}{
		{`[{}]`, 10, 1},
		{`[{"a":1},{"b":[1,2,3]},{}]`, 10, 3},
		{`[{"s":",\",["},{"t":"\\"},1]`, 10, 3},
		{`[{"a":{"b":[{},{}]}} , "x,y" , 2]`, 10, 3},
		{`[1,2,3,4,5,6]`, 3, 4},
	} {
		if got := batchLen([]byte(tt.line), tt.past); got != tt.want {
			t.Errorf("%s (past %d): %d, want %d", tt.line, tt.past, got, tt.want)
		}
	}
}
