package purl

//go:generate go run ./internal/gentypes -types ../../shared/testdata/purl/types -o types_gen.go

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// A requirement says whether a type's purls have a component.
type requirement uint8

const (
	optional requirement = iota
	required
	prohibited
)

// A typeRule is what the type definition of a registered type says about
// its components (types_gen.go), with the rules the definitions give only
// in prose applied by code (see normalizeName and checkName).
type typeRule struct {
	// name is the type.
	name      string
	namespace requirement
	// fold... are set when the component is case-insensitive: its
	// canonical form is lowercase.
	foldNamespace, foldName, foldVersion, foldSubpath bool
	// namePermitted and versionPermitted are the definitions'
	// permitted_characters regular expressions, matched on the decoded
	// component.
	namePermitted, versionPermitted string
	// nameRe and versionRe are those expressions compiled (nil for
	// none), once, when the rules are made.
	nameRe, versionRe *regexp.Regexp
	// requiredQualifiers are the keys a purl of the type must have.
	requiredQualifiers []string
	// defaultRepository is the definition's default repository URL.
	defaultRepository string
	// nameRules is set for the types whose names normalizeName,
	// checkName or namePermitted check.
	nameRules bool
	// kind tells the fast path the types whose rules it applies by
	// code, without comparing names.
	kind fastKind
}

// unregistered is the rule of a type that is not registered: no
// requirement, case-sensitive components.
var unregistered = typeRule{}

func init() {
	for name, r := range registered {
		r.nameRe, r.versionRe = compile(r.namePermitted), compile(r.versionPermitted)
		switch name {
		case "pypi", "pub", "mlflow", "cpan":
			r.nameRules = true
		}
		if r.namePermitted != "" {
			r.nameRules = true
		}
		switch {
		case name == "pypi":
			r.kind = kindPypi
		case name == "pub":
			r.kind = kindPub
		case name == "mlflow":
			r.kind = kindMlflow
		case upperNamespace(name):
			r.kind = kindCpan
		case nameHasSlashes(name):
			r.kind = kindGit
		}
	}
	typeSlots = newTypeSlots()
}

// rule returns the rule of the (lowercase) type t, or nil when t is not
// registered.
func rule(t []byte) *typeRule { return registered[string(t)] }

// permitted reports whether s matches re, a permitted_characters
// expression (true when re is nil: the type has none).
func permitted(re *regexp.Regexp, s []byte) bool {
	if re == nil {
		return true
	}
	// A copy: the regexp would otherwise make the scratch space escape.
	return re.MatchString(string(s))
}

// compile returns the compiled expression expr, or nil when expr is "".
func compile(expr string) *regexp.Regexp {
	if expr == "" {
		return nil
	}
	return regexp.MustCompile(expr)
}

// fold lowercases b in place when it is ASCII, and otherwise returns its
// Unicode lowercase.
func fold(b []byte) []byte {
	for i, c := range b {
		if c >= utf8.RuneSelf {
			return bytes.ToLower(b)
		}
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return b
}

// normalizeName applies the name normalization rules that the type
// definitions state in prose, to the decoded (and, for a case-insensitive
// name, lowercased) name. repo is the decoded repository_url qualifier.
func normalizeName(typ string, name []byte, repo string) []byte {
	switch typ {
	case "pypi":
		// pypi-definition.json: "Replace underscore _ with dash -".
		for i, c := range name {
			if c == '_' {
				name[i] = '-'
			}
		}
	case "pub":
		// pub-definition.json: "Replace non-[a-z] letters, non-[0-9]
		// digits with underscore _" (after lowercasing: the only
		// characters allowed are [a-z0-9_]).
		if !isPubName(name) {
			out := name[:0:0]
			for _, r := range string(name) {
				if r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_') {
					out = append(out, byte(r))
				} else {
					out = append(out, '_')
				}
			}
			return out
		}
	case "mlflow":
		// mlflow-definition.json: the name is case-insensitive on
		// Databricks, where it "shall be lowercased", and kept as-is
		// elsewhere (Azure ML).
		if strings.Contains(strings.ToLower(repo), "databricks") {
			return fold(name)
		}
	}
	return name
}

func isPubName(b []byte) bool {
	for _, c := range b {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// checkName reports whether the decoded name obeys the rules the type
// definitions state in prose: a cpan distribution name "shall not contain
// the string '::'".
func checkName(typ string, name []byte) bool {
	if typ == "cpan" {
		return !bytes.Contains(name, []byte("::"))
	}
	return true
}

// upperNamespace reports whether the type's namespace is uppercase in the
// canonical form: cpan-definition.json says the CPAN author ID "shall be
// uppercase".
func upperNamespace(typ string) bool { return typ == "cpan" }

// nameHasSlashes reports whether the type's name is a path whose "/" are
// separators, not part of a segment: git-definition.json makes the
// namespace the host and the name "the path on the host to the git
// repository" (pkg:git/codeberg.org/forgejo/forgejo has the namespace
// codeberg.org and the name forgejo/forgejo).
func nameHasSlashes(typ string) bool { return typ == "git" }
