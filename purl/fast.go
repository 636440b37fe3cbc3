package purl

import (
	"bytes"

	"github.com/urikit/urikit/internal/hexdigit"
)

// The fast path: one pass over the input that writes the canonical form as
// it reads, for the purls that need none of the rules only the full parse
// applies. It reads the components from left to right and gives up (ok
// false) on anything whose reading depends on what follows or that the
// full parse refuses or treats specially: a second "@", "?" or "#" where
// the full parse would split at the last one, a "/" in a version, empty,
// "." or ".." segments, escapes of bytes outside ASCII, qualifier keys
// given twice, more than maxFastQualifiers qualifiers, a requirement of
// the type not met, and the types with rules in prose (normalizeName,
// checkName, nameHasSlashes, upperNamespace, permitted characters,
// required qualifiers). Parse then takes the full path, which gives the
// same result (the fuzz target checks it). The output is written to a
// stack buffer; an input that is canonical already allocates nothing.

const (
	// maxFast is the longest input the fast path reads.
	maxFast = 192
	// maxFastQualifiers is the most qualifiers it sorts.
	maxFastQualifiers = 8
)

// component transcodes s from i up to one of the stop bytes (or the
// end), appending to out: each escape decoded, each byte lowercased when
// fold, and written canonically. It returns the extended out, where it
// stopped, and false when the component holds a byte the full parse must
// see (a control, a space, non-ASCII, an escaped non-ASCII byte, or an
// escaped "/" when seg).
func component(out []byte, s string, i int, stop *[256]bool, fold, seg bool) ([]byte, int, bool) {
	run := &plain
	if fold {
		run = &plainLower
	}
	for i < len(s) {
		// A run of bytes written as they are, copied at once.
		j := i
		for j < len(s) && run[s[j]] {
			j++
		}
		out = append(out, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if stop[c] {
			return out, i, true
		}
		if c == '%' {
			if i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
				return out, i, false
			}
			c = hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2])
			if c >= 0x80 || seg && c == '/' {
				return out, i, false
			}
			i += 2
		} else if c <= ' ' || c >= 0x7f {
			return out, i, false
		}
		i++
		if fold && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if plain[c] {
			out = append(out, c)
		} else {
			out = append(out, '%', hexUpper[c>>4], hexUpper[c&15])
		}
	}
	return out, i, true
}

// plainLower is plain without the uppercase letters.
var plainLower = func() [256]bool {
	t := plain
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = false
	}
	return t
}()

// The stop bytes of each component.
var (
	stopSegment = stops("/@?#")
	stopVersion = stops("/@?#")
	stopKey     = stops("=&?#/@")
	stopValue   = stops("&?#")
	stopSubpath = stops("/?#")
)

