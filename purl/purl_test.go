package purl

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestParseCanonical(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"pkg:npm/%40angular/animation@12.3.1", "pkg:npm/%40angular/animation@12.3.1"},
		{"PKG://NPM/@angular/animation@12.3.1", "pkg:npm/%40angular/animation@12.3.1"},
		{"pkg:golang/google.golang.org/genproto#googleapis/api/annotations", "pkg:golang/google.golang.org/genproto#googleapis/api/annotations"},
		{"pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?packaging=sources", "pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?packaging=sources"},
		{"pkg:generic/a?b=2&A1=x&c=", "pkg:generic/a?a1=x&b=2"},
		{"pkg:generic/a#/./x/../y//%2E%2E/", "pkg:generic/a#x/y"},
		{"pkg:generic/a#./", "pkg:generic/a"},
		{"pkg:generic/a?", "pkg:generic/a"},
		{"pkg:generic//ns//a/", "pkg:generic/ns/a"},
		{"pkg:generic/a%7e%3a%2b@1%2Fx", "pkg:generic/a~:%2B@1%2Fx"},
		{"pkg:generic/caf%C3%A9", "pkg:generic/caf%C3%A9"},
		{"pkg:pypi/Django_Package@1.0RC1", "pkg:pypi/django-package@1.0rc1"},
		{"pkg:pub/Flutter-Web", "pkg:pub/flutter_web"},
		{"pkg:cpan/drolsky/DateTime", "pkg:cpan/DROLSKY/DateTime"},
		{"pkg:git/codeberg.org/forgejo//forgejo", "pkg:git/codeberg.org/forgejo/forgejo"},
		{"pkg:mlflow/Model?repository_url=https://x.cloud.databricks.com/api/2.0/mlflow", "pkg:mlflow/model?repository_url=https:%2F%2Fx.cloud.databricks.com%2Fapi%2F2.0%2Fmlflow"},
		{"pkg:brew/node@20@20.10.0", "pkg:brew/node%4020@20.10.0"},
	} {
		p, err := Parse(c.in)
		if err != nil || p.String() != c.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", c.in, p, err, c.want)
			continue
		}
		if q, err := Parse(p.String()); err != nil || q != p {
			t.Errorf("Parse(%q) = %q, %v: not a fixed point", p, q, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		off  int
		comp Component
		code Code
	}{
		{"npm/a", 0, ComponentScheme, ErrScheme},
		{"pkg%3Anpm/a", 3, ComponentScheme, ErrScheme},
		{"pkg:", 4, ComponentType, ErrMissingType},
		{"pkg:3npm/a", 4, ComponentType, ErrInvalidType},
		{"pkg:npm:a/b", 7, ComponentType, ErrInvalidType},
		{"pkg:npm", 7, ComponentName, ErrMissingName},
		{"pkg:npm/a@", 10, ComponentVersion, ErrEmptyVersion},
		{"pkg:npm/a b", 9, ComponentName, ErrInvalidChar},
		{"pkg:npm/é", 8, ComponentName, ErrInvalidChar},
		{"pkg:npm/a@1%2", 11, ComponentVersion, ErrInvalidEscape},
		{"pkg:npm/a%FF", 8, ComponentName, ErrInvalidUTF8},
		{"pkg:npm/a%2Fb/c", 8, ComponentNamespace, ErrSlashInSegment},
		{"pkg:npm/a#b%2Fc", 10, ComponentSubpath, ErrSlashInSegment},
		{"pkg:npm/a?in%20production=true", 10, ComponentQualifiers, ErrInvalidKey},
		{"pkg:npm/a?1a=true", 10, ComponentQualifiers, ErrInvalidKey},
		{"pkg:npm/a?x", 10, ComponentQualifiers, ErrMissingEquals},
		{"pkg:npm/a?b=1&B=2", 14, ComponentQualifiers, ErrDuplicateKey},
		{"pkg:swift/Alamofire@5.4.3", 10, ComponentNamespace, ErrNamespaceRequired},
		{"pkg:cargo/x/rand", 10, ComponentNamespace, ErrNamespaceProhibited},
		{"pkg:julia/Dates", 15, ComponentQualifiers, ErrQualifierRequired},
		{"pkg:chrome-extension/dogs", 21, ComponentName, ErrNotPermitted},
		{"pkg:cpan/LWP::UserAgent", 9, ComponentName, ErrNotPermitted},
	} {
		_, err := Parse(c.in)
		var e *Error
		if !errors.As(err, &e) || e.Offset != c.off || e.Component != c.comp || e.Code != c.code || !errors.Is(err, c.code) {
			t.Errorf("Parse(%q) = %v; want %s at %d (%s)", c.in, err, c.code, c.off, c.comp)
			continue
		}
		if !strings.HasPrefix(err.Error(), "purl: offset ") {
			t.Errorf("Parse(%q): message %q", c.in, err)
		}
	}
}

