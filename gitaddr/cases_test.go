package gitaddr

import (
	"errors"
	"strings"
	"testing"
)

// A addrCase is one address and what Parse reads in it. Where git reads
// an address that Parse refuses, err is set and gitReads says what git
// hands on, for the differential test.
type addrCase struct {
	in                     string
	form                   Form
	transport              Transport
	user, host, port, path string
	url, scp               string
	err                    Code
	// source cites where the shape comes from: "doc" is git's
	// Documentation/urls.adoc (GIT URLS), "t5500" and "t5601" are
	// t/t5500-fetch-pack.sh (the --diag-url loops) and t/t5601-clone.sh
	// (the clone-over-fake-ssh cases), "here" a case of this package.
	source string
}

// docCases are the shapes of GIT URLS, each written as the documentation
// shows it.
var docCases = []addrCase{
	{in: "ssh://user@host.xz:2222/path/to/repo.git/", form: FormURL, transport: TransportSSH, user: "user", host: "host.xz", port: "2222", path: "/path/to/repo.git/",
		url: "ssh://user@host.xz:2222/path/to/repo.git/", scp: "[user@host.xz:2222]:/path/to/repo.git/", source: "doc"},
	{in: "ssh://host.xz/path/to/repo.git/", form: FormURL, transport: TransportSSH, host: "host.xz", path: "/path/to/repo.git/",
		url: "ssh://host.xz/path/to/repo.git/", scp: "host.xz:/path/to/repo.git/", source: "doc"},
	{in: "git://host.xz:9418/path/to/repo.git/", form: FormURL, transport: TransportGit, host: "host.xz", port: "9418", path: "/path/to/repo.git/",
		url: "git://host.xz:9418/path/to/repo.git/", source: "doc"},
	{in: "https://host.xz/path/to/repo.git/", form: FormURL, transport: TransportHTTPS, host: "host.xz", path: "/path/to/repo.git/",
		url: "https://host.xz/path/to/repo.git/", source: "doc"},
	{in: "http://host.xz:8080/path/to/repo.git", form: FormURL, transport: TransportHTTP, host: "host.xz", port: "8080", path: "/path/to/repo.git",
		url: "http://host.xz:8080/path/to/repo.git", source: "doc"},
	{in: "ftps://host.xz/path/to/repo.git", form: FormURL, transport: TransportFTPS, host: "host.xz", path: "/path/to/repo.git",
		url: "ftps://host.xz/path/to/repo.git", source: "doc"},
	{in: "ftp://host.xz:21/path/to/repo.git", form: FormURL, transport: TransportFTP, host: "host.xz", port: "21", path: "/path/to/repo.git",
		url: "ftp://host.xz:21/path/to/repo.git", source: "doc"},
	{in: "user@host.xz:/path/to/repo.git/", form: FormSCP, transport: TransportSSH, user: "user", host: "host.xz", path: "/path/to/repo.git/",
		url: "ssh://user@host.xz/path/to/repo.git/", scp: "user@host.xz:/path/to/repo.git/", source: "doc"},
	{in: "host.xz:path/to/repo.git", form: FormSCP, transport: TransportSSH, host: "host.xz", path: "path/to/repo.git",
		url: "ssh://host.xz/path/to/repo.git", scp: "host.xz:path/to/repo.git", source: "doc"},
	{in: "foo:bar", form: FormSCP, transport: TransportSSH, host: "foo", path: "bar", url: "ssh://foo/bar", scp: "foo:bar", source: "doc"},
	{in: "./foo:bar", form: FormLocal, transport: TransportFile, path: "./foo:bar", source: "doc"},
	{in: "/abs/foo:bar", form: FormLocal, transport: TransportFile, path: "/abs/foo:bar", url: "file:///abs/foo:bar", source: "doc"},
	{in: "ssh://user@host.xz:2222/~user/path/to/repo.git/", form: FormURL, transport: TransportSSH, user: "user", host: "host.xz", port: "2222", path: "~user/path/to/repo.git/",
		url: "ssh://user@host.xz:2222/~user/path/to/repo.git/", scp: "[user@host.xz:2222]:~user/path/to/repo.git/", source: "doc"},
	{in: "git://host.xz/~user/path/to/repo.git/", form: FormURL, transport: TransportGit, host: "host.xz", path: "~user/path/to/repo.git/",
		url: "git://host.xz/~user/path/to/repo.git/", source: "doc"},
	{in: "user@host.xz:~user/path/to/repo.git/", form: FormSCP, transport: TransportSSH, user: "user", host: "host.xz", path: "~user/path/to/repo.git/",
		url: "ssh://user@host.xz/~user/path/to/repo.git/", scp: "user@host.xz:~user/path/to/repo.git/", source: "doc"},
	{in: "/path/to/repo.git/", form: FormLocal, transport: TransportFile, path: "/path/to/repo.git/", url: "file:///path/to/repo.git/", source: "doc"},
	{in: "file:///path/to/repo.git/", form: FormURL, transport: TransportFile, path: "/path/to/repo.git/", url: "file:///path/to/repo.git/", source: "doc"},
	{in: "host.xz:/path/to/repo.git/", form: FormSCP, transport: TransportSSH, host: "host.xz", path: "/path/to/repo.git/",
		url: "ssh://host.xz/path/to/repo.git/", scp: "host.xz:/path/to/repo.git/", source: "doc"},
	{in: "work:repo.git", form: FormSCP, transport: TransportSSH, host: "work", path: "repo.git", url: "ssh://work/repo.git", scp: "work:repo.git", source: "doc"},
	{in: "hg::https://example.com/repo", form: FormHelper, transport: "hg", path: "https://example.com/repo", source: "doc"},
	{in: "ext::ssh -i key host %S repo", form: FormHelper, transport: "ext", path: "ssh -i key host %S repo", source: "doc"},
	{in: "git@github.com:owner/repo.git", form: FormSCP, transport: TransportSSH, user: "git", host: "github.com", path: "owner/repo.git",
		url: "ssh://git@github.com/owner/repo.git", scp: "git@github.com:owner/repo.git", source: "doc"},
}

