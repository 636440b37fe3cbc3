package purl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/nodetest"
)

// The differential test parses generated purls both with this package and
// with the npm package packageurl-js (testdata/node: package.json and
// package-lock.json pin it), driven by Node: both must accept and refuse
// the same purls and, where both accept, write the same canonical form.
// It needs node and npm: without them it is skipped, saying so (and fails
// when URIKIT_REQUIRE_DIFFERENTIAL is set); with them, "npm ci" installs
// the locked package once into a directory under os.TempDir.
//
// The cases where the two differ on purpose are classified by
// knownDisagreement, each with the reason from the specification; any
// other difference fails the test.

// genPurls returns n purls made with the seeded generator r: purls of
// registered and unregistered types with namespaces, names, versions,
// qualifiers and subpaths, half of letters, digits, ".", "-" and "_",
// half of any character that matters to the grammar, some
// of them written as producers do (uppercase type, "pkg://", unencoded
// "@" or "+", unsorted or uppercase keys, "." and ".." in the subpath).
func genPurls(r *rand.Rand, n int) []string {
	types := []string{"npm", "pypi", "maven", "golang", "github", "cargo", "gem", "nuget", "docker", "generic",
		"deb", "rpm", "conan", "swift", "cocoapods", "hex", "composer", "bitbucket", "huggingface", "oci", "acme", "x.y+z-1"}
	chars := []string{"a", "b", "Z", "0", "9", "-", ".", "_", "~", ":", "%20", "%2B", "%40", "%3A", "%41", "%61", "%2F",
		"%C3%A9", "+", "@", "!", "$", "'", "(", ")", "*", ",", ";", "=", "%25", "%26", "%3F", "%23"}
	tame := []string{"a", "b", "c", "x", "Z", "0", "1", "9", "-", ".", "_"}
	alphabet := chars
	word := func(max int) string {
		var b strings.Builder
		for range 1 + r.IntN(max) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	keys := []string{"arch", "type", "classifier", "repository_url", "vcs_url", "os", "Distro", "checksum", "download_url", "file_name", "a.b-c_d"}
	out := make([]string, 0, n)
	for k := range n {
		// Half the purls are of tame characters, as most real ones are;
		// half of any character that matters to the grammar.
		alphabet = chars
		if k%2 == 0 {
			alphabet = tame
		}
		var b strings.Builder
		switch r.IntN(8) {
		case 0:
			b.WriteString("pkg://")
		case 1:
			b.WriteString("PKG:")
		default:
			b.WriteString("pkg:")
		}
		t := types[r.IntN(len(types))]
		if r.IntN(6) == 0 {
			t = strings.ToUpper(t)
		}
		b.WriteString(t)
		b.WriteByte('/')
		for range r.IntN(3) {
			b.WriteString(word(6))
			b.WriteByte('/')
		}
		b.WriteString(word(8))
		if r.IntN(3) > 0 {
			b.WriteByte('@')
			b.WriteString(word(6))
		}
		if r.IntN(2) == 0 {
			b.WriteByte('?')
			for i := range 1 + r.IntN(3) {
				if i > 0 {
					b.WriteByte('&')
				}
				b.WriteString(keys[r.IntN(len(keys))])
				b.WriteByte('=')
				if r.IntN(8) > 0 {
					b.WriteString(word(6))
				}
			}
		}
		if r.IntN(3) == 0 {
			b.WriteByte('#')
			for i := range 1 + r.IntN(3) {
				if i > 0 {
					b.WriteByte('/')
				}
				switch r.IntN(6) {
				case 0:
					b.WriteString(".")
				case 1:
					b.WriteString("..")
				default:
					b.WriteString(word(5))
				}
			}
		}
		out = append(out, b.String())
	}
	return out
}

// knownDisagreement returns why urikit and packageurl-js may differ on
// the purl s, where urikit gives p (or fails with err) and packageurl-js
// gives theirs (or fails with jsErr): a rule of the specification that
// one of the two applies and the other does not, or a packageurl-js
// behaviour the specification does not have. It returns "" for a
// difference it does not explain, which fails the test.
func knownDisagreement(s string, p PURL, err error, theirs, jsErr string) string {
	pre := s
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		pre = s[:i]
	}
	last := pre[strings.LastIndexByte(pre, '/')+1:]
	switch {
	case strings.HasPrefix(last, "@"):
		return "an \"@\" that begins the last segment: the start of the version by the specification's steps, so that the name is empty (the suite's pkg:cran/@0.9.1 must fail), the start of the name for packageurl-js"
	case strings.LastIndexByte(pre, '@') >= 0 && !strings.Contains(last, "@"):
		return "an \"@\" before the last \"/\": urikit reads the version in the last segment only (a version holds no unencoded \"/\"), so that pkg:npm/@babel/core keeps its scope as the suite's recommended case expects; packageurl-js splits at the last \"@\" anywhere"
	}
	var e *Error
	if errors.As(err, &e) {
		switch e.Code {
		case ErrSlashInSegment:
			return "a %2F in a namespace or subpath segment: refused by urikit (ECMA-427: a segment holds no \"/\" once decoded), split into segments by packageurl-js"
		case ErrEmptyVersion:
			return "an \"@\" followed by no version: refused by urikit (a version, when present, is not empty), dropped by packageurl-js"
		case ErrDuplicateKey:
			return "a qualifier key given twice with values: refused by urikit (ECMA-427: a key is unique), the last value kept by packageurl-js"
		case ErrNotPermitted, ErrQualifierRequired, ErrNamespaceRequired, ErrNamespaceProhibited:
			return "a requirement of a type definition (" + string(e.Code) + "): checked by urikit for every registered type, by packageurl-js for a few"
		}
		return ""
	}
	qsPart := ""
	if i := strings.IndexByte(s, '?'); i >= 0 {
		qsPart = s[i:]
	}
	switch {
	case strings.Contains(jsErr, "conan requires a \"qualifiers\""):
		return "a conan purl with a namespace and no qualifiers: refused by packageurl-js, while conan-definition.json makes every conan qualifier optional"
	case strings.Contains(jsErr, "unable to decode \"qualifiers\"") && strings.Contains(s, "%25"):
		return "a qualifier value holding %25 (a literal \"%\"): packageurl-js decodes qualifier values twice and fails"
	case strings.Contains(jsErr, "\"name\" is a required") && strings.TrimSpace(p.Name()) == "":
		return "a name of spaces: trimmed to nothing by packageurl-js, kept by the specification's steps"
	case strings.Contains(jsErr, "requires a \"version\""):
		return "a purl without a version of a type whose definition makes the version optional (swift): refused by packageurl-js"
	case jsErr != "":
		return ""
	}
	if strings.Contains(p.Type(), "+") {
		// packageurl-js percent-encodes "+" in the type; ECMA-427 never
		// encodes the type. The rest is compared as it is.
		enc := strings.ReplaceAll(p.Type(), "+", "%2B")
		if strings.HasPrefix(theirs, "pkg:"+enc+"/") {
			theirs = "pkg:" + p.Type() + theirs[len("pkg:"+enc):]
			if theirs == p.String() {
				return "a \"+\" in the type: percent-encoded by packageurl-js; ECMA-427 never encodes the type"
			}
		}
	}
	q, qerr := Parse(theirs)
	switch {
	case qerr != nil:
		return ""
	case strings.Contains(qsPart, "+") && !slices.Equal(q.Qualifiers(), p.Qualifiers()):
		return "a \"+\" in a qualifier value: read as a space by packageurl-js (form decoding, then trimmed), as a plus sign by the specification's percent-decoding"
	case q == p:
		return "the same components, percent-encoded differently: packageurl-js writes with encodeURIComponent (\"!\", \"'\", \"(\", \")\", \"*\" unencoded; \"+\" unencoded in versions; \":\" encoded in names and qualifier values), where ECMA-427 leaves only letters, digits, \".\", \"-\", \"_\", \"~\" and \":\" unencoded and the suite writes \"+\" as %2B (deb-test.json)"
	case p.Type() == "npm" && strings.EqualFold(q.String(), p.String()):
		return "npm namespaces and names lowercased by packageurl-js; npm-definition.json makes them case-sensitive (legacy packages have uppercase names)"
	case strings.Contains(s, "%20") && strings.ReplaceAll(p.String(), "%20", "") != p.String():
		return "spaces (%20) at the ends of a component: trimmed by packageurl-js, kept by the specification's steps"
	case strings.Contains(theirs, "#") && (strings.Contains(theirs, "/..") || strings.Contains(theirs, "#..") || strings.Contains(theirs, "/.") || strings.Contains(theirs, "#.")):
		return "\".\" and \"..\" subpath segments: kept by packageurl-js, discarded by the specification's parsing steps"
	}
	return ""
}

