package whatwg

// The whole-URL fast path. Most URLs met in bulk are absolute and already
// in their serialized form: the basic URL parser would copy them byte for
// byte. parseCanonical recognizes such an input in one pass over it, with
// a table lookup per byte, and fills in the offsets of the URL record
// without writing anything: the href is the input itself. Anything it is
// not sure of (upper case, percent-encoding to add, dot segments, a host
// that may be an IPv4 address or needs IDNA, credentials, a default or
// non-canonical port, a Windows drive letter, a missing path, ...) makes
// it give up, and the general state machine (run) parses the input from
// the start. It is checked against the state machine by
// TestFastPathDifferential and FuzzFastPath.

// parseCanonical parses input as an absolute URL when input is one of
// these, in serialized form:
//
//	special://host[:port]/path[?query][#fragment]   http, https, ws, wss, ftp
//	file:///path[?query][#fragment]                 file, empty host
//	file://host/path[?query][#fragment]             file, a domain other than localhost
//	scheme:opaque-path[?query][#fragment]           a non-special scheme with an opaque path
//
// where the scheme is lower case, the host a lower-case ASCII domain that
// does not end in a number, the port (if any) in decimal without leading
// zeros and not the scheme's default, and every byte of the path, query
// and fragment one that its percent-encode set leaves alone, with no dot
// segment in the path. It then stores the URL in *u and reports true; the
// result is the one the basic URL parser gives, with any base (an
// absolute URL with a scheme and "//" does not look at the base).
// Otherwise it reports false and leaves *u alone.
func parseCanonical(s string, u *URL) bool {
	n := len(s)
	// Scheme: a lower-case letter, then lower-case letters, digits, "+",
	// "-" and ".", then ":".
	if n == 0 || s[0]-'a' > 'z'-'a' {
		return false
	}
	i := 1
	for i < n && classes[s[i]]&clSchemeLower != 0 {
		i++
	}
	if i == n || s[i] != ':' {
		return false
	}
	var v URL
	v.schemeEnd = uint32(i)
	v.scheme = schemeTypeFold(s[:i])
	j := i + 1
	if v.scheme == schemeOther {
		// An opaque path ("mailto:x", "node:url"): C0-control set, no
		// space (which may need encoding before "?" or "#").
		if j < n && s[j] == '/' {
			return false
		}
		j = scanAll(s, j, clOpaqueCanon)
		v.userEnd, v.hostStart, v.hostEnd, v.pathStart = uint32(i+1), uint32(i+1), uint32(i+1), uint32(i+1)
		v.opaque = true
		return canonicalTail(s, j, clQuery, &v, u)
	}
	if n-j < 2 || s[j] != '/' || s[j+1] != '/' {
		return false
	}
	j += 2
	hs := j
	v.userEnd, v.hostStart = uint32(hs), uint32(hs)
	for j < n && classes[s[j]]&clDomainPlain != 0 {
		j++
	}
	host := s[hs:j]
	if v.scheme == schemeFile {
		switch {
		case host == "":
			v.host = hostEmpty
		case host == "localhost" || endsInNumber(host):
			return false
		default:
			v.host = hostDomain
		}
		v.hostEnd = uint32(j)
	} else {
		if host == "" || endsInNumber(host) {
			return false
		}
		v.host = hostDomain
		v.hostEnd = uint32(j)
		if j < n && s[j] == ':' {
			// A port: 1 to 5 digits, no leading zero, at most 65535,
			// not the default port.
			ps := j + 1
			j = ps
			port := int32(0)
			for j < n && j-ps < 6 && isDigit(s[j]) {
				port = port*10 + int32(s[j]-'0')
				j++
			}
			if k := j - ps; k == 0 || k > 5 || (k > 1 && s[ps] == '0') || port > 65535 || port == v.scheme.defaultPort() {
				return false
			}
		}
	}
	// The path: it must start with "/" (an empty path serializes as "/").
	if j == n || s[j] != '/' {
		return false
	}
	v.pathStart = uint32(j)
	j = canonicalPath(s, j, v.scheme == schemeFile)
	if j < 0 {
		return false
	}
	return canonicalTail(s, j, clSpQuery, &v, u)
}

// canonicalPath returns the end of the serialized path of a special URL
// starting with the "/" at s[j], or -1 when the path is not in serialized
// form: a byte that needs percent-encoding, a "\\", a dot segment, or, in
// a file URL, a first segment that is a Windows drive letter.
func canonicalPath(s string, j int, file bool) int {
	n := len(s)
	if file && j+3 <= n && isAlpha(s[j+1]) && (s[j+2] == ':' || s[j+2] == '|') {
		return -1
	}
	for j < n {
		// s[j] is "/": look at the segment after it.
		seg := j + 1
		if seg < n && (s[seg] == '.' || s[seg] == '%') {
			e := scan(s, seg, clPathRun)
			if k := segKindOf(s[seg:e]); k == segSingleDot || k == segDoubleDot {
				return -1
			}
			j = e
		} else {
			j = scan(s, seg, clPathRun)
		}
		if j == n || s[j] != '/' {
			break
		}
	}
	if j < n && s[j] != '?' && s[j] != '#' {
		return -1
	}
	return j
}

// canonicalTail finishes parseCanonical after the path, at s[j]: an
// optional query (bytes in class qcl) and an optional fragment, in
// serialized form. It stores v in *u and reports true, or reports false.
func canonicalTail(s string, j int, qcl uint16, v *URL, u *URL) bool {
	n := len(s)
	v.queryStart, v.fragStart = uint32(n), uint32(n)
	if j < n && s[j] == '?' {
		v.queryStart = uint32(j)
		j = scanAll(s, j+1, qcl)
	}
	if j < n && s[j] == '#' {
		v.fragStart = uint32(j)
		if v.queryStart == uint32(n) {
			v.queryStart = uint32(j)
		}
		j = scanAll(s, j+1, clFragment)
	}
	if j != n {
		return false
	}
	v.href = s
	*u = *v
	return true
}