// t5601Cases are the addresses t5601-clone.sh clones over its fake ssh,
// with what that ssh is asked for.
var t5601Cases = []addrCase{
	{in: "myhost:src", form: FormSCP, transport: TransportSSH, host: "myhost", path: "src", url: "ssh://myhost/src", scp: "myhost:src", source: "t5601"},
	{in: "[myhost:123]:src", form: FormSCP, transport: TransportSSH, host: "myhost", port: "123", path: "src", url: "ssh://myhost:123/src", scp: "[myhost:123]:src", source: "t5601"},
	{in: "c:temp", form: FormSCP, transport: TransportSSH, host: "c", path: "temp", url: "ssh://c/temp", scp: "c:temp", source: "t5601"},
	{in: "host:rep", form: FormSCP, transport: TransportSSH, host: "host", path: "rep", url: "ssh://host/rep", scp: "host:rep", source: "t5601"},
	{in: "host:rep/home/project", form: FormSCP, transport: TransportSSH, host: "host", path: "rep/home/project", url: "ssh://host/rep/home/project", scp: "host:rep/home/project", source: "t5601"},
	{in: "host:123", form: FormSCP, transport: TransportSSH, host: "host", path: "123", url: "ssh://host/123", scp: "host:123", source: "t5601"},
	{in: "[::1]:rep", form: FormSCP, transport: TransportSSH, host: "::1", path: "rep", url: "ssh://[::1]/rep", scp: "[::1]:rep", source: "t5601"},
	{in: "[::1]:123", form: FormSCP, transport: TransportSSH, host: "::1", path: "123", url: "ssh://[::1]/123", scp: "[::1]:123", source: "t5601"},
	{in: "host:/~repo", form: FormSCP, transport: TransportSSH, host: "host", path: "~repo", url: "ssh://host/~repo", scp: "host:~repo", source: "t5601"},
	{in: "[::1]:/~repo", form: FormSCP, transport: TransportSSH, host: "::1", path: "~repo", url: "ssh://[::1]/~repo", scp: "[::1]:~repo", source: "t5601"},
	{in: "foo/bar:baz", form: FormLocal, transport: TransportFile, path: "foo/bar:baz", source: "t5601"},
	{in: "[foo]bar/baz:qux", form: FormLocal, transport: TransportFile, path: "[foo]bar/baz:qux", source: "t5601"},
	{in: "[foo/bar]:baz", form: FormLocal, transport: TransportFile, path: "[foo/bar]:baz", source: "t5601"},
	{in: "ssh://host.xz/home/user/repo", form: FormURL, transport: TransportSSH, host: "host.xz", path: "/home/user/repo", url: "ssh://host.xz/home/user/repo", scp: "host.xz:/home/user/repo", source: "t5601"},
	{in: "ssh://host.xz:/home/user/repo", form: FormURL, transport: TransportSSH, host: "host.xz", path: "/home/user/repo", url: "ssh://host.xz/home/user/repo", scp: "host.xz:/home/user/repo", source: "t5601"},
	{in: "ssh://host.xz/~repo", form: FormURL, transport: TransportSSH, host: "host.xz", path: "~repo", url: "ssh://host.xz/~repo", scp: "host.xz:~repo", source: "t5601"},
	{in: "ssh://host.xz:22/home/user/repo", form: FormURL, transport: TransportSSH, host: "host.xz", port: "22", path: "/home/user/repo", url: "ssh://host.xz:22/home/user/repo", scp: "[host.xz:22]:/home/user/repo", source: "t5601"},
	{in: "ssh://host.xz:22/~repo", form: FormURL, transport: TransportSSH, host: "host.xz", port: "22", path: "~repo", url: "ssh://host.xz:22/~repo", scp: "[host.xz:22]:~repo", source: "t5601"},
	{in: "ssh://::1/home/user/repo", form: FormURL, transport: TransportSSH, host: "::1", path: "/home/user/repo", url: "ssh://[::1]/home/user/repo", scp: "[::1]:/home/user/repo", source: "t5601"},
	{in: "ssh://[::1]/home/user/repo", form: FormURL, transport: TransportSSH, host: "::1", path: "/home/user/repo", url: "ssh://[::1]/home/user/repo", scp: "[::1]:/home/user/repo", source: "t5601"},
	{in: "ssh://[::1]:/home/user/repo", form: FormURL, transport: TransportSSH, host: "::1", path: "/home/user/repo", url: "ssh://[::1]/home/user/repo", scp: "[::1]:/home/user/repo", source: "t5601"},
	{in: "ssh://user@::1/home/user/repo", form: FormURL, transport: TransportSSH, user: "user", host: "::1", path: "/home/user/repo", url: "ssh://user@[::1]/home/user/repo", scp: "user@[::1]:/home/user/repo", source: "t5601"},
	{in: "ssh://user@[::1]/home/user/repo", form: FormURL, transport: TransportSSH, user: "user", host: "::1", path: "/home/user/repo", url: "ssh://user@[::1]/home/user/repo", scp: "user@[::1]:/home/user/repo", source: "t5601"},
	{in: "ssh://[user@::1]:/home/user/repo", form: FormURL, transport: TransportSSH, user: "user", host: "::1", path: "/home/user/repo", url: "ssh://user@[::1]/home/user/repo", scp: "user@[::1]:/home/user/repo", source: "t5601"},
	{in: "ssh://[user@::1]/~repo", form: FormURL, transport: TransportSSH, user: "user", host: "::1", path: "~repo", url: "ssh://user@[::1]/~repo", scp: "user@[::1]:~repo", source: "t5601"},
	{in: "ssh://[::1]:22/home/user/repo", form: FormURL, transport: TransportSSH, host: "::1", port: "22", path: "/home/user/repo", url: "ssh://[::1]:22/home/user/repo", source: "t5601"},
	{in: "ssh://user@[::1]:22/~repo", form: FormURL, transport: TransportSSH, user: "user", host: "::1", port: "22", path: "~repo", url: "ssh://user@[::1]:22/~repo", source: "t5601"},
	{in: "ssh://[user@::1]:22/~repo", form: FormURL, transport: TransportSSH, user: "user", host: "::1", port: "22", path: "~repo", url: "ssh://user@[::1]:22/~repo", source: "t5601"},
}

