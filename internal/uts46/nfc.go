package uts46

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
	if !needsNFC(s) {
		return s
	}
	// Canonical decomposition.
	d := buf[:0]
	for _, r := range s {
		if r >= hangulSBase && r < hangulSBase+hangulSCount {
			si := r - hangulSBase
			d = append(d, hangulLBase+si/hangulNCount, hangulVBase+(si%hangulNCount)/hangulTCount)
			if t := si % hangulTCount; t != 0 {
				d = append(d, hangulTBase+t)
			}
			continue
		}
		if dec := decomposition(r); dec != "" {
			for _, x := range dec {
				d = append(d, x)
			}
			continue
		}
		d = append(d, r)
	}
	// Canonical ordering: stably sort each run of non-starters by class.
	for i := 0; i < len(d); {
		if combiningClass(d[i]) == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(d) && combiningClass(d[j]) != 0 {
			j++
		}
		sortMarks(d[i:j])
		i = j
	}
	// Canonical composition, in place.
	out := d[:0]
	starter := -1
	last := -1 // ccc of the last code point kept after the starter; -1: none
	for _, r := range d {
		c := int(combiningClass(r))
		if starter >= 0 && (last == -1 || (last != 0 && last < c)) {
			if comp, ok := composePair(out[starter], r); ok {
				out[starter] = comp
				continue
			}
		}
		if c == 0 {
			starter = len(out)
			last = -1
		} else {
			last = c
		}
		out = append(out, r)
	}
	return out
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
	if !needsNFC(s) {
		return true
	}
	n := nfc(s, make([]rune, 0, len(s)+8))
	if len(n) != len(s) {
		return false
	}
	for i := range n {
		if n[i] != s[i] {
			return false
		}
	}
	return true
}

// sortMarks stably sorts a run of non-starters by combining class: by
// insertion for short runs (the usual case), by merging for long ones, so that
// hostile input cannot make normalization quadratic.
func sortMarks(run []rune) {
	if len(run) < 2 {
		return
	}
	if len(run) <= 16 {
		for i := 1; i < len(run); i++ {
			c := combiningClass(run[i])
			for j := i; j > 0 && combiningClass(run[j-1]) > c; j-- {
				run[j-1], run[j] = run[j], run[j-1]
			}
		}
		return
	}
	type mark struct {
		ccc uint8
		r   rune
	}
	ms := make([]mark, len(run))
	for i, r := range run {
		ms[i] = mark{combiningClass(r), r}
	}
	slices.SortStableFunc(ms, func(a, b mark) int { return int(a.ccc) - int(b.ccc) })
	for i, m := range ms {
		run[i] = m.r
	}
}
