package urlbeam

import (
	"fmt"
	"github.com/urikit/urikit/domain"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/uri"
)

func init() {
	register.Function1x1[URL, string](urlText)
	register.DoFn3x0[string, int, func(string, HostCount)](&hostKeyFn{})
	register.Emitter2[string, HostCount]()
	register.Function2x1[HostCount, HostCount, HostCount](addHostCounts)
	register.Function2x1[string, HostCount, HostCount](withHost)
}

// HostsBy says what [URLSets] counts URLs by.
type HostsBy string

// The groupings of host counts.
const (
	// ByHost counts by the host of the normalized URL.
	ByHost HostsBy = "host"
	// ByDomain counts by registrable domain (eTLD+1 in the Public Suffix
	// List: "www.example.co.uk" and "a.example.co.uk" both count for
	// "example.co.uk"). IP addresses, public suffixes themselves and hosts
	// the list cannot place count under the host itself.
	ByDomain HostsBy = "domain"
)

// ParseHostsBy returns the HostsBy named s: "host" or "domain".
func ParseHostsBy(s string) (HostsBy, error) {
	switch h := HostsBy(s); h {
	case ByHost, ByDomain:
		return h, nil
	}
	return "", fmt.Errorf("unknown grouping %q (want host or domain)", s)
}

// Options configures [URLSets].
type Options struct {
	// Parse says how records are parsed.
	Parse ParseOptions
	// Level is the normalization level (uri.SchemeBased is what "urikit
	// normalize" does by default). The zero Level normalizes nothing.
	Level uri.Level
	// HostsBy is ByHost (the default when empty) or ByDomain.
	HostsBy HostsBy
	// CheckMin is the lowest severity of the findings reported: check.Warn
	// for the findings a careful application should look at (what the
	// urlsets command reports by default). The zero value, check.None,
	// reports every distinct record, with or without findings.
	CheckMin check.Severity
	// NoCheck leaves out Check: Sets.Findings is then empty.
	NoCheck bool
	// SURT adds Sets.SURT, the records deduplicated by SURT key
	// ([SURTDedup]); the records surt cannot key join Sets.Dead.
	SURT bool
	// Columns makes [WriteSets] write the records as Parquet rows of the
	// columns of "urikit split" ([WriteColumns]).
	Columns bool
}

// HostCount is one line of the host counts of [URLSets].
type HostCount struct {
	// Host is the host (or registrable domain) of the normalized URLs.
	Host string
	// URLs is the number of distinct normalized URLs with that host.
	URLs int
	// Records is the number of input records that normalize to one of
	// them (duplicates included).
	Records int
}

// MarshalJSON writes c as {"host": ..., "urls": N, "records": N}, with
// "host_hex" in place of "host" when the host is not UTF-8 (possible after
// a lenient parse).
func (c HostCount) MarshalJSON() ([]byte, error) {
	j := struct {
		Host    *string `json:"host,omitempty"`
		HostHex *string `json:"host_hex,omitempty"`
		URLs    int     `json:"urls"`
		Records int     `json:"records"`
	}{URLs: c.URLs, Records: c.Records}
	textOrHex(c.Host, &j.Host, &j.HostHex)
	return marshalLine(j)
}

// Sets are the outputs of [URLSets].
type Sets struct {
	// Distinct holds each distinct normalized URL once (string).
	Distinct beam.PCollection
	// Hosts holds one HostCount per host (or domain) of the distinct URLs
	// that have an authority; URLs without one (relative references,
	// "mailto:") are in Distinct but counted under no host.
	Hosts beam.PCollection
	// Findings holds the reports of package check (Checked) on each
	// distinct record (as read, before normalization: normalization would
	// hide some of what check looks for) with a finding at
	// Options.CheckMin or above.
	Findings beam.PCollection
	// Dead holds the dead letters of every stage (DeadLetter): one per
	// failed record for Parse and Normalize, duplicates included, and one
	// per distinct record for Check; with Options.SURT, one per record
	// that has no SURT key.
	Dead beam.PCollection
	// SURT holds, with Options.SURT, one SURTKey per distinct SURT key of
	// the records; else it is the zero PCollection.
	SURT beam.PCollection

	// What WriteSets needs for the Parquet rows (Options.Columns).
	records beam.PCollection
	parse   ParseOptions
	columns bool
}

// URLSets parses and normalizes records (a PCollection of string, as
// [ReadLines] makes) and returns the distinct normalized URLs, their
// counts per host, the findings of check on the records and the dead
// letters.
func URLSets(s beam.Scope, records beam.PCollection, opts Options) Sets {
	s = s.Scope("urikit.URLSets")
	if opts.HostsBy == "" {
		opts.HostsBy = ByHost
	}
	if _, err := ParseHostsBy(string(opts.HostsBy)); err != nil {
		panic("urlbeam.URLSets: " + err.Error())
	}
	parsed, deadParse := Parse(s, records, opts.Parse)
	normalized, deadNorm := Normalize(s, parsed, opts.Level)

	// One count per distinct normalized text gives both the distinct set
	// and the records behind each URL.
	counts := stats.Count(s, beam.ParDo(s, urlText, normalized))
	distinct := beam.DropValue(s, counts)
	byHost := beam.ParDo(s, &hostKeyFn{ByDomain: opts.HostsBy == ByDomain}, counts)
	summed := beam.CombinePerKey(s, addHostCounts, byHost)
	hosts := beam.ParDo(s, withHost, summed)

	sets := Sets{Distinct: distinct, Hosts: hosts, records: records, parse: opts.Parse, columns: opts.Columns}
	dead := []beam.PCollection{deadParse, deadNorm}
	if opts.NoCheck {
		sets.Findings = beam.CreateList(s, []Checked{})
	} else {
		var deadCheck beam.PCollection
		sets.Findings, deadCheck = Check(s, records, opts.CheckMin)
		dead = append(dead, deadCheck)
	}
	if opts.SURT {
		var deadSURT beam.PCollection
		sets.SURT, deadSURT = SURTDedup(s, records)
		dead = append(dead, deadSURT)
	}
	sets.Dead = beam.Flatten(s, dead...)
	return sets
}

func urlText(u URL) string { return u.Text }

// hostKeyFn keys the count of one distinct URL by its host.
type hostKeyFn struct {
	ByDomain bool `json:"byDomain"`
}

func (fn *hostKeyFn) ProcessElement(text string, records int, emit func(string, HostCount)) {
	host, ok := HostOf(text)
	if !ok {
		return
	}
	if fn.ByDomain {
		host = RegistrableDomain(host)
	}
	emit(host, HostCount{URLs: 1, Records: records})
}

// HostOf returns the host of a URL text as [URLSets] counts it: the raw
// host of its authority, and false when it has none.
func HostOf(text string) (string, bool) {
	r, _ := uri.ParseLenient(text)
	return r.Host()
}

// RegistrableDomain returns the registrable domain of host (eTLD+1 in the
// Public Suffix List), or host itself for an IP address, a public suffix
// or a name the list cannot place.
func RegistrableDomain(host string) string {
	if strings.HasPrefix(host, "[") || uri.IsIPv4(host) {
		return host
	}
	d, err := domain.RegistrableDomain(host)
	if err != nil {
		return host
	}
	return d
}

func addHostCounts(a, b HostCount) HostCount {
	return HostCount{URLs: a.URLs + b.URLs, Records: a.Records + b.Records}
}

func withHost(host string, c HostCount) HostCount {
	c.Host = host
	return c
}
