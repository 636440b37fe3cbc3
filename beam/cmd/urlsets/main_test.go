package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/urikit/urikit/beam/urlbeam"
)

// TestMain initializes Beam; pipelines run on prism unless -runner says
// otherwise.
func TestMain(m *testing.M) {
	ptest.Main(m)
}

func defaults() config {
	return config{level: "scheme", parser: "rfc3986", hostsBy: "host", minSeverity: "warn", shards: 1}
}

func TestBuildFlags(t *testing.T) {
	for _, c := range []struct {
		edit func(*config)
		want string
	}{
		{func(c *config) { c.input = "" }, "--input and --output are required"},
		{func(c *config) { c.level = "loud" }, "--level"},
		{func(c *config) { c.parser = "rfc1738" }, "--parser"},
		{func(c *config) { c.hostsBy = "tld" }, "--hosts-by"},
		{func(c *config) { c.minSeverity = "none" }, "--min-severity"},
		{func(c *config) { c.shards = 0 }, "--shards"},
	} {
		cfg := defaults()
		cfg.input, cfg.output = "in.txt", "out"
		c.edit(&cfg)
		if _, err := build(cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one about %s", cfg, err, c.want)
		}
	}
}

// TestSample runs the command's pipeline on the sample of the README, on
// prism, and checks its four outputs.
func TestSample(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sample")
	cfg := defaults()
	cfg.input, cfg.output = filepath.Join("..", "..", "testdata", "*.txt"), out
	p, err := build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := beamx.Run(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []string {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	}
	distinct := read(urlbeam.ShardName(out+"-distinct", 0, 1, ".txt"))
	hosts := read(out + "-hosts.jsonl")
	findings := read(urlbeam.ShardName(out+"-findings", 0, 1, ".jsonl"))
	dead := read(urlbeam.ShardName(out+"-dead", 0, 1, ".jsonl"))
	// sample.txt: 25 records (one line is blank) and crlf.txt: 2 records;
	// 12 have findings (http://a\b@c/ has internal-name: a one-label host).
	if len(distinct) != 14 || len(dead) != 6 || len(hosts) != 8 || len(findings) != 12 {
		t.Errorf("%d distinct, %d dead, %d hosts, %d findings", len(distinct), len(dead), len(hosts), len(findings))
	}
	if want := `{"host":"example.com","urls":4,"records":9}`; hosts[0] != want {
		t.Errorf("first host line %s, want %s", hosts[0], want)
	}
}
