package purl

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// specCase is one case of the purl-spec test suite (schema 0.2, see
// docs/tests/test-suite.md of purl-spec): a "parse" case gives a string
// and expects components, a "validate" case a string and the canonical
// string, a "build" case components and the canonical string.
type specCase struct {
	Description     string          `json:"description"`
	TestGroup       string          `json:"test_group"`
	TestType        string          `json:"test_type"`
	Input           json.RawMessage `json:"input"`
	ExpectedOutput  json.RawMessage `json:"expected_output"`
	ExpectedFailure bool            `json:"expected_failure"`
}

// specComponents are the components of a case, null where absent.
type specComponents struct {
	Type       *string           `json:"type"`
	Namespace  *string           `json:"namespace"`
	Name       *string           `json:"name"`
	Version    *string           `json:"version"`
	Qualifiers map[string]string `json:"qualifiers"`
	Subpath    *string           `json:"subpath"`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func (c specComponents) components() Components {
	out := Components{Type: str(c.Type), Namespace: str(c.Namespace), Name: str(c.Name), Version: str(c.Version), Subpath: str(c.Subpath)}
	for k, v := range c.Qualifiers {
		out.Qualifiers = append(out.Qualifiers, Qualifier{k, v})
	}
	// The JSON object has no order: sort, so that runs are repeatable.
	slices.SortFunc(out.Qualifiers, func(a, b Qualifier) int { return compareFold(a.Key, b.Key) })
	return out
}

// specSkips are the cases the suite contradicts itself on, with the
// reason; the key is the file, the test type, the group and the input.
var specSkips = map[string]string{
	"gem-test.json parse required pkg:gem/jruby-launcher@1.1.2?Platform=java":                        "expects uppercase qualifier keys refused, but ECMA-427 says a key is case-insensitive with a lowercase canonical form, and the suite's own required maven case pkg:Maven/...?type=pom&repositorY_url=... (and the recommended validate case of this very input) lowercase it",
	"rpm-test.json parse required pkg:Rpm/fedora/curl@7.50.3-1.fc25?Arch=i386&Distro=fedora-25":      "expects uppercase qualifier keys refused, but ECMA-427 says a key is case-insensitive with a lowercase canonical form, and the suite's own required maven case pkg:Maven/...?type=pom&repositorY_url=... (and the recommended validate case of this very input) lowercase it",
	"git-test.json validate recommended pkg:git/github/Package-url/purl-Spec@244fd47e07d1004f0aed9c": "expects the namespace and name lowercased, but git-definition.json says both are case-sensitive (case_sensitive: true), and the suite's required git cases keep their case",
}

func TestPurlSpec(t *testing.T) {
	dir := conformance.Dir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "purl", "tests", "types", "*-test.json"))
	files = append([]string{filepath.Join(dir, "purl", "tests", "spec", "specification-test.json")}, files...)
	tally := conformance.NewTally(t, "purl/tests")
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		var file struct {
			Tests []specCase `json:"tests"`
		}
		conformance.Load(t, filepath.ToSlash(rel), &file)
		for _, c := range file.Tests {
			runSpecCase(t, tally, filepath.Base(f), c)
		}
	}
}

func runSpecCase(t *testing.T, tally *conformance.Tally, file string, c specCase) {
	t.Helper()
	var in string
	var inComps specComponents
	if c.TestType == "build" {
		if err := json.Unmarshal(c.Input, &inComps); err != nil {
			t.Fatalf("%s: %s: %v", file, c.Description, err)
		}
	} else if err := json.Unmarshal(c.Input, &in); err != nil {
		t.Fatalf("%s: %s: %v", file, c.Description, err)
	}
	key := file + " " + c.TestType + " " + c.TestGroup + " " + in
	if reason, ok := specSkips[key]; ok {
		tally.Skip(reason)
		return
	}
	where := file + ": " + c.TestGroup + " " + c.TestType + " " + c.Description + ": " + string(c.Input)
	switch c.TestType {
	case "parse":
		p, err := Parse(in)
		if c.ExpectedFailure {
			var e *Error
			tally.Check(t, errors.As(err, &e) && errors.Is(err, e.Code), "%s: Parse = %q, want an error", where, p)
			return
		}
		var want specComponents
		if err := json.Unmarshal(c.ExpectedOutput, &want); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if err != nil {
			tally.Check(t, false, "%s: %v", where, err)
			return
		}
		got, w := p.Components(), want.components()
		tally.Check(t, equalComponents(got, w), "%s:\n got %+v\nwant %+v", where, got, w)
	case "validate":
		p, err := Parse(in)
		if c.ExpectedFailure {
			tally.Check(t, err != nil, "%s: Parse = %q, want an error", where, p)
			return
		}
		var want string
		if err := json.Unmarshal(c.ExpectedOutput, &want); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		tally.Check(t, err == nil && p.String() == want, "%s: got %q, %v; want %q", where, p, err, want)
	case "build":
		p, err := Build(inComps.components())
		if c.ExpectedFailure {
			var e *Error
			tally.Check(t, errors.As(err, &e) && e.Offset == -1, "%s: Build = %q, %v; want an error", where, p, err)
			return
		}
		var want string
		if err := json.Unmarshal(c.ExpectedOutput, &want); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		tally.Check(t, err == nil && p.String() == want, "%s: got %q, %v; want %q", where, p, err, want)
	default:
		t.Fatalf("%s: unknown test type %q", where, c.TestType)
	}
}

func equalComponents(a, b Components) bool {
	return a.Type == b.Type && a.Namespace == b.Namespace && a.Name == b.Name &&
		a.Version == b.Version && a.Subpath == b.Subpath &&
		slices.Equal(a.Qualifiers, b.Qualifiers)
}
