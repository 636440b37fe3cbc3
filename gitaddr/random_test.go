package gitaddr

import (
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// TestDifferentialRandom compares Parse with git fetch-pack --diag-url on
// addresses made at random (fixed seed) from the bytes that matter to
// git's split: every address both accept must read alike.
func TestDifferentialRandom(t *testing.T) {
	git := gitOrSkip(t)
	dir := t.TempDir()
	env := gitEnv(t)
	if out, err := exec.Command(git, "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	rng := rand.New(rand.NewPCG(27, 5500))
	prefixes := []string{"", "", "ssh://", "git://", "file://", "git+ssh://", "u@", "[", "./"}
	pieces := []string{"h", "u", "@", ":", "/", "[", "]", "~", "%2F", "%40", "%5B", "::1", "22", "x", ".", "-", " "}
	n := 300
	if testing.Short() {
		n = 60
	}
	var agree, refused int
	for range n {
		var b strings.Builder
		b.WriteString(prefixes[rng.IntN(len(prefixes))])
		for range 2 + rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		in := b.String()
		a, err := Parse(in)
		if err != nil {
			refused++
			continue
		}
		if a.form == FormHelper || !isNative(a.transport) || a.form == FormLocal && localQuirk(in) {
			continue
		}
		d := diagURL(t, git, dir, env, in)
		if !d.ok {
			t.Errorf("Parse(%q) = %+v, but git refuses it: %s", in, a, d.out)
			continue
		}
		uh := a.host
		if a.user != "" {
			uh = a.user + "@" + a.host
		}
		port := a.port
		if port == "" {
			port = "NONE"
		}
		switch {
		case d.protocol != string(a.transport) || d.path != a.path:
			t.Errorf("Parse(%q) = %s %q, git reads %s %q", in, a.transport, a.path, d.protocol, d.path)
		case a.transport == TransportSSH && (d.host != uh || d.port != port):
			t.Errorf("Parse(%q): %q port %q, git reads %q port %q", in, uh, port, d.host, d.port)
		default:
			agree++
		}
	}
	t.Logf("differential (random addresses): %d agree with git, %d refused by gitaddr", agree, refused)
}
