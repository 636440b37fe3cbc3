package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/edit"
)

// editCase is one run of "urikit edit": the arguments after "edit", the
// standard input, and the output, a part of standard error ("" for
// none) and the exit status wanted.
type editCLICase struct {
	args   []string
	stdin  string
	out    string
	errHas string
	code   int
}

func runEditCases(t *testing.T, cases []editCLICase) {
	t.Helper()
	for _, c := range cases {
		out, errOut, code := cli(t, c.stdin, append([]string{"edit"}, c.args...)...)
		if out != c.out || code != c.code || (c.errHas == "") != (errOut == "") || !strings.Contains(errOut, c.errHas) {
			t.Errorf("edit %q: status %d, output %q, stderr %q;\n want %d, %q, stderr with %q", c.args, code, out, errOut, c.code, c.out, c.errHas)
		}
	}
}

func TestEditSet(t *testing.T) {
	runEditCases(t, []editCLICase{
		{args: []string{"--set", "scheme=https", "http://a/x"}, out: "https://a/x\n"},
		{args: []string{"--whatwg", "--set", "protocol=wss", "ws://a/"}, out: "wss://a/\n"},
		{args: []string{"--set", "host=staging.example.com", "https://example.com:8443/a?b"}, out: "https://staging.example.com:8443/a?b\n"},
		{args: []string{"--set", "hostname=b", "--set", "port=81", "http://a:80/"}, out: "http://b:81/\n"},
		{args: []string{"--set", "user=me", "--set", "password=p w", "http://a/"}, out: "http://me:p%20w@a/\n"},
		{args: []string{"--set", "path=/a b/100%", "http://a/"}, out: "http://a/a%20b/100%25\n"},
		{args: []string{"--set", "query=q=a b", "--set", "fragment=x y", "http://a/"}, out: "http://a/?q=a%20b#x%20y\n"},
		// := keeps an encoded value, and refuses one that is not.
		{args: []string{"--set", "path:=/a%2fb", "http://a/"}, out: "http://a/a%2fb\n"},
		{args: []string{"--set", "path:=/a b", "http://a/"}, out: "\n", errHas: "--set path:=/a b: a character that must be percent-encoded", code: 1},
		{args: []string{"--set", "query:=a=%zz", "http://a/"}, out: "\n", errHas: `a "%" not followed by two hex digits`, code: 1},
		// ?= sets only what is absent.
		{args: []string{"--set", "port?=8080", "http://a:81/", "http://b/"}, out: "http://a:81/\nhttp://b:8080/\n"},
		{args: []string{"--set", "query?=x", "--set", "fragment?=f", "http://a/?", "http://b/#"}, out: "http://a/?#f\nhttp://b/?x#\n"},
		// An empty value removes the component.
		{args: []string{"--set", "port=", "--set", "query=", "--set", "fragment=", "http://a:81/?q#f"}, out: "http://a/\n"},
		// Refused values fail the record, whose output is empty.
		{args: []string{"--set", "port=99999", "http://a/", "http://b/"}, out: "\n\n", errHas: "the port is over 65535", code: 1},
		{args: []string{"--set", "scheme=foo", "http://a/"}, out: "\n", errHas: "a special scheme", code: 1},
		{args: []string{"--set", "user=u", "file:///x"}, out: "\n", errHas: "cannot have a user name", code: 1},
		{args: []string{"--set", "host=a b", "http://a/"}, out: "\n", errHas: "--set host=a b", code: 1},
		{args: []string{"--on-error", "skip", "--set", "port=x", "http://a/", "http://b:1/"}, out: "", code: 0},
		// Usage errors.
		{args: []string{"--set", "bogus=1", "http://a/"}, errHas: `unknown component "bogus"`, code: 2},
		{args: []string{"--set", "scheme", "http://a/"}, errHas: "want COMP=VALUE", code: 2},
		{args: []string{"--set", "scheme:x", "http://a/"}, errHas: "want COMP=VALUE", code: 2},
		{args: []string{"--whatwg", "--rfc3986", "http://a/"}, errHas: "give one of --whatwg and --rfc3986", code: 2},
		// Two edits of one component are a usage error, not "the last
		// wins".
		{args: []string{"--set", "port=144", "--set", "port=145", "http://a/"}, errHas: `--set "port=144" and --set "port=145" both edit the port`, code: 2},
		{args: []string{"--set", "host=foo", "--iterate", "host=a b", "http://a/"}, errHas: `--iterate "host=a b" and --set "host=foo" both edit the host`, code: 2},
		{args: []string{"--iterate", "port=1 2", "--iterate", "port=3", "http://a/"}, errHas: "both edit the port", code: 2},
		{args: []string{"--set", "path=/a", "--set", "pathname=/b", "http://a/"}, errHas: "both edit the path", code: 2},
		{args: []string{"--set", "host=a", "--set", "hostname=b", "http://a/"}, errHas: "both edit the host", code: 2},
		{args: []string{"--rfc3986", "--set", "host=a", "--set", "hostname=b", "http://a/"}, errHas: "both edit the host", code: 2},
		{args: []string{"--set", "port?=1", "--delete", "port", "http://a/"}, errHas: `--set "port?=1" and --delete "port" both edit the port`, code: 2},
		{args: []string{"--set", "port=1", "--no-port", "http://a/"}, errHas: `--set "port=1" and --no-port both edit the port`, code: 2},
		{args: []string{"--rfc3986", "--set", "port=1", "--default-port", "http://a/"}, errHas: "both edit the port", code: 2},
		{args: []string{"--set", "query=a=1&b=2", "--delete", "query=a", "--append", "query=c", "http://a/"}, out: "http://a/?b=2&c\n"},
		// The input is not a URL.
		{args: []string{"--set", "port=1", "http://a b/"}, out: "\n", errHas: "not a URL", code: 1},
	})
}

