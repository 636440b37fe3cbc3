package urlbeam

import (
	"context"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn3x0[context.Context, string, func(string)](&recordsFn{})
	register.Emitter1[string]()
}

// ReadLines reads the text files that glob names (a path or a glob, on any
// filesystem registered with Beam: local, gs://, ...; .gz files are
// decompressed) and returns their records as [Records] does.
func ReadLines(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("urikit.ReadLines")
	return Records(s, textio.Read(s, glob, textio.ReadAutoCompression()))
}

// Records turns the lines of text files (a PCollection of string, as
// textio.Read makes) into records as the urikit command line reads them:
// a "\r" before the end of the line is removed. Blank lines are not
// records: they are skipped and counted in the Beam counter
// urikit/blank-lines.
func Records(s beam.Scope, lines beam.PCollection) beam.PCollection {
	s = s.Scope("urikit.Records")
	return beam.ParDo(s, &recordsFn{}, lines)
}

// recordsFn is the DoFn of Records.
type recordsFn struct {
	blank beam.Counter
}

func (fn *recordsFn) Setup() {
	fn.blank = beam.NewCounter("urikit", "blank-lines")
}

func (fn *recordsFn) ProcessElement(ctx context.Context, line string, emit func(string)) {
	line = strings.TrimSuffix(line, "\r")
	if line == "" {
		fn.blank.Inc(ctx, 1)
		return
	}
	emit(line)
}
