package urlbeam

import (
	"bufio"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	// Local paths always work; a program registers the other filesystems
	// it needs (beamx registers gs://).
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn2x1[string, func(int, string), error](&shardFn{})
	register.Emitter2[int, string]()
	register.Function1x2[int, int, int](shardKey)
	register.DoFn4x1[context.Context, int, func(*string) bool, func(*int) bool, error](&writeShardFn{})
	register.Iter1[string]()
	register.Iter1[int]()
	register.Function1x2[HostCount, int, HostCount](hostsKey)
	register.DoFn4x1[context.Context, int, func(*HostCount) bool, func(*int) bool, error](&writeHostsFn{})
	register.Iter1[HostCount]()
	register.Function1x2[DeadLetter, string, error](deadLine)
}

// ShardName returns the name of shard i of n of a sharded output:
// prefix-SSSSS-of-NNNNN+suffix, as "out-distinct-00000-of-00004.txt".
func ShardName(prefix string, i, n int, suffix string) string {
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, n, suffix)
}

// WriteSharded writes lines (a PCollection of string) as text files of one
// line each, spread over shards files named by [ShardName]: a line goes to
// the shard of its FNV-1a hash, in no particular order within the shard.
// Every shard file is written, empty or not, so that the output of a run
// never mixes with the files of an earlier one. Files are written through
// Beam's filesystems (local paths, gs://, ...).
func WriteSharded(s beam.Scope, prefix, suffix string, shards int, lines beam.PCollection) {
	s = s.Scope("urikit.WriteSharded")
	if shards < 1 {
		panic(fmt.Sprintf("urlbeam.WriteSharded: %d shards", shards))
	}
	filesystem.ValidateScheme(prefix)
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, lines)
	grouped := beam.CoGroupByKey(s, keyed, allShards(s, shards))
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, Suffix: suffix, Shards: shards}, grouped)
}

// allShards is a PCollection of KV<int, int> with one element per shard,
// so that every shard has a group to write.
func allShards(s beam.Scope, n int) beam.PCollection {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return beam.ParDo(s, shardKey, beam.CreateList(s, idx))
}

func shardKey(i int) (int, int) { return i, i }

// shardFn keys a line by its shard.
type shardFn struct {
	Shards int `json:"shards"`
}

func (fn *shardFn) ProcessElement(line string, emit func(int, string)) error {
	h := fnv.New32a()
	h.Write([]byte(line))
	emit(int(h.Sum32()%uint32(fn.Shards)), line)
	return nil
}

// writeShardFn writes the lines of one shard.
type writeShardFn struct {
	Prefix string `json:"prefix"`
	Suffix string `json:"suffix"`
	Shards int    `json:"shards"`
}

func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool, _ func(*int) bool) error {
	return writeFile(ctx, ShardName(fn.Prefix, shard, fn.Shards, fn.Suffix), func(w *bufio.Writer) error {
		var line string
		for lines(&line) {
			w.WriteString(line)
			if err := w.WriteByte('\n'); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeFile creates name on its filesystem and writes it with fill. On a
// filesystem that can rename (local paths), it writes a temporary file
// beside name and renames it, so that a reader, or a retried or duplicate
// bundle, never sees half a file; object stores (gs://, s3://) publish an
// object whole when it is closed.
func writeFile(ctx context.Context, name string, fill func(*bufio.Writer) error) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	target := name
	rn, rename := fs.(filesystem.Renamer)
	if rename {
		var nonce [8]byte
		rand.Read(nonce[:])
		target = name + ".tmp-" + hex.EncodeToString(nonce[:])
	}
	f, err := fs.OpenWrite(ctx, target)
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	w := bufio.NewWriterSize(f, 256<<10)
	err = fill(w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && rename {
		err = rn.Rename(ctx, target, name)
	}
	if err != nil {
		if rm, ok := fs.(filesystem.Remover); ok && rename {
			rm.Remove(ctx, target)
		}
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// WriteHosts writes hosts (a PCollection of [HostCount]) to the one file
// name as JSON Lines, most URLs first (then most records, then by host).
// All host counts meet on one worker to be sorted: a host count is small,
// and millions fit in memory. The file is written even when there are no
// hosts.
func WriteHosts(s beam.Scope, name string, hosts beam.PCollection) {
	s = s.Scope("urikit.WriteHosts")
	filesystem.ValidateScheme(name)
	grouped := beam.CoGroupByKey(s, beam.ParDo(s, hostsKey, hosts), allShards(s, 1))
	beam.ParDo0(s, &writeHostsFn{Name: name}, grouped)
}

func hostsKey(c HostCount) (int, HostCount) { return 0, c }

// writeHostsFn sorts and writes the host counts.
type writeHostsFn struct {
	Name string `json:"name"`
}

func (fn *writeHostsFn) ProcessElement(ctx context.Context, _ int, hosts func(*HostCount) bool, _ func(*int) bool) error {
	var all []HostCount
	var c HostCount
	for hosts(&c) {
		all = append(all, c)
	}
	SortHostCounts(all)
	return writeFile(ctx, fn.Name, func(w *bufio.Writer) error {
		for _, c := range all {
			b, err := c.MarshalJSON()
			if err != nil {
				return err
			}
			w.Write(b)
			if err := w.WriteByte('\n'); err != nil {
				return err
			}
		}
		return nil
	})
}

// SortHostCounts sorts counts as [WriteHosts] writes them: most URLs
// first, then most records, then by host.
func SortHostCounts(counts []HostCount) {
	slices.SortFunc(counts, func(a, b HostCount) int {
		if c := cmp.Compare(b.URLs, a.URLs); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Records, a.Records); c != 0 {
			return c
		}
		return cmp.Compare(a.Host, b.Host)
	})
}

// WriteDead writes dead letters (a PCollection of [DeadLetter]) as JSON
// Lines (see DeadLetter.MarshalJSON) with [WriteSharded].
func WriteDead(s beam.Scope, prefix string, shards int, dead beam.PCollection) {
	s = s.Scope("urikit.WriteDead")
	WriteSharded(s, prefix, ".jsonl", shards, beam.ParDo(s, deadLine, dead))
}

func deadLine(d DeadLetter) (string, error) {
	b, err := d.MarshalJSON()
	return string(b), err
}

// WriteSets writes the outputs of [URLSets] under prefix:
// PREFIX-distinct-SSSSS-of-NNNNN.txt (one URL a line),
// PREFIX-hosts.jsonl (sorted, see [WriteHosts]),
// PREFIX-findings-SSSSS-of-NNNNN.jsonl (see [WriteChecked]) and
// PREFIX-dead-SSSSS-of-NNNNN.jsonl, with shards files for the sharded ones;
// with Options.SURT, PREFIX-surt-SSSSS-of-NNNNN.jsonl ([WriteSURT]); with
// Options.Columns, PREFIX-columns-SSSSS-of-NNNNN.parquet ([WriteColumns]).
func WriteSets(s beam.Scope, prefix string, shards int, sets Sets) {
	s = s.Scope("urikit.WriteSets")
	WriteSharded(s, prefix+"-distinct", ".txt", shards, sets.Distinct)
	WriteHosts(s, prefix+"-hosts.jsonl", sets.Hosts)
	WriteChecked(s, prefix+"-findings", shards, sets.Findings)
	WriteDead(s, prefix+"-dead", shards, sets.Dead)
	if sets.SURT.IsValid() {
		WriteSURT(s, prefix+"-surt", shards, sets.SURT)
	}
	if sets.columns {
		WriteColumns(s, prefix+"-columns", shards, sets.records, sets.parse)
	}
}
