package urlbeam

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/parquet-go/parquet-go"
	"github.com/urikit/urikit/internal/columns"
	"github.com/urikit/urikit/surt"
)

var columnsLines = []string{
	"http://u:p@www.Example.co.uk:8080/a%2Fb?q#f", "http://h/?", "http://www.example.com/a/?b=2&a=1",
	"http://example.com/a?a=1&b=2", "http://example.com/a?a=1&b=2", "mailto:x@y.example", "http://a b/",
	"http://h/\xff?\xc3", "../rel", "http:///nohost", "https://[2001:db8::1]:8443/",
}

// rowText is a Parquet row as one comparable line.
func rowText(r *columns.ParquetRow) string {
	m := map[string]any{}
	v := reflect.ValueOf(r).Elem()
	for i := range v.NumField() {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("parquet"), ",")
		if f := v.Field(i); !f.IsNil() {
			m[name] = f.Elem().Interface()
		}
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// TestWriteColumnsAndSURT runs the urlsets outputs of --columns and
// --surt and checks them against the shared column definitions and
// package surt applied to each record directly.
func TestWriteColumnsAndSURT(t *testing.T) {
	for _, opts := range []ParseOptions{{}, {Lenient: true}, {Parser: WHATWG}} {
		t.Run(fmt.Sprintf("%s-lenient=%v", opts.Parser, opts.Lenient), func(t *testing.T) {
			prefix := filepath.Join(t.TempDir(), "out")
			p, s := beam.NewPipelineWithRoot()
			sets := URLSets(s, beam.CreateList(s, columnsLines), Options{Parse: opts, NoCheck: true, SURT: true, Columns: true})
			WriteSets(s, prefix, 2, sets)
			ptest.RunAndValidate(t, p)

			var got []string
			for i := range 2 {
				rows, err := parquet.ReadFile[columns.ParquetRow](ShardName(prefix+"-columns", i, 2, ".parquet"))
				if err != nil {
					t.Fatal(err)
				}
				for j := range rows {
					got = append(got, rowText(&rows[j]))
				}
			}
			var want []string
			b := columns.Builder{Parser: columnsParser(opts)}
			var row columns.Row
			var pr columns.ParquetRow
			var vals columns.ParquetValues
			for _, l := range columnsLines {
				b.Build(&row, l)
				pr.Fill(&row, &vals)
				want = append(want, rowText(&pr))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("rows:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
			}

			var keys []string
			for i := range 2 {
				data, err := os.ReadFile(ShardName(prefix+"-surt", i, 2, ".jsonl"))
				if err != nil {
					t.Fatal(err)
				}
				keys = append(keys, strings.FieldsFunc(string(data), func(r rune) bool { return r == '\n' })...)
			}
			counts := map[string]int{}
			least := map[string]string{}
			for _, l := range columnsLines {
				k, err := surt.Key(l, surt.Options{})
				if err != nil {
					continue
				}
				counts[k]++
				if u, ok := least[k]; !ok || l < u {
					least[k] = l
				}
			}
			var wantKeys []string
			for k, n := range counts {
				b, _ := SURTKey{Key: k, URL: least[k], Records: n}.MarshalJSON()
				wantKeys = append(wantKeys, string(b))
			}
			if got, want := sorted(keys), sorted(wantKeys); !slices.Equal(got, want) {
				t.Errorf("surt:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
			}
			if !strings.Contains(strings.Join(keys, "\n"), `"surt":"com,example)/a?a=1\u0026b=2","url":"http://example.com/a?a=1\u0026b=2","records":3}`) &&
				!strings.Contains(strings.Join(keys, "\n"), `"surt":"com,example)/a?a=1&b=2","url":"http://example.com/a?a=1&b=2","records":3}`) {
				t.Errorf("surt: the three spellings of com,example)/a?a=1&b=2 are not one key of 3 records:\n%s", strings.Join(keys, "\n"))
			}
		})
	}
}
