package olt032

// Long says too much.
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
// lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet
//
//tool:export
func Long() error { return nil } // want `OLT032: tool long.s description is 24\d\d bytes; clients cut descriptions over 2048`

// Short says enough.
//
//tool:export
func Short() error { return nil }
