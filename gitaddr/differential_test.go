package gitaddr

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The differential tests ask the real git (Debian package git) what it
// reads in an address, with nothing leaving the machine: "git fetch-pack
// --diag-url" prints what git's connect.c made of a URL (t5500-fetch-pack.sh
// checks it the same way), and "git ls-remote" with GIT_SSH_COMMAND set to
// a script that records its arguments and fails shows the user, host,
// port and path git hands ssh (t5601-clone.sh's fake ssh). They skip
// without git, unless URIKIT_REQUIRE_DIFFERENTIAL=1.

// gitOrSkip returns the path of git, or skips the test.
func gitOrSkip(t *testing.T) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		if os.Getenv("URIKIT_REQUIRE_DIFFERENTIAL") == "1" {
			t.Fatalf("git not found and URIKIT_REQUIRE_DIFFERENTIAL=1: %v", err)
		}
		t.Skip("differential test against git: git not found (install the Debian package git; URIKIT_REQUIRE_DIFFERENTIAL=1 makes this a failure)")
	}
	return git
}

// gitEnv returns an environment in which git reads no config of this
// machine's user or system.
func gitEnv(t *testing.T, extra ...string) []string {
	home := t.TempDir()
	env := []string{"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"PATH=" + os.Getenv("PATH"), "LC_ALL=C", "GIT_TERMINAL_PROMPT=0", "GIT_PROTOCOL_FROM_USER=1"}
	return append(env, extra...)
}

// diag is what git fetch-pack --diag-url printed.
type diagOut struct {
	ok                         bool
	protocol, host, port, path string
	hasPort                    bool
	out                        string
}

func diagURL(t *testing.T, git, dir string, env []string, in string) diagOut {
	cmd := exec.Command(git, "fetch-pack", "--diag-url", in)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	d := diagOut{ok: err == nil, out: string(out)}
	for _, line := range strings.Split(string(out), "\n") {
		k, v, ok := strings.Cut(strings.TrimPrefix(line, "Diag: "), "=")
		if !ok || !strings.HasPrefix(line, "Diag: ") {
			continue
		}
		switch k {
		case "protocol":
			d.protocol = v
		case "userandhost", "hostandport":
			d.host = v
		case "port":
			d.port, d.hasPort = v, true
		case "path":
			d.path = v
		}
	}
	return d
}

// diagInputs are addresses beyond the case table that probe the corners.
var diagInputs = []string{
	"host:x@[y]:z", "u@h:p", "a@b@h:p", "[a@b]:c", "[h]:p", "[h]x:p", "h:[p]", "h:a:b",
	"ssh://h/a@[b]/c", "ssh://u@[h]:22/p", "ssh://[u@h:22]/p", "ssh://h%2Fx/p", "ssh://u%40v@h/p",
	"ssh://h:/p", "ssh://h:0/p", "ssh://h:65535/p", "ssh://h:65536/p", "ssh://h:022/p",
	"git://h/~u/r", "git://u@h:1/r", "git://[::1]:9418/r", "file:///a%20b", "file://[x]/p",
	"file:///a@[b]/c", "/a@[b]/c", "ssh://h/%7Eu/r", "host:%7Eu", "h:/", "ssh://h/",
	"ssh://h/-x", "h:-x", "ssh://u:p@h/p", "-h:p", "a:b:c", "C:/x", "c:\\x", "[:aa", "[",
	"user@[fe80::1%eth0]:r", "ssh://[fe80::1%25eth0]/r", "ssh://h//p", "h://p",
}

func TestDifferentialDiagURL(t *testing.T) {
	git := gitOrSkip(t)
	dir := t.TempDir()
	env := gitEnv(t)
	if out, err := exec.Command(git, "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	inputs := diagInputs
	for _, c := range allCases() {
		inputs = append(inputs, c.in)
	}
	var agree, bothRefuse, weRefuse, skipped, quirks int
	var refused []string
	for _, in := range inputs {
		if in == "" || strings.IndexByte(in, 0) >= 0 {
			skipped++ // no argument can carry them
			continue
		}
		a, err := Parse(in)
		if err == nil && (a.form == FormHelper || !isNative(a.transport)) {
			skipped++ // not git's own transports: TestDifferentialHelpers
			continue
		}
		d := diagURL(t, git, dir, env, in)
		switch {
		case err != nil && !d.ok:
			bothRefuse++
			continue
		case err != nil:
			weRefuse++
			refused = append(refused, fmt.Sprintf("%q (%v): git reads protocol=%s host=%q port=%q path=%q", in, err.(*Error).Code, d.protocol, d.host, d.port, d.path))
			continue
		case !d.ok:
			t.Errorf("Parse(%q) = %+v, but git refuses it: %s", in, a, d.out)
			continue
		}
		if a.form == FormLocal && localQuirk(in) {
			// git's connect.c looks for a bracketed host in a local path
			// too, and reads the path from the "]" on; Path is the path
			// as written (what git clone's local copy reads).
			quirks++
			continue
		}
		if d.protocol != string(a.transport) || d.path != a.path {
			t.Errorf("Parse(%q) = %s %q, git reads %s %q", in, a.transport, a.path, d.protocol, d.path)
			continue
		}
		switch a.transport {
		case TransportSSH:
			uh := a.host
			if a.user != "" {
				uh = a.user + "@" + a.host
			}
			port := a.port
			if port == "" {
				port = "NONE"
			}
			if d.host != uh || d.port != port {
				t.Errorf("Parse(%q): user@host %q port %q, git reads %q port %q", in, uh, port, d.host, d.port)
				continue
			}
		case TransportGit:
			// git prints host and port unsplit: split them as ssh's are.
			var b Addr
			if err := b.setHost(d.host, d.host, identity); err != nil || b.user != a.user || b.host != a.host || b.port != a.port {
				t.Errorf("Parse(%q): user %q host %q port %q, git reads %q", in, a.user, a.host, a.port, d.host)
				continue
			}
		}
		agree++
	}
	t.Logf("differential (git fetch-pack --diag-url): %d agree, %d refused by both, %d refused by gitaddr only, %d local paths git's connect reads from a \"]\" on, %d not for diag-url", agree, bothRefuse, weRefuse, quirks, skipped)
	for _, r := range refused {
		t.Logf("refused by gitaddr only: %s", r)
	}
	if agree < 250 {
		t.Errorf("only %d addresses agree", agree)
	}
}

// localQuirk reports whether git's connect.c reads the local path s from
// a "]" on: s begins with "[" or holds "@[", and a "]" follows.
func localQuirk(s string) bool {
	return hostEnd(s) > 0
}

// TestDifferentialHelpers checks the transport of remote-helper addresses
// and URLs of schemes git hands to a helper: git names the helper it
// looked for.
func TestDifferentialHelpers(t *testing.T) {
	git := gitOrSkip(t)
	env := gitEnv(t)
	re := regexp.MustCompile(`'remote-([^']*)' is not a git command`)
	for _, in := range []string{"foo::bar", "zz://h/x", "SSH://h/x", "codecommit://repo", "a.b-c+d::x", "x1::ssh://h/r"} {
		a, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		cmd := exec.Command(git, "ls-remote", in)
		cmd.Dir, cmd.Env = t.TempDir(), env
		out, _ := cmd.CombinedOutput()
		m := re.FindSubmatch(out)
		if m == nil || string(m[1]) != string(a.transport) {
			t.Errorf("Parse(%q).Transport() = %q; git: %s", in, a.transport, out)
		}
	}
}

// sshRecorder writes a script that records the arguments git gives ssh,
// one per line into the file $REC, and fails; it returns the script.
func sshRecorder(t *testing.T) string {
	script := filepath.Join(t.TempDir(), "ssh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$REC\"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// sshCall is what git asked ssh for.
type sshCall struct{ userHost, port, command, path string }

// recorded reads the record of the ssh script: options, then
// [user@]host, then the command with its quoted path.
func recorded(t *testing.T, file string) (sshCall, bool) {
	b, err := os.ReadFile(file)
	if err != nil {
		return sshCall{}, false
	}
	args := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	var c sshCall
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		if args[i] == "-p" && i+1 < len(args) {
			c.port = args[i+1]
		}
		if args[i] == "-p" || args[i] == "-o" {
			i++
		}
	}
	if i+2 > len(args) {
		t.Errorf("ssh record %q", args)
		return sshCall{}, false
	}
	c.userHost = args[i]
	cmd := strings.Join(args[i+1:], "\n")
	var q string
	c.command, q, _ = strings.Cut(cmd, " ")
	c.path = sqUnquote(q)
	return c, true
}

// sqUnquote undoes git's sq_quote: 'a'\”b'\!'c' is a'b!c.
func sqUnquote(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		switch s[0] {
		case '\'':
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				b.WriteString(s[1:])
				return b.String()
			}
			b.WriteString(s[1 : 1+end])
			s = s[end+2:]
		case '\\':
			if len(s) > 1 {
				b.WriteByte(s[1])
				s = s[2:]
			} else {
				s = s[1:]
			}
		default:
			b.WriteByte(s[0])
			s = s[1:]
		}
	}
	return b.String()
}

// sshInputs are ssh addresses the recording ssh is asked about.
var sshInputs = []string{
	"myhost:src", "[myhost:123]:src", "[user@myhost:123]:src", "user@[::1]:r", "host:/~repo",
	"host:a~b", "git@github.com:owner/repo.git", "ssh://host.xz:22/~repo", "ssh://[user@::1]:22/x",
	"ssh://u%40v@h/a%20b", "git+ssh://h/p's!x", "ssh://h:2222/srv/git/r.git/", "h:it's here!",
	"a@b@h:p", "ssh://h/", "c:temp",
}

func TestDifferentialSSH(t *testing.T) {
	git := gitOrSkip(t)
	script := sshRecorder(t)
	rec := filepath.Join(t.TempDir(), "rec")
	env := gitEnv(t, "GIT_SSH_COMMAND="+script, "GIT_SSH_VARIANT=ssh", "REC="+rec)
	check := func(in string, a Addr, args ...string) {
		t.Helper()
		os.Remove(rec)
		cmd := exec.Command(git, args...)
		cmd.Dir, cmd.Env = t.TempDir(), env
		out, _ := cmd.CombinedOutput()
		c, ok := recorded(t, rec)
		if !ok {
			t.Errorf("%q: git did not run ssh: %s", in, out)
			return
		}
		uh := a.host
		if a.user != "" {
			uh = a.user + "@" + a.host
		}
		if c.userHost != uh || c.port != a.port || c.path != a.path {
			t.Errorf("%q: parsed %q port %q path %q; git ran ssh for %q port %q path %q (%s)", in, uh, a.port, a.path, c.userHost, c.port, c.path, c.command)
		}
	}
	for _, in := range sshInputs {
		a := MustParse(in)
		check(in, a, "ls-remote", in)
		// git reads the URL and scp-like forms as Parse does.
		if u := a.URL(); u != "" {
			check(u, MustParse(u), "ls-remote", u)
		}
		if s := a.SCP(); s != "" {
			check(s, MustParse(s), "ls-remote", s)
		}
	}
	// insteadOf: git rewrites before it parses.
	for _, r := range []struct{ base, prefix, in string }{
		{"git@github.com:", "https://github.com/", "https://github.com/owner/repo.git"},
		{"ssh://git@host:2222/", "work:", "work:team/r"},
		{"[u@h:99]:", "x", "xy/z"},
	} {
		rw := MustNewRewriter(fmt.Sprintf("[url %q]\n\tinsteadOf = %s\n", r.base, r.prefix))
		out := rw.Rewrite(r.in)
		check(r.in, MustParse(out), "-c", "url."+r.base+".insteadOf="+r.prefix, "ls-remote", r.in)
	}
}

// TestDifferentialInsteadOf checks the longest-prefix rule and
// pushInsteadOf against git: the config file is git's own input, and the
// ssh git runs shows the address it chose.
func TestDifferentialInsteadOf(t *testing.T) {
	git := gitOrSkip(t)
	script := sshRecorder(t)
	rec := filepath.Join(t.TempDir(), "rec")
	config := `# rules
[url "ssh://short/"]
	insteadOf = gh:
[url "ssh://long/"]
	insteadOf = gh:owner/
	pushInsteadOf = "gh:"
[URL "ssh://tie1/"]
	insteadOf = t:
[url "ssh://tie2/"]
	insteadOf = t:    ; same length: the first base wins
[url "ssh://push/"]
	pushInsteadOf = ssh://pushonly/
`
	rw, err := NewRewriter(config)
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "PATH=" + os.Getenv("PATH"), "LC_ALL=C",
		"GIT_SSH_COMMAND=" + script, "GIT_SSH_VARIANT=ssh", "REC=" + rec}
	run := func(dir string, args ...string) sshCall {
		os.Remove(rec)
		cmd := exec.Command(git, args...)
		cmd.Dir, cmd.Env = dir, env
		out, _ := cmd.CombinedOutput()
		c, ok := recorded(t, rec)
		if !ok {
			t.Errorf("git %q did not run ssh: %s", args, out)
		}
		return c
	}
	want := func(in, got string, c sshCall) {
		t.Helper()
		a := MustParse(got)
		if c.userHost != a.host || c.path != a.path {
			t.Errorf("%q rewritten to %q, but git went to %q path %q", in, got, c.userHost, c.path)
		}
	}
	for _, in := range []string{"gh:x/y", "gh:owner/r", "t:r", "ssh://pushonly/r", "gh:"} {
		want(in, rw.Rewrite(in), run(t.TempDir(), "ls-remote", in))
	}
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"}} {
		cmd := exec.Command(git, args...)
		cmd.Dir, cmd.Env = repo, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	for _, in := range []string{"gh:owner/r", "gh:other/r", "ssh://pushonly/r", "t:r"} {
		c := run(repo, "-c", "remote.o.url="+in, "push", "o", "HEAD:refs/heads/x")
		if c.command != "git-receive-pack" {
			t.Errorf("push ran %q", c.command)
		}
		want(in, rw.RewritePush(in), c)
	}
	// A local repository: git reads the file:// URL's escapes and not a
	// path's (t5601: "respect url-encoding of file://").
	base := t.TempDir()
	for _, name := range []string{"a b", "x+y"} {
		cmd := exec.Command(git, "init", "-q", "--bare", filepath.Join(base, name))
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git init: %v %s", err, out)
		}
	}
	for _, c := range []struct {
		in string
		ok bool
	}{
		{"file://" + base + "/a%20b", true}, {"file://" + base + "/x%2By", true}, {"file://" + base + "/x+y", true},
		{base + "/a b", true}, {base + "/x%2By", false}, {"file://" + base + "/a+b", false},
	} {
		a := MustParse(c.in)
		_, statErr := os.Stat(a.Path())
		cmd := exec.Command(git, "ls-remote", c.in)
		cmd.Dir, cmd.Env = base, env
		out, err := cmd.CombinedOutput()
		if (err == nil) != c.ok || (statErr == nil) != c.ok {
			t.Errorf("%q: path %q (stat: %v); git ls-remote: %v %s", c.in, a.Path(), statErr, err, bytes.TrimSpace(out))
		}
	}
}