func hasUpperASCII(b []byte) bool {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

func stops(cs string) (t [256]bool) {
	for i := 0; i < len(cs); i++ {
		t[cs[i]] = true
	}
	return t
}

// fastQual is one qualifier written by the fast path: the key is
// out[lo:eq], the value out[eq+1:hi], in the qualifier buffer.
type fastQual struct{ lo, eq, hi uint16 }

// fast returns the canonical PURL of s, and false when s needs the full
// parse (see above).
func fast(s string) (PURL, bool) {
	if len(s) > maxFast || len(s) < len(scheme) {
		return PURL{}, false
	}
	var buf [maxFast + 64]byte
	out, i := buf[:0], 0
	for k := range len(scheme) {
		if lower(s[k]) != scheme[k] {
			return PURL{}, false
		}
	}
	out = append(out, scheme...)
	i = len(scheme)
	for i < len(s) && s[i] == '/' {
		i++
	}
	// The type.
	lo := i
	for ; i < len(s) && s[i] != '/'; i++ {
		c := s[i]
		if !(isAlpha(c) || '0' <= c && c <= '9' && i > lo || c == '.' || c == '+' || c == '-') {
			return PURL{}, false
		}
		out = append(out, lower(c))
	}
	if i == lo || i == len(s) {
		return PURL{}, false
	}
	var p PURL
	p.typ = len(out)
	r := lookupType(out[len(scheme):])
	switch {
	case r == nil:
		r = &unregistered
	case r.nameRules && r.name != "pypi", r.versionPermitted != "", upperNamespace(r.name):
		return PURL{}, false
	}
	out = append(out, '/')
	i++
	// Namespace segments and the name.
	segs := 0
	nameOut := 0
	if nameHasSlashes(r.name) {
		// git: the namespace is the first segment, the name the rest.
		inLo := i
		var ok bool
		if out, i, ok = component(out, s, i, &stopSegment, r.foldNamespace, true); !ok || i == inLo || i == len(s) || s[i] != '/' {
			return PURL{}, false
		}
		out = append(out, '/')
		i++
		segs, nameOut = 1, len(out)
		for {
			inLo := i
			if out, i, ok = component(out, s, i, &stopSegment, r.foldName, true); !ok || i == inLo {
				return PURL{}, false
			}
			if i == len(s) || s[i] != '/' {
				break
			}
			out = append(out, '/')
			i++
		}
	}
	for nameOut == 0 {
		outLo, inLo := len(out), i
		var ok bool
		sameFold := r.foldNamespace == r.foldName
		if out, i, ok = component(out, s, i, &stopSegment, sameFold && r.foldName, true); !ok || i == inLo {
			return PURL{}, false
		}
		isNS := i < len(s) && s[i] == '/'
		if !sameFold && (isNS && r.foldNamespace || !isNS && r.foldName) && hasUpperASCII(out[outLo:]) {
			out, i = out[:outLo], inLo
			out, i, _ = component(out, s, i, &stopSegment, true, true)
		}
		if !isNS {
			nameOut = outLo
			break
		}
		segs++
		out = append(out, '/')
		i++
	}
	switch {
	case segs > 0 && r.namespace == prohibited, segs == 0 && r.namespace == required:
		return PURL{}, false
	}
	if segs > 0 {
		p.ns = nameOut - 1
	} else {
		p.ns = p.typ
	}
	if r.name == "pypi" {
		for k := nameOut; k < len(out); k++ {
			if out[k] == '_' {
				out[k] = '-'
			}
		}
	}
	p.name = len(out)
	// The version.
	if i < len(s) && s[i] == '@' {
		i++
		out = append(out, '@')
		inLo := i
		var ok bool
		if out, i, ok = component(out, s, i, &stopVersion, r.foldVersion, false); !ok || i == inLo || i < len(s) && (s[i] == '/' || s[i] == '@') {
			return PURL{}, false
		}
	}
	p.ver = len(out)
	// The qualifiers, written as they come, then sorted if they are not.
	if i < len(s) && s[i] == '?' {
		var qs [maxFastQualifiers]fastQual
		n, sorted := 0, true
		qstart := len(out)
		i++
		for {
			if i < len(s) && s[i] == '&' {
				i++ // an empty pair
				continue
			}
			if i == len(s) || s[i] == '#' {
				break
			}
			pairLo := len(out)
			if pairLo == qstart {
				out = append(out, '?')
			} else {
				out = append(out, '&')
			}
			kLo, inLo := len(out), i
			var ok bool
			if out, i, ok = component(out, s, i, &stopKey, true, false); !ok || i == inLo || i == len(s) || s[i] != '=' ||
				!validKey(s[inLo:i]) {
				return PURL{}, false
			}
			eq := len(out)
			out = append(out, '=')
			i++
			vLo := i
			if out, i, ok = component(out, s, i, &stopValue, false, false); !ok || i < len(s) && s[i] == '?' {
				return PURL{}, false
			}
			if i == vLo {
				out = out[:pairLo] // an empty value: no qualifier
			} else {
				if n == len(qs) {
					return PURL{}, false
				}
				qs[n] = fastQual{uint16(kLo), uint16(eq), uint16(len(out))}
				if n > 0 {
					switch c := bytes.Compare(out[kLo:eq], out[qs[n-1].lo:qs[n-1].eq]); {
					case c == 0:
						return PURL{}, false // a repeated key: the full parse's error
					case c < 0:
						sorted = false
					}
				}
				n++
			}
			if i < len(s) && s[i] == '&' {
				i++
			}
		}
		if !sorted {
			// Insertion sort by key, then the pairs written again in order
			// from a copy.
			var tmp [3 * maxFast]byte
			qb := append(tmp[:0], out[qstart:]...)
			for a := range n {
				qs[a].lo -= uint16(qstart)
				qs[a].eq -= uint16(qstart)
				qs[a].hi -= uint16(qstart)
			}
			cmp := func(x, y fastQual) int { return bytes.Compare(qb[x.lo:x.eq], qb[y.lo:y.eq]) }
			for a := 1; a < n; a++ {
				for b := a; b > 0 && cmp(qs[b], qs[b-1]) < 0; b-- {
					qs[b], qs[b-1] = qs[b-1], qs[b]
				}
			}
			out = out[:qstart]
			for a := range n {
				if a > 0 && cmp(qs[a], qs[a-1]) == 0 {
					return PURL{}, false
				}
				if a == 0 {
					out = append(out, '?')
				} else {
					out = append(out, '&')
				}
				out = append(out, qb[qs[a].lo:qs[a].hi]...)
			}
		}
	}
	p.qual = len(out)
	for _, k := range r.requiredQualifiers {
		if !hasQualifierKey(out[p.ver:p.qual], k) {
			return PURL{}, false
		}
	}
	// The subpath.
	if i < len(s) {
		if s[i] != '#' {
			return PURL{}, false
		}
		out = append(out, '#')
		for {
			i++
			inLo, outLo := i, len(out)
			var ok bool
			if out, i, ok = component(out, s, i, &stopSubpath, r.foldSubpath, true); !ok || i == inLo {
				return PURL{}, false
			}
			if seg := string(out[outLo:]); seg == "." || seg == ".." {
				return PURL{}, false
			}
			if i == len(s) {
				break
			}
			if s[i] != '/' {
				return PURL{}, false
			}
			out = append(out, '/')
		}
	}
	if string(out) == s {
		p.s = s
	} else {
		p.s = string(out)
	}
	return p, true
}

// typeSlots is an open-addressed table of the registered types, for the
// fast path's lookup (cheaper than the map's hash).
var typeSlots = func() (t [256]*typeRule) {
	for name, r := range registered {
		h := typeHash([]byte(name))
		for t[h] != nil {
			h++
		}
		t[h] = r
	}
	return t
}()

func typeHash(b []byte) uint8 {
	return uint8(len(b)*31 + int(b[0])*7 + int(b[len(b)-1])*13)
}

// lookupType returns the rule of the lowercase type t, or nil.
func lookupType(t []byte) *typeRule {
	for h := typeHash(t); typeSlots[h] != nil; h++ {
		if typeSlots[h].name == string(t) {
			return typeSlots[h]
		}
	}
	return nil
}

// hasQualifierKey reports whether the canonical qualifiers q ("?k=v&...")
// have the key k.
func hasQualifierKey(q []byte, k string) bool {
	for len(q) > 0 {
		q = q[1:] // "?" or "&"
		end := bytes.IndexByte(q, '&')
		if end < 0 {
			end = len(q)
		}
		if eq := bytes.IndexByte(q[:end], '='); eq >= 0 && string(q[:eq]) == k {
			return true
		}
		q = q[end:]
	}
	return false
}