func TestDifferentialPackageurlJS(t *testing.T) {
	dir := nodetest.Dir(t, "differential test against packageurl-js", "testdata/node", "packageurl-js", "parse.mjs")
	seed := uint64(27)
	if s := os.Getenv("URIKIT_DIFF_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	n := 4000
	if testing.Short() {
		n = 400
	}
	cases := genPurls(rand.New(rand.NewPCG(seed, seed)), n)
	var in bytes.Buffer
	for _, c := range cases {
		b, _ := json.Marshal(c)
		in.Write(b)
		in.WriteByte('\n')
	}
	out := nodetest.Run(t, dir, "parse.mjs", in.Bytes())
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	i, same, sameTame, known, diffs := 0, 0, 0, map[string]int{}, 0
	for ; sc.Scan() && i < len(cases); i++ {
		var ans struct {
			Out   *string `json:"out"`
			Error string  `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &ans); err != nil {
			t.Fatalf("case %d %q: node answered %s", i, cases[i], sc.Bytes())
		}
		s := cases[i]
		p, err := Parse(s)
		theirs := ""
		if ans.Out != nil {
			theirs = *ans.Out
		}
		agree := (err == nil) == (ans.Out != nil) && (err != nil || p.String() == theirs)
		if agree {
			same++
			if i%2 == 0 {
				sameTame++
			}
			continue
		}
		if why := knownDisagreement(s, p, err, theirs, ans.Error); why != "" {
			known[why]++
			continue
		}
		diffs++
		if diffs <= 15 {
			t.Errorf("%q:\n urikit        %q %v\n packageurl-js %q %s", s, p, err, theirs, ans.Error)
		}
	}
	if i != len(cases) {
		t.Fatalf("node answered %d of %d cases", i, len(cases))
	}
	t.Logf("differential: %d generated purls (seed %d) against packageurl-js 2.0.1: %d the same (%d of the %d tame ones), %d known disagreements, %d other differences",
		len(cases), seed, same, sameTame, (n+1)/2, n-same-diffs, diffs)
	for why, k := range known {
		t.Logf("differential: known disagreement, %d cases: %s", k, why)
	}
}
