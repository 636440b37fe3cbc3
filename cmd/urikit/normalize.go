package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/uri"
)

// levelFlags are the normalization flags shared by normalize and equal.
type levelFlags struct {
	level                                   string
	sortQuery, dropFragment, dropEmptyQuery bool
}

func (f *levelFlags) register(cmd *cobra.Command, def string) {
	cmd.Flags().StringVar(&f.level, "level", def, "normalization `LEVEL`: syntax, scheme, full, none, or steps joined with + (listed above)")
	cmd.Flags().BoolVar(&f.sortQuery, "sort-query", false, "also sort query pairs by key (stable)")
	cmd.Flags().BoolVar(&f.dropFragment, "drop-fragment", false, "also drop the fragment")
	cmd.Flags().BoolVar(&f.dropEmptyQuery, "drop-empty-query", false, `also drop an empty query ("?")`)
	completeValues(cmd, "level", report.LevelNames()...)
}

func (f *levelFlags) get() (uri.Level, error) {
	l, err := report.Level(f.level, f.sortQuery, f.dropFragment, f.dropEmptyQuery)
	if err != nil {
		return l, fmt.Errorf("--level: %v", err)
	}
	return l, nil
}

// levelHelp is the part of the help of normalize that names what --level
// accepts; the step names come from the code (report.StepNames).
func levelHelp() string {
	return wrapWords(`--level takes a ladder (syntax, scheme, full), none, or steps joined with
"+" or "," ("syntax+drop-fragment"); --sort-query, --drop-fragment and
--drop-empty-query add their step. The steps: `+strings.Join(report.StepNames(), ", ")+".", 76)
}

// wrapWords fills the words of s into lines of at most width bytes (a
// longer word gets a line of its own).
func wrapWords(s string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(s) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// strictHint is the line after a strict failure's caret that says what
// --lenient and --whatwg would make of the record (each shown when short):
// --lenient never fails, --whatwg when the browser's parser takes it.
func strictHint(in string, l uri.Level) string {
	const show = 120
	say := func(flag, out string) string {
		if len(out) > show {
			return flag
		}
		return fmt.Sprintf("%s gives %q", flag, out)
	}
	lenient, _, _ := report.NormalizeLenient.Normalize(in, l, false)
	hint := "  hint: " + say("--lenient", lenient) + " (keeps what it tolerates as written)"
	if out, _, err := report.NormalizeWHATWG.Normalize(in, l, false); err == nil {
		hint += ", " + say("--whatwg", out) + " (as a browser does)"
	}
	return hint + "\n"
}

func newNormalizeCmd() *cobra.Command {
	var (
		opts            recordOptions
		flags           levelFlags
		lenient, whatwg bool
	)
	cmd := &cobra.Command{
		Use:   "normalize [--level syntax|scheme|full|STEPS] [--lenient|--whatwg] [--sort-query] [--drop-fragment] [URI ...]",
		Short: "Normalize URI references (RFC 3986 §6)",
		Long: `Normalize each record.

syntax (§6.2.2): lowercase scheme and host, uppercase hex, decode escapes of
unreserved characters, remove dot segments, strip leading zeros of the port.
scheme (§6.2.3, the default): also drop a default or empty port, turn an
empty http-like path into "/", lowercase mailto domains.
full: also sort the query, drop an empty query and the fragment (not
licensed by RFC 3986, but what crawlers use to find duplicates).

` + levelHelp() + `

By default a record must be an RFC 3986 reference, else it fails.

--lenient reads it as the lenient RFC 3986 parser does (spaces, quotes, raw
non-ASCII, malformed escapes, ... are tolerated; "parse --lenient" shows
how it splits), never fails, and lists what it tolerated under "findings"
with --json. It normalizes what can be, losslessly: what was tolerated is
kept byte for byte (nothing is encoded, decoded or dropped there, except by
the steps that drop a whole component, port or dot segment), a malformed
escape stays as written, and no escape is decoded where that would turn a
malformed escape into a valid one ("%4%41" stays as it is, not "%4A").

--whatwg parses it as a browser does (the URL Standard; no base, so a
relative reference fails) and normalizes the serialized URL (href) with
the steps of --level except dot-segments, as --lenient would: the browser
has already removed dot segments (its own way: never in opaque paths such
as "mailto:a/../b"), default ports of special schemes, empty ports and
leading zeros. What the steps add: the case of non-special hosts, hex case
and decoded unreserved characters, other schemes' default ports, mailto
domains, and the query and fragment steps. The validation errors of the
parse are the "findings" with --json.`,
		Example: `  urikit normalize 'HTTP://Example.COM:80/%7euser/./a/../b'   # http://example.com/~user/b
  urikit normalize --lenient 'HTTP://Example.COM/a b/%7e'      # http://example.com/a b/~
  urikit normalize --whatwg 'HTTP://Example.COM/a b/%7e'       # http://example.com/a%20b/~
  urikit normalize --level case+drop-fragment 'HTTP://A/%7e#f' # http://a/%7e`,
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := flags.get()
			if err != nil {
				return err
			}
			mode := report.NormalizeStrict
			switch {
			case lenient:
				mode = report.NormalizeLenient
			case whatwg:
				mode = report.NormalizeWHATWG
			}
			return processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) {
				full := func(in []byte) outcome {
					// Nothing made from in outlives the writing of
					// the outcome: out may be in itself.
					var o outcome
					// Only --json shows the findings.
					out, findings, err := mode.Normalize(transient(in), l, opts.json)
					o.Findings = findings
					if err != nil {
						o.Err, o.Detail = err, caret(transient(in), err.Offset)
						if mode == report.NormalizeStrict {
							o.Detail += strictHint(transient(in), l)
						}
						return o
					}
					o.Output = bytesOf(out)
					return o
				}
				fast := func(dst, in []byte) ([]byte, bool) {
					out, _, err := mode.Normalize(transient(in), l, false)
					if err != nil {
						return dst, false
					}
					return append(room(dst, len(out)+1), out...), true
				}
				return full, fast
			})
		},
	}
	opts.register(cmd)
	flags.register(cmd, "scheme")
	cmd.Flags().BoolVar(&lenient, "lenient", false, "parse with the lenient RFC 3986 parser and normalize what can be, losslessly; never fail")
	cmd.Flags().BoolVar(&whatwg, "whatwg", false, "parse as a browser does (WHATWG URL Standard), then normalize the serialized URL")
	cmd.MarkFlagsMutuallyExclusive("lenient", "whatwg")
	return cmd
}
