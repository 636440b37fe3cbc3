package purl

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// TestTypesGenerated checks types_gen.go against the purl-spec type
// definitions it was generated from: every registered type has its row,
// with the definition's requirements, case rules, permitted characters,
// required qualifiers and default repository (go generate ./purl makes
// it again).
func TestTypesGenerated(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformance.Dir(t), "purl", "types", "*-definition.json"))
	if len(files) == 0 {
		t.Fatal("no type definitions")
	}
	type comp struct {
		Requirement         string `json:"requirement"`
		CaseSensitive       *bool  `json:"case_sensitive"`
		PermittedCharacters string `json:"permitted_characters"`
	}
	folds := func(c *comp) bool { return c != nil && c.CaseSensitive != nil && !*c.CaseSensitive }
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var def struct {
			Type       string `json:"type"`
			Repository struct {
				URL string `json:"default_repository_url"`
			} `json:"repository"`
			Namespace, Name, Version, Subpath *comp
			Qualifiers                        []struct{ Key, Requirement string } `json:"qualifiers_definition"`
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		_ = json.Unmarshal(b, &def)
		for key, dst := range map[string]**comp{"namespace_definition": &def.Namespace, "name_definition": &def.Name, "version_definition": &def.Version, "subpath_definition": &def.Subpath} {
			if r, ok := raw[key]; ok {
				*dst = new(comp)
				_ = json.Unmarshal(r, *dst)
			}
		}
		r := registered[def.Type]
		if r == nil {
			t.Errorf("%s: type %q not in types_gen.go", f, def.Type)
			continue
		}
		want := optional
		if def.Namespace != nil {
			switch def.Namespace.Requirement {
			case "required":
				want = required
			case "prohibited":
				want = prohibited
			}
		}
		var req []string
		for _, q := range def.Qualifiers {
			if q.Requirement == "required" {
				req = append(req, q.Key)
			}
		}
		perm := func(c *comp) string {
			if c == nil {
				return ""
			}
			return c.PermittedCharacters
		}
		if r.name != def.Type || r.namespace != want || r.foldNamespace != folds(def.Namespace) || r.foldName != folds(def.Name) ||
			r.foldVersion != folds(def.Version) || r.foldSubpath != folds(def.Subpath) || r.namePermitted != perm(def.Name) ||
			r.versionPermitted != perm(def.Version) || !slices.Equal(r.requiredQualifiers, req) || r.defaultRepository != def.Repository.URL {
			t.Errorf("%s: types_gen.go has %+v: stale (go generate ./purl)", def.Type, *r)
		}
	}
	if len(registered) != len(files) {
		t.Errorf("types_gen.go has %d types, the definitions %d", len(registered), len(files))
	}
}
