// Package purl parses, builds and normalizes Package URLs (purls) as
// ECMA-427 and the purl-spec type definitions define them:
//
//	pkg:<type>/<namespace>/<name>@<version>?<qualifiers>#<subpath>
//
// such as pkg:npm/%40angular/animation@12.3.1 or
// pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?packaging=sources.
//
// # Canonical form
//
// [Parse] reads a purl and returns it in canonical form, which
// [PURL.String] and [PURL.AppendTo] write ([AppendCanonical] writes it
// straight from the text, for bulk work); == and [Equal] compare
// canonical forms, so that two spellings of one package are equal. The
// canonical form is
//
//   - "pkg:" in lowercase and never "pkg://" ("pkg:", "PKG:" and any
//     number of "/" after the colon are accepted on input);
//   - the type in lowercase: ASCII letters, digits, ".", "+" and "-", not
//     beginning with a digit;
//   - each component percent-decoded, normalized, then percent-encoded:
//     ASCII letters, digits, ".", "-", "_", "~" and ":" are written as
//     they are, every other byte as %XX with uppercase hex digits ("@" of
//     an npm scope is %40, "+" is %2B, a space %20); "/" separates the
//     segments of the namespace and of the subpath and is %2F inside the
//     name, the version and qualifier values;
//   - namespace segments that are empty dropped, subpath segments that are
//     empty, "." or ".." dropped (a segment holding "/" once decoded is an
//     error);
//   - qualifier keys lowercased (a key is case-insensitive) and sorted,
//     each key once, pairs with an empty value dropped;
//   - leading and trailing "/" of the part before "?" and of the subpath
//     dropped.
//
// Parse follows the specification's parsing steps (the subpath after the
// last "#", the qualifiers after the last "?", the version after the last
// "@" of the last segment, the name the last segment). It is strict where
// the specification is: a purl is ASCII without controls or spaces, every
// "%" begins two hex digits and the decoded bytes are UTF-8, the type and
// the name are present, qualifier keys are well formed and unique. A
// failure is an [*Error] with the byte offset of the problem, the
// [Component] and a stable [Code].
//
// [Build] makes the purl of decoded [Components] as the specification's
// building steps do; [PURL.Components] and the accessors ([PURL.Type],
// [PURL.Namespace], [PURL.Name], [PURL.Version], [PURL.Qualifiers],
// [PURL.Qualifier], [PURL.Subpath]) give them back decoded.
//
// # Types
//
// Every type registered in purl-spec (types/<type>-definition.json) has a
// row in types_gen.go, generated from the definitions by go generate
// (internal/gentypes): whether the namespace is required or prohibited,
// which components are case-insensitive (lowercased in the canonical
// form), the permitted_characters of name and version, the required
// qualifiers (julia's uuid, swid's tag_id). The rules the definitions give
// only in prose are code: pypi names have "_" replaced by "-"; pub names
// have every character other than [a-z0-9_] replaced by "_"; an mlflow name
// is lowercased when its repository_url is a Databricks one; a cpan name
// may not hold "::" and a cpan namespace (the author ID) is uppercase; a
// git purl's namespace is the host and its name the path after it
// (pkg:git/codeberg.org/forgejo/forgejo). Rules no code can apply
// (hackage's "kebab-case", alpm's vercmp version) are left to the
// producer. Types that are not registered are read by the generic rules.
//
// # Repository URLs
//
// [PURL.RepositoryURL] gives the web page of a package in the default
// repository of its type; [FromRepositoryURL] reads the addresses it
// writes back where they name one package unambiguously. The rules are
// the public URL layouts of each repository:
//
//   - npm: https://www.npmjs.com/package/[@scope/]name[/v/version]
//     (the npm website's package pages);
//   - pypi: https://pypi.org/project/name/[version/] (PyPI's project
//     pages, with the normalized name);
//   - maven: <repository>/group/path/artifact[/version], the Maven
//     repository layout under https://repo.maven.apache.org/maven2 (the
//     default_repository_url of maven-definition.json) or the
//     repository_url qualifier; not read back, since a path does not say
//     where the groupId ends;
//   - golang: https://pkg.go.dev/namespace/name[/subpath][@version] (the
//     Go package site); not read back, since a path does not say where
//     the module ends and the package begins;
//   - github: https://github.com/owner/repo[/tree/version];
//   - cargo: https://crates.io/crates/name[/version];
//   - gem: https://rubygems.org/gems/name[/versions/version];
//   - nuget: https://www.nuget.org/packages/name[/version];
//   - docker: https://hub.docker.com/_/name for official images (no
//     namespace, or "library") and https://hub.docker.com/r/namespace/name
//     otherwise; none when a repository_url qualifier names another
//     registry.
//
// # Cost
//
// A PURL is a comparable value: its canonical text and the offsets of its
// components. Most purls take a fast path (fast.go) that reads the input
// once and writes the canonical form as it goes; the others, and those
// the fast path cannot read without looking ahead, the full parse of the
// specification's steps, which gives the same result (a differential
// test and a fuzz target check it). Parse allocates the canonical text
// only, and nothing when the input is canonical already (up to 256 bytes,
// with at most 16 qualifiers); AppendCanonical allocates nothing for such
// purls, canonical or not, when its buffer has room; a failing Parse
// allocates its *Error. The accessors allocate only to
// decode escapes. Every operation is linear in its input, except the sort
// of the qualifiers (n log n in their number).
//
// The package uses the standard library only (net/url for the repository
// URLs, regexp for the permitted_characters of the type definitions).
package purl
