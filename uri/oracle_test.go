package uri

import (
	"regexp"
	"strconv"
	"testing"
)

// The RFC 3986 grammar (with RFC 6874 zones) transcribed into a regular
// expression, as an independent oracle for Parse. It is test code only.
var (
	reUnreserved = `[A-Za-z0-9\-._~]`
	rePct        = `%[0-9A-Fa-f]{2}`
	reSubDelims  = `[!$&'()*+,;=]`
	rePchar      = `(?:` + reUnreserved + `|` + rePct + `|` + reSubDelims + `|[:@])`
	reSegment    = rePchar + `*`
	reSegmentNZ  = rePchar + `+`
	reSegmentNC  = `(?:` + reUnreserved + `|` + rePct + `|` + reSubDelims + `|@)+`
	reQuery      = `(?:` + rePchar + `|[/?])*`
	reScheme     = `[A-Za-z][A-Za-z0-9+\-.]*`
	reUserinfo   = `(?:` + reUnreserved + `|` + rePct + `|` + reSubDelims + `|:)*`
	reH16        = `[0-9A-Fa-f]{1,4}`
	reDecOctet   = `(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])`
	reIPv4       = reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet
	reLS32       = `(?:` + reH16 + `:` + reH16 + `|` + reIPv4 + `)`
	reIPv6       = `(?:` +
		`(?:` + reH16 + `:){6}` + reLS32 +
		`|::(?:` + reH16 + `:){5}` + reLS32 +
		`|(?:` + reH16 + `)?::(?:` + reH16 + `:){4}` + reLS32 +
		`|(?:(?:` + reH16 + `:){0,1}` + reH16 + `)?::(?:` + reH16 + `:){3}` + reLS32 +
		`|(?:(?:` + reH16 + `:){0,2}` + reH16 + `)?::(?:` + reH16 + `:){2}` + reLS32 +
		`|(?:(?:` + reH16 + `:){0,3}` + reH16 + `)?::` + reH16 + `:` + reLS32 +
		`|(?:(?:` + reH16 + `:){0,4}` + reH16 + `)?::` + reLS32 +
		`|(?:(?:` + reH16 + `:){0,5}` + reH16 + `)?::` + reH16 +
		`|(?:(?:` + reH16 + `:){0,6}` + reH16 + `)?::)`
	reIPvFuture = `[vV][0-9A-Fa-f]+\.(?:` + reUnreserved + `|` + reSubDelims + `|:)+`
	reZoneID    = `(?:` + reUnreserved + `|` + rePct + `)+`
	reIPLiteral = `\[(?:` + reIPv6 + `(?:%25` + reZoneID + `)?|` + reIPvFuture + `)\]`
	reRegName   = `(?:` + reUnreserved + `|` + rePct + `|` + reSubDelims + `)*`
	reHost      = `(?:` + reIPLiteral + `|` + reIPv4 + `|` + reRegName + `)`
	reAuthority = `(?:` + reUserinfo + `@)?` + reHost + `(?::([0-9]*))?`
	rePathAbEmp = `(?:/` + reSegment + `)*`
	rePathAbs   = `/(?:` + reSegmentNZ + `(?:/` + reSegment + `)*)?`
	rePathNoSch = reSegmentNC + `(?:/` + reSegment + `)*`
	rePathRootl = reSegmentNZ + `(?:/` + reSegment + `)*`
	reHierPart  = `(?://` + reAuthority + rePathAbEmp + `|` + rePathAbs + `|` + rePathRootl + `|)`
	reRelPart   = `(?://` + reAuthority + rePathAbEmp + `|` + rePathAbs + `|` + rePathNoSch + `|)`
	reTail      = `(?:\?` + reQuery + `)?(?:#` + reQuery + `)?`
	uriRefRE    = regexp.MustCompile(`^(?:` + reScheme + `:` + reHierPart + reTail + `|` + reRelPart + reTail + `)$`)
	hostRE      = regexp.MustCompile(`^(?:` + reIPLiteral + `|` + reIPv4 + `|` + reRegName + `)$`)
	// RFC 3986 Appendix B.
	splitRE = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)
)

// oracle reports whether s is an RFC 3986 URI-reference with no port
// above 65535.
func oracle(s string) bool {
	m := uriRefRE.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	for _, p := range m[1:] {
		if p != "" {
			if n, err := strconv.Atoi(p); err != nil || n > 65535 {
				return false
			}
		}
	}
	return true
}