func TestEditQueryAndPath(t *testing.T) {
	runEditCases(t, []editCLICase{
		{args: []string{"--append", "path=a/b c", "http://h/x/"}, out: "http://h/x/a%2Fb%20c\n"},
		{args: []string{"--append", "path=..", "http://h/x"}, out: "\n", errHas: `cannot be "." or ".."`, code: 1},
		{args: []string{"--append", "query=k=v w", "--append", "query=a&b=c", "http://h/?x=%7e"}, out: "http://h/?x=%7e&k=v+w&a%26b=c\n"},
		// A name without "=" is appended, or replaces, as a name alone.
		{args: []string{"--append", "query=moo", "--append", "query=a b", "--append", "query=e=", "http://h/"}, out: "http://h/?moo&a+b&e=\n"},
		{args: []string{"--replace", "query=a", "http://h/?a=1&b&a=2"}, out: "http://h/?a&b\n"},
		{args: []string{"--replace", "query=b=", "--replace", "query=c=1", "http://h/?a=1&b&c"}, out: "http://h/?a=1&b=&c=1\n"},
		{args: []string{"--rfc3986", "--append", "query=moo", "--replace", "query=x", "http://h/?x=1"}, out: "http://h/?x&moo\n"},
		{args: []string{"--delete", "query=utm_*", "http://h/?utm_a=1&id=%7e&UTM_b=2&utm_c"}, out: "http://h/?id=%7e\n"},
		// The names of the tracking list match in any ASCII case, given
		// to --trim, --delete or --keep; other globs match exactly.
		{args: []string{"--trim", "http://h/?UTM_CAMPAIGN=x&Fbclid=y&id=1&GCLID"}, out: "http://h/?id=1\n"},
		{args: []string{"--delete", "query=UTM_*", "--delete", "query=fbclid", "http://h/?utm_a=1&FbClid=2&b"}, out: "http://h/?b\n"},
		{args: []string{"--delete", "query=utm_source", "http://h/?UTM_SOURCE=2&b"}, out: "http://h/?b\n"},
		{args: []string{"--delete", "query=id", "--delete", "query=x*", "http://h/?ID=1&id=2&X=3"}, out: "http://h/?ID=1&X=3\n",
			errHas: "--delete query=x*: matched no query pair"},
		{args: []string{"--keep", "query=utm_*", "http://h/?UTM_A=1&b"}, out: "http://h/?UTM_A=1\n"},
		{args: []string{"--rfc3986", "--trim", "http://h/?Utm_Medium=x&a"}, out: "http://h/?a\n"},
		{args: []string{"--delete", "query=a", "--delete", "query=b", "http://h/?a=1&b=2&c=3"}, out: "http://h/?c=3\n"},
		{args: []string{"--delete", "fragment", "--delete", "port", "http://h:81/?q#f"}, out: "http://h/?q\n"},
		{args: []string{"--delete", "query", "http://h/?q#f"}, out: "http://h/#f\n"},
		{args: []string{"--keep", "query=id", "--keep", "query=p*", "http://h/?a=1&id=2&page=3&x"}, out: "http://h/?id=2&page=3\n"},
		{args: []string{"--replace", "query=a=x y", "http://h/?b=1&a=1&a=2"}, out: "http://h/?b=1&a=x+y\n"},
		// Deletes, --keep and --trim apply before --replace, which applies
		// before --append, whatever the order of the flags: an explicit
		// append survives.
		{args: []string{"--append", "query=a=ciao", "--delete", "query=a", "http://h/?a=1&b=2"}, out: "http://h/?b=2&a=ciao\n"},
		{args: []string{"--delete", "query=a", "--append", "query=a=ciao", "http://h/?a=1&b=2"}, out: "http://h/?b=2&a=ciao\n"},
		{args: []string{"--append", "query=c=1", "--keep", "query=b", "http://h/?a=1&b=2"}, out: "http://h/?b=2&c=1\n"},
		{args: []string{"--append", "query=utm_source=x", "--trim", "http://h/?utm_medium=y"}, out: "http://h/?utm_source=x\n"},
		{args: []string{"--append", "query=a=1", "--replace", "query=a=2", "http://h/?b"}, out: "http://h/?b&a=1\n", errHas: "--replace query=a=2: matched no query pair"},
		{args: []string{"--append", "query=a=1", "--delete", "query", "http://h/?b"}, out: "http://h/?a=1\n"},
		{args: []string{"--append", "path=c", "--delete", "path", "sc://h/a/b"}, out: "sc://h/c\n"},
		{args: []string{"--rfc3986", "--append", "query=a=ciao", "--delete", "query=a", "http://h/?a=1&b=2"}, out: "http://h/?b=2&a=ciao\n"},
		{args: []string{"--sort-query", "http://h/?b=2&a=%7e&b=1"}, out: "http://h/?a=%7e&b=2&b=1\n"},
		{args: []string{"--trim", "http://h/?utm_source=x&id=1&fbclid=y&gclid=z"}, out: "http://h/?id=1\n"},
		{args: []string{"--trim", "http://h/?id=1"}, out: "http://h/?id=1\n"},
		// Matching nothing is a finding: a warning at the end.
		{args: []string{"--delete", "query=nope", "http://h/?a=1", "http://h/"}, out: "http://h/?a=1\nhttp://h/\n",
			errHas: "urikit: warning: --delete query=nope: matched no query pair (in 2 records)"},
		{args: []string{"--keep", "query=z*", "http://h/?a=1"}, out: "http://h/\n", errHas: "--keep query=z*: matched no query pair (in 1 record)"},
		{args: []string{"--replace", "query=z=1", "http://h/?a=1"}, out: "http://h/?a=1\n", errHas: "--replace query=z=1: matched no query pair"},
		// Usage errors.
		{args: []string{"--append", "host=x", "http://h/"}, errHas: "want path=SEGMENT, query=NAME or query=NAME=VALUE", code: 2},
		{args: []string{"--append", "query==v", "http://h/"}, errHas: "want query=NAME or query=NAME=VALUE", code: 2},
		{args: []string{"--append", "query", "http://h/"}, errHas: "want query=NAME or query=NAME=VALUE", code: 2},
		{args: []string{"--delete", "path=x", "http://h/"}, errHas: "want query=GLOB or a component name", code: 2},
		{args: []string{"--delete", "bogus", "http://h/"}, errHas: `unknown component "bogus"`, code: 2},
		{args: []string{"--keep", "query=", "http://h/"}, errHas: "want query=GLOB", code: 2},
		{args: []string{"--replace", "query==1", "http://h/"}, errHas: "want query=NAME or query=NAME=VALUE", code: 2},
		{args: []string{"--replace", "path=a", "http://h/"}, errHas: "want query=NAME or query=NAME=VALUE", code: 2},
	})
}

