package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urikit/urikit/serve"
)

// urikit playground --out DIR --wasm FILE writes the page's files and the
// engine given, with Go's wasm_exec.js.
func TestPlaygroundOut(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command for wasm_exec.js")
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "engine.wasm")
	module := []byte("\x00asm\x01\x00\x00\x00")
	if err := os.WriteFile(wasm, module, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "site")
	_, errOut, code := cli(t, "", "playground", "--out", out, "--wasm", wasm)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	err := fs.WalkDir(serve.PageFiles(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(p, "engine/") {
			return err
		}
		want, _ := fs.ReadFile(serve.PageFiles(), p)
		got, err := os.ReadFile(filepath.Join(out, p))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: not the page's file (%v)", p, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "engine", "urikit.wasm")); !bytes.Equal(got, module) {
		t.Errorf("engine/urikit.wasm is %q, not the --wasm file", got)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "engine", "wasm_exec.js")); !bytes.Contains(got, []byte("globalThis.Go = class")) {
		t.Errorf("engine/wasm_exec.js is not Go's loader: %.80q", got)
	}
	if !strings.Contains(errOut, "wrote "+out) {
		t.Errorf("no report of what was written: %q", errOut)
	}
}

// Without --out, or with a --wasm that is not WebAssembly, nothing is
// written and the exit status is 2.
func TestPlaygroundUsage(t *testing.T) {
	dir := t.TempDir()
	notWasm := filepath.Join(dir, "x.wasm")
	os.WriteFile(notWasm, []byte("hello"), 0o644)
	for _, args := range [][]string{
		{"playground"},
		{"playground", "--out", filepath.Join(dir, "a"), "--wasm", notWasm},
		{"playground", "--out", filepath.Join(dir, "b"), "extra"},
	} {
		_, errOut, code := cli(t, "", args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d (%s), want %d", args, code, errOut, exitUsage)
		}
	}
	for _, name := range []string{"a", "b"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("a usage error wrote the folder %s", name)
		}
	}
}

// TestPlaygroundBuildFails: outside a checkout the engine cannot be
// built: exit status 4, the error says so, and nothing is written.
func TestPlaygroundBuildFails(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	if serve.HasEngine() {
		t.Skip("this build embeds the engine")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	out := filepath.Join(dir, "site")
	_, errOut, code := cli(t, "", "playground", "--out", out)
	if code != exitBuild || !strings.Contains(errOut, "building the engine failed, nothing was written") || strings.Contains(errOut, "--help") {
		t.Errorf("status %d, stderr %q", code, errOut)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}
