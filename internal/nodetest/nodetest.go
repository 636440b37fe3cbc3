// Package nodetest runs the differential tests that compare a package with
// an npm package driven by Node: it installs the npm package, pinned by a
// package-lock.json in the test's testdata, once into a directory under
// os.TempDir named by the lock's hash, and runs a driver script there. It
// is imported by tests only.
//
// Without node or npm the test is skipped, saying so; with
// URIKIT_REQUIRE_DIFFERENTIAL set (CI), it fails instead.
package nodetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Dir copies package.json, package-lock.json and the files named by
// scripts from src (a testdata directory) into a directory under
// os.TempDir, runs "npm ci" there unless node_modules/pkg is there
// already, and returns the directory. what names the test in messages.
func Dir(t *testing.T, what, src, pkg string, scripts ...string) string {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("URIKIT_REQUIRE_DIFFERENTIAL") != "" {
				t.Fatalf("%s: %s not found, and URIKIT_REQUIRE_DIFFERENTIAL is set", what, tool)
			}
			t.Skipf("%s skipped: %s not found (install nodejs and npm to run it)", what, tool)
		}
	}
	lock, err := os.ReadFile(filepath.Join(src, "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(lock)
	dir := filepath.Join(os.TempDir(), "urikit-"+pkg+"-difftest-"+hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range append([]string{"package.json", "package-lock.json"}, scripts...) {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", pkg, "package.json")); err != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("npm ci in %s: %v\n%s", dir, err, out)
		}
	}
	return dir
}

// Run runs "node script" in dir with stdin as its standard input, and
// returns its standard output.
func Run(t *testing.T, dir, script string, stdin []byte) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", script)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", script, err, stderr.Bytes())
	}
	return out
}
