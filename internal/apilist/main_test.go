package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAPIListing compares the exported API with the committed listing.
// After a deliberate change of the public API, run
// `go run ./internal/apilist -w` from the repository root and commit
// api/urikit.txt with the change.
func TestAPIListing(t *testing.T) {
	root := filepath.Join("..", "..")
	got, err := List(root)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, listing))
	if err != nil {
		t.Fatalf("%v (run `go run ./internal/apilist -w` from the repository root)", err)
	}
	wantLines := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	in := func(lines []string) map[string]bool {
		m := make(map[string]bool, len(lines))
		for _, l := range lines {
			m[l] = true
		}
		return m
	}
	have, listed := in(got), in(wantLines)
	var diff []string
	for _, l := range got {
		if !listed[l] {
			diff = append(diff, "+"+l)
		}
	}
	for _, l := range wantLines {
		if !have[l] {
			diff = append(diff, "-"+l)
		}
	}
	if len(diff) > 0 {
		if len(diff) > 40 {
			diff = append(diff[:40], "…")
		}
		t.Errorf("the exported API differs from %s (+ in the code only, - in the listing only); if the change is meant, run `go run ./internal/apilist -w` and commit the listing:\n%s", listing, strings.Join(diff, "\n"))
	}
	if len(got) < 100 {
		t.Errorf("the listing holds %d lines: the walk missed the packages", len(got))
	}
}

// TestListingShapes checks the line shapes on a package written for it.
func TestListingShapes(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import "net/url"

type Code string

const ErrX Code = "x"

type Error struct {
	Offset int
	Code   Code
	hidden int
}

func (e *Error) Error() string { return "" }
func (c Code) unexported()      {}

func Parse(s string, base *url.URL) (int, error) { return 0, nil }
func Map[K comparable, V any](m map[K]V) []K   { return nil }

type T interface{ M(int) bool }

var V, w = 1, 2
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := packageLines(dir, "example.com/p", []string{"p.go"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`pkg example.com/p, type Code string`,
		`pkg example.com/p, const ErrX Code = "x"`,
		`pkg example.com/p, type Error struct`,
		`pkg example.com/p, type Error struct, Offset int`,
		`pkg example.com/p, type Error struct, Code Code`,
		`pkg example.com/p, method (*Error) Error() string`,
		`pkg example.com/p, func Parse(string, *url.URL) (int, error)`,
		`pkg example.com/p, func Map[K comparable, V any](map[K]V) []K`,
		`pkg example.com/p, type T interface { M(int) bool }`,
		`pkg example.com/p, var V`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestListingConstGroup(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\ntype S uint8\n\nconst (\n\tA S = iota\n\tB\n\tC\n)\n"
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := packageLines(dir, "p", []string{"p.go"})
	if err != nil {
		t.Fatal(err)
	}
	want := "pkg p, type S uint8\npkg p, const A S = iota\npkg p, const B S\npkg p, const C S"
	if strings.Join(got, "\n") != want {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}
