package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGitCommand(t *testing.T) {
	out, stderr, code := cli(t, "git@github.com:owner/repo.git\n[::1]:r\nrepo\nhost:\n", "git")
	// A failed record is an empty line, and so is an address without a
	// URL: one line per record.
	if code != 1 || out != "ssh://git@github.com/owner/repo.git\nssh://[::1]/r\n\n\n" {
		t.Errorf("git: status %d, output %q", code, out)
	}
	if !strings.Contains(stderr, "record 4: offset 5") || !strings.Contains(stderr, "^") {
		t.Errorf("git: stderr %q", stderr)
	}
	out, _, code = cli(t, "", "git", "--scp", "ssh://git@example.com:2222/srv/r.git", "https://example.com/r")
	if code != 0 || out != "[git@example.com:2222]:/srv/r.git\n\n" {
		t.Errorf("git --scp: status %d, output %q", code, out)
	}
	out, _, code = cli(t, "", "git", "--json", "ssh://u@[::1]:22/~x")
	want := `{"input":"ssh://u@[::1]:22/~x","url":"ssh://u@[::1]:22/~x","form":"url","transport":"ssh","user":"u","host":"::1","port":"22","path":"~x"}` + "\n"
	if code != 0 || out != want {
		t.Errorf("git --json: status %d\n got %s\nwant %s", code, out, want)
	}
}

func TestGitInsteadOf(t *testing.T) {
	config := filepath.Join(t.TempDir(), "gitconfig")
	if err := os.WriteFile(config, []byte("[url \"git@github.com:\"]\n\tinsteadOf = gh:\n\tpushInsteadOf = https://github.com/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := cli(t, "", "git", "--insteadof-config", config, "gh:o/r", "https://github.com/o/r")
	if code != 0 || out != "ssh://git@github.com/o/r\nhttps://github.com/o/r\n" {
		t.Errorf("git --insteadof-config: status %d, output %q", code, out)
	}
	out, _, code = cli(t, "", "git", "--insteadof-config", config, "--push", "--json", "https://github.com/o/r")
	want := `{"input":"https://github.com/o/r","rewritten":"git@github.com:o/r","url":"ssh://git@github.com/o/r","form":"scp","transport":"ssh","user":"git","host":"github.com","port":null,"path":"o/r"}` + "\n"
	if code != 0 || out != want {
		t.Errorf("git --push --json: status %d\n got %s\nwant %s", code, out, want)
	}
	bad := filepath.Join(t.TempDir(), "bad")
	if err := os.WriteFile(bad, []byte("[url \"x\"]\n\tinsteadOf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := cli(t, "", "git", "--insteadof-config", bad, "x"); code != 2 || !strings.Contains(stderr, "insteadOf and pushInsteadOf need a value") {
		t.Errorf("bad config: status %d, %q", code, stderr)
	}
	if _, _, code := cli(t, "", "git", "--insteadof-config", filepath.Join(t.TempDir(), "missing"), "x"); code != 3 {
		t.Errorf("missing config: status %d", code)
	}
	if _, _, code := cli(t, "", "git", "--push", "x"); code != 2 {
		t.Errorf("--push alone: status %d", code)
	}
}
