package doccheck

import (
	"bufio"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// An exception is a mention of a package in a doc comment that is not a
// claim that the documented package depends on it.
type exception struct {
	// dir is the documented package's directory, relative to the
	// repository root.
	dir string
	// path is the import path mentioned.
	path string
	// absent, when true, says the doc mentions path as something the
	// package does not use: the test then checks that the package really
	// does not import it.
	absent bool
	// why is the reason the mention is not a dependency claim.
	why string
}

// exceptions lists every mention that is not a dependency claim. An entry
// that no doc mentions any more, or whose package imports what it names
// (unless absent), fails the test, so the list stays exact.
var exceptions = []exception{
	{"idna", "golang.org/x/net/idna", true, "the doc says the tables do not depend on its Unicode version"},
	{"idna", "golang.org/x/text", true, "the doc says the tables do not depend on its Unicode version"},
	{"idna", "github.com/urikit/urikit/idna/internal/gentables", false, "the generator of tables_gen.go, run by go generate"},
	{"uri", "net/netip", false, "the design Reference is modelled on, not a dependency"},
	{"form", "net/netip", false, "the design the project's notes model values on"},
	{"percent/internal/gensets", "github.com/urikit/urikit/percent", false, "the package whose tables it generates"},
	{"internal/report", "github.com/urikit/urikit/serve", false, "its consumer: package serve answers with the records"},
	{"idna/internal/gentables", "github.com/urikit/urikit/idna", false, "the package whose tables it generates"},
	{"internal/apilist", "github.com/urikit/urikit/uri", false, "the example line of the listing it writes, not a dependency"},
	{"purl", "github.com/urikit/urikit/purl/internal/gentypes", false, "the generator of types_gen.go, run by go generate"},
	{"purl/internal/gentypes", "github.com/urikit/urikit/purl", false, "the package whose type table it generates"},
	{"bench/cmd/report", "net/url", false, "a peer whose benchmarks it runs (in package bench), not a dependency"},
}

// pkg is one package directory of the repository.
type pkg struct {
	dir     string          // relative to the root, with "/"
	path    string          // import path
	name    string          // package name
	doc     string          // package doc comment text
	imports map[string]bool // imports of the non-test files (all files for a test-only package)
}

func TestDocDependencies(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := loadPackages(t, root)
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages under %s", len(pkgs), root)
	}
	byName := map[string]string{} // package name -> import path, for library packages
	byPath := map[string]bool{}
	for _, p := range pkgs {
		byPath[p.path] = true
		if p.name != "main" {
			byName[p.name] = p.path
		}
	}
	used := make([]bool, len(exceptions))
	claims := 0
	for _, p := range pkgs {
		if p.doc == "" {
			continue
		}
		for _, m := range mentions(p, byName, byPath, root) {
			if m == p.path {
				continue
			}
			i := slices.IndexFunc(exceptions, func(e exception) bool { return e.dir == p.dir && e.path == m })
			switch {
			case i >= 0:
				used[i] = true
				switch imp := imports(p, m); {
				case exceptions[i].absent && imp:
					t.Errorf("%s: the doc says it does not use %s, but the package imports it", p.dir, m)
				case !exceptions[i].absent && imp:
					t.Errorf("exception %s → %s is not needed: the package imports it", p.dir, m)
				}
			case !imports(p, m):
				t.Errorf("%s: the package doc mentions %s, which the package does not import (fix the doc, or list the mention in exceptions with its reason)", p.dir, m)
			default:
				claims++
			}
		}
	}
	for i, e := range exceptions {
		if !used[i] {
			t.Errorf("exception %s → %s is stale: the doc no longer mentions it", e.dir, e.path)
		}
	}
	if claims < 10 {
		t.Errorf("only %d dependency claims checked: the mention scanner finds too little", claims)
	}
	t.Logf("%d packages, %d dependency claims checked, %d exceptions", len(pkgs), claims, len(exceptions))
}

// TestMentions checks the mention scanner on doc text of known shapes, so
// that the main test cannot pass by finding nothing.
func TestMentions(t *testing.T) {
	byName := map[string]string{"report": "m/internal/report", "uri": "m/uri", "percent": "m/percent", "form": "m/form"}
	byPath := map[string]bool{"m/internal/report": true, "m/uri": true, "m/percent": true, "m/form": true}
	p := pkg{dir: "x", path: "m/x", doc: `IDNA is built on golang.org/x/net/idna and x/text (see
https://url.spec.whatwg.org/a/b). It parses with package uri, writes
report.Record objects of package internal/report, returns a [*percent.Error],
converts to net/url.Values and to "a/b/c" paths; the form package.`}
	got := mentions(p, byName, byPath, "")
	want := []string{"golang.org/x/net/idna", "golang.org/x/text", "m/form", "m/internal/report", "m/percent", "m/uri", "net/url"}
	if !slices.Equal(got, want) {
		t.Errorf("mentions = %q\nwant %q", got, want)
	}
}

var (
	urlRE       = regexp.MustCompile(`[a-z]+://\S+`)
	hostPathRE  = regexp.MustCompile(`\b((?:golang\.org|github\.com|gopkg\.in|google\.golang\.org|honnef\.co)/[\w.\-/]*\w)`)
	xPathRE     = regexp.MustCompile(`(?:^|[^\w./])(x/[a-z]+(?:/[a-z0-9]+)*)`)
	slashPathRE = regexp.MustCompile(`(?:^|[^\w./%-])([a-z][a-z0-9]*(?:/[a-z][a-z0-9]*)+)\b`)
	packageRE   = regexp.MustCompile(`\bpackages?\s+([a-z][\w/]*)`)
	namePkgRE   = regexp.MustCompile(`\b([a-z][\w/]*)\s+package\b`)
	qualRE      = regexp.MustCompile(`(?:^|[^\w./])\*?([a-z][a-z0-9]*)\.[A-Z]\w*`)
)

