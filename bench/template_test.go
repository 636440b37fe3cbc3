package bench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	jtacoma "github.com/jtacoma/uritemplates"
	yosida "github.com/yosida95/uritemplate/v3"

	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/template"
)

// A templateCase is one template with its variables (as JSON decodes
// them) and the outputs it may expand to (several for associative arrays,
// whose order JSON does not keep).
type templateCase struct {
	src    string
	vars   map[string]any
	accept []string
}

// specTemplateCases returns every case of the RFC 6570 examples
// (../shared/testdata/uritemplate/spec-examples.json).
func specTemplateCases(b *testing.B) []templateCase {
	b.Helper()
	path := filepath.Join(conformance.Dir(b), "uritemplate", "spec-examples.json")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var groups map[string]struct {
		Variables map[string]any      `json:"variables"`
		Testcases [][]json.RawMessage `json:"testcases"`
	}
	if err := json.Unmarshal(data, &groups); err != nil {
		b.Fatal(err)
	}
	names := make([]string, 0, len(groups))
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	var cs []templateCase
	for _, n := range names {
		g := groups[n]
		for _, tc := range g.Testcases {
			c := templateCase{vars: g.Variables}
			var one string
			if json.Unmarshal(tc[0], &c.src) != nil {
				b.Fatalf("%s: %s", n, tc[0])
			}
			if json.Unmarshal(tc[1], &one) == nil {
				c.accept = []string{one}
			} else if json.Unmarshal(tc[1], &c.accept) != nil {
				b.Fatalf("%s: %s", n, tc[1])
			}
			cs = append(cs, c)
		}
	}
	return cs
}

// apiTemplateCases is a realistic set of API templates: REST clients,
// OpenAPI paths, hypermedia links and resource templates.
func apiTemplateCases() []templateCase {
	vars := map[string]any{
		"owner": "urikit", "repo": "uri kit", "state": "open", "labels": []any{"bug", "help wanted"},
		"sort": "updated", "direction": "desc", "per_page": "100", "page": "3", "path": "docs/a b/ü.md",
		"ref": "release/v1.2", "user": "gopher", "type": "owner", "q": "template language:go",
		"order": "desc", "tree_sha": "a1b2c3d4", "base": "main", "head": "feature/x", "project": "my-proj",
		"location": "europe-west1", "dataset": "ds_01", "pageSize": "50", "pageToken": "CiAKGjBp",
		"filter": "labels.env=prod AND state!=DELETED", "baseURL": "https://api.example.com/v2",
		"tags": []any{"go", "rfc6570", "url"}, "lat": "52.52", "lon": "13.405", "zoom": "12", "lang": "de",
		"segments": []any{"a", "b c", "d"}, "format": "json", "uri": "file:///home/u/notes.txt",
		"section": "intro", "id": "0123456789abcdef", "fields": []any{"id", "name", "created_at"},
	}
	srcs := []string{
		"https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,sort,direction,per_page,page}",
		"https://api.github.com/repos/{owner}/{repo}/contents/{+path}{?ref}",
		"https://api.github.com/users/{user}/repos{?type,sort,per_page}",
		"https://api.github.com/search/code{?q,sort,order,per_page,page}",
		"https://api.github.com/repos/{owner}/{repo}/git/trees/{tree_sha}{?recursive}",
		"https://api.github.com/repos/{owner}/{repo}/compare/{base}...{head}",
		"https://api.example.com/v1/projects/{project}/locations/{location}/datasets{/dataset}{?pageSize,pageToken,filter}",
		"{+baseURL}/notes{?tags*}",
		"https://maps.example.com/geo{?lat,lon,zoom}{&lang}",
		"/files{/segments*}{.format}",
		"mcp://resources/{+uri}{#section}",
		"/items/{id:8}{?fields}",
		"/orders{/id}{;fields*}",
	}
	cs := make([]templateCase, len(srcs))
	for i, s := range srcs {
		out, err := template.MustParse(s).ExpandMap(vars)
		if err != nil {
			panic(err)
		}
		cs[i] = templateCase{src: s, vars: vars, accept: []string{out}}
	}
	return cs
}

// templateImpl is one implementation, set up for a list of cases: expand
// runs case i.
type templateImpl struct {
	name  string
	setup func(cs []templateCase) (expand func(i int) (string, error), err error)
}

