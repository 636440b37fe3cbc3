// Command urikit percent-encodes, decodes, parses, resolves, normalizes and
// compares URIs from the command line. Every record subcommand reads
// records from its arguments, from files (-f, gzip read transparently) or
// from standard input, one per line (or NUL-terminated with -0), streams
// them in bounded memory through parallel workers (-j), and writes one
// line (or one JSON object with --json) per record, in input order.
//
// Every --json object is a record object of the one contract of package
// internal/report (report.Record): "input" (or "input_hex"), the
// subcommand's result fields, then "error" and "findings"; "urikit serve"
// answers its API routes, one per record subcommand (report.Commands),
// with the same objects.
//
// Exit status: 0 when every record succeeded (or failed and was skipped
// with --on-error skip), 1 when at least one failed, 2 for a usage error,
// 3 when an input cannot be read (a missing file, a truncated or corrupt
// gzip stream, a read error) or the output cannot be written, 4 when
// "urikit playground" cannot build its engine. A blank record fails with
// the code "empty" in every record subcommand; "urikit help records"
// gives the rules they all share.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses, as --help documents them.
const (
	exitOK       = 0
	exitFailures = 1 // some record failed (or, for check --fail-on, had findings; for equal, not equal)
	exitUsage    = 2 // bad flags or arguments, and any other error
	exitIO       = 3 // an input could not be read, or the output written
	exitBuild    = 4 // playground: the engine could not be built
)

// errRecordsFailed is returned by a subcommand when at least one record
// failed; each failure has been reported already.
var errRecordsFailed = errors.New("some records failed")

// run executes the CLI with the given arguments and streams and returns
// the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		registerCompletions(root)
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteC()
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errRecordsFailed):
		return exitFailures
	}
	var be *buildError
	if errors.As(err, &be) {
		fmt.Fprintf(stderr, "urikit: %v\n", err)
		return exitBuild
	}
	var ioe *ioError
	if errors.As(err, &ioe) {
		// Not a usage problem: no hint.
		fmt.Fprintf(stderr, "urikit: %v\n", err)
		return exitIO
	}
	path := "urikit"
	if cmd != nil {
		path = cmd.CommandPath()
	}
	fmt.Fprintf(stderr, "urikit: %v\nRun '%s --help' for usage.\n", err, path)
	return exitUsage
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "urikit",
		Short: "Get URIs right: percent-encoding, parsing, resolving, normalizing, comparing",
		Long: `urikit works on URIs as RFC 3986, RFC 3987, the WHATWG URL Standard and
application/x-www-form-urlencoded define them.

Records come from the arguments, the files given with -f, or standard
input (gzip data is gunzipped, found by its first bytes): one per line (a
"\r" before the "\n" is removed), or NUL-terminated with -0. Output is one
line per record, in input order, also with -j parallel workers; --json
writes one JSON object per record instead. A failing record does not stop
the stream: its error goes to standard error as "urikit: record N: offset
K: message" (see --on-error). A record longer than --max-record (default
4M) is never read into memory: it fails. --stats prints a summary at the
end. 'urikit help records' gives these rules in full, once for every
record subcommand: inputs, gzip, byte order marks, blank lines,
--on-error, --max-record, progress and exit status.

Record objects (--json, and the answers of 'urikit serve'): every record
subcommand writes the same shape, one object per line:
  "input"     the record ("input_hex": its bytes in hex when it is not
              UTF-8; "input_bytes": its length when it was longer than
              --max-record and not read)
  ...         the subcommand's result fields (only when it did not fail)
  "error"     {"offset", "component" (when known), "code", "message"},
              only when the record failed
  "findings"  [{"offset", "component", "code", "message", "count",
              "offsets"}], only when there are some: what a lenient mode
              tolerated or a parser reported without failing
Any text member that is not UTF-8 goes out as its "_hex" twin
("path_hex"), never with U+FFFD in place of its bytes. A finding seen
several times is one entry with its "count" and first "offsets". The
echo of a failed record on standard error shows a byte that is not UTF-8
as \xFF, never as U+FFFD.

Exit status:
  0  every record succeeded (or failed and was skipped with --on-error skip)
  1  at least one record failed (check: a finding at --fail-on; equal: not equal)
  2  usage error: unknown command or flag, bad flag value or argument
  3  I/O error: an input cannot be read (missing file, truncated or corrupt
     gzip data, read error), or the output cannot be written; the records
     read whole before the error are processed first
  4  playground: the engine could not be built (nothing was written)
An I/O error wins over failed records.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       "0.1.0",
	}
	root.AddCommand(newEncodeCmd(), newDecodeCmd(), newParseCmd(), newResolveCmd(), newRelativizeCmd(),
		newNormalizeCmd(), newEqualRecordsCmd(), newFormCmd(), newIRICmd(), newServeCmd(), newCheckCmd(),
		newFileCmd(),
		newDomainCmd(),
		newIDNACmd(),
		newURNCmd(), newMailtoCmd(),
		newGitCmd(),
		newPURLCmd(),
		newDataCmd(),
		newTemplateCmd(),
		newEditCmd(),
		newMatchCmd(),
		newSURTCmd(), newUnwrapCmd(),
		newSplitCmd(),
		newPlaygroundCmd(),
		newRecordsTopic(),
	)
	root.SetHelpTemplate(helpTemplate)
	for _, c := range root.Commands() {
		if c.HasSubCommands() && !c.Runnable() {
			groupCommand(c)
		}
	}
	for _, c := range report.Commands() {
		if sub := findCommand(root, c.Name); sub != nil {
			options := "no options"
			if c.Options != "" {
				options = "options " + c.Options
			}
			api := "\n\nHTTP API ('urikit serve'): POST " + c.Route + ` {"input": "..."} or {"inputs": [...]},
