//go:build linux

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestWaitingForTerminal: a record subcommand that reads a terminal says
// so on standard error instead of waiting silently.
func TestWaitingForTerminal(t *testing.T) {
	master, slave := openPTY(t)
	// A line, then Ctrl-D at the start of a line: end of input.
	if _, err := master.Write([]byte("http://A/\n\x04")); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := run([]string{"normalize"}, slave, &out, &errOut)
	if code != 0 || out.String() != "http://a/\n" || !strings.Contains(errOut.String(), "urikit normalize reads records from standard input") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
	// Not from a pipe.
	_, errOut2, _ := cli(t, "http://A/\n", "normalize")
	if errOut2 != "" {
		t.Errorf("from a pipe: stderr %q", errOut2)
	}
}