// hereCases are this package's own: escapes, refusals, helpers, quirks.
var hereCases = []addrCase{
	{in: "host:a~b", form: FormSCP, transport: TransportSSH, host: "host", path: "~b", url: "ssh://host/~b", scp: "host:~b", source: "here: git looks at the path's second byte only"},
	{in: "host:~~x", form: FormSCP, transport: TransportSSH, host: "host", path: "~x", url: "ssh://host/~x", scp: "host:~x", source: "here"},
	{in: "host:/~~x", form: FormSCP, transport: TransportSSH, host: "host", path: "~~x", url: "ssh://host/~~x", scp: "host:/~~x", source: "here"},
	{in: "ssh://h%41/p%20q%25", form: FormURL, transport: TransportSSH, host: "hA", path: "/p q%", url: "ssh://hA/p%20q%25", scp: "hA:/p q%", source: "here: git decodes the URL"},
	{in: "ssh://h/a%00b", form: FormURL, transport: TransportSSH, host: "h", path: "/a%00b", url: "ssh://h/a%2500b", scp: "h:/a%00b", source: "here: %00 stays"},
	{in: "git+ssh://git@example.com/r.git", form: FormURL, transport: TransportSSH, user: "git", host: "example.com", path: "/r.git", url: "ssh://git@example.com/r.git", scp: "git@example.com:/r.git", source: "here"},
	{in: "ssh+git://example.com/r.git", form: FormURL, transport: TransportSSH, host: "example.com", path: "/r.git", url: "ssh://example.com/r.git", scp: "example.com:/r.git", source: "here"},
	{in: "https://user:tok@Example.COM:8443/o/r.git?x#y", form: FormURL, transport: TransportHTTPS, user: "user", host: "Example.COM", port: "8443", path: "/o/r.git?x#y",
		url: "https://user:tok@Example.COM:8443/o/r.git?x#y", source: "here"},
	{in: "https://[::1]:8080/r", form: FormURL, transport: TransportHTTPS, host: "::1", port: "8080", path: "/r", url: "https://[::1]:8080/r", source: "here"},
	{in: "https://host", form: FormURL, transport: TransportHTTPS, host: "host", url: "https://host", source: "here"},
	{in: "SSH://host/r", form: FormURL, transport: "SSH", host: "host", path: "/r", url: "SSH://host/r", source: "here: schemes are case-sensitive; git asks git-remote-SSH"},
	{in: "codecommit://repo", form: FormURL, transport: "codecommit", host: "repo", url: "codecommit://repo", source: "here"},
	{in: "file://host/srv/r", form: FormURL, transport: TransportFile, host: "host", path: "/srv/r", url: "file://host/srv/r", source: "t5500 (file, !WINDOWS)"},
	{in: "file:///~r", form: FormURL, transport: TransportFile, path: "/~r", url: "file:///~r", source: "t5500: no ~ conversion for file"},
	{in: "repo", form: FormLocal, transport: TransportFile, path: "repo", source: "here"},
	{in: "x%2By", form: FormLocal, transport: TransportFile, path: "x%2By", source: "t5601: a path is not decoded"},
	{in: "a b:c", form: FormSCP, err: ErrInvalidChar, source: "here: a space in a host"},
	{in: "", err: ErrEmpty, source: "here"},
	{in: "a\x00b", err: ErrInvalidChar, source: "here"},
	{in: "rsync://host/r", err: ErrUnsupported, source: "here: git-over-rsync is no longer supported"},
	{in: "./a://b", err: ErrScheme, source: "here: protocol is not supported"},
	{in: "host:", err: ErrMissingPath, source: "here: git would ask for the empty path"},
	{in: ":repo", err: ErrMissingHost, source: "here"},
	{in: "@host:repo", err: ErrEmptyUser, source: "here"},
	{in: "-oProxyCommand=x:repo", err: ErrLeadingDash, source: "here: git refuses a strange hostname"},
	{in: "host:-u", err: ErrLeadingDash, source: "here: git refuses a strange pathname"},
	{in: "-repo", err: ErrLeadingDash, source: "here"},
	{in: "ssh://-oProxyCommand=x/r", err: ErrLeadingDash, source: "here"},
	{in: "ssh://host", err: ErrMissingPath, source: "here"},
	{in: "ssh:///r", err: ErrMissingHost, source: "here"},
	{in: "ssh://host:+22/x", err: ErrInvalidPort, source: "here: git passes port +22 to ssh"},
	{in: "ssh://host:70000/x", err: ErrInvalidPort, source: "here"},
	{in: "ssh://host:ab/x", err: ErrInvalidPort, source: "here"},
	{in: "ssh://u:p@h:22/x", err: ErrInvalidPort, source: "here: git hands ssh u:p@h:22 with no port"},
	{in: "[::1]x:r", err: ErrInvalidHost, source: "here: git drops the x"},
	{in: "https://", err: ErrMissingHost, source: "here"},
	{in: "https://h:x/r", err: ErrInvalidPort, source: "here"},
	{in: "https://[zz]/r", err: ErrInvalidHost, source: "here"},
	{in: "file://", err: ErrMissingPath, source: "here"},
}