func TestComponents(t *testing.T) {
	p := MustParse("pkg:npm/%40babel/core@7.0.0%2Bx?vcs_url=git%2Bhttps:%2F%2Fh%2Fr&arch=x#lib/a%20b")
	got := p.Components()
	want := Components{Type: "npm", Namespace: "@babel", Name: "core", Version: "7.0.0+x",
		Qualifiers: []Qualifier{{"arch", "x"}, {"vcs_url", "git+https://h/r"}}, Subpath: "lib/a b"}
	if !equalComponents(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	if v, ok := p.Qualifier("VCS_URL"); !ok || v != "git+https://h/r" {
		t.Errorf("Qualifier = %q, %v", v, ok)
	}
	if _, ok := p.Qualifier("nope"); ok {
		t.Error("Qualifier(nope) found")
	}
	b, err := Build(want)
	if err != nil || b != p {
		t.Errorf("Build = %q, %v; want %q", b, err, p)
	}
	if _, err := Build(Components{Type: "npm", Name: "a", Qualifiers: []Qualifier{{"in production", "x"}}}); !errors.Is(err, ErrInvalidKey) {
		t.Errorf("Build with a bad key: %v", err)
	}
	var e *Error
	if _, err := Build(Components{Type: "swift", Name: "a"}); !errors.As(err, &e) || e.Offset != -1 || e.Code != ErrNamespaceRequired {
		t.Errorf("Build without a required namespace: %v", err)
	}
}

func TestText(t *testing.T) {
	var z PURL
	b, err := json.Marshal(struct{ P PURL }{z})
	if err != nil || string(b) != `{"P":""}` {
		t.Errorf("zero marshals to %s, %v", b, err)
	}
	var v struct{ P PURL }
	if err := json.Unmarshal([]byte(`{"P":"pkg:NPM/a"}`), &v); err != nil || v.P.String() != "pkg:npm/a" {
		t.Errorf("unmarshal: %q, %v", v.P, err)
	}
	if err := json.Unmarshal([]byte(`{"P":""}`), &v); err != nil || v.P != z {
		t.Errorf("unmarshal of \"\": %q, %v", v.P, err)
	}
	if err := v.P.UnmarshalText([]byte("npm/a")); !errors.Is(err, ErrScheme) {
		t.Errorf("unmarshal of a non-purl: %v", err)
	}
	if got := string(MustParse("pkg:npm/a").AppendTo([]byte("x "))); got != "x pkg:npm/a" {
		t.Errorf("AppendTo = %q", got)
	}
	if !Equal(MustParse("pkg:NPM/a?B=1"), MustParse("pkg://npm/a/?b=1")) || Equal(MustParse("pkg:npm/a"), MustParse("pkg:npm/A")) {
		t.Error("Equal")
	}
}

func TestRepositoryURL(t *testing.T) {
	for _, c := range []struct{ purl, url string }{
		{"pkg:npm/%40angular/animation@12.3.1", "https://www.npmjs.com/package/@angular/animation/v/12.3.1"},
		{"pkg:npm/left-pad", "https://www.npmjs.com/package/left-pad"},
		{"pkg:pypi/django@1.11.1", "https://pypi.org/project/django/1.11.1/"},
		{"pkg:pypi/django", "https://pypi.org/project/django/"},
		{"pkg:github/package-url/purl-spec@v1.0", "https://github.com/package-url/purl-spec/tree/v1.0"},
		{"pkg:cargo/rand@0.7.2", "https://crates.io/crates/rand/0.7.2"},
		{"pkg:gem/rails@7.1.0", "https://rubygems.org/gems/rails/versions/7.1.0"},
		{"pkg:nuget/Newtonsoft.Json@13.0.3", "https://www.nuget.org/packages/Newtonsoft.Json/13.0.3"},
		{"pkg:docker/cassandra", "https://hub.docker.com/_/cassandra"},
		{"pkg:docker/smartentry/debian", "https://hub.docker.com/r/smartentry/debian"},
	} {
		p := MustParse(c.purl)
		u, ok := p.RepositoryURL()
		if !ok || u != c.url {
			t.Errorf("%s: RepositoryURL = %q, %v; want %q", c.purl, u, ok, c.url)
		}
		back, err := FromRepositoryURL(u)
		if err != nil || back != p {
			t.Errorf("FromRepositoryURL(%q) = %q, %v; want %q", u, back, err, p)
		}
	}
	for _, c := range []struct{ purl, url string }{
		{"pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1", "https://repo.maven.apache.org/maven2/org/apache/xmlgraphics/batik-anim/1.9.1"},
		{"pkg:maven/g/a?repository_url=repo.spring.io/release/", "https://repo.spring.io/release/g/a"},
		{"pkg:golang/google.golang.org/genproto@v0.1#googleapis/api/annotations", "https://pkg.go.dev/google.golang.org/genproto/googleapis/api/annotations@v0.1"},
	} {
		u, ok := MustParse(c.purl).RepositoryURL()
		if !ok || u != c.url {
			t.Errorf("%s: RepositoryURL = %q, %v; want %q", c.purl, u, ok, c.url)
		}
		if _, err := FromRepositoryURL(u); !errors.Is(err, ErrNoRepository) {
			t.Errorf("FromRepositoryURL(%q): %v, want %s", u, err, ErrNoRepository)
		}
	}
	if _, ok := MustParse("pkg:deb/debian/attr").RepositoryURL(); ok {
		t.Error("deb has a repository URL")
	}
	for _, u := range []string{"https://example.com/x", "ftp://github.com/a/b", "https://github.com/a", "https://www.npmjs.com/package/@scope"} {
		if _, err := FromRepositoryURL(u); !errors.Is(err, ErrNoRepository) {
			t.Errorf("FromRepositoryURL(%q): %v", u, err)
		}
	}
}

func TestParseAllocs(t *testing.T) {
	for _, s := range []string{
		"pkg:npm/%40angular/animation@12.3.1",
		"pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?classifier=sources&type=pom",
		"pkg:golang/google.golang.org/genproto#googleapis/api/annotations",
		"pkg:git/codeberg.org/forgejo/forgejo@a72d2c07cfca03b55371089de6aa230d8c951fa0#options/locale_readme.md",
	} {
		if n := testing.AllocsPerRun(100, func() { _, _ = Parse(s) }); n != 0 {
			t.Errorf("Parse(%q) of a canonical purl: %v allocations", s, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Parse("pkg:NPM/@angular/animation@12.3.1?b=1&a=2") }); n != 1 {
		t.Errorf("Parse of a purl to normalize: %v allocations, want 1 (the canonical text)", n)
	}
}
