package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/urikit/urikit/internal/columns"
	"github.com/urikit/urikit/internal/report"
)

// The formats of split.
const (
	formatParquet = "parquet"
	formatCSV     = "csv"
	formatTSV     = "tsv"
	formatJSONL   = "jsonl"
)

func newSplitCmd() *cobra.Command {
	var (
		opts    recordOptions
		lenient bool
		useWHAT bool
		format  string
		output  string
	)
	var cols []string
	for _, c := range columns.Columns {
		t := "text"
		if c.Kind == columns.Int {
			t = "integer"
		}
		cols = append(cols, fmt.Sprintf("  %-19s %-8s%s", c.Name, t, c.Doc))
	}
	cmd := &cobra.Command{
		Use:   "split [--whatwg | --lenient] [--format parquet|csv|tsv|jsonl] [-o FILE] [URL ...]",
		Short: "Split URLs into typed columns: Parquet, CSV, TSV or JSON Lines",
		Long: `Write one row per record with its components in typed columns, for
analytics tools (DuckDB, Spark, pandas, ...). The records are parsed as
RFC 3986 URI references (package uri, strict) by default, with
uri.ParseLenient with --lenient (never fails), or as the WHATWG URL
Standard parses them with --whatwg. The columns, in order:

` + strings.Join(cols, "\n") + `

A record that fails to parse is a row all the same: its input, error_code
and error_offset, every other column null (under --on-error report, the
default, no message is written for it; the exit status is 1 as for every
failing record). A blank record is such a row with error_code "empty";
a record longer than --max-record one with input null and error_code
"record-too-long" (under jsonl, {"input_bytes": N, "error": {...}}).
--on-error skip leaves such rows out, and fail stops after the first one.

Absent and empty differ: "http://h/?" has an empty query, "http://h/" a
null one.
  parquet  every column optional (null is null); text columns are STRING,
           port and error_offset INT32; scheme, host_type, public_suffix
           and error_code dictionary-encoded; snappy compression; a row
           group per 16 MiB of text or 1,000,000 rows at most, so memory
           stays flat whatever the input size.
  jsonl    the record contract (see "urikit --help"): {"input", then the
           columns up to surt, null when absent}, or {"input", "error":
           {"offset", "code", "message", ...}} for a failed record; then
           "findings" when there are any: what --lenient tolerated, or
           the validation errors of --whatwg, as "urikit parse" reports
           them (the other formats have no findings column).
  csv      RFC 4180 CSV with a header line: null is an empty field, an
           empty text is "" (quoted), as PostgreSQL's COPY reads CSV;
           in DuckDB: read_csv('f.csv', allow_quoted_nulls = false).
  tsv      a header line, then tab-separated fields: null is \N, and
           backslash, tab, newline and carriage return in a text are
           written \\, \t, \n and \r (PostgreSQL's text format).

Text that is not UTF-8 is never written as it is: in Parquet, CSV and TSV
its column is null and its twin column NAME_hex holds its bytes in
lowercase hex (null otherwise). The twins follow error_offset: input_hex,
username_hex, password_hex, host_hex, path_hex, query_hex, fragment_hex
(only these columns can hold raw bytes: --lenient keeps them, and a
strict parse refuses them). In JSON Lines the member is NAME_hex, as
everywhere in urikit.

--format defaults to the extension of -o FILE (.parquet, .csv, .tsv,
.jsonl), else jsonl; --json is --format jsonl. Parquet is not written to
a terminal. -0 separates the input records with NUL; the output is the
format's own.

SURT is of the input (RFC 3986) or of the serialized URL (WHATWG).
There is no /v1/split route: a file format is not a record answer.`,
		Example: `  urikit split -f urls.txt -o urls.parquet
  urikit split --whatwg --format csv -f urls.txt > urls.csv
  duckdb -c "SELECT registrable_domain, count(*) FROM 'urls.parquet' GROUP BY 1 ORDER BY 2 DESC LIMIT 10"`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if lenient && useWHAT {
				return errors.New("give one of --lenient and --whatwg")
			}
			f, err := splitFormat(format, output, opts.json)
			if err != nil {
				return err
			}
			parser := columns.RFC3986
			switch {
			case lenient:
				parser = columns.Lenient
			case useWHAT:
				parser = columns.WHATWG
			}
			if _, err := opts.check(); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			var file *os.File
			if output != "" && output != "-" {
				file, err = os.Create(output)
				if err != nil {
					return &ioError{err}
				}
				out = file
				cmd.SetOut(file)
			} else if f == formatParquet && writesToTerminal(out) {
				return errors.New("--format parquet: standard output is a terminal; give -o FILE or redirect it")
			}
			err = runSplit(cmd, args, opts, parser, f, out)
			if file != nil {
				if cerr := file.Close(); cerr != nil && err == nil {
					err = &ioError{fmt.Errorf("writing %s: %w", output, cerr)}
				}
			}
			return err
		},
	}
	opts.register(cmd)
	fl := cmd.Flags()
	fl.BoolVar(&lenient, "lenient", false, "parse with uri.ParseLenient (never fails)")
	fl.BoolVar(&useWHAT, "whatwg", false, "parse with the WHATWG URL Standard, as browsers do")
	fl.StringVar(&format, "format", "", "output `FORMAT`: parquet, csv, tsv or jsonl (default: from -o's extension, else jsonl)")
	fl.StringVarP(&output, "output", "o", "", "write to `FILE` instead of standard output")
	completeValues(cmd, "format", formatParquet, formatCSV, formatTSV, formatJSONL)
	return cmd
}