func TestEditOther(t *testing.T) {
	runEditCases(t, []editCLICase{
		{args: []string{"--redirect", "../b?c", "https://example.com/x/y/z?q"}, out: "https://example.com/x/b?c\n"},
		{args: []string{"--redirect", "//other.example/", "https://example.com/x"}, out: "https://other.example/\n"},
		{args: []string{"--redirect", "http://[::1", "http://a/"}, errHas: "--redirect", code: 2},
		{args: []string{"--no-port", "http://a:81/", "sc://h:1/"}, out: "http://a/\nsc://h/\n"},
		{args: []string{"--default-port", "http://a/"}, errHas: "--default-port needs --rfc3986", code: 2},
		{args: []string{"--default-port", "--no-port", "--rfc3986", "http://a/"}, errHas: "give one of --default-port and --no-port", code: 2},
		{args: []string{"--rfc3986", "--default-port", "http://a/", "https://b:1/", "foo://c/", "mailto:x"}, out: "http://a:80/\nhttps://b:1/\nfoo://c/\nmailto:x\n"},
		{args: []string{"--punycode", "http://例え.jp/"}, out: "http://xn--r8jz45g.jp/\n"},
		{args: []string{"--rfc3986", "--punycode", "http://例え.jp/a", "http://B%C3%BCcher.de/"}, out: "http://xn--r8jz45g.jp/a\nhttp://xn--bcher-kva.de/\n"},
		{args: []string{"--as-idn", "http://xn--r8jz45g.jp/", "http://u@xn--bcher-kva.de:81/xn--bcher-kva"}, out: "http://例え.jp/\nhttp://u@bücher.de:81/xn--bcher-kva\n"},
		{args: []string{"--punycode", "--as-idn", "http://a/"}, errHas: "give one of --punycode and --as-idn", code: 2},
		{args: []string{"--guess-scheme", "example.com/x", "ftp.example.org/f", "localhost:8080", "mailto:a@b", "https://c/"},
			out: "http://example.com/x\nftp://ftp.example.org/f\nhttp://localhost:8080/\nmailto:a@b\nhttps://c/\n"},
		{args: []string{"--guess-scheme", "--rfc3986", "example.com/x"}, out: "http://example.com/x\n"},
		{args: []string{"example.com/x"}, out: "\n", errHas: "not a URL", code: 1},
		{args: []string{"--iterate", "scheme=http https", "--iterate", "port=81 82", "http://a/"}, out: "http://a:81/\nhttp://a:82/\nhttps://a:81/\nhttps://a:82/\n"},
		{args: []string{"-0", "--iterate", "path=/a /b", "http://h/"}, out: "http://h/a\x00http://h/b\x00"},
		{args: []string{"--iterate", "port=", "http://h/"}, errHas: "no values", code: 2},
		{args: []string{"--iterate", "port", "http://h/"}, errHas: "want COMP=VALUES", code: 2},
		{args: []string{"--iterate", "port=" + strings.Repeat("1 ", 101), "--iterate", "path=" + strings.Repeat("a ", 101), "http://h/"}, errHas: "more than 10000 combinations", code: 2},
		{args: []string{"--iterate", "port=1 x", "http://h/"}, out: "\n", errHas: "--iterate port=x", code: 1},
	})
}

