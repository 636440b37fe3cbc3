package purl

import (
	"net/url"
	"strings"
)

// RepositoryURL returns the web address of the package (at its version,
// when the purl has one) in the default repository of its type, and
// whether the package knows one for the type. The rules, per type, are in
// the package documentation. A repository_url qualifier, where the type
// defines one (maven), replaces the default repository.
func (p PURL) RepositoryURL() (string, bool) {
	if p.s == "" {
		return "", false
	}
	ns, name, ver := p.Namespace(), p.Name(), p.Version()
	esc := url.PathEscape
	var b strings.Builder
	b.Grow(len(p.s) + 48)
	switch p.Type() {
	case "npm":
		b.WriteString("https://www.npmjs.com/package/")
		if ns != "" {
			b.WriteString(esc(ns))
			b.WriteByte('/')
		}
		writeNameVersion(&b, name, "/v/", ver)
	case "pypi":
		b.WriteString("https://pypi.org/project/")
		b.WriteString(esc(name))
		b.WriteByte('/')
		if ver != "" {
			b.WriteString(esc(ver))
			b.WriteByte('/')
		}
	case "maven":
		base := "https://repo.maven.apache.org/maven2"
		if r, ok := p.Qualifier("repository_url"); ok {
			base = strings.TrimRight(r, "/")
			if !strings.Contains(base, "://") {
				base = "https://" + base
			}
		}
		if ns == "" {
			return "", false
		}
		b.WriteString(base)
		for seg := range strings.SplitSeq(ns, ".") {
			b.WriteByte('/')
			b.WriteString(esc(seg))
		}
		b.WriteByte('/')
		b.WriteString(esc(name))
		if ver != "" {
			b.WriteByte('/')
			b.WriteString(esc(ver))
		}
	case "golang":
		b.WriteString("https://pkg.go.dev/")
		writePath(&b, ns)
		b.WriteByte('/')
		b.WriteString(esc(name))
		if sub := p.Subpath(); sub != "" {
			b.WriteByte('/')
			writePath(&b, sub)
		}
		if ver != "" {
			b.WriteByte('@')
			b.WriteString(esc(ver))
		}
	case "github":
		b.WriteString("https://github.com/")
		b.WriteString(esc(ns))
		b.WriteByte('/')
		writeNameVersion(&b, name, "/tree/", ver)
	case "cargo":
		b.WriteString("https://crates.io/crates/")
		writeNameVersion(&b, name, "/", ver)
	case "gem":
		b.WriteString("https://rubygems.org/gems/")
		writeNameVersion(&b, name, "/versions/", ver)
	case "nuget":
		b.WriteString("https://www.nuget.org/packages/")
		writeNameVersion(&b, name, "/", ver)
	case "docker":
		if _, ok := p.Qualifier("repository_url"); ok {
			return "", false // not Docker Hub
		}
		if ns == "" || ns == "library" {
			b.WriteString("https://hub.docker.com/_/")
		} else {
			b.WriteString("https://hub.docker.com/r/")
			writePath(&b, ns)
			b.WriteByte('/')
		}
		b.WriteString(esc(name))
	default:
		return "", false
	}
	return b.String(), true
}

// writeNameVersion writes the escaped name and, when ver is not empty,
// sep and the escaped version: the end of the address of most types.
func writeNameVersion(b *strings.Builder, name, sep, ver string) {
	b.WriteString(url.PathEscape(name))
	if ver != "" {
		b.WriteString(sep)
		b.WriteString(url.PathEscape(ver))
	}
}

// writePath writes the "/"-separated segments of path, each escaped.
func writePath(b *strings.Builder, path string) {
	for i, seg := range strings.Split(path, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(url.PathEscape(seg))
	}
}

// FromRepositoryURL returns the purl of the package whose web address is
// rawURL, for the addresses [PURL.RepositoryURL] writes where the address
// names one package unambiguously: npm, pypi, github, cargo, gem, nuget
// and docker (maven and golang are not read back: their paths do not say
// where the group ends or which part is the module). The scheme may be
// http or https, and the host may begin with "www.". A failure is an
// [*Error] with code [ErrNoRepository], or the error Build returned.
func FromRepositoryURL(rawURL string) (PURL, error) {
	fail := func() (PURL, error) {
		return PURL{}, &Error{Input: rawURL, Offset: -1, Code: ErrNoRepository}
	}
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.RawQuery != "" || u.User != nil {
		return fail()
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	var segs []string
	for seg := range strings.SplitSeq(strings.Trim(u.Path, "/"), "/") {
		if seg != "" {
			segs = append(segs, seg)
		}
	}
	c := Components{}
	switch {
	case host == "npmjs.com" && len(segs) >= 2 && segs[0] == "package":
		c.Type = "npm"
		rest := segs[1:]
		if strings.HasPrefix(rest[0], "@") {
			if len(rest) < 2 {
				return fail()
			}
			c.Namespace, rest = rest[0], rest[1:]
		}
		c.Name, rest = rest[0], rest[1:]
		switch {
		case len(rest) == 2 && rest[0] == "v":
			c.Version = rest[1]
		case len(rest) != 0:
			return fail()
		}
	case host == "pypi.org" && (len(segs) == 2 || len(segs) == 3) && segs[0] == "project":
		c.Type, c.Name = "pypi", segs[1]
		if len(segs) == 3 {
			c.Version = segs[2]
		}
	case host == "github.com" && (len(segs) == 2 || len(segs) == 4 && segs[2] == "tree"):
		c.Type, c.Namespace, c.Name = "github", segs[0], segs[1]
		if len(segs) == 4 {
			c.Version = segs[3]
		}
	case host == "crates.io" && (len(segs) == 2 || len(segs) == 3) && segs[0] == "crates":
		c.Type, c.Name = "cargo", segs[1]
		if len(segs) == 3 {
			c.Version = segs[2]
		}
	case host == "rubygems.org" && (len(segs) == 2 || len(segs) == 4 && segs[2] == "versions") && segs[0] == "gems":
		c.Type, c.Name = "gem", segs[1]
		if len(segs) == 4 {
			c.Version = segs[3]
		}
	case host == "nuget.org" && (len(segs) == 2 || len(segs) == 3) && segs[0] == "packages":
		c.Type, c.Name = "nuget", segs[1]
		if len(segs) == 3 {
			c.Version = segs[2]
		}
	case host == "hub.docker.com" && len(segs) == 2 && segs[0] == "_":
		c.Type, c.Name = "docker", segs[1]
	case host == "hub.docker.com" && len(segs) == 3 && segs[0] == "r":
		c.Type, c.Namespace, c.Name = "docker", segs[1], segs[2]
	default:
		return fail()
	}
	return Build(c)
}