func checkOracle(t *testing.T, s string) {
	r, err := Parse(s)
	want := oracle(s)
	if (err == nil) != want {
		t.Fatalf("Parse(%q) error %v, grammar says valid=%v", s, err, want)
	}
	if err != nil {
		return
	}
	m := splitRE.FindStringSubmatch(s)
	sch, hs := r.Scheme()
	au, ha := r.Authority()
	q, hq := r.Query()
	f, hf := r.Fragment()
	if sch != m[2] || hs != (m[1] != "") || au != m[4] || ha != (m[3] != "") || r.Path() != m[5] ||
		q != m[7] || hq != (m[6] != "") || f != m[9] || hf != (m[8] != "") {
		t.Fatalf("Parse(%q) split differs from Appendix B: %q %q %q %q %q", s, sch, au, r.Path(), q, f)
	}
	if h, ok := r.Host(); ok && !hostRE.MatchString(h) {
		t.Fatalf("Parse(%q).Host() = %q is not a host", s, h)
	}
}

var oracleSeeds = []string{
	"http://a/b", "//[::1]", "//[::1%25x]", "//[v1.a]", "a:b:c", "1a:b", "//1.2.3.4:5", "//1.2.3.256",
	"//[1:2:3:4:5:6:7::]", "//[::1.2.3.4]", "//[1::2::3]", "?#", "a%2", "//u@h@x", "//h:65536",
	"/a/./b", "//[fe80::1%eth0]", "x:[", "//[::ffff:01.2.3.4]",
}

func TestOracle(t *testing.T) {
	for _, s := range oracleSeeds {
		checkOracle(t, s)
	}
}

// FuzzOracle compares Parse with a regular expression built from the RFC
// 3986 ABNF and its component split with Appendix B.
func FuzzOracle(f *testing.F) {
	for _, s := range oracleSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		checkOracle(t, s)
	})
}

// refResolve is RFC 3986 §5.2 written out directly from the pseudo-code
// on the Appendix B split, as an oracle for Resolve.
// It also returns the result with the "/." guard of Resolve applied.
func refResolve(base, ref string) (string, string) {
	type parts struct {
		scheme, auth, path, query, frag string
		hasS, hasA, hasQ, hasF          bool
	}
	split := func(s string) parts {
		m := splitRE.FindStringSubmatch(s)
		return parts{m[2], m[4], m[5], m[7], m[9], m[1] != "", m[3] != "", m[6] != "", m[8] != ""}
	}
	B, R := split(base), split(ref)
	var T parts
	if R.hasS {
		T = R
		T.path = RemoveDotSegments(R.path)
	} else {
		if R.hasA {
			T.auth, T.hasA, T.path = R.auth, true, RemoveDotSegments(R.path)
			T.query, T.hasQ = R.query, R.hasQ
		} else {
			if R.path == "" {
				T.path = B.path
				if R.hasQ {
					T.query, T.hasQ = R.query, true
				} else {
					T.query, T.hasQ = B.query, B.hasQ
				}
			} else {
				if R.path[0] == '/' {
					T.path = RemoveDotSegments(R.path)
				} else {
					var merged string
					if B.hasA && B.path == "" {
						merged = "/" + R.path
					} else if i := lastSlash(B.path); i >= 0 {
						merged = B.path[:i+1] + R.path
					} else {
						merged = R.path
					}
					T.path = RemoveDotSegments(merged)
				}
				T.query, T.hasQ = R.query, R.hasQ
			}
			T.auth, T.hasA = B.auth, B.hasA
		}
		T.scheme, T.hasS = B.scheme, B.hasS
	}
	T.frag, T.hasF = R.frag, R.hasF
	// §5.3
	out := ""
	if T.hasS {
		out += T.scheme + ":"
	}
	if T.hasA {
		out += "//" + T.auth
	}
	guard := ""
	if !T.hasA && len(T.path) >= 2 && T.path[:2] == "//" {
		guard = "/."
	}
	prefix := out
	out += T.path
	if T.hasQ {
		out += "?" + T.query
	}
	if T.hasF {
		out += "#" + T.frag
	}
	return out, prefix + guard + out[len(prefix):]
}

func lastSlash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

// FuzzResolveOracle compares Resolve with refResolve; they differ only
// where Resolve guards a path starting with "//" without authority.
func FuzzResolveOracle(f *testing.F) {
	for _, s := range oracleSeeds {
		f.Add("http://a/b/c/d;p?q", s)
		f.Add("f:/a", s)
	}
	f.Add("f:/a", ".//g")
	f.Fuzz(func(t *testing.T, base, ref string) {
		if len(base)+len(ref) > 300 {
			return
		}
		b, err := ParseURI(base)
		if err != nil {
			return
		}
		r, err := Parse(ref)
		if err != nil {
			return
		}
		got := mustResolve(b, r).String()
		want, guarded := refResolve(base, ref)
		if got != guarded {
			t.Fatalf("Resolve(%q, %q) = %q, RFC 3986 §5.2 gives %q", base, ref, got, want)
		}
	})
}