func TestEditBuild(t *testing.T) {
	runEditCases(t, []editCLICase{
		{args: []string{"--set", "host=example.com", "--set", "path=/a", "--append", "query=q=1", ""}, out: "http://example.com/a?q=1\n"},
		{args: []string{"--set", "scheme=https", "--set", "host=例え.jp", "--set", "port=8443", "--set", "fragment=top", ""}, out: "https://xn--r8jz45g.jp:8443/#top\n"},
		{args: []string{"--set", "scheme=mailto", "--set", "path=a@b.c", ""}, out: "mailto:a@b.c\n"},
		{args: []string{"--set", "scheme=file", "--set", "path=/etc/hosts", ""}, out: "file:///etc/hosts\n"},
		{args: []string{"--set", "scheme=https", ""}, out: "\n", errHas: "building", code: 1},
		{args: []string{"--rfc3986", "--set", "scheme=https", "--set", "host=example.com", "--set", "path=/a b", ""}, out: "https://example.com/a%20b\n"},
		{args: []string{"--rfc3986", "--set", "scheme=urn", "--set", "path=isbn:1", ""}, out: "urn:isbn:1\n"},
	})
}

func TestEditRFC3986(t *testing.T) {
	runEditCases(t, []editCLICase{
		{args: []string{"--rfc3986", "--set", "host=b", "--set", "userinfo=u:p", "http://a/x"}, out: "http://u:p@b/x\n"},
		{args: []string{"--rfc3986", "--set", "path:=/a%2Fb", "--delete", "query=x*", "foo:/p?xa=1&b#f"}, out: "foo:/a%2Fb?b#f\n"},
		{args: []string{"--rfc3986", "--set", "path:=/a b", "foo:/p"}, out: "\n", errHas: "--set path:=/a b", code: 1},
		{args: []string{"--rfc3986", "--append", "path=c", "--sort-query", "a/b?z&y"}, out: "a/b/c?y&z\n"},
		{args: []string{"--rfc3986", "--set", "hostname=x", "--delete", "authority", "http://a:1/p"}, out: "http:/p\n"},
		{args: []string{"--rfc3986", "--set", "username=x", "http://a/"}, errHas: `unknown component "username"`, code: 2},
		{args: []string{"--rfc3986", "http://a b/"}, out: "\n", errHas: "offset 8", code: 1},
	})
}

