package gitaddr

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// configTexts are config files for the parser, each checked against git
// config in TestDifferentialConfig.
var configTexts = []string{
	"[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n",
	"[URL \"A\"]\n\tINSTEADOF = x\n[url \"a\"]\n\tinsteadof = y\n",
	"[url.Base]\ninsteadOf = z\n",
	"[url \"b\\\"q\\\\\"]\n\tinsteadOf = \" a b \" ; comment\n\tinsteadOf = c # comment\n",
	"\xef\xbb\xbf[url \"x\"] insteadOf = one\r\n\tpushInsteadOf = two\\\n three\r\n",
	"[url \"x\"]\n\tinsteadOf = a\\tb\\nc\n[core]\n\tbare = false\n[url \"x\"]\n\tinsteadOf = d\n",
	"[url \"x\"]\n\tinsteadOf =\n\tinsteadOf = \"\"\n",
	"[url]\n\tinsteadOf = ignored\n[url \"\"]\n\tinsteadOf = empty-base\n",
	"[url \"x\"]\n\tinsteadOf = trailing   \n\tinsteadOf = in  side\n",
	"[remote \"origin\"]\n\turl = x\n[url \"y\"]\n\tpushinsteadof = p\n",
	"[a.b \"c\"]\n\tinsteadOf = x\n[url.a.b]\n\tinsteadOf = y\n",
}

var badConfigs = []struct {
	text string
	code Code
}{
	{"[url \"x\"]\n\tinsteadOf\n", ErrConfigValue},
	{"[url \"x\"]\n\tpushInsteadOf\n", ErrConfigValue},
	{"[url \"x\n\"]\n", ErrConfigSyntax},
	{"[url x]\n", ErrConfigSyntax},
	{"[url \"x\"]\n\tinsteadOf = \"open\n", ErrConfigSyntax},
	{"[url \"x\"]\n\tinsteadOf = bad\\escape\n", ErrConfigSyntax},
	{"[url \"x\"]\n\t1key = x\n", ErrConfigSyntax},
	{"[url \"x\"]\n\tkey x\n", ErrConfigSyntax},
	{"[]\n", ErrConfigSyntax},
	{"[url \"x\"", ErrConfigSyntax},
}

// rules lists the rules of r as git config --get-regexp would:
// "url.<base>.insteadof <prefix>".
func (r Rewriter) rules() []string {
	var out []string
	for _, set := range []struct {
		key string
		rs  []rewrite
	}{{"insteadof", r.fetch}, {"pushinsteadof", r.push}} {
		for _, w := range set.rs {
			for _, p := range w.prefixes {
				out = append(out, "url."+w.base+"."+set.key+" "+p)
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestNewRewriter(t *testing.T) {
	r := MustNewRewriter(configTexts[3])
	if got := r.rules(); !slices.Equal(got, []string{`url.b"q\.insteadof  a b `, "url.b\"q\\.insteadof c"}) {
		t.Errorf("rules %q", got)
	}
	r = MustNewRewriter(configTexts[4])
	if got := r.rules(); !slices.Equal(got, []string{"url.x.insteadof one", "url.x.pushinsteadof two three"}) {
		t.Errorf("rules %q", got)
	}
	for _, c := range badConfigs {
		_, err := NewRewriter(c.text)
		var e *Error
		if !errors.Is(err, c.code) || !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(c.text) {
			t.Errorf("NewRewriter(%q) = %v, want %s", c.text, err, c.code)
		}
	}
	if n, p := MustNewRewriter(configTexts[5]).Len(); n != 2 || p != 0 {
		t.Errorf("Len = %d, %d", n, p)
	}
}

func TestRewrite(t *testing.T) {
	r := MustNewRewriter(`
[url "A/"]
	insteadOf = x
	insteadOf = xy
[url "B/"]
	insteadOf = xy
	insteadOf = xyz
	pushInsteadOf = x
[url "C/"]
	insteadOf = xyz
`)
	for _, c := range []struct{ in, fetch, push string }{
		{"x1", "A/1", "B/1"},
		{"xy1", "A/1", "B/y1"},
		{"xyz1", "B/1", "B/yz1"},
		{"q", "q", "q"},
		{"", "", ""},
	} {
		if got := r.Rewrite(c.in); got != c.fetch {
			t.Errorf("Rewrite(%q) = %q, want %q", c.in, got, c.fetch)
		}
		if got := r.RewritePush(c.in); got != c.push {
			t.Errorf("RewritePush(%q) = %q, want %q", c.in, got, c.push)
		}
	}
}

// TestDifferentialConfig checks that NewRewriter reads the rules git
// config reads from each file, and refuses what git refuses.
func TestDifferentialConfig(t *testing.T) {
	git := gitOrSkip(t)
	env := gitEnv(t)
	dir := t.TempDir()
	check := func(text string, wantErr bool) {
		file := filepath.Join(dir, "config")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(git, "config", "-f", file, "--get-regexp", `^url\..*\.(push)?insteadof$`)
		cmd.Env = env
		out, err := cmd.Output()
		gitFails := err != nil && cmd.ProcessState.ExitCode() != 1 // 1: no match
		r, ourErr := NewRewriter(text)
		if wantErr {
			if ourErr == nil {
				t.Errorf("NewRewriter(%q) accepts it", text)
			}
			// git config --get-regexp lists a key without value, which
			// remote.c then refuses: only syntax errors fail git config.
			if gitFails != errors.Is(ourErr, ErrConfigSyntax) {
				t.Errorf("%q: git config fails: %v; NewRewriter: %v", text, gitFails, ourErr)
			}
			return
		}
		if gitFails || ourErr != nil {
			t.Errorf("%q: git config: %v; NewRewriter: %v", text, err, ourErr)
			return
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
			if l != "" && !strings.HasPrefix(l, "url.") {
				// A value with "\n" continues on the next line.
				lines[len(lines)-1] += "\n" + l
				continue
			}
			if l != "" {
				lines = append(lines, l)
			}
		}
		// git lists the section and key names lowercased and a
		// key without value without the space.
		got := r.rules()
		want := make([]string, 0, len(lines))
		for _, l := range lines {
			if !strings.HasPrefix(l, "url..") && strings.Count(l[:strings.LastIndex(l[:strings.IndexAny(l+" ", " ")], ".")], ".") == 0 {
				continue // [url] insteadOf: no base, which remote.c ignores
			}
			want = append(want, l)
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n gitaddr %q\n git     %q", text, got, want)
		}
	}
	for _, text := range configTexts {
		check(text, false)
	}
	for _, c := range badConfigs {
		check(c.text, true)
	}
}
