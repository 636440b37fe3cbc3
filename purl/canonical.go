package purl

// canonical returns the PURL of s when s is in canonical form already and
// needs none of the rules that only the full parse applies; ok is false
// otherwise, and Parse then takes the full path, which gives the same
// result for a canonical s. It reads s once and allocates nothing: the
// fast path for purls from tools that write canonical ones.
func canonical(s string) (p PURL, ok bool) {
	if len(s) < len(scheme)+3 || s[:len(scheme)] != scheme {
		return PURL{}, false
	}
	i := len(scheme)
	// The type: lowercase.
	for ; i < len(s) && s[i] != '/'; i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || c == '.' || c == '+' || c == '-' || '0' <= c && c <= '9' && i > len(scheme)) {
			return PURL{}, false
		}
	}
	if i == len(scheme) || i == len(s) {
		return PURL{}, false
	}
	p.typ = i
	r := registered[s[len(scheme):i]]
	if r == nil {
		r = &unregistered
	} else if fastBail[r.name] || r.namePermitted != "" || r.versionPermitted != "" || len(r.requiredQualifiers) > 0 {
		return PURL{}, false
	}
	i++
	// Namespace segments and the name: none empty, each canonical.
	segs := 0
	lastStart := i
	for {
		lo := i
		var ok bool
		if i, ok = scanCanonical(s, i, false, true); !ok || i == lo {
			return PURL{}, false
		}
		isNS := i < len(s) && s[i] == '/'
		if isNS && !foldCheck(s[lo:i], r.foldNamespace) || !isNS && !foldCheck(s[lo:i], r.foldName) {
			return PURL{}, false
		}
		if isNS {
			segs++
			i++
			lastStart = i
			continue
		}
		break
	}
	name := s[lastStart:i]
	switch {
	case segs > 0 && r.namespace == prohibited, segs == 0 && r.namespace == required:
		return PURL{}, false
	case r.name == "pypi" && containsByte(name, '_'):
		return PURL{}, false
	}
	if segs > 0 {
		p.ns = lastStart - 1
	} else {
		p.ns = p.typ
	}
	p.name = i
	// The version.
	if i < len(s) && s[i] == '@' {
		lo := i + 1
		var ok bool
		if i, ok = scanCanonical(s, lo, r.foldVersion, false); !ok || i == lo {
			return PURL{}, false
		}
	}
	p.ver = i
	// The qualifiers: lowercase keys in increasing order, values not empty.
	if i < len(s) && s[i] == '?' {
		prev := ""
		for first := true; i < len(s) && (first && s[i] == '?' || !first && s[i] == '&'); first = false {
			i++
			lo := i
			for ; i < len(s) && s[i] != '='; i++ {
				c := s[i]
				if !('a' <= c && c <= 'z' || (c == '.' || c == '-' || c == '_' || '0' <= c && c <= '9') && i > lo) {
					return PURL{}, false
				}
			}
			key := s[lo:i]
			if i == lo || i == len(s) || key <= prev {
				return PURL{}, false
			}
			prev = key
			i++
			lo = i
			var ok bool
			if i, ok = scanCanonical(s, lo, false, false); !ok || i == lo {
				return PURL{}, false
			}
		}
	}
	p.qual = i
	// The subpath: segments neither empty, "." nor "..".
	if i < len(s) {
		if s[i] != '#' {
			return PURL{}, false
		}
		for i < len(s) {
			i++
			lo := i
			var ok bool
			if i, ok = scanCanonical(s, lo, r.foldSubpath, true); !ok || i == lo || s[lo:i] == "." || s[lo:i] == ".." {
				return PURL{}, false
			}
			if i < len(s) && s[i] != '/' {
				return PURL{}, false
			}
		}
	}
	p.s = s
	return p, true
}

// fastBail lists the types whose prose rules only the full parse applies.
var fastBail = map[string]bool{"git": true, "mlflow": true, "cpan": true, "pub": true}

// scanCanonical reads a canonical component from i on and returns where
// it ends (at a separator, or at the end), and false when it is not
// canonical: a byte that the canonical form encodes, an escape of a byte
// it does not, lowercase hex digits, an escape of a byte outside ASCII
// (whose UTF-8 and case the full parse checks), an uppercase letter when
// fold, and, in a segment (seg), an escaped "/".
func scanCanonical(s string, i int, fold, seg bool) (int, bool) {
	for ; i < len(s); i++ {
		c := s[i]
		if plain[c] {
			if fold && 'A' <= c && c <= 'Z' {
				return i, false
			}
			continue
		}
		if c != '%' {
			switch c {
			case '/', '@', '?', '&', '#':
				return i, true
			}
			return i, false
		}
		if i+2 >= len(s) {
			return i, false
		}
		h, l := upperHex(s[i+1]), upperHex(s[i+2])
		if h < 0 || l < 0 || h >= 8 {
			return i, false
		}
		d := byte(h<<4 | l)
		if plain[d] || seg && d == '/' {
			return i, false
		}
		i += 2
	}
	return i, true
}

// upperHex returns the value of an uppercase hex digit, or -1.
func upperHex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// foldCheck reports whether s has no uppercase letter, when fold.
func foldCheck(s string, fold bool) bool {
	if !fold {
		return true
	}
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return false
		}
	}
	return true
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}
