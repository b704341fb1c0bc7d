// Command invokeone makes one tool with reflectimpl and invokes it: the
// smallest program with a tool, whose dependencies TestNoTestingLinked
// lists.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/toolschema/toolschema/reflectimpl"
)

// Echo returns its text.
func Echo(in struct {
	Text string `json:"text"`
}) string {
	return in.Text
}

func main() {
	echo, err := reflectimpl.Create(Echo)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r, err := echo.Invoke(context.Background(), []byte(`{"text":"ok"}`))
	if err != nil || r.IsError {
		fmt.Fprintln(os.Stderr, r.Text(), err)
		os.Exit(1)
	}
	fmt.Println(r.Text())
}
