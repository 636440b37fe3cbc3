// Package urlbeam runs urikit on Apache Beam, for URL sets too large for one
// machine: crawl frontiers, link graphs, logs.
//
// The transforms are the library calls the urikit command line makes, one
// record at a time, wrapped as Beam ParDos:
//
//   - [Parse] parses lines as RFC 3986 references (package uri) or as WHATWG
//     URLs (package whatwg), strictly or leniently, into [URL] records.
//   - [Normalize] normalizes [URL] records at a [uri.Level], as
//     "urikit normalize --level" does.
//   - [Check] runs check.URL, as "urikit check" does, once per distinct
//     record, and keeps the findings at a severity or above.
//
// Each transform has a main output and a dead-letter output of [DeadLetter]
// records: every record that failed, with the stage, its error code, byte
// offset and message. Nothing is dropped: Parse and Normalize put each
// record on exactly one of their two outputs; Check leaves out only the
// records without a finding at the chosen severity. A panic in the library
// becomes a dead letter with the code "panic" instead of failing the whole
// job.
//
// [URLSets] composes them into the pipeline of the urlsets command: the
// distinct normalized URLs, counts per host (or per registrable domain), the
// findings of check and the dead letters; [WriteSets] writes them as
// sharded text files through Beam's filesystems (local paths, gs://, ...).
//
// Records are strings: [ReadLines] reads them as the urikit command line
// does (a "\r" before the "\n" goes), except that blank lines are skipped
// (and counted) instead of being normalized to the empty reference.
//
// Every DoFn and type of the package is registered with Beam in init, so the
// pipelines run on any runner: prism in process, Dataflow, Flink, Spark.
package urlbeam
