package urlbeam

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/parquet-go/parquet-go"
	"github.com/urikit/urikit/internal/columns"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/surt"
)

func init() {
	register.DoFn4x1[context.Context, int, func(*string) bool, func(*int) bool, error](&writeColumnsFn{})
	register.DoFn3x0[string, func(string, SURTKey), func(DeadLetter)](&surtKeyFn{})
	register.Emitter2[string, SURTKey]()
	register.Emitter1[DeadLetter]()
	register.Function2x1[SURTKey, SURTKey, SURTKey](mergeSURTKeys)
	register.Function2x1[string, SURTKey, SURTKey](withSURT)
	register.Function1x2[SURTKey, string, error](surtLine)
}

// StageSURT is the stage of the dead letters of [SURTDedup].
const StageSURT = "surt"

// columnsParser is the parser of the rows of [WriteColumns] for opts:
// uri.ParseLenient with Lenient, whatwg.Parse (as browsers parse; the
// validation errors are not failures) for WHATWG, else uri.Parse.
func columnsParser(opts ParseOptions) columns.Parser {
	switch {
	case opts.Parser == WHATWG:
		return columns.WHATWG
	case opts.Lenient:
		return columns.Lenient
	}
	return columns.RFC3986
}

// WriteColumns writes one row per record of records (a PCollection of
// string; duplicates make as many rows) to Parquet files
// PREFIX-SSSSS-of-NNNNN.parquet: the columns of "urikit split" (input,
// scheme, username, password, host, host_type, port, path, query,
// fragment, registrable_domain, public_suffix, surt, error_code,
// error_offset, then the "_hex" twins of the columns that can hold raw
// bytes), from the same column definitions, so that a row is what
// "urikit split" writes for the same record and parser. A record that
// fails to parse is a row with its error columns set. A record goes to
// the shard of its FNV-1a hash; rows are in no particular order. The
// parser is uri.Parse, uri.ParseLenient with opts.Lenient, or
// whatwg.Parse for WHATWG (opts.Absolute does not apply). Row groups
// are bounded, so a worker's memory does not grow with its shard.
func WriteColumns(s beam.Scope, prefix string, shards int, records beam.PCollection, opts ParseOptions) {
	s = s.Scope("urikit.WriteColumns")
	if shards < 1 {
		panic(fmt.Sprintf("urlbeam.WriteColumns: %d shards", shards))
	}
	filesystem.ValidateScheme(prefix)
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, records)
	grouped := beam.CoGroupByKey(s, keyed, allShards(s, shards))
	beam.ParDo0(s, &writeColumnsFn{Prefix: prefix, Shards: shards, Parser: int(columnsParser(opts))}, grouped)
}

// columnsRowGroupRows bounds a row group of WriteColumns.
const columnsRowGroupRows = 100_000

// writeColumnsFn writes the rows of one shard.
type writeColumnsFn struct {
	Prefix string `json:"prefix"`
	Shards int    `json:"shards"`
	Parser int    `json:"parser"`
}

func (fn *writeColumnsFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool, _ func(*int) bool) error {
	return writeFile(ctx, ShardName(fn.Prefix, shard, fn.Shards, ".parquet"), func(w *bufio.Writer) error {
		pw := parquet.NewGenericWriter[columns.ParquetRow](w, parquet.Compression(&parquet.Snappy))
		b := columns.Builder{Parser: columns.Parser(fn.Parser)}
		var (
			row  columns.Row
			rows [1]columns.ParquetRow
			vals columns.ParquetValues
			line string
			n    int
		)
		for lines(&line) {
			b.Build(&row, line)
			rows[0].Fill(&row, &vals)
			if _, err := pw.Write(rows[:]); err != nil {
				return err
			}
			if n++; n == columnsRowGroupRows {
				if err := pw.Flush(); err != nil {
					return err
				}
				n = 0
			}
		}
		return pw.Close()
	})
}

// SURTKey is one distinct SURT key of [SURTDedup].
type SURTKey struct {
	// Key is the SURT key (package surt, default options).
	Key string
	// URL is the least (in byte order) of the records with that key.
	URL string
	// Records is the number of records with that key.
	Records int
}

// MarshalJSON writes k as {"surt", "url", "records"}, with "url_hex" in
// place of "url" when the record is not UTF-8.
func (k SURTKey) MarshalJSON() ([]byte, error) {
	j := struct {
		Key     string  `json:"surt"`
		URL     *string `json:"url,omitempty"`
		URLHex  *string `json:"url_hex,omitempty"`
		Records int     `json:"records"`
	}{Key: k.Key, Records: k.Records}
	textOrHex(k.URL, &j.URL, &j.URLHex)
	return marshalLine(j)
}

// SURTDedup deduplicates records (a PCollection of string) by SURT key
// (package surt with its default options, the key web archives index
// by): one [SURTKey] per distinct key, with the least record of the key
// and how many records have it. The records surt cannot key (no host,
// a bad port, ...) are dead letters (stage "surt").
func SURTDedup(s beam.Scope, records beam.PCollection) (keys, dead beam.PCollection) {
	s = s.Scope("urikit.SURTDedup")
	keyed, dead := beam.ParDo2(s, &surtKeyFn{}, records)
	merged := beam.CombinePerKey(s, mergeSURTKeys, keyed)
	return beam.ParDo(s, withSURT, merged), dead
}

// surtKeyFn keys a record by its SURT key.
type surtKeyFn struct {
	buf []byte
}

func (fn *surtKeyFn) ProcessElement(line string, emit func(string, SURTKey), deadEmit func(DeadLetter)) {
	k, err := surt.AppendKey(fn.buf[:0], line, surt.Options{})
	if err != nil {
		e := report.SURTError(err)
		var se *surt.Error
		if !errors.As(err, &se) {
			e.Offset = -1
		}
		deadEmit(DeadLetter{Input: line, Stage: StageSURT, Err: Issue{Offset: e.Offset, Code: e.Code, Message: e.Message}})
		return
	}
	fn.buf = k
	emit(string(k), SURTKey{URL: line, Records: 1})
}

func mergeSURTKeys(a, b SURTKey) SURTKey {
	if b.URL < a.URL {
		a.URL = b.URL
	}
	a.Records += b.Records
	return a
}

func withSURT(key string, k SURTKey) SURTKey {
	k.Key = key
	return k
}

func surtLine(k SURTKey) (string, error) {
	b, err := k.MarshalJSON()
	return string(b), err
}

// WriteSURT writes keys (a PCollection of [SURTKey]) as JSON Lines with
// [WriteSharded]: PREFIX-SSSSS-of-NNNNN.jsonl.
func WriteSURT(s beam.Scope, prefix string, shards int, keys beam.PCollection) {
	s = s.Scope("urikit.WriteSURT")
	WriteSharded(s, prefix, ".jsonl", shards, beam.ParDo(s, surtLine, keys))
}
