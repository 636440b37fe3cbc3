package main

import (
	"strings"
	"testing"
)

// TestUsageHints: a usage error points at the help of the command that
// refused, a group command refuses an argument that names no subcommand,
// and the errors say what to give.
func TestUsageHints(t *testing.T) {
	for _, c := range []struct {
		args []string
		has  []string
	}{
		{[]string{"decode", "--bogus"}, []string{"unknown flag: --bogus", "Run 'urikit decode --help' for usage."}},
		{[]string{"form", `[["a","1"]]`}, []string{`unknown command "[[\"a\",\"1\"]]" for "urikit form"`, "Run 'urikit form --help' for usage."}},
		{[]string{"template", "x"}, []string{`unknown command "x" for "urikit template"`}},
		{[]string{"template", "expand"}, []string{"give the TEMPLATE", "Run 'urikit template expand --help' for usage."}},
		{[]string{"template", "match"}, []string{"give the TEMPLATE"}},
		{[]string{"parse", "--get", "hostname", "http://a/"}, []string{`unknown field "hostname"`, "input, scheme, userinfo, host, host_type, port", "--whatwg has hostname"}},
		{[]string{"parse", "--whatwg", "--get", "hostnam", "http://a/"}, []string{`unknown field "hostnam"`, "href, protocol", "host is host:port"}},
		{[]string{"bogus"}, []string{"Run 'urikit --help' for usage."}},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if code != exitUsage || out != "" {
			t.Errorf("%q: status %d, stdout %q; want 2 and nothing", c.args, code, out)
		}
		for _, h := range c.has {
			if !strings.Contains(errOut, h) {
				t.Errorf("%q: stderr %q lacks %q", c.args, errOut, h)
			}
		}
		if strings.Contains(errOut, "requires at least") {
			t.Errorf("%q: stderr %q is cobra's, not ours", c.args, errOut)
		}
	}
	// A group with nothing shows its help.
	if out, _, code := cli(t, "", "form"); code != 0 || !strings.Contains(out, "decode") {
		t.Errorf("form: status %d, stdout %q", code, out)
	}
}

// TestNormalizeStrictHint: a strict failure on what --lenient or --whatwg
// would take says so.
func TestNormalizeStrictHint(t *testing.T) {
	_, errOut, code := cli(t, "", "normalize", "http://example.com/a b")
	if code != 1 || !strings.Contains(errOut, `--lenient gives "http://example.com/a b"`) || !strings.Contains(errOut, `--whatwg gives "http://example.com/a%20b"`) {
		t.Errorf("status %d, stderr %q", code, errOut)
	}
	// No --whatwg hint where the browser fails too.
	_, errOut, _ = cli(t, "", "normalize", "http://[::1/")
	if !strings.Contains(errOut, "--lenient") || strings.Contains(errOut, "--whatwg gives") {
		t.Errorf("stderr %q", errOut)
	}
}

// TestCheckHostNoDot: the target view gives the host without its final
// dot as a field, for allow lists.
func TestCheckHostNoDot(t *testing.T) {
	out, _, code := cli(t, "", "check", "--json", "https://www.a.example./x", "https://b.example/")
	recs := jsonLines(t, out, 2)
	for i, want := range [][2]string{{"www.a.example.", "www.a.example"}, {"b.example", "b.example"}} {
		target := recs[i]["views"].(map[string]any)["target"].(map[string]any)
		if target["host"] != want[0] || target["host_no_dot"] != want[1] {
			t.Errorf("status %d, record %d: target %v; want host %q, host_no_dot %q", code, i+1, target, want[0], want[1])
		}
	}
}

