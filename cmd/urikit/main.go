// Command urikit percent-encodes, decodes, parses, resolves, normalizes and
// compares URIs from the command line. Every subcommand reads records from
// its arguments or, without arguments, one per line of standard input, and
// writes one line (or one JSON object with --json) per record, in order.
//
// Exit status: 0 when every record succeeded, 1 when at least one failed,
// 2 for a usage error.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK       = 0
	exitFailures = 1
	exitUsage    = 2
)

// errRecordsFailed is returned by a subcommand when at least one record
// failed; each failure has been reported already.
var errRecordsFailed = errors.New("some records failed")

// run executes the CLI with the given arguments and streams and returns
// the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errRecordsFailed):
		return exitFailures
	}
	fmt.Fprintf(stderr, "urikit: %v\nRun 'urikit --help' for usage.\n", err)
	return exitUsage
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "urikit",
		Short: "Get URIs right: percent-encoding, parsing, resolving, normalizing, comparing",
		Long: `urikit works on URIs as RFC 3986, RFC 3987, the WHATWG URL Standard and
application/x-www-form-urlencoded define them.

Records come from the arguments, or one per line of standard input (a "\r"
before the "\n" is removed). Output is one line per record, in input order;
--json writes one JSON object per record instead. A failing record does not
stop the stream: its error goes to standard error as
"urikit: record N: offset K: message".

Exit status: 0 when every record succeeded, 1 when at least one failed,
2 for a usage error.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       "0.1.0",
	}
	root.AddCommand(newEncodeCmd(), newDecodeCmd(), newParseCmd(), newResolveCmd(), newRelativizeCmd(),
		newNormalizeCmd(), newEqualCmd(), newFormCmd(), newIRICmd(), newServeCmd(), newCheckCmd())
	return root
}