// mentions returns the import paths that p's doc mentions, sorted and
// without repeats: full import paths (golang.org/x/..., github.com/...,
// x/net/... as short for golang.org/x/net/..., standard library paths
// such as net/url, and paths of this repository's packages relative to
// the package or to the module root such as internal/report), "package
// NAME" and "NAME package" for the repository's packages, and names
// qualified by a repository package's name ("report.Record",
// "[*percent.Error]"). root is the repository root ("" in tests: no
// relative path resolves).
func mentions(p pkg, byName map[string]string, byPath map[string]bool, root string) []string {
	doc := urlRE.ReplaceAllString(p.doc, " ")
	set := map[string]bool{}
	for _, m := range hostPathRE.FindAllStringSubmatch(doc, -1) {
		set[strings.TrimSuffix(m[1], ".")] = true
	}
	for _, m := range xPathRE.FindAllStringSubmatch(doc, -1) {
		set["golang.org/"+m[1]] = true
	}
	modPath := strings.TrimSuffix(p.path, "/"+p.dir) // the module root's import path, for packages of the root module
	for _, m := range slashPathRE.FindAllStringSubmatchIndex(doc, -1) {
		s := doc[m[2]:m[3]]
		if m[2] > 0 && strings.HasSuffix(doc[:m[2]], "x/") {
			continue
		}
		if ip, ok := repoPath(s, p, modPath, byPath, root); ok {
			set[ip] = true
		} else if isStd(s) {
			set[s] = true
		}
	}
	for _, re := range []*regexp.Regexp{packageRE, namePkgRE} {
		for _, m := range re.FindAllStringSubmatch(doc, -1) {
			if ip, ok := byName[m[1]]; ok {
				set[ip] = true
			} else if ip, ok := repoPath(m[1], p, modPath, byPath, root); ok {
				set[ip] = true
			}
		}
	}
	for _, m := range qualRE.FindAllStringSubmatch(doc, -1) {
		if ip, ok := byName[m[1]]; ok {
			set[ip] = true
		}
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// imports reports whether p imports path or a package under it (a doc
// may name a module, such as golang.org/x/text, whose packages the code
// imports).
func imports(p pkg, path string) bool {
	for s := range p.imports {
		if s == path || strings.HasPrefix(s, path+"/") {
			return true
		}
	}
	return false
}

// repoPath resolves s, a slash-separated path from p's doc, as the
// directory of one of the repository's packages: relative to p's
// directory, then to the module root.
func repoPath(s string, p pkg, modPath string, byPath map[string]bool, root string) (string, bool) {
	if !strings.Contains(s, "/") {
		return "", false
	}
	for _, ip := range []string{p.path + "/" + s, modPath + "/" + s, "github.com/urikit/urikit/" + s} {
		if byPath[ip] {
			return ip, true
		}
	}
	return "", false
}

// isStd reports whether s is the import path of a standard library
// package.
func isStd(s string) bool {
	bp, err := build.Default.Import(s, "", build.FindOnly)
	return err == nil && bp.Goroot
}

// loadPackages parses the package clause, doc comment and imports of every
// Go package under root (all modules of the repository), skipping
// testdata and hidden directories.
func loadPackages(t *testing.T, root string) []pkg {
	var pkgs []pkg
	err := filepath.WalkDir(root, func(dir string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if dir != root && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		if len(files) == 0 {
			return nil
		}
		rel, _ := filepath.Rel(root, dir)
		p := pkg{dir: filepath.ToSlash(rel), imports: map[string]bool{}}
		p.path = importPath(t, root, dir)
		testImports := map[string]bool{}
		code := false
		fset := token.NewFileSet()
		for _, f := range files {
			af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly|parser.ParseComments)
			if err != nil {
				t.Fatalf("parse %s: %v", f, err)
			}
			if ignored(af) {
				continue // a program run by hand or go generate
			}
			isTest := strings.HasSuffix(f, "_test.go")
			into := p.imports
			if isTest {
				into = testImports
			} else {
				if p.name == "" || !strings.HasSuffix(af.Name.Name, "_test") {
					p.name = af.Name.Name
				}
				if filepath.Base(f) != "doc.go" {
					code = true
				}
				if af.Doc != nil {
					if p.doc != "" {
						t.Errorf("%s: more than one file has a package doc comment", p.dir)
					}
					p.doc = af.Doc.Text()
				}
			}
			for _, im := range af.Imports {
				s, _ := strconv.Unquote(im.Path.Value)
				into[s] = true
			}
		}
		if !code { // a test-only package, such as bench: its tests are its code
			for s := range testImports {
				p.imports[s] = true
			}
		}
		if p.name == "" { // only test files
			return nil
		}
		pkgs = append(pkgs, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// ignored reports whether f is excluded from every build by a
// "//go:build ignore" line.
func ignored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if c.Text == "//go:build ignore" {
				return true
			}
		}
	}
	return false
}

// importPath returns the import path of the package in dir: the module
// path of the nearest go.mod above it, joined with the rest of the path.
func importPath(t *testing.T, root, dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if f, err := os.Open(filepath.Join(d, "go.mod")); err == nil {
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if mod, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					f.Close()
					rel, _ := filepath.Rel(d, dir)
					return path.Clean(strings.TrimSpace(mod) + "/" + filepath.ToSlash(rel))
				}
			}
			f.Close()
		}
		if d == root || d == filepath.Dir(d) {
			t.Fatalf("no go.mod above %s", dir)
		}
	}
}