func TestEditGet(t *testing.T) {
	runEditCases(t, []editCLICase{
		{args: []string{"--get", "hostname", "https://u@h.example:81/p?q#f"}, out: "h.example\n"},
		{args: []string{"--get", "{scheme}://{host}{pathname} {port} {username} {search}{hash} {input}", "--set", "port=82", "https://u@h:81/p?q#f"},
			out: "https://h:82/p 82 u ?q#f https://u@h:81/p?q#f\n"},
		{args: []string{"--get", "{query:id} [{query:none}] {query-all:a}", "https://h/?a=1&id=x+y&a=%41&a=%0a"}, out: "x y [] 1 A %0a\n"},
		{args: []string{"--get", "{decoded:pathname}|{raw:pathname}|{decoded:hash}", "https://h/a%20b/%FF#%41"}, out: "/a b/%FF|/a%20b/%FF|#A\n"},
		{args: []string{"--get", "{decoded:search}", "https://h/?a=%41%FF%C3%A9%0A+%e2%82"}, out: "?a=A%FFé%0A %e2%82\n"},
		{args: []string{"--get", "{default:port} {puny:host} {idn:host}", "https://xn--r8jz45g.jp/", "http://a:81/"}, out: "443 xn--r8jz45g.jp 例え.jp\n81 a a\n"},
		{args: []string{"--get", "{href}", "--trim", "https://h/?utm_x=1"}, out: "https://h/\n"},
		{args: []string{"--rfc3986", "--get", "{host_type} {query:a} {default:port} {userinfo}", "ftp://u@[::1]/?a=%41"}, out: "ipv6 A 21 u\n"},
		// The component names of --set work in --get: the example of
		// --help, and every alias it lists.
		{args: []string{"--get", "{scheme}://{host}{path}", "https://u@h:81/p?q#f"}, out: "https://h:81/p\n"},
		{args: []string{"--get", "{user}|{path}|{query}|{fragment}|{decoded:path}|{raw:user}", "https://u%41@h/a%20b?q#f"}, out: "u%41|/a%20b|q|f|/a b|u%41\n"},
		{args: []string{"--rfc3986", "--get", "{protocol}|{user}|{hostname}|{pathname}|{search}|{hash}|{authority}|{decoded:pathname}", "https://u@h:81/a%20b?q#f"},
			out: "https|u|h|/a%20b|q|f|u@h:81|/a b\n"},
		{args: []string{"--rfc3986", "--get", "{username}", "http://h/"}, errHas: `unknown field "username"`, code: 2},
		{args: []string{"--get", "{iterate}", "http://h/"}, errHas: `unknown field "iterate"`, code: 2},
		{args: []string{"--get", "{bogus:host}", "http://h/"}, errHas: `unknown modifier "bogus"`, code: 2},
		{args: []string{"--get", "{default:host}", "http://h/"}, errHas: "only {default:port}", code: 2},
		{args: []string{"--get", "{puny:path}", "http://h/"}, errHas: "only {puny:host}", code: 2},
		{args: []string{"--get", "{query:}", "http://h/"}, errHas: "give a parameter name", code: 2},
		{args: []string{"--get", "{decoded:nope}", "http://h/"}, errHas: `unknown field "nope"`, code: 2},
		{args: []string{"--get", "{host", "http://h/"}, errHas: "unclosed {", code: 2},
		{args: []string{"--get", "href", "--json", "http://h/"}, errHas: "give one of --get and --json", code: 2},
	})
}