// t5500Cases generates the --diag-url loops of t5500-fetch-pack.sh.
func t5500Cases() []addrCase {
	var cs []addrCase
	for _, r := range []string{"repo", "re:po", "re/po"} {
		for _, p := range []string{"ssh+git", "git+ssh", "git", "ssh"} {
			t := TransportSSH
			if p == "git" {
				t = TransportGit
			}
			for _, h := range []string{"host", "user@host", "user@[::1]", "user@::1"} {
				user, host := "", h
				if i := strings.IndexByte(h, '@'); i >= 0 {
					user, host = h[:i], strings.Trim(h[i+1:], "[]")
				}
				// The test names a variant with ":" after the host, but
				// checks the URL without it.
				cs = append(cs,
					addrCase{in: p + "://" + h + "/" + r, form: FormURL, transport: t, user: user, host: host, path: "/" + r, source: "t5500"},
					addrCase{in: p + "://" + h + "/~" + r, form: FormURL, transport: t, user: user, host: host, path: "~" + r, source: "t5500"})
			}
			for _, h := range []string{"host", "User@host", "User@[::1]"} {
				user, host := "", h
				if i := strings.IndexByte(h, '@'); i >= 0 {
					user, host = h[:i], strings.Trim(h[i+1:], "[]")
				}
				cs = append(cs, addrCase{in: p + "://" + h + ":22/" + r, form: FormURL, transport: t, user: user, host: host, port: "22", path: "/" + r, source: "t5500"})
			}
		}
		cs = append(cs,
			addrCase{in: "file://host/" + r, form: FormURL, transport: TransportFile, host: "host", path: "/" + r, source: "t5500"},
			addrCase{in: "file://host/~" + r, form: FormURL, transport: TransportFile, host: "host", path: "/~" + r, source: "t5500"})
		for _, h := range []string{"nohost", "nohost:12", "[::1]", "[::1]:23", "[", "[:aa"} {
			cs = append(cs,
				addrCase{in: "./" + h + ":" + r, form: FormLocal, transport: TransportFile, path: "./" + h + ":" + r, source: "t5500"},
				addrCase{in: "./file:" + h + "/~" + r, form: FormLocal, transport: TransportFile, path: "./file:" + h + "/~" + r, source: "t5500"})
		}
		for _, h := range []string{"host", "[::1]"} {
			host := strings.Trim(h, "[]")
			cs = append(cs,
				addrCase{in: h + ":" + r, form: FormSCP, transport: TransportSSH, host: host, path: r, source: "t5500"},
				addrCase{in: h + ":/~" + r, form: FormSCP, transport: TransportSSH, host: host, path: "~" + r, source: "t5500"})
		}
	}
	return cs
}

