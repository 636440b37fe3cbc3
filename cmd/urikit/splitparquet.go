package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"

	"github.com/klauspost/compress/s2"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/snappy"
	"github.com/urikit/urikit/internal/columns"
)

// The bounds of a row group of split's Parquet output: it is written out
// when the texts of its rows reach parquetRowGroupBytes, or its rows
// parquetRowGroupRows, so that the memory of the writer (the row group's
// compressed pages until it is written, one page buffer per column) does
// not grow with the input.
const (
	parquetRowGroupBytes = 16 << 20
	parquetRowGroupRows  = 1_000_000
)

// parquetChunk is the most rows handed to the column writers at once.
const parquetChunk = 256

// parquetRows writes the rows of split to a Parquet file
// (github.com/parquet-go/parquet-go) column by column: its consume
// method takes the output of whole records (appendRowBinary), in order,
// and hands the values of each column to that column's writer, without
// building a row object.
type parquetRows struct {
	bw   *bufio.Writer
	w    *parquet.GenericWriter[columns.ParquetRow]
	cols [numParquetColumns]*parquet.ColumnWriter
	// vals holds the values of the rows of a chunk, a slice per column.
	vals [numParquetColumns][]parquet.Value
	// kinds is the kind of each column.
	kinds [numParquetColumns]columns.Kind

	maxBytes, maxRows int
	groupBytes        int // text bytes in the current row group
	groupRows         int
}

// numParquetColumns is the number of columns of the Parquet, CSV and
// TSV outputs: the columns, then the "_hex" twins of the Raw ones
// (numHexColumns, checked by init).
const numParquetColumns = columns.N + numHexColumns

const numHexColumns = 7

func init() {
	if len(columns.HexColumns()) != numHexColumns {
		panic("split: numHexColumns is not the number of Raw columns")
	}
}

func newParquetRows(out io.Writer, maxBytes, maxRows int) *parquetRows {
	bw := bufio.NewWriterSize(out, 256<<10)
	p := &parquetRows{
		bw: bw,
		// The writer takes its schema from the struct tags of
		// ParquetRow; the rows go to its column writers.
		w: parquet.NewGenericWriter[columns.ParquetRow](bw,
			parquet.Compression(&fastSnappy{}),
			// The column index has the bounds of each page; the
			// deprecated copy in each page header is left out.
			parquet.DataPageStatistics(false),
			// Min and max per page are for the columns a query filters
			// on; for long texts they only cost.
			parquet.SkipPageBounds("input"), parquet.SkipPageBounds("path"),
			parquet.SkipPageBounds("query"), parquet.SkipPageBounds("fragment"),
			parquet.CreatedBy("urikit split", "", ""),
		),
		maxBytes: maxBytes,
		maxRows:  maxRows,
	}
	schema := p.w.Schema()
	writers := p.w.ColumnWriters()
	for i, name := range allColumnNames() {
		leaf, ok := schema.Lookup(name)
		if !ok {
			panic("split: no Parquet column " + name)
		}
		p.cols[i] = writers[leaf.ColumnIndex]
		p.vals[i] = make([]parquet.Value, 0, parquetChunk)
		if i < columns.N {
			p.kinds[i] = columns.Columns[i].Kind
		}
	}
	return p
}

// consume writes the rows encoded in b.
func (p *parquetRows) consume(b []byte) error {
	n := 0
	for len(b) > 0 {
		rest, err := p.readRow(b)
		if err != nil {
			return err
		}
		p.groupBytes += len(b) - len(rest)
		b = rest
		n++
		if n == parquetChunk || len(b) == 0 {
			if err := p.writeChunk(); err != nil {
				return err
			}
			p.groupRows += n
			n = 0
			if p.groupBytes >= p.maxBytes || p.groupRows >= p.maxRows {
				if err := p.w.Flush(); err != nil {
					return err
				}
				p.groupBytes, p.groupRows = 0, 0
			}
		}
	}
	return nil
}

// readRow appends the values of the row appendRowBinary wrote at the
// start of b to p.vals, and returns the rest of b. The values alias b.
func (p *parquetRows) readRow(b []byte) ([]byte, error) {
	for i := range numParquetColumns {
		if len(b) == 0 {
			return nil, errRowCut
		}
		var n uint64
		if c := b[0]; c < 0x80 {
			n, b = uint64(c), b[1:]
		} else {
			var k int
			n, k = binary.Uvarint(b)
			if k <= 0 {
				return nil, errRowBad
			}
			b = b[k:]
		}
		vals := p.vals[i]
		switch {
		case n == 0:
			// The zero Value is null, at definition level 0.
			vals = append(vals, parquet.Value{})
		case p.kinds[i] == columns.Int:
			vals = append(vals, parquet.Int32Value(int32(unzigzag(n-1))))
			vals[len(vals)-1].SetDefinitionLevel(1)
		default:
			n--
			if uint64(len(b)) < n {
				return nil, errRowBad
			}
			vals = append(vals, parquet.ByteArrayValue(b[:n:n]))
			vals[len(vals)-1].SetDefinitionLevel(1)
			b = b[n:]
		}
		p.vals[i] = vals
	}
	return b, nil
}

var (
	errRowCut = errors.New("split: row cut short")
	errRowBad = errors.New("split: bad row")
)

// writeChunk hands the values of p.vals to the column writers, which
// write a page when theirs is full. The values are not cleared: they
// alias batch outputs the pipeline reuses, and the next chunk
// overwrites them.
func (p *parquetRows) writeChunk() error {
	for i, c := range p.cols {
		if _, err := c.WriteRowValues(p.vals[i]); err != nil {
			return err
		}
		p.vals[i] = p.vals[i][:0]
	}
	return nil
}

// close writes the last row group and the footer.
func (p *parquetRows) close() error {
	if err := p.w.Close(); err != nil {
		return err
	}
	return p.bw.Flush()
}

// fastSnappy is Parquet's SNAPPY codec with the fast block encoder of
// github.com/klauspost/compress/s2 (parquet-go's own uses the slower
// "better" one): the output is plain Snappy, as every reader expects.
type fastSnappy struct{ snappy.Codec }

func (*fastSnappy) Encode(dst, src []byte) ([]byte, error) {
	return s2.EncodeSnappy(dst[:cap(dst)], src), nil
}