// writesToTerminal reports whether w is a terminal.
func writesToTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

// splitFormat returns the format split writes.
func splitFormat(format, output string, json bool) (string, error) {
	if json {
		if format != "" && format != formatJSONL {
			return "", fmt.Errorf("--json is --format jsonl, not %s", format)
		}
		return formatJSONL, nil
	}
	if format == "" {
		switch strings.ToLower(filepath.Ext(output)) {
		case ".parquet":
			return formatParquet, nil
		case ".csv":
			return formatCSV, nil
		case ".tsv":
			return formatTSV, nil
		}
		return formatJSONL, nil
	}
	switch format {
	case formatParquet, formatCSV, formatTSV, formatJSONL:
		return format, nil
	}
	return "", fmt.Errorf("--format %q: want parquet, csv, tsv or jsonl", format)
}

// runSplit streams the records into rows of format f written to out.
func runSplit(cmd *cobra.Command, args []string, opts recordOptions, parser columns.Parser, f string, out io.Writer) error {
	opts.rows = true
	opts.json = false
	// The record function makes the row of a blank record itself.
	opts.allowEmpty = true
	opts.outDelim = []byte{'\n'}
	var pw *parquetRows
	switch f {
	case formatParquet:
		// The Parquet writer keeps a row group live (up to
		// parquetRowGroupBytes of text, compressed): the GC setting of
		// the other subcommands (tuneGC), made for a live heap of about
		// 1 MB, would let the heap grow to five times that.
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(100)
		}
		opts.outDelim = nil
		pw = newParquetRows(out, parquetRowGroupBytes, parquetRowGroupRows)
		opts.consume = pw.consume
		opts.failRow = func(e *recordError) []byte { return splitFailRow(f, e) }
	case formatCSV, formatTSV:
		opts.failRow = func(e *recordError) []byte { return splitFailRow(f, e) }
		sep := byte(',')
		if f == formatTSV {
			sep = '\t'
		}
		var h []byte
		for i, name := range allColumnNames() {
			if i > 0 {
				h = append(h, sep)
			}
			h = append(h, name...)
		}
		h = append(h, '\n')
		if _, err := out.Write(h); err != nil {
			return &ioError{fmt.Errorf("writing the output: %w", err)}
		}
	}
	err := processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) {
		// Only the JSON Lines record has findings.
		b := &columns.Builder{Parser: parser, KeepFindings: f == formatJSONL}
		var row columns.Row
		var buf []byte
		// appendRow appends the row, or the record, of the latest
		// record to dst; ascii is set when b built it from an ASCII
		// record.
		appendRow := func(dst []byte, e *recordError, findings []report.Error, ascii bool) []byte {
			if out, ok := appendRowAs(dst, f, &row, ascii); ok {
				return out
			}
			rec := columns.Record(&row, e, findings)
			return rec.AppendJSON(dst)
		}
		fn := func(in []byte) outcome {
			s := transient(in)
			var e *recordError
			var findings []report.Error
			ascii := false
			if len(in) == 0 {
				// A blank record fails as in every record subcommand
				// ('urikit help records'), as a row.
				e = report.EmptyError()
				columns.Fail(&row, s, e)
			} else {
				e = b.Build(&row, s)
				findings, ascii = b.Findings(), b.ASCII()
			}
			buf = appendRow(buf[:0], e, findings, ascii)
			o := outcome{Output: buf}
			if e != nil {
				o.Err, o.Detail = e, caret(s, e.Offset)
			}
			return o
		}
		// fast appends the row of a record that parses straight to the
		// batch's output; a failing one goes to fn, which builds it
		// again with its error.
		fast := func(dst, in []byte) ([]byte, bool) {
			if len(in) == 0 || b.Build(&row, transient(in)) != nil {
				return dst, false
			}
			return appendRow(dst, nil, b.Findings(), b.ASCII()), true
		}
		return fn, fast
	})
	if pw != nil {
		if cerr := pw.close(); cerr != nil && !isIOError(err) {
			err = &ioError{fmt.Errorf("writing the output: %w", cerr)}
		}
	}
	return err
}

// isIOError reports whether err is an I/O error (exit status 3).
func isIOError(err error) bool {
	var ie *ioError
	var re *readError
	return errors.As(err, &ie) || errors.As(err, &re)
}

// splitFailRow is the row of a record that was not read (longer than
// --max-record): its input null, its error set.
func splitFailRow(f string, e *recordError) []byte {
	var row columns.Row
	row[columns.ErrorCode] = columns.Value{Text: e.Code, Valid: true}
	row[columns.ErrorOffset] = columns.Value{Int: e.Offset, Valid: true}
	out, _ := appendRowAs(nil, f, &row, false)
	return out
}

