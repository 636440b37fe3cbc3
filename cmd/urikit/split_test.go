package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/urikit/urikit/internal/columns"
	"github.com/urikit/urikit/internal/nodetest"
)

// splitCases are records that reach every column and every rule of
// split: absent and empty components, failures, bytes that are not
// UTF-8, and the characters CSV and TSV quote or escape.
var splitCases = []string{
	"http://u:p@www.Example.co.uk:8080/a%2Fb?q#f",
	"http://h/?",
	"http://h/#",
	"http://@h/",
	"http://u:@h:/",
	"https://[2001:db8::1]:443/x",
	"http://192.168.0.1/",
	"http://[v7.x]/",
	"mailto:x@y.example",
	"urn:isbn:0451450523",
	"file:///etc/passwd",
	"//example.com/rel?x",
	"../a/b",
	"",
	"http://a b/",
	"http://h/\xff\xfe?\xc3",
	"\xff",
	"http://h/a,b\"c\td\\e",
	"http://xn--bcher-kva.example/",
	"http://bücher.example/",
	"http://co.uk/",
	"HTTP://WWW.EXAMPLE.COM:80/A/../b/./c?z=1&a=2",
	"http://h:99999/",
	"http://h:0x/",
	"javascript:alert(1)",
	"http://%zz/",
	"http://a/%zz a",
	"ftp://ftp.example.org/pub/file.txt",
}

// splitInput returns the records of the differential test: splitCases,
// then lines of the datasets when they are there.
func splitInput(t *testing.T, perFile int) []string {
	recs := append([]string(nil), splitCases...)
	dir := os.Getenv("URIKIT_DATASETS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "datasets")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		if len(lines) > perFile {
			lines = lines[:perFile]
		}
		for _, l := range lines {
			recs = append(recs, strings.TrimSuffix(l, "\r"))
		}
	}
	return recs
}

// expectedRow returns the columns of the Parquet, CSV and TSV outputs
// (allColumnNames) that the JSON Lines record rec stands for: each
// member under its name, the error's code and offset as error_code and
// error_offset, absent members null.
func expectedRow(rec map[string]any) map[string]any {
	row := map[string]any{}
	for _, name := range allColumnNames() {
		row[name] = nil
	}
	for k, v := range rec {
		switch k {
		case "error":
			e := v.(map[string]any)
			row["error_code"] = e["code"]
			row["error_offset"] = e["offset"]
		case "findings":
		default:
			row[k] = v
		}
	}
	return row
}

