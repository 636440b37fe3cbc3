// Command urlsets normalizes large sets of URLs on Apache Beam: it reads
// text files of URLs (one a line; local paths, gs:// or s3://, globs
// allowed, .gz decompressed), parses and normalizes them with urikit, and
// writes the distinct normalized URLs, counts per host, the findings of
// package check at a severity or above, and the dead letters (every record
// that failed, with its error):
//
//	PREFIX-distinct-SSSSS-of-NNNNN.txt   one normalized URL a line
//	PREFIX-hosts.jsonl                   {"host","urls","records"}, most URLs first
//	PREFIX-findings-SSSSS-of-NNNNN.jsonl {"input","records","severity","findings":[...]}
//	PREFIX-dead-SSSSS-of-NNNNN.jsonl     {"input","stage","error":{...}}
//	PREFIX-surt-SSSSS-of-NNNNN.jsonl     {"surt","url","records"} (with --surt)
//	PREFIX-columns-SSSSS-of-NNNNN.parquet one row per record, urikit split's columns (with --columns)
//
// Usage:
//
//	go run ./cmd/urlsets --input 'testdata/*.txt' --output /tmp/out [flags] [beam flags]
//
// It runs in process on Beam's prism runner by default (--runner=prism);
// every standard Beam flag (--runner, --project, --region,
// --staging_location, --endpoint, --environment_type, ...) passes through
// to run it on Dataflow, Flink or Spark.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	// beamx registers local paths and gs://; s3:// is for Flink and Spark
	// clusters on AWS.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/urikit/urikit/beam/urlbeam"
	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/uri"
)

// config is the command's own flags.
type config struct {
	input, output, level, parser, hostsBy, minSeverity string
	lenient, absolute, noCheck, surt, columns          bool
	shards                                             int
}

func main() {
	var c config
	flag.StringVar(&c.input, "input", "", "text files of URLs, one a line: a path or a glob (required)")
	flag.StringVar(&c.output, "output", "", "output `PREFIX`: files PREFIX-distinct*, PREFIX-hosts*, PREFIX-findings*, PREFIX-dead* (required)")
	flag.StringVar(&c.level, "level", "scheme", "normalization `LEVEL`, as urikit normalize: syntax, scheme or full (or steps joined with +)")
	flag.StringVar(&c.parser, "parser", "rfc3986", "parser: rfc3986 or whatwg")
	flag.BoolVar(&c.lenient, "lenient", false, "accept what real-world URLs contain (RFC 3986: uri.ParseLenient; WHATWG: as browsers do) instead of making dead letters of invalid ones")
	flag.BoolVar(&c.absolute, "absolute", false, "make dead letters of relative references (RFC 3986)")
	flag.StringVar(&c.hostsBy, "hosts-by", "host", "count URLs per host or per registrable domain: host or domain")
	flag.StringVar(&c.minSeverity, "min-severity", "warn", "report the findings of urikit check at `LEVEL` or above: info, warn or danger")
	flag.BoolVar(&c.noCheck, "no-check", false, "do not run urikit check (the findings files are empty)")
	flag.IntVar(&c.shards, "shards", 1, "number of files of each of the distinct, findings, dead, surt and columns outputs")
	flag.BoolVar(&c.surt, "surt", false, "also deduplicate the records by SURT key: PREFIX-surt-SSSSS-of-NNNNN.jsonl")
	flag.BoolVar(&c.columns, "columns", false, "also write each record as a Parquet row of the columns of urikit split: PREFIX-columns-SSSSS-of-NNNNN.parquet")
	flag.Parse()
	beam.Init()

	ctx := context.Background()
	p, err := build(c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "urlsets:", err)
		flag.Usage()
		os.Exit(2)
	}
	if err := beamx.Run(ctx, p); err != nil {
		log.Exitf(ctx, "urlsets: %v", err)
	}
}

// build makes the pipeline of c.
func build(c config) (*beam.Pipeline, error) {
	if c.input == "" || c.output == "" {
		return nil, fmt.Errorf("--input and --output are required")
	}
	level, err := uri.ParseLevel(c.level)
	if err != nil {
		return nil, fmt.Errorf("--level: %v", err)
	}
	parser, err := urlbeam.ParseParser(c.parser)
	if err != nil {
		return nil, fmt.Errorf("--parser: %v", err)
	}
	hostsBy, err := urlbeam.ParseHostsBy(c.hostsBy)
	if err != nil {
		return nil, fmt.Errorf("--hosts-by: %v", err)
	}
	minSeverity, err := check.ParseSeverity(c.minSeverity)
	if err != nil || minSeverity == check.None {
		return nil, fmt.Errorf("--min-severity: want info, warn or danger, got %q", c.minSeverity)
	}
	if c.shards < 1 {
		return nil, fmt.Errorf("--shards: %d is not a positive number", c.shards)
	}
	p, s := beam.NewPipelineWithRoot()
	records := urlbeam.ReadLines(s, c.input)
	sets := urlbeam.URLSets(s, records, urlbeam.Options{
		Parse:    urlbeam.ParseOptions{Parser: parser, Lenient: c.lenient, Absolute: c.absolute},
		Level:    level,
		HostsBy:  hostsBy,
		CheckMin: minSeverity,
		NoCheck:  c.noCheck,
		SURT:     c.surt,
		Columns:  c.columns,
	})
	urlbeam.WriteSets(s, c.output, c.shards, sets)
	return p, nil
}
