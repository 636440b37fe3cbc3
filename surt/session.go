package surt

import "bytes"

// The session ids of the IA canonicalizer (URLRegexTransformer in
// webarchive-commons and Python surt). Each rule removes one occurrence:
// the last one in the text, the reference's patterns starting with a
// greedy "(.*)". The text is already lowercase here, so the literals are.

// stripQuerySessionID removes from q (lowercase, escaped) the session ids
// the reference removes, in its order:
//
//	jsessionid=<32 letters or digits>
//	phpsessid=<32 letters or digits>
//	sid=<32 letters or digits>          (any name ending in "sid")
//	aspsessionid<8 letters>=<24 letters>
//	cfid=<text>&cftoken=<text>
//
// each followed by the end of the query or by "&" (removed with it). As
// in the reference, the name is not required to start an argument.
func stripQuerySessionID(q []byte) []byte {
	// Each rule only where its name occurs: the first three end in "id=".
	if bytes.Contains(q, []byte("id=")) {
		for rule := range 3 {
			q = stripLast(q, rule)
		}
	}
	if bytes.Contains(q, []byte("aspsessionid")) {
		q = stripLast(q, 3)
	}
	if bytes.Contains(q, []byte("&cftoken=")) {
		q = stripCFID(q)
	}
	return q
}

// stripLast removes the last match of a rule (0 jsessionid, 1 phpsessid,
// 2 sid, 3 aspsessionid) that is followed by the end of q or by "&",
// and that "&".
func stripLast(q []byte, rule int) []byte {
	name := [...]string{"jsessionid=", "phpsessid=", "sid=", "aspsessionid"}[rule]
	// The occurrences of the name, from the last.
	for end := len(q); ; {
		i := bytes.LastIndex(q[:end], []byte(name))
		if i < 0 {
			return q
		}
		end = i + len(name) - 1
		var e int
		switch rule {
		case 0, 1, 2:
			e = alnumID(q, i, name, 32)
		default:
			e = aspSessionID(q, i)
		}
		if e < 0 || (e < len(q) && q[e] != '&') {
			continue
		}
		if e >= len(q)-1 {
			return q[:i]
		}
		n := copy(q[i:], q[e+1:])
		return q[:i+n]
	}
}

func isAlnum(c byte) bool { return c-'0' < 10 || (c|0x20)-'a' < 26 }

// alnumID matches name and n letters or digits at i.
func alnumID(q []byte, i int, name string, n int) int {
	if len(q)-i < len(name)+n || string(q[i:i+len(name)]) != name {
		return -1
	}
	j := i + len(name)
	for k := j; k < j+n; k++ {
		if !isAlnum(q[k]) {
			return -1
		}
	}
	return j + n
}

// aspSessionID matches "aspsessionid", 8 letters, "=" and 24 letters at i.
func aspSessionID(q []byte, i int) int {
	const name = "aspsessionid"
	if len(q)-i < len(name)+8+1+24 || string(q[i:i+len(name)]) != name {
		return -1
	}
	j := i + len(name)
	for k := j; k < j+33; k++ {
		if k == j+8 {
			if q[k] != '=' {
				return -1
			}
			continue
		}
		if (q[k]|0x20)-'a' >= 26 {
			return -1
		}
	}
	return j + 33
}

// stripCFID removes the last "cfid=<x>&cftoken=<y>" (x and y non-empty,
// without "&"), scanning from the end with the next "&" at hand so that
// the scan stays linear.
func stripCFID(q []byte) []byte {
	next := len(q) // the first "&" at or after i
	for i := len(q) - 1; i >= 0; i-- {
		if q[i] == '&' {
			next = i
			continue
		}
		if !bytes.HasPrefix(q[i:], []byte("cfid=")) || next <= i+5 {
			continue
		}
		t := q[next:]
		if !bytes.HasPrefix(t, []byte("&cftoken=")) || len(t) == 9 || t[9] == '&' {
			continue
		}
		e := next + 9
		for e < len(q) && q[e] != '&' {
			e++
		}
		if e >= len(q)-1 {
			return q[:i]
		}
		n := copy(q[i:], q[e+1:])
		return q[:i+n]
	}
	return q
}

// stripPathSessionID removes from the path dst[start:] (lowercase) the
// ASP.NET session ids the reference removes, in its order: a segment
// "(x(<24>)y(<24>)…)" and then a segment "(<24>)" (24 letters or
// digits), each only when a later part of the path, after at least one
// byte and before any "?", holds ".aspx". Each removes the last such
// segment.
func stripPathSessionID(dst []byte, start int) []byte {
	if !bytes.Contains(dst[start:], []byte(".aspx")) {
		return dst
	}
	dst = stripPathBlock(dst, start, true)
	return stripPathBlock(dst, start, false)
}

// cookielessBlock matches "(" 1*( letter "(" 24 alnum ")" ) ")/" at i,
// returning its end.
func cookielessBlock(p []byte, i int) int {
	if i >= len(p) || p[i] != '(' {
		return -1
	}
	j := i + 1
	units := 0
	for j+27 <= len(p) && (p[j]|0x20)-'a' < 26 && p[j+1] == '(' && p[j+26] == ')' {
		for k := j + 2; k < j+26; k++ {
			if !isAlnum(p[k]) {
				return -1
			}
		}
		j += 27
		units++
	}
	if units == 0 || j+2 > len(p) || p[j] != ')' || p[j+1] != '/' {
		return -1
	}
	return j + 2
}

// plainBlock matches "(" 24 alnum ")/" at i, returning its end.
func plainBlock(p []byte, i int) int {
	if len(p)-i < 28 || p[i] != '(' || p[i+25] != ')' || p[i+26] != '/' {
		return -1
	}
	for k := i + 1; k < i+25; k++ {
		if !isAlnum(p[k]) {
			return -1
		}
	}
	return i + 27
}

// stripPathBlock removes the block (cookieless or plain) right after the
// last "/" for which the rest of the path holds ".aspx" after at least
// one byte and before any "?".
func stripPathBlock(dst []byte, start int, cookieless bool) []byte {
	p := dst[start:]
	// na1 and na2: the first two ".aspx" at or after i; nq: the first "?".
	na1, na2, nq := len(p), len(p), len(p)
	for i := len(p) - 1; i >= 0; i-- {
		switch p[i] {
		case '?':
			nq = i
		case '.':
			if bytes.HasPrefix(p[i:], []byte(".aspx")) {
				na1, na2 = i, na1
			}
		case '/':
			var e int
			if cookieless {
				e = cookielessBlock(p, i+1)
			} else {
				e = plainBlock(p, i+1)
			}
			if e < 0 {
				continue
			}
			a := na1
			if a == e {
				a = na2
			}
			if a >= len(p) || a > nq {
				continue
			}
			n := copy(p[i+1:], p[e:])
			return dst[:start+i+1+n]
		}
	}
	return dst
}