var templateImpls = []templateImpl{
	{"urikit", func(cs []templateCase) (func(int) (string, error), error) {
		ts := make([]template.Template, len(cs))
		vs := make([]template.Vars, len(cs))
		for i, c := range cs {
			t, err := template.Parse(c.src)
			if err != nil {
				return nil, err
			}
			if vs[i], err = template.FromMap(c.vars); err != nil {
				return nil, err
			}
			ts[i] = t
		}
		return func(i int) (string, error) { return ts[i].Expand(vs[i]) }, nil
	}},
	{"yosida95", func(cs []templateCase) (func(int) (string, error), error) {
		ts := make([]*yosida.Template, len(cs))
		vs := make([]yosida.Values, len(cs))
		for i, c := range cs {
			t, err := yosida.New(c.src)
			if err != nil {
				return nil, err
			}
			ts[i] = t
			vs[i] = yosida.Values{}
			for name, x := range c.vars {
				switch x := x.(type) {
				case string:
					vs[i].Set(name, yosida.String(x))
				case []any:
					l := make([]string, len(x))
					for k, e := range x {
						l[k] = e.(string)
					}
					vs[i].Set(name, yosida.List(l...))
				case map[string]any:
					var kv []string
					for _, k := range sortedKeys(x) {
						kv = append(kv, k, x[k].(string))
					}
					vs[i].Set(name, yosida.KV(kv...))
				}
			}
		}
		return func(i int) (string, error) { return ts[i].Expand(vs[i]) }, nil
	}},
	{"jtacoma", func(cs []templateCase) (func(int) (string, error), error) {
		ts := make([]*jtacoma.UriTemplate, len(cs))
		for i, c := range cs {
			t, err := jtacoma.Parse(c.src)
			if err != nil {
				return nil, err
			}
			ts[i] = t
		}
		return func(i int) (string, error) { return ts[i].Expand(cs[i].vars) }, nil
	}},
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// commonTemplateCases returns the cases every implementation expands to
// an accepted output, so that each does the same work; the others are
// logged.
func commonTemplateCases(b *testing.B, cs []templateCase) []templateCase {
	var common []templateCase
	for _, c := range cs {
		ok := true
		for _, impl := range templateImpls {
			expand, err := impl.setup([]templateCase{c})
			var out string
			if err == nil {
				out, err = expand(0)
			}
			// An associative array's order is the map's in jtacoma:
			// try a few times before calling it a mismatch.
			for try := 0; try < 20 && err == nil && !slices.Contains(c.accept, out); try++ {
				out, err = expand(0)
			}
			if err != nil || !slices.Contains(c.accept, out) {
				b.Logf("left out %q: %s gives %q, %v; want one of %q", c.src, impl.name, out, err, c.accept)
				ok = false
			}
		}
		if ok {
			common = append(common, c)
		}
	}
	return common
}

// BenchmarkTemplateExpand expands each case of a set (one op is one pass
// over the set) with each implementation, after checking in the setup
// that every implementation gives an accepted output for every case.
// urikit.append is AppendExpand into a reused buffer (no allocation).
func BenchmarkTemplateExpand(b *testing.B) {
	sets := []struct {
		name  string
		cases []templateCase
	}{
		{"spec-examples", commonTemplateCases(b, specTemplateCases(b))},
		{"api", commonTemplateCases(b, apiTemplateCases())},
	}
	for _, impl := range templateImpls {
		for _, set := range sets {
			b.Run(impl.name+"/"+set.name, func(b *testing.B) {
				expand, err := impl.setup(set.cases)
				if err != nil {
					b.Fatal(err)
				}
				bytes := 0
				for i := range set.cases {
					s, _ := expand(i)
					bytes += len(s)
				}
				b.SetBytes(int64(bytes))
				b.ReportAllocs()
				for b.Loop() {
					for i := range set.cases {
						_, _ = expand(i)
					}
				}
			})
		}
	}
	for _, set := range sets {
		b.Run("urikit.append/"+set.name, func(b *testing.B) {
			ts := make([]template.Template, len(set.cases))
			vs := make([]template.Vars, len(set.cases))
			size := 0
			for i, c := range set.cases {
				ts[i] = template.MustParse(c.src)
				vs[i], _ = template.FromMap(c.vars)
				size = max(size, ts[i].MaxLen(vs[i]))
			}
			buf := make([]byte, 0, size)
			bytes := 0
			for i := range set.cases {
				out, _ := ts[i].AppendExpand(buf[:0], vs[i])
				if !slices.Contains(set.cases[i].accept, string(out)) {
					b.Fatalf("%q: %q", set.cases[i].src, out)
				}
				bytes += len(out)
			}
			b.SetBytes(int64(bytes))
			b.ReportAllocs()
			for b.Loop() {
				for i := range set.cases {
					_, _ = ts[i].AppendExpand(buf[:0], vs[i])
				}
			}
		})
	}
}

// BenchmarkTemplateParse parses every template of a set.
func BenchmarkTemplateParse(b *testing.B) {
	sets := []struct {
		name  string
		cases []templateCase
	}{
		{"spec-examples", commonTemplateCases(b, specTemplateCases(b))},
		{"api", commonTemplateCases(b, apiTemplateCases())},
	}
	parsers := []struct {
		name  string
		parse func(string) error
	}{
		{"urikit", func(s string) error { _, err := template.Parse(s); return err }},
		{"yosida95", func(s string) error { _, err := yosida.New(s); return err }},
		{"jtacoma", func(s string) error { _, err := jtacoma.Parse(s); return err }},
	}
	for _, p := range parsers {
		for _, set := range sets {
			b.Run(p.name+"/"+set.name, func(b *testing.B) {
				bytes := 0
				for _, c := range set.cases {
					bytes += len(c.src)
				}
				b.SetBytes(int64(bytes))
				b.ReportAllocs()
				for b.Loop() {
					for _, c := range set.cases {
						_ = p.parse(c.src)
					}
				}
			})
		}
	}
}