` + options + `; the answer is the record object --json writes, or for "inputs"
a JSON array of them.`
			if strings.Contains(sub.Long, recordsPointer) {
				// The pointer to the shared rules stays last.
				sub.Long = strings.Replace(sub.Long, recordsPointer, api+recordsPointer, 1)
			} else {
				sub.Long += api
			}
		}
	}
	return root
}

// helpTemplate puts first what a person looks for: the usage line, the
// one-line purpose and the examples; then the description and the flags.
// What every record subcommand shares is the topic "urikit help records".
const helpTemplate = `Usage:{{if .HasAvailableSubCommands}}
  {{.CommandPath}} COMMAND ...{{else if .Runnable}}
  {{.UseLine}}{{else}}
  urikit help {{.Name}}{{end}}

{{.Short}}
{{- if .HasExample}}

Examples:
{{.Example}}{{end}}
{{- with .Long}}

{{. | trimTrailingWhitespaces}}{{end}}
{{- if .HasAvailableSubCommands}}

Commands:{{range .Commands}}{{if .IsAvailableCommand}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}
{{- if .HasAvailableLocalFlags}}

Flags:
{{.LocalFlags.FlagUsages | trimTrailingWhitespaces}}{{end}}
{{- if .HasAvailableInheritedFlags}}

Global flags:
{{.InheritedFlags.FlagUsages | trimTrailingWhitespaces}}{{end}}
{{- if .HasHelpSubCommands}}

Help topics:{{range .Commands}}{{if .IsAdditionalHelpTopicCommand}}
  {{rpad .Name .NamePadding}} {{.Short}} ('urikit help {{.Name}}'){{end}}{{end}}{{end}}
{{- if .HasAvailableSubCommands}}

Run '{{.CommandPath}} COMMAND --help' for the help of a command.{{end}}
`

// groupCommand makes a command that only groups subcommands (form,
// template) refuse an argument that names none of them, as a usage error,
// and print its help when given nothing.
func groupCommand(c *cobra.Command) {
	c.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		var names []string
		for _, sub := range cmd.Commands() {
			if sub.IsAvailableCommand() {
				names = append(names, sub.Name())
			}
		}
		return fmt.Errorf("unknown command %q for %q: want %s", args[0], cmd.CommandPath(), strings.Join(names, " or "))
	}
	c.RunE = func(cmd *cobra.Command, args []string) error {
		return cmd.Help()
	}
}

// findCommand returns the subcommand of root called by the words of name
// ("form decode"), or nil.
func findCommand(root *cobra.Command, name string) *cobra.Command {
	cmd, rest, err := root.Find(strings.Fields(name))
	if err != nil || len(rest) > 0 || cmd == root {
		return nil
	}
	return cmd
}