func TestEditJSON(t *testing.T) {
	out, errOut, code := cli(t, "http://a.com/p?utm_a=1&k=v\nhttp://a b/\nhttp://h/?x\n", "edit", "--json", "--delete", "query=utm_*", "--set", "scheme=https")
	recs := jsonLines(t, out, 3)
	if code != 1 || errOut != "" {
		t.Errorf("status %d, stderr %q", code, errOut)
	}
	if recs[0]["href"] != "https://a.com/p?k=v" || recs[0]["search"] != "?k=v" || recs[0]["findings"] != nil {
		t.Errorf("record 1: %v", recs[0])
	}
	if recs[1]["error"] == nil || recs[1]["href"] != nil {
		t.Errorf("record 2: %v", recs[1])
	}
	f, _ := recs[2]["findings"].([]any)
	if len(f) != 1 || f[0].(map[string]any)["code"] != "delete-no-match" || f[0].(map[string]any)["component"] != "query" || recs[2]["href"] != "https://h/?x" {
		t.Errorf("record 3: %v", recs[2])
	}
	out, _, code = cli(t, "", "edit", "--json", "--iterate", "port=1 2", "http://h/")
	recs = jsonLines(t, out, 1)
	if list, _ := recs[0]["hrefs"].([]any); code != 0 || len(list) != 2 || list[1] != "http://h:2/" {
		t.Errorf("--iterate --json: %s", out)
	}
	out, _, _ = cli(t, "", "edit", "--json", "--set", "port=x", "http://h/")
	recs = jsonLines(t, out, 1)
	if e, _ := recs[0]["error"].(map[string]any); e["code"] != "port-invalid" || e["component"] != "port" {
		t.Errorf("refused edit --json: %s", out)
	}
}

// TestEditFlags checks the translation of "urikit edit": every field of
// edit.Options has a flag of the command, and the messages name the
// flags, never a field of the engine.
func TestEditFlags(t *testing.T) {
	cmd := newEditCmd()
	ot := reflect.TypeFor[edit.Options]()
	for i := range ot.NumField() {
		name := ot.Field(i).Name
		flag, ok := editFlags[name]
		if !ok || cmd.Flags().Lookup(strings.TrimPrefix(flag, "--")) == nil {
			t.Errorf("edit.Options.%s: flag %q is not a flag of edit", name, flag)
		}
	}
	if len(editFlags) != ot.NumField() {
		t.Errorf("editFlags has %d entries for %d fields", len(editFlags), ot.NumField())
	}
	runEditCases(t, []editCLICase{
		{args: []string{"--trim", "--delete", "query=a", "--replace", "query=b=1", "http://h/?c"}, out: "http://h/?c\n",
			errHas: "urikit: warning: --delete query=a: matched no query pair (in 1 record)\nurikit: warning: --replace query=b=1: matched no query pair (in 1 record)\n"},
		{args: []string{"--redirect", "http://[::1", "http://a/"}, errHas: "--redirect: ", code: 2},
		{args: []string{"--iterate", "port=", "http://h/"}, errHas: `--iterate "port=": no values`, code: 2},
	})
	for _, args := range [][]string{{"--punycode", "--as-idn"}, {"--default-port"}, {"--set", "bogus=1"}, {"--append", "x"}} {
		_, errOut, code := cli(t, "", append(append([]string{"edit"}, args...), "http://h/")...)
		for option := range editFlags {
			if strings.Contains(errOut, option) {
				t.Errorf("edit %q: %q names the engine's %s", args, errOut, option)
			}
		}
		if code != 2 || !strings.Contains(errOut, "--") {
			t.Errorf("edit %q: status %d, %q", args, code, errOut)
		}
	}
}