// TestFormDecodeKeepsOctets: bytes that are not UTF-8 are read as U+FFFD,
// as the URL Standard says, and their octets are kept next to it, plain
// and --json; the finding stays.
func TestFormDecodeKeepsOctets(t *testing.T) {
	out, _, code := cli(t, "", "form", "decode", "a=%FF&b=c")
	if want := "[[\"a\",\"\ufffd\",\"61\",\"ff\"],[\"b\",\"c\"]]\n"; out != want || code != 0 {
		t.Errorf("plain: %q, status %d; want %q", out, code, want)
	}
	out, _, _ = cli(t, "", "form", "decode", "--json", "a=%FF&b=c")
	if want := `"pairs_hex":[["61","ff"],["62","63"]],"findings":[{"offset":2,"code":"invalid-utf8"`; !strings.Contains(out, want) {
		t.Errorf("--json: %s; want %s", out, want)
	}
	// UTF-8 pairs: no twin.
	out, _, _ = cli(t, "", "form", "decode", "--json", "a=%C3%A9")
	if strings.Contains(out, "_hex") {
		t.Errorf("--json: %s", out)
	}
}

// TestBlankRecords: a blank record fails with the code "empty" in every
// record subcommand, keeping its place; edit --set builds from it.
func TestBlankRecords(t *testing.T) {
	for _, args := range [][]string{
		{"encode"}, {"decode"}, {"parse"}, {"parse", "--whatwg"}, {"normalize"}, {"normalize", "--whatwg"},
		{"normalize", "--lenient"}, {"resolve", "--base", "http://a/"}, {"domain"}, {"check"}, {"form", "decode"},
		{"idna", "--to-ascii"}, {"iri", "--to-uri"}, {"urn"}, {"mailto"}, {"git"}, {"edit", "--trim"},
		{"file", "--to-path"}, {"data"}, {"purl"}, {"template", "expand", "{x}"}, {"match", "https://a/*"},
	} {
		out, errOut, code := cli(t, "\n", append(args, "--json")...)
		if code != exitFailures || !strings.Contains(out, `{"input":"","error":{"offset":0,"code":"empty"`) {
			t.Errorf("%q --json on a blank line: status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
		out, errOut, code = cli(t, "", append(args, "")...)
		if code != exitFailures || out != "\n" || !strings.Contains(errOut, "record 1: offset 0: empty record") {
			t.Errorf("%q '': status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if out, _, code := cli(t, "", "normalize", "--on-error", "skip", "--stats", "http://a/", "", "http://b/"); code != 0 || out != "http://a/\nhttp://b/\n" {
		t.Errorf("skip: status %d, %q", code, out)
	}
	if out, _, code := cli(t, "", "edit", "--set", "host=a.example", ""); code != 0 || out != "http://a.example/\n" {
		t.Errorf("edit --set '': status %d, %q", code, out)
	}
}

// TestHelpShape: a subcommand's help starts with its usage, purpose and
// examples; the shared record rules are written once, in 'urikit help
// records', which every record subcommand points at.
func TestHelpShape(t *testing.T) {
	out, _, code := cli(t, "", "help", "records")
	if code != 0 || !strings.Contains(out, "--on-error report") || !strings.Contains(out, `"empty"`) || !strings.Contains(out, "gzip") {
		t.Fatalf("help records: %d %q", code, out)
	}
	root, _, _ := cli(t, "", "--help")
	if !strings.Contains(root, "urikit help records") || !strings.Contains(root, "Exit status") {
		t.Errorf("urikit --help does not point at the records topic:\n%s", root)
	}
	for _, sub := range [][]string{{"encode"}, {"decode"}, {"parse"}, {"normalize"}, {"form", "decode"}, {"check"}, {"domain"}, {"template", "expand"}} {
		out, _, _ := cli(t, "", append(sub, "--help")...)
		lines := strings.Split(out, "\n")
		if lines[0] != "Usage:" || !strings.HasPrefix(lines[1], "  urikit "+strings.Join(sub, " ")) {
			t.Errorf("%q --help does not start with its usage: %q", sub, lines[:2])
		}
		if i := strings.Index(out, "Examples:"); i < 0 || i > 400 {
			t.Errorf("%q --help: examples at %d", sub, i)
		}
		if strings.Contains(out, "gzip magic bytes") || strings.Contains(out, "--on-error report (the default)") {
			t.Errorf("%q --help repeats the shared record rules", sub)
		}
		if !strings.Contains(out, "'urikit help records'") {
			t.Errorf("%q --help does not point at 'urikit help records'", sub)
		}
	}
}