// appendRowAs appends row as format f writes it, for the formats of one
// row per record (Parquet's row encoding, CSV, TSV), and reports false
// for JSON Lines, whose record is made from the row elsewhere.
func appendRowAs(dst []byte, f string, row *columns.Row, ascii bool) ([]byte, bool) {
	switch f {
	case formatParquet:
		return appendRowBinary(dst, row, ascii), true
	case formatCSV:
		return appendCSV(dst, row), true
	case formatTSV:
		return appendTSV(dst, row), true
	}
	return dst, false
}

// allColumnNames returns the names of the columns of the Parquet, CSV and
// TSV outputs: the columns, then the "_hex" twins.
func allColumnNames() []string {
	names := columns.Names()
	for _, i := range columns.HexColumns() {
		names = append(names, columns.HexName(columns.Columns[i].Name))
	}
	return names
}

// appendRowBinary appends row in the form the Parquet sink reads back
// (parquetRows.readRow): per column of the Parquet output (the columns,
// then the "_hex" twins) a uvarint, 0 for null, else for a text its
// length plus one and its bytes, for an integer its zigzag form plus
// one. A Raw text that is not UTF-8 goes, in lowercase hex, to its twin,
// and its column is null; the writer only copies. With ascii set (the
// row of an ASCII record, columns.Builder.ASCII) the texts are not
// checked.
func appendRowBinary(b []byte, row *columns.Row, ascii bool) []byte {
	// The Raw columns whose text is not UTF-8, by index: a bit each.
	var notUTF8 uint32
	for i := range row {
		v := &row[i]
		switch {
		case !v.Valid:
			b = append(b, 0)
		case columns.Columns[i].Kind == columns.Int:
			b = binary.AppendUvarint(b, zigzag(int64(v.Int))+1)
		case !ascii && columns.Columns[i].Raw && !utf8.ValidString(v.Text):
			notUTF8 |= 1 << i
			b = append(b, 0)
		default:
			b = appendLenText(b, v.Text)
		}
	}
	for _, i := range hexColumns {
		if notUTF8&(1<<i) == 0 {
			b = append(b, 0)
			continue
		}
		s := row[i].Text
		b = binary.AppendUvarint(b, uint64(2*len(s))+1)
		b = appendHex(b, s)
	}
	return b
}

// hexColumns is columns.HexColumns().
var hexColumns = columns.HexColumns()

// appendLenText appends the length of s plus one, as a uvarint, then s.
func appendLenText(b []byte, s string) []byte {
	if n := len(s) + 1; n < 0x80 {
		b = append(b, byte(n))
	} else {
		b = binary.AppendUvarint(b, uint64(n))
	}
	return append(b, s...)
}

func zigzag(n int64) uint64 { return uint64(n<<1) ^ uint64(n>>63) }

func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// appendHex appends s in lowercase hex.
func appendHex(b []byte, s string) []byte {
	const digits = "0123456789abcdef"
	for i := 0; i < len(s); i++ {
		b = append(b, digits[s[i]>>4], digits[s[i]&15])
	}
	return b
}

// appendCSV appends the CSV line of row, without the newline.
func appendCSV(b []byte, row *columns.Row) []byte {
	return appendDelimited(b, row, ',', appendCSVText, nil)
}

// appendTSV appends the TSV line of row, without the newline.
func appendTSV(b []byte, row *columns.Row) []byte {
	return appendDelimited(b, row, '\t', appendTSVText, []byte(`\N`))
}

// appendDelimited appends the fields of row, then its "_hex" twins, with
// sep between them: null as null, a text with text, a number in decimal.
func appendDelimited(b []byte, row *columns.Row, sep byte, text func([]byte, string) []byte, null []byte) []byte {
	for i := range row {
		if i > 0 {
			b = append(b, sep)
		}
		v := &row[i]
		switch {
		case !v.Valid || columns.Columns[i].Raw && !utf8.ValidString(v.Text):
			b = append(b, null...)
		case columns.Columns[i].Kind == columns.Int:
			b = strconv.AppendInt(b, int64(v.Int), 10)
		default:
			b = text(b, v.Text)
		}
	}
	for _, i := range columns.HexColumns() {
		b = append(b, sep)
		v := &row[i]
		if v.Valid && !utf8.ValidString(v.Text) {
			b = appendHex(b, v.Text)
		} else {
			b = append(b, null...)
		}
	}
	return b
}

// appendCSVText appends s as a CSV field: quoted when it is empty or
// holds a quote, comma, CR or LF, with quotes doubled.
func appendCSVText(b []byte, s string) []byte {
	if s != "" && !strings.ContainsAny(s, "\",\r\n") {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// appendTSVText appends s as a TSV field: backslash, tab, LF and CR
// escaped.
func appendTSVText(b []byte, s string) []byte {
	if !strings.ContainsAny(s, "\\\t\r\n") {
		return append(b, s...)
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b = append(b, `\\`...)
		case '\t':
			b = append(b, `\t`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		default:
			b = append(b, c)
		}
	}
	return b
}