func allCases() []addrCase {
	cs := append(append(append([]addrCase{}, docCases...), t5601Cases...), hereCases...)
	return append(cs, t5500Cases()...)
}

func TestCases(t *testing.T) {
	n := 0
	for _, c := range allCases() {
		n++
		a, err := Parse(c.in)
		if c.err != "" {
			var e *Error
			if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(c.in) || e.Input != c.in {
				t.Errorf("Parse(%q) = %+v, %v; want error %s [%s]", c.in, a, err, c.err, c.source)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v [%s]", c.in, err, c.source)
			continue
		}
		got := addrCase{in: a.String(), form: a.Form(), transport: a.Transport(), user: a.User(), host: a.Host(), port: a.Port(), path: a.Path()}
		want := c
		want.url, want.scp, want.source = "", "", ""
		if got != want {
			t.Errorf("Parse(%q) = %+v\nwant %+v [%s]", c.in, got, want, c.source)
		}
		if c.source == "t5500" {
			continue // the loops give no conversions
		}
		if u := a.URL(); u != c.url {
			t.Errorf("Parse(%q).URL() = %q, want %q [%s]", c.in, u, c.url, c.source)
		}
		if s := a.SCP(); s != c.scp {
			t.Errorf("Parse(%q).SCP() = %q, want %q [%s]", c.in, s, c.scp, c.source)
		}
	}
	t.Logf("cases: %d", n)
}
