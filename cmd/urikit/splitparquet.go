package main

import (
	"bufio"
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

// parquetChunk is the number of rows handed to the Parquet writer at once.
const parquetChunk = 512

// parquetRows writes the rows of split to a Parquet file
// (github.com/parquet-go/parquet-go): its consume method takes the
// output of whole records (appendRowBinary), in order.
type parquetRows struct {
	bw   *bufio.Writer
	w    *parquet.GenericWriter[columns.ParquetRow]
	rows []columns.ParquetRow
	vals []columns.ParquetValues
	row  columns.Row

	maxBytes, maxRows int
	groupBytes        int // text bytes in the current row group
	groupRows         int
}

func newParquetRows(out io.Writer, maxBytes, maxRows int) *parquetRows {
	bw := bufio.NewWriterSize(out, 256<<10)
	return &parquetRows{
		bw: bw,
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
		rows:     make([]columns.ParquetRow, parquetChunk),
		vals:     make([]columns.ParquetValues, parquetChunk),
		maxBytes: maxBytes,
		maxRows:  maxRows,
	}
}

// consume writes the rows encoded in b.
func (p *parquetRows) consume(b []byte) error {
	n := 0
	for len(b) > 0 {
		rest, err := readRowBinary(b, &p.row)
		if err != nil {
			return err
		}
		p.groupBytes += len(b) - len(rest)
		b = rest
		p.rows[n].Fill(&p.row, &p.vals[n])
		n++
		if n == len(p.rows) || len(b) == 0 {
			if _, err := p.w.Write(p.rows[:n]); err != nil {
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
