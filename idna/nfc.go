package idna

import "slices"

// Hangul syllable constants (Unicode section 3.12).
const (
	hangulSBase  = 0xAC00
	hangulLBase  = 0x1100
	hangulVBase  = 0x1161
	hangulTBase  = 0x11A7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
	hangulNCount = hangulVCount * hangulTCount
	hangulSCount = hangulLCount * hangulNCount
)

// needsNFC reports whether s might change under NFC: code points below
// U+0300 never combine with their neighbours nor decompose to anything that
// is not recomposed, so text made only of them is already in NFC.
func needsNFC(s []rune) bool {
	for _, r := range s {
		if r >= 0x300 {
			return true
		}
	}
	return false
}

// nfc returns s in Unicode Normalization Form C, using buf as scratch space
// for the result when it has room.
func nfc(s []rune, buf []rune) []rune {
	out, _ := nfcTmp(s, buf, nil)
	return out
}

// nfcTmp is nfc with tmp as scratch space for sorting long runs of
// combining marks; it returns tmp, grown as needed, for reuse. The result
// does not share s unless it is s.
func nfcTmp(s []rune, buf []rune, tmp []rune) (out, tmpOut []rune) {
	if !needsNFC(s) {
		return s, tmp
	}
	n := newNormalizer(buf, tmp)
	for _, r := range s {
		n = n.add(r)
	}
	n = n.flush()
	return n.out, n.tmp
}

func newNormalizer(buf, tmp []rune) normalizer {
	return normalizer{out: buf[:0], starter: -1, last: -1, tmp: tmp}
}

// add decomposes r into the stream. The code points go to out, one at a
// time. The non-starters that follow the last starter wait at out[run:]
// until the next starter (or flush); then they are put in canonical order
// and composed, and the starter is composed.
func (n normalizer) add(r rune) normalizer {
	if r >= hangulSBase && r < hangulSBase+hangulSCount {
		si := r - hangulSBase
		n = n.push(hangulLBase + si/hangulNCount)
		n = n.push(hangulVBase + (si%hangulNCount)/hangulTCount)
		if t := si % hangulTCount; t != 0 {
			n = n.push(hangulTBase + t)
		}
		return n
	}
	if d := decomposition(r); d != "" {
		for _, x := range d {
			n = n.push(x)
		}
		return n
	}
	return n.push(r)
}

// A normalizer composes a canonically decomposed stream of code points.
// out[:run] is composed; out[run:] holds the pending non-starters. Its
// methods take and return it by value, which keeps the buffers it starts
// with on the caller's stack.
type normalizer struct {
	out     []rune
	run     int
	starter int // index in out of the last starter, or -1
	last    int // ccc of the last code point kept after the starter; -1: none
	tmp     []rune
}

func (n normalizer) push(r rune) normalizer {
	if combiningClass(r) != 0 {
		n.out = growFor(n.out, 1, 0, 0)
		n.out = append(n.out, r)
		return n
	}
	n = n.flush()
	n = n.compose(r, 0)
	n.run = len(n.out)
	return n
}

// flush sorts the pending non-starters by combining class and composes them.
func (n normalizer) flush() normalizer {
	pending := n.out[n.run:]
	if len(pending) == 0 {
		return n
	}
	n.tmp = sortMarks(pending, n.tmp)
	n.out = n.out[:n.run]
	for _, r := range pending {
		// compose writes at most one code point for each one read, at or
		// before its index: reading pending in place is safe.
		n = n.compose(r, int(combiningClass(r)))
	}
	n.run = len(n.out)
	return n
}

// compose is one step of canonical composition: r, of combining class c,
// combines with the last starter or is appended.
func (n normalizer) compose(r rune, c int) normalizer {
	if n.starter >= 0 && (n.last == -1 || (n.last != 0 && n.last < c)) {
		if comp, ok := composePair(n.out[n.starter], r); ok {
			n.out[n.starter] = comp
			return n
		}
	}
	if c == 0 {
		n.starter = len(n.out)
		n.last = -1
	} else {
		n.last = c
	}
	n.out = growFor(n.out, 1, 0, 0)
	n.out = append(n.out, r)
	return n
}

func composePair(a, b rune) (rune, bool) {
	if a >= hangulLBase && a < hangulLBase+hangulLCount && b >= hangulVBase && b < hangulVBase+hangulVCount {
		return hangulSBase + ((a-hangulLBase)*hangulVCount+(b-hangulVBase))*hangulTCount, true
	}
	if a >= hangulSBase && a < hangulSBase+hangulSCount && (a-hangulSBase)%hangulTCount == 0 &&
		b > hangulTBase && b < hangulTBase+hangulTCount {
		return a + (b - hangulTBase), true
	}
	return compose(a, b)
}

// isNFC reports whether s is in NFC.
func isNFC(s []rune) bool {
	ok, _ := isNFCTmp(s, nil)
	return ok
}

// isNFCTmp is isNFC with scratch as work space; it returns scratch,
// grown as needed, for reuse.
func isNFCTmp(s []rune, scratch []rune) (bool, []rune) {
	if !needsNFC(s) {
		return true, scratch
	}
	buf := growFor(scratch[:0], len(s)+8, 0, 0)
	n, _ := nfcTmp(s, buf, nil)
	return slices.Equal(n, s), n[:0]
}

// sortMarks stably sorts a run of non-starters by combining class: by
// insertion for short runs (the usual case), by counting for long ones, so
// that hostile input cannot make normalization quadratic. *tmp is scratch
// space; sortMarks returns it, grown as needed.
func sortMarks(run []rune, tmp []rune) []rune {
	if len(run) < 2 {
		return tmp
	}
	if len(run) <= 16 {
		for i := 1; i < len(run); i++ {
			c := combiningClass(run[i])
			for j := i; j > 0 && combiningClass(run[j-1]) > c; j-- {
				run[j-1], run[j] = run[j], run[j-1]
			}
		}
		return tmp
	}
	var count [256]int
	for _, r := range run {
		count[combiningClass(r)]++
	}
	pos := 0
	for c, k := range count {
		count[c] = pos
		pos += k
	}
	t := growFor(tmp[:0], len(run), 0, 0)[:len(run)]
	for _, r := range run {
		c := combiningClass(r)
		t[count[c]] = r
		count[c]++
	}
	copy(run, t)
	return t[:0]
}