func writeLines(t *testing.T, recs []string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "in.txt")
	var b bytes.Buffer
	for _, r := range recs {
		b.WriteString(r)
		b.WriteByte(0)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func splitModes() [][]string {
	return [][]string{nil, {"--lenient"}, {"--whatwg"}}
}

// TestSplitDifferential reads split's Parquet output back with DuckDB
// (an independent reader, from its npm package) and checks that every
// row and column equals the JSON Lines record of the same input.
func TestSplitDifferential(t *testing.T) {
	dir := nodetest.Dir(t, "split differential test against DuckDB", "testdata/duckdb", "@duckdb/node-api", "read.mjs")
	recs := splitInput(t, 2000)
	in := writeLines(t, recs)
	for _, mode := range splitModes() {
		t.Run(strings.Join(append([]string{"mode"}, mode...), ""), func(t *testing.T) {
			pq := filepath.Join(t.TempDir(), "out.parquet")
			_, stderr, code := cli(t, "", append([]string{"split", "-0", "-j", "2", "-f", in, "-o", pq}, mode...)...)
			if code > 1 {
				t.Fatalf("split parquet: status %d: %s", code, stderr)
			}
			jsonl, stderr, code := cli(t, "", append([]string{"split", "-0", "-f", in, "--format", "jsonl"}, mode...)...)
			if code > 1 {
				t.Fatalf("split jsonl: status %d: %s", code, stderr)
			}
			want := jsonLines(t, jsonl, len(recs))
			got := jsonLines(t, string(nodetest.Run(t, dir, "read.mjs", []byte(pq))), len(recs))
			for _, row := range got {
				for k, v := range row {
					// read.mjs gives each text as the hex of its bytes.
					if h, ok := v.(string); ok {
						b, err := hex.DecodeString(h)
						if err != nil {
							t.Fatalf("column %s: %q: %v", k, h, err)
						}
						row[k] = string(b)
					}
				}
			}
			bad := 0
			for i := range recs {
				exp := expectedRow(want[i])
				if !reflect.DeepEqual(got[i], exp) {
					bad++
					if bad <= 5 {
						t.Errorf("record %d %q:\nDuckDB %v\nJSONL  %v", i+1, recs[i], got[i], exp)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d rows differ", bad, len(recs))
			}
			t.Logf("split differential: %d rows, %d columns each, equal in DuckDB and JSON Lines", len(recs), len(allColumnNames()))
		})
	}
}

// readParquet reads the rows of a Parquet file split wrote with
// parquet-go, the writer's own library.
func readParquet(t *testing.T, name string) []columns.ParquetRow {
	t.Helper()
	rows, err := parquet.ReadFile[columns.ParquetRow](name)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestSplitFormats checks that the CSV and TSV outputs say what the JSON
// Lines output says, by their documented rules, and that the Parquet
// output reads back (with parquet-go) to the same.
func TestSplitFormats(t *testing.T) {
	recs := splitInput(t, 300)
	in := writeLines(t, recs)
	names := allColumnNames()
	for _, mode := range splitModes() {
		jsonl, _, _ := cli(t, "", append([]string{"split", "-0", "-f", in, "--json"}, mode...)...)
		want := jsonLines(t, jsonl, len(recs))
		for _, f := range []string{"csv", "tsv"} {
			out, stderr, code := cli(t, "", append([]string{"split", "-0", "-f", in, "--format", f}, mode...)...)
			if code > 1 {
				t.Fatalf("%s: status %d: %s", f, code, stderr)
			}
			lines := readDelimited(t, out, f)
			var header []string
			for _, h := range lines[0] {
				header = append(header, *h)
			}
			if !reflect.DeepEqual(header, names) {
				t.Fatalf("%s header %v, want %v", f, header, names)
			}
			if len(lines)-1 != len(recs) {
				t.Fatalf("%s: %d rows, want %d", f, len(lines)-1, len(recs))
			}
			for i := range recs {
				exp := expectedRow(want[i])
				for j, name := range names {
					got, wantV := lines[i+1][j], exp[name]
					if wantV == nil {
						if got != nil {
							t.Errorf("%s %v record %d %q column %s: %q, want null", f, mode, i+1, recs[i], name, *got)
						}
						continue
					}
					if got == nil || *got != fmt.Sprint(wantV) {
						t.Errorf("%s %v record %d %q column %s: %v, want %v", f, mode, i+1, recs[i], name, got, wantV)
					}
				}
			}
		}
		pq := filepath.Join(t.TempDir(), "out.parquet")
		if _, stderr, code := cli(t, "", append([]string{"split", "-0", "-f", in, "-o", pq}, mode...)...); code > 1 {
			t.Fatalf("parquet: status %d: %s", code, stderr)
		}
		rows := readParquet(t, pq)
		if len(rows) != len(recs) {
			t.Fatalf("parquet: %d rows, want %d", len(rows), len(recs))
		}
		for i := range rows {
			b, _ := json.Marshal(parquetRowMap(&rows[i]))
			var got map[string]any
			json.Unmarshal(b, &got)
			if exp := expectedRow(want[i]); !reflect.DeepEqual(got, exp) {
				t.Errorf("parquet %v record %d %q:\n got %v\nwant %v", mode, i+1, recs[i], got, exp)
			}
		}
	}
}

// parquetRowMap returns the columns of r by name, nil for null.
func parquetRowMap(r *columns.ParquetRow) map[string]any {
	m := map[string]any{}
	v := reflect.ValueOf(r).Elem()
	for i := range v.NumField() {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("parquet"), ",")
		f := v.Field(i)
		if f.IsNil() {
			m[name] = nil
		} else {
			m[name] = f.Elem().Interface()
		}
	}
	return m
}

// readDelimited parses CSV (RFC 4180; an unquoted empty field is null) or
// TSV (\N is null; \\, \t, \n, \r escapes) output: a row of fields, nil
// for null.
func readDelimited(t *testing.T, out, format string) [][]*string {
	t.Helper()
	var rows [][]*string
	if format == "tsv" {
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var row []*string
			for _, f := range strings.Split(line, "\t") {
				if f == `\N` {
					row = append(row, nil)
					continue
				}
				r := strings.NewReplacer(`\\`, `\`, `\t`, "\t", `\n`, "\n", `\r`, "\r").Replace(f)
				row = append(row, &r)
			}
			rows = append(rows, row)
		}
		return rows
	}
	rd := bufio.NewReader(strings.NewReader(out))
	for {
		var row []*string
		for {
			c, err := rd.ReadByte()
			if err != nil {
				if row != nil {
					t.Fatal("CSV output does not end with a newline")
				}
				return rows
			}
			var field *string
			switch c {
			case '"':
				var b strings.Builder
				for {
					c, err := rd.ReadByte()
					if err != nil {
						t.Fatal("unclosed quote")
					}
					if c == '"' {
						if n, _ := rd.Peek(1); len(n) == 1 && n[0] == '"' {
							rd.ReadByte()
						} else {
							break
						}
					}
					b.WriteByte(c)
				}
				s := b.String()
				field = &s
				c, _ = rd.ReadByte()
			case ',', '\n':
			default:
				var b strings.Builder
				for c != ',' && c != '\n' {
					b.WriteByte(c)
					c, _ = rd.ReadByte()
				}
				s := b.String()
				field = &s
			}
			row = append(row, field)
			if c == '\n' {
				break
			}
		}
		rows = append(rows, row)
	}
}

// TestSplitColumnsDefinedOnce checks that the Parquet row type has the
// columns of package columns, in order, then the "_hex" twins.
func TestSplitColumnsDefinedOnce(t *testing.T) {
	s := parquet.SchemaOf(columns.ParquetRow{})
	var got []string
	for _, f := range s.Fields() {
		got = append(got, f.Name())
		if !f.Optional() {
			t.Errorf("column %s is not optional", f.Name())
		}
	}
	if want := allColumnNames(); !reflect.DeepEqual(got, want) {
		t.Errorf("Parquet columns %v,\nwant %v", got, want)
	}
}

// TestSplitBoundedMemory writes 200,000 rows of Parquet and checks that
// the live heap stays under a constant: row groups are bounded, so
// memory does not grow with the number of rows.
func TestSplitBoundedMemory(t *testing.T) {
	const rows = 200_000
	const limit = 48 << 20
	// Small row groups so that the test sees many of them.
	w := newParquetRows(discard{}, 4<<20, 1<<30)
	var b columns.Builder
	var row columns.Row
	var buf []byte
	var peak uint64
	var ms runtime.MemStats
	for i := range rows {
		in := fmt.Sprintf("http://host%d.example.com/%s?q=%d#f", i%5000, strings.Repeat("p", i%300), i)
		b.Build(&row, in)
		buf = appendRowBinary(buf, &row, b.ASCII())
		if len(buf) > 64<<10 || i == rows-1 {
			if err := w.consume(buf); err != nil {
				t.Fatal(err)
			}
			buf = buf[:0]
		}
		if i%20_000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	if err := w.close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("peak live heap %d KiB over %d rows", peak>>10, rows)
	if peak > limit {
		t.Errorf("peak live heap %d bytes, over %d", peak, limit)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestSplitReadBackLarge checks, on the file named by URIKIT_SPLIT_FILE
// (the two million lines of BENCHMARKS.md), that the Parquet output
// reads back (parquet-go, streaming) to the JSON Lines records of the
// same input, row for row. It is skipped without the variable.
func TestSplitReadBackLarge(t *testing.T) {
	in := os.Getenv("URIKIT_SPLIT_FILE")
	if in == "" {
		t.Skip("URIKIT_SPLIT_FILE not set")
	}
	dir := t.TempDir()
	pq, jl := filepath.Join(dir, "out.parquet"), filepath.Join(dir, "out.jsonl")
	if _, stderr, code := cli(t, "", "split", "-j", "1", "-f", in, "-o", pq); code > 1 {
		t.Fatalf("split: status %d: %s", code, stderr)
	}
	if _, stderr, code := cli(t, "", "split", "-f", in, "-o", jl); code > 1 {
		t.Fatalf("split: status %d: %s", code, stderr)
	}
	f, err := os.Open(pq)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := parquet.NewGenericReader[columns.ParquetRow](f)
	jf, err := os.Open(jl)
	if err != nil {
		t.Fatal(err)
	}
	defer jf.Close()
	sc := bufio.NewScanner(jf)
	sc.Buffer(nil, 64<<20)
	buf := make([]columns.ParquetRow, 1024)
	n := 0
	for {
		k, err := r.Read(buf)
		for i := range k {
			if !sc.Scan() {
				t.Fatalf("row %d: no JSON Lines record", n+1)
			}
			var rec map[string]any
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(parquetRowMap(&buf[i]))
			var got map[string]any
			json.Unmarshal(b, &got)
			if exp := expectedRow(rec); !reflect.DeepEqual(got, exp) {
				t.Fatalf("row %d:\n got %v\nwant %v", n+1, got, exp)
			}
			n++
		}
		if err != nil {
			break
		}
	}
	if sc.Scan() {
		t.Fatalf("more JSON Lines records than the %d Parquet rows", n)
	}
	t.Logf("%d rows read back, each equal to its JSON Lines record", n)
}

// TestSplitFindings checks that the JSON Lines records of split carry the
// findings "urikit parse" reports for the same record and parser: what
// --lenient tolerated, the validation errors of --whatwg, none strictly.
func TestSplitFindings(t *testing.T) {
	recs := []string{"http://a b/x y", "HTTP://EXAMPLE.com:80/%zz", "http://h/", "http://[::1/"}
	for _, mode := range splitModes() {
		split, _, _ := cli(t, "", append(append([]string{"split", "--format", "jsonl"}, mode...), recs...)...)
		parse, _, _ := cli(t, "", append(append([]string{"parse", "--json"}, mode...), recs...)...)
		got, want := jsonLines(t, split, len(recs)), jsonLines(t, parse, len(recs))
		some := false
		for i := range recs {
			if !reflect.DeepEqual(got[i]["findings"], want[i]["findings"]) {
				t.Errorf("%v %q: split findings %v, parse findings %v", mode, recs[i], got[i]["findings"], want[i]["findings"])
			}
			some = some || got[i]["findings"] != nil
		}
		if some != (len(mode) > 0) {
			t.Errorf("%v: findings %v, want them only with --lenient and --whatwg", mode, some)
		}
	}
}
