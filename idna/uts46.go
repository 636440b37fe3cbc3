package idna

import (
	"unicode/utf8"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/bytestr"
)

// Profile selects the UTS #46 processing options. It is a plain value:
// the ready profiles (URL, URLStrict, Lookup, Display, Registration) return
// one that the caller may change. The zero value is safe and is UTS #46
// with every check off and Nontransitional Processing: it maps, normalizes,
// decodes and encodes, and rejects only what is disallowed or malformed.
type Profile struct {
	// CheckHyphens rejects labels with "--" in the 3rd and 4th positions and
	// labels that begin or end with '-'. Without it, only decoded labels that
	// begin with "xn--" are rejected.
	CheckHyphens bool
	// CheckBidi applies the RFC 5893 Bidi rules to every label of a domain
	// name that has a right-to-left label.
	CheckBidi bool
	// CheckJoiners applies the CONTEXTJ rules (RFC 5892 Appendix A) to
	// U+200C and U+200D.
	CheckJoiners bool
	// UseSTD3ASCIIRules allows only a-z, 0-9 and '-' among ASCII code points
	// (after mapping).
	UseSTD3ASCIIRules bool
	// Transitional maps the deviation characters (ß, ς, ZWJ, ZWNJ) as
	// IDNA2003 did. UTS #46 deprecates it; the URL Standard does not use it.
	Transitional bool
	// VerifyDNSLength makes ToASCII check that each label is 1 to 63 bytes
	// (so an empty root label after a final dot fails too, as in IdnaTestV2)
	// and the whole name 1 to 253 bytes, not counting a final dot.
	VerifyDNSLength bool
	// IgnoreInvalidPunycode keeps an "xn--" label that is not valid Punycode
	// as it is, without further checks, instead of failing. (UTS #46 leaves
	// open what happens to such a label; reading step 4.2 literally, as some
	// implementations do, would make the flag have no effect.)
	IgnoreInvalidPunycode bool
	// RejectMapped is not a UTS #46 option: it makes a code point that the
	// mapping step would change or remove an error (ErrMapped), and a label
	// that is not in NFC too (ErrNotNFC), instead of mapping and
	// normalizing. The input is then taken as it is, as a name to register
	// must be; golang.org/x/net/idna's Registration profile does the same.
	RejectMapped bool
}

// ToASCII runs the UTS #46 ToASCII operation on domain: map, normalize to NFC,
// split into labels, decode and validate "xn--" labels, validate the others,
// and Punycode-encode each label that is not ASCII with an "xn--" prefix.
// It returns the first error found, as an *Error; the result is then "".
//
// The domain is processed one label at a time, so the work space is that of
// the longest label, and the time and memory are linear in len(domain). An
// ASCII domain without "xn--" labels that is already lowercase is returned
// as it is, without allocating.
func (o Profile) ToASCII(domain string) (string, error) {
	if lower, ok := asciiLower(domain); ok && !hasXNLabel(lower) {
		if err := o.checkASCIIInput(domain, lower); err != nil {
			return "", withLabel(err, domain)
		}
		return lower, nil
	}
	b, err := o.toASCII(nil, domain, false)
	if err != nil || len(b) == 0 {
		return "", withLabel(err, domain)
	}
	// b was allocated for this result and is not written again.
	return bytestr.String(b), nil
}

// AppendASCII appends the ToASCII form of domain to dst. On error it
// returns dst unchanged and an *Error. It does not allocate when dst has
// room and domain is ASCII without "xn--" labels.
func (o Profile) AppendASCII(dst []byte, domain string) ([]byte, error) {
	b, err := o.toASCII(dst, domain, false)
	return b, withLabel(err, domain)
}

// Verify returns the error ToASCII would return for domain, or nil, without
// building the result: its work space is that of one label.
func (o Profile) Verify(domain string) error {
	var stack [64]byte
	_, err := o.toASCII(stack[:0], domain, true)
	return withLabel(err, domain)
}

// toASCII is AppendASCII; with discard, each label is encoded after
// dst[:len(dst)], over the previous one, only to be checked, and dst is
// returned as it came.
func (o Profile) toASCII(dst []byte, domain string, discard bool) ([]byte, *Error) {
	if ascii.Is(domain) && !hasXNLabel(domain) {
		if discard {
			lower, _ := asciiLower(domain)
			return dst, o.checkASCIIInput(domain, lower)
		}
		start := len(dst)
		dst = appendASCIILower(dst, domain)
		// The view of dst[start:] is only read, by checkASCIIInput, before
		// dst is written again.
		if err := o.checkASCIIInput(domain, bytestr.String(dst[start:])); err != nil {
			return dst[:start], err
		}
		return dst, nil
	}
	var l labeler
	var sc labelScratch
	w := sc.work()
	l.init(o, domain, maxPunycode)
	start := len(dst)
	if !discard {
		// A short domain's result is rarely much shorter than it: one
		// allocation. A long one's is extrapolated as it grows.
		dst = growFor(dst, min(len(domain)+8, 256), 0, 0)
	}
	out := dst        // with discard, each label in turn is written at out[start:]
	var encErr *Error // first error of the encoding step
	total := 0        // bytes of output, with the dots
	for li := 0; ; li++ {
		var rs []rune
		var off int
		var more bool
		rs, off, more, w = l.next(w)
		if l.err != nil {
			return dst[:start], l.err
		}
		if encErr == nil {
			done := l.pos
			if o.VerifyDNSLength {
				done = 0 // the result is short or is dropped: no extrapolation
			}
			if discard {
				out = out[:start]
				done = 0
			} else if li > 0 {
				out = growAfter(out, start, 1, done, len(domain))
				out = append(out, '.')
			}
			ls := len(out)
			if isASCIIRunes(rs) {
				if discard {
					ls -= len(rs) // only the length counts
				} else {
					out = growAfter(out, start, len(rs), done, len(domain))
					for _, r := range rs {
						out = append(out, byte(r))
					}
				}
			} else {
				// Punycode takes one to three bytes for most code points
				// (up to 7); longer labels fail before any is written.
				need := 4
				if len(rs) <= maxPunycode {
					need += 1 + 2*len(rs)
				}
				out = growAfter(out, start, need, done, len(domain))
				out = append(out, "xn--"...)
				var perr *Error
				out, perr = appendEncodeRunes(out, rs)
				if perr != nil {
					perr.Index, perr.LabelOffset = li, off
					perr.Offset = off
					encErr = perr
				}
			}
			n := len(out) - ls
			total += n
			if li > 0 {
				total++
			}
			if encErr == nil && o.VerifyDNSLength && (n < 1 || n > 63) {
				// Every label counts, an empty root label too (IdnaTestV2
				// reports A4_2 for "a.b.").
				encErr = newErr(ErrLabelLength, li, off, off, -1)
			}
			if o.VerifyDNSLength && total > 254 && !discard {
				// The result is too long (ErrDomainLength, unless an
				// error comes first): the rest is only checked.
				discard = true
			}
		}
		if !more {
			break
		}
	}
	if l.finish(w); l.err != nil {
		return dst[:start], l.err
	}
	if encErr != nil {
		return dst[:start], encErr
	}
	if o.VerifyDNSLength {
		n := total
		if l.lastEmpty && n > 0 {
			n--
		}
		if n < 1 || n > 253 {
			return dst[:start], domainErr(ErrDomainLength, "")
		}
	}
	if discard {
		return dst[:start], nil
	}
	return out, nil
}

// ToUnicode runs the UTS #46 ToUnicode operation on domain. It always returns
// the converted domain name, for display, together with the first error
// found, if any (an *Error): as UTS #46 says, the result is still useful
// then (to show), but must not be used for lookup.
//
// Like ToASCII it works one label at a time. The result can be longer than
// domain: a few code points map to many (U+FDFA to 18), and Punycode packs
// several code points into a few bytes.
func (o Profile) ToUnicode(domain string) (string, error) {
	if lower, ok := asciiLower(domain); ok && !hasXNLabel(lower) {
		o.VerifyDNSLength = false // a ToASCII step only
		return lower, withLabel(o.checkASCIIInput(domain, lower), domain)
	}
	out, err := o.appendUnicode(nil, domain) // on the heap, to become the result without a copy
	if len(out) == 0 {
		return "", withLabel(err, domain)
	}
	// out was allocated for this result and is not written again.
	return bytestr.String(out), withLabel(err, domain)
}

// AppendUnicode appends the ToUnicode form of domain to dst, and returns
// it with the first error found, if any: the result is appended in any
// case, as ToUnicode returns it. It does not allocate when dst has room
// and domain is ASCII without "xn--" labels.
func (o Profile) AppendUnicode(dst []byte, domain string) ([]byte, error) {
	if ascii.Is(domain) && !hasXNLabel(domain) {
		o.VerifyDNSLength = false
		start := len(dst)
		dst = appendASCIILower(dst, domain)
		// The view of dst[start:] is only read, by checkASCIIInput,
		// before dst goes back to the caller.
		return dst, withLabel(o.checkASCIIInput(domain, bytestr.String(dst[start:])), domain)
	}
	out, err := o.appendUnicode(dst, domain)
	return out, withLabel(err, domain)
}

func (o Profile) appendUnicode(out []byte, domain string) ([]byte, *Error) {
	var l labeler
	var sc labelScratch
	w := sc.work()
	l.init(o, domain, 0)
	start := len(out)
	for li := 0; ; li++ {
		var rs []rune
		var more bool
		rs, _, more, w = l.next(w)
		n := 0
		for _, r := range rs {
			n += utf8.RuneLen(r)
		}
		if li > 0 {
			n++
		}
		out = growAfter(out, start, max(n, 16), l.pos, len(domain))
		if li > 0 {
			out = append(out, '.')
		}
		for _, r := range rs {
			out = utf8.AppendRune(out, r)
		}
		if !more {
			break
		}
	}
	l.finish(w)
	return out, l.err
}

// appendASCIILower appends the ASCII text s to dst in lower case.
func appendASCIILower(dst []byte, s string) []byte {
	return ascii.AppendLower(growFor(dst, len(s), 0, 0), s)
}

// growFor returns s with room for n more elements. When s has to move, its
// new capacity is extrapolated from its length after done of total input
// bytes (when those are given; otherwise it is half as much again), so that
// the output of a long input is built with a few allocations: append's
// growth by a quarter would allocate about five times the final size in
// all.
func growFor[T rune | byte](s []T, n, done, total int) []T {
	return growAfter(s, 0, n, done, total)
}

// growAfter is growFor for a slice whose first start elements are not
// part of the output being built (what the caller's dst held): the
// extrapolation is made from the rest.
func growAfter[T rune | byte](s []T, start, n, done, total int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	c := len(s) + n
	if done > 0 && total > done {
		c = max(c, start+int(float64(len(s)-start)*float64(total)/float64(done)*1.125)+n, cap(s)+cap(s)/4)
	} else {
		c = max(c, cap(s)+cap(s)/2)
	}
	ns := make([]T, len(s), c)
	copy(ns, s)
	return ns
}

// A labeler runs the UTS #46 Processing steps (sections 4.1 to 4.3) on a
// domain one label at a time: next maps the code points up to the next
// full stop, normalizes them to NFC, decodes an "xn--" label and checks the
// validity criteria, and the Bidi rule, which applies to the whole domain
// name, is checked by finish from what each label contributed. The work
// space is that of one label, reused for the next.
type labeler struct {
	o      Profile
	domain string
	limit  int // with a non-zero limit, a label of more code points after NFC that is not ASCII fails (ErrTooLong), as soon as that is certain

	pos      int    // where mapping resumes
	pend     string // what is left of the mapping of the code point before pos after a full stop in it
	pendAt   int    // offset of that code point
	pendSkip int    // code points of its mapping that belong to earlier labels
	pendSens bool   // it is NFC-sensitive
	li       int    // index of the label next returns

	err        *Error // the first error of processing (not of encoding)
	lastEmpty  bool   // the last label returned is empty
	bidiDomain bool   // a label has a code point of class R, AL or AN
	bidiFrom   int    // the first label that makes it so
	bidiBad    int    // from bidiFrom on, the first non-empty label that fails the Bidi rules, or -1
	bidiOff    int
}

// labelWork is the work space of a labeler: the code points of a label as
// mapped, after NFC, and after Punycode decoding, and the Punycode. It is
// passed by value, in and out of next, so that it can start on the
// caller's stack (a pointer stored in the labeler would move it to the
// heap).
type labelWork struct {
	mapped, norm, dec []rune
	enc               []byte
}

// labelScratch is the initial work space, on the caller's stack.
type labelScratch struct {
	mapped, norm, dec [64]rune
	enc               [64]byte
}

func (sc *labelScratch) work() labelWork {
	return labelWork{sc.mapped[:0], sc.norm[:0], sc.dec[:0], sc.enc[:0]}
}

func (l *labeler) init(o Profile, domain string, limit int) {
	l.o, l.domain, l.limit = o, domain, limit
	l.bidiBad = -1
	// Invalid UTF-8 is found by the mapping step, which comes before the
	// checks of every label: report the first one before anything else.
	if !utf8.ValidString(domain) {
		for i := 0; i < len(domain); {
			r, size := utf8.DecodeRuneInString(domain[i:])
			if r == utf8.RuneError && size == 1 {
				l.err = &Error{Code: ErrInvalidUTF8, Index: -1, LabelOffset: labelStart(domain, i), Offset: i, Rune: -1}
				break
			}
			i += size
		}
	}
}

func (l *labeler) report(e *Error) {
	if l.err == nil {
		l.err = e
	}
}

// mapCode returns what the mapping step makes of the non-ASCII code point r:
// its mapping m, or r itself (m == "" and keep), or nothing (ignored). sens
// tells whether NFC may change it or combine it with a neighbour.
func (o Profile) mapCode(r rune) (m string, keep, sens bool) {
	e := idnaEntry(r)
	sens = nfcSensitive(e)
	status := int(e>>32) & 7
	if status == statusMapped || status == statusDeviation {
		off := int(e>>8) & 0xFFFFFF
		m = idnaMappings[off : off+int(e&0xFF)]
	}
	if r == 0x1E9E && o.Transitional {
		// UTS #46 maps capital sharp s to "ss", not to the deviation ß, in
		// Transitional Processing.
		m = "ss"
	}
	switch {
	case status == statusIgnored:
		return "", false, sens
	case status == statusMapped || (status == statusDeviation && o.Transitional):
		return m, false, sens
	}
	return "", true, sens
}

// next processes the next label. It returns its code points (valid until the
// next call), the byte offset in the input where the label starts, and
// whether another label follows. Errors go to l.err.
func (l *labeler) next(w labelWork) (rs []rune, off int, more bool, _ labelWork) {
	li := l.li
	l.li++
	domain := l.domain
	// Where the label's mapping starts, to find offsets again on error.
	at, skip := l.pos, 0
	off = l.pos
	// The label's code points go to mapped until one comes that NFC may
	// change; from then on they go through the normalizer, which leaves
	// the label in NFC.
	mapped := w.mapped[:0]
	var norm normalizer
	normOn, nonASCII := false, false
	// 1. Map, up to the next full stop.
	if l.pend != "" {
		at, skip = l.pendAt, l.pendSkip
		if l.pendSens {
			norm, normOn = l.startNorm(mapped, w), true
		}
		for k, x := range l.pend {
			if x == '.' {
				l.pendSkip += utf8.RuneCountInString(l.pend[:k]) + 1
				l.pend = l.pend[k+1:]
				more = true
				break
			}
			mapped, norm = l.put(mapped, norm, normOn, x, off, nonASCII)
			nonASCII = nonASCII || x >= 0x80
		}
		if !more {
			l.pend = ""
		}
	}
	for !more && l.pos < len(domain) {
		i := l.pos
		r := rune(domain[i])
		if r < 0x80 {
			l.pos++
			if r == '.' {
				more = true
				break
			}
			if 'A' <= r && r <= 'Z' {
				if l.o.RejectMapped {
					l.report(newErr(ErrMapped, li, off, i, r))
				}
				r += 'a' - 'A'
			}
			if !normOn && len(mapped) < cap(mapped) {
				mapped = append(mapped, r)
			} else {
				mapped, norm = l.put(mapped, norm, normOn, r, off, nonASCII)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(domain[i:])
		l.pos += size
		if r == utf8.RuneError && size == 1 {
			// Reported by init.
			nonASCII = true
			mapped, norm = l.put(mapped, norm, normOn, r, off, nonASCII)
			continue
		}
		m, keep, sens := l.o.mapCode(r)
		if !keep && l.o.RejectMapped {
			l.report(newErr(ErrMapped, li, off, i, r))
		}
		if sens && !normOn {
			norm, normOn = l.startNorm(mapped, w), true
		}
		if keep {
			nonASCII = true
			mapped, norm = l.put(mapped, norm, normOn, r, off, nonASCII)
		}
		for k, x := range m {
			if x == '.' {
				if rest := m[k+1:]; rest != "" {
					l.pend, l.pendAt, l.pendSens = rest, i, sens
					l.pendSkip = utf8.RuneCountInString(m[:k]) + 1
				}
				more = true
				break
			}
			nonASCII = nonASCII || x >= 0x80
			mapped, norm = l.put(mapped, norm, normOn, x, off, nonASCII)
		}
		// A label that will have more code points than Punycode takes
		// fails now. In NFC, a starter absorbs at most a few of the
		// combining marks that follow it (4 is ample), and none of the
		// code points before it.
		if l.limit > 0 && nonASCII && (normOn && len(norm.out) > l.limit+4 || !normOn && len(mapped) > l.limit) {
			l.report(newErr(ErrTooLong, li, off, off, -1))
			if normOn {
				w.norm, w.dec = norm.out[:0], norm.tmp[:0]
			}
			w.mapped = mapped[:0]
			return nil, off, false, w
		}
	}
	w.mapped = mapped[:0]
	// 2. Normalize. Offsets are then those of the label.
	rs = mapped
	exact := true
	if normOn {
		norm = norm.flush()
		rs = norm.out
		w.norm, w.dec = norm.out[:0], norm.tmp[:0]
		exact = false
		if l.o.RejectMapped && l.err == nil {
			// Nothing was mapped: the label is its text in the input,
			// which must be in NFC already.
			end := l.pos
			if more {
				end-- // the '.'
			}
			if !sameRunes(domain[off:end], rs) {
				l.report(newErr(ErrNotNFC, li, off, off, -1))
			}
		}
	}
	l.lastEmpty = len(rs) == 0
	// 3./4. Convert and validate.
	if len(rs) >= 4 && rs[0] == 'x' && rs[1] == 'n' && rs[2] == '-' && rs[3] == '-' {
		if !isASCIIRunes(rs) {
			l.report(newErr(ErrPunycodeNonASCII, li, off, off, -1))
			return rs, off, more, w
		}
		enc := w.enc[:0]
		if len(rs)-4 <= maxPunycode {
			enc = growFor(enc, len(rs)-4, 0, 0)
			for _, r := range rs[4:] {
				enc = append(enc, byte(r))
			}
			w.enc = enc[:0]
		} else {
			enc = nil // too long: let decodePunycode say so
		}
		dec, err := decodePunycode(enc, w.dec[:0], len(rs)-4)
		if err != nil {
			if !l.o.IgnoreInvalidPunycode {
				e := err.(*Error)
				e.Index, e.LabelOffset = li, off
				if k := 4 + e.Offset; exact && e.Offset >= 0 && k < len(rs) {
					e.Offset = l.srcOffset(at, skip, k, off)
				} else {
					e.Offset = off
				}
				l.report(e)
			}
			l.checkBidi(rs, li, off)
			return rs, off, more, w
		}
		w.dec = dec[:0]
		if l.err == nil {
			switch {
			case len(dec) == 0 || isASCIIRunes(dec):
				l.report(newErr(ErrPunycodeASCII, li, off, off, -1))
			default:
				var ok bool
				if ok, w.mapped = isNFCTmp(dec, w.mapped); !ok {
					l.report(newErr(ErrNotNFC, li, off, off, -1))
				} else if code, i := l.o.validate(dec, false); code != "" {
					l.report(newErr(code, li, off, off, dec[i]))
				}
			}
		}
		l.checkBidi(dec, li, off)
		return dec, off, more, w
	}
	if l.err == nil {
		if code, i := l.o.validate(rs, l.o.Transitional); code != "" {
			e := newErr(code, li, off, off, rs[i])
			if exact {
				e.Offset = l.srcOffset(at, skip, i, off)
			}
			l.report(e)
		}
	}
	l.checkBidi(rs, li, off)
	return rs, off, more, w
}

// startNorm returns a normalizer, in w's space, that has been given the
// code points mapped so far.
func (l *labeler) startNorm(mapped []rune, w labelWork) normalizer {
	n := newNormalizer(growFor(w.norm[:0], len(mapped)+16, 0, 0), w.dec[:0])
	for _, r := range mapped {
		n = n.add(r)
	}
	return n
}

// put adds the code point x to the label that starts at input offset off:
// to mapped, or through the normalizer when normOn.
func (l *labeler) put(mapped []rune, n normalizer, normOn bool, x rune, off int, nonASCII bool) ([]rune, normalizer) {
	if normOn {
		if cap(n.out)-len(n.out) < 8 {
			// Grow as mapped would (a decomposition adds at most 4).
			n.out = l.grow(n.out[:len(n.out):len(n.out)], off, nonASCII)
		}
		return mapped, n.add(x)
	}
	if len(mapped) == cap(mapped) {
		mapped = l.grow(mapped, off, nonASCII)
	}
	return append(mapped, x), n
}

// grow makes room in the mapped code points of the label that starts at
// input offset off for one more, extrapolating from the part of the label
// mapped so far; no further than the limit for a label that is not ASCII.
func (l *labeler) grow(mapped []rune, off int, nonASCII bool) []rune {
	if len(mapped) < cap(mapped) {
		return mapped
	}
	done, total := l.pos-off, len(l.domain)-off
	if l.limit > 0 && nonASCII {
		// No more than the limit and the rest of a mapping (at most 18
		// code points): past the limit, the label fails once its code
		// point is mapped.
		c := len(mapped) + 32
		if done > 0 {
			c = max(c, int(float64(len(mapped))*float64(total)/float64(done)*1.125))
		}
		c = min(max(c, cap(mapped)+cap(mapped)/2), l.limit+32)
		return growFor(mapped, max(c-len(mapped), 32), 0, 0)
	}
	return growFor(mapped, 1, done, total)
}

// checkBidi records what the label rs contributes to the Bidi rule. Until a
// label makes the domain name a Bidi domain name, labels are not checked:
// finish goes back over them then.
func (l *labeler) checkBidi(rs []rune, li, off int) {
	if !l.o.CheckBidi || l.err != nil || len(rs) == 0 {
		return
	}
	if !l.bidiDomain {
		if !hasRTL(rs) {
			return
		}
		l.bidiDomain = true
		l.bidiFrom = li
	}
	if l.bidiBad < 0 && !bidiLabelOK(rs) {
		l.bidiBad, l.bidiOff = li, off
	}
}

// hasRTL reports whether rs has a code point of class R, AL or AN.
func hasRTL(rs []rune) bool {
	for _, r := range rs {
		if r < 0x590 {
			continue
		}
		switch lookupProps(r).bidi() {
		case bidiR, bidiAL, bidiAN:
			return true
		}
	}
	return false
}

// finish applies the Bidi rule (RFC 5893 section 2) to the domain name when
// no other error came first: when the domain name is a Bidi domain name (has
// a code point of class R, AL or AN), every label must satisfy it. The
// labels before the first that has such a code point are processed again
// to be checked, with w as work space, which finish returns.
func (l *labeler) finish(w labelWork) labelWork {
	if l.err != nil || !l.o.CheckBidi || !l.bidiDomain {
		return w
	}
	if l.bidiFrom > 0 {
		var again labeler
		again.init(l.o, l.domain, l.limit)
		again.o.CheckBidi = false
		for li := 0; li < l.bidiFrom; li++ {
			var rs []rune
			var off int
			rs, off, _, w = again.next(w)
			if len(rs) > 0 && !bidiLabelOK(rs) {
				l.err = newErr(ErrBidi, li, off, off, -1)
				return w
			}
		}
	}
	if l.bidiBad >= 0 {
		l.err = newErr(ErrBidi, l.bidiBad, l.bidiOff, l.bidiOff, -1)
	}
	return w
}

// srcOffset returns the input offset of the code point behind the k-th code
// point of a label whose mapping starts at input offset at, skipping the
// first skip code points of that mapping; def when not found.
func (l *labeler) srcOffset(at, skip, k, def int) int {
	n := -skip
	for i := at; i < len(l.domain); {
		r := rune(l.domain[i])
		size, c := 1, 1
		if r >= 0x80 {
			r, size = utf8.DecodeRuneInString(l.domain[i:])
			if !(r == utf8.RuneError && size == 1) {
				m, keep, _ := l.o.mapCode(r)
				if !keep {
					c = utf8.RuneCountInString(m)
				}
			}
		}
		if n+c > k {
			return i
		}
		n += c
		i += size
	}
	return def
}

// validate checks the Validity Criteria of UTS #46 section 4.1 (except NFC
// and Bidi, which the caller checks) on one label. It returns the code of
// the first criterion that fails and the index of the code point at fault,
// or 0.
func (o Profile) validate(rs []rune, transitional bool) (Code, int) {
	if len(rs) == 0 {
		return "", 0
	}
	if o.CheckHyphens {
		if len(rs) >= 4 && rs[2] == '-' && rs[3] == '-' {
			return ErrHyphen34, 2
		}
		if rs[0] == '-' {
			return ErrHyphenEdge, 0
		}
		if rs[len(rs)-1] == '-' {
			return ErrHyphenEdge, len(rs) - 1
		}
	} else if len(rs) >= 4 && rs[0] == 'x' && rs[1] == 'n' && rs[2] == '-' && rs[3] == '-' {
		return ErrXNPrefix, 0
	}
	if lookupProps(rs[0]).isMark() {
		return ErrLeadingMark, 0
	}
	for i, r := range rs {
		if r < 0x80 {
			if r == '.' {
				return ErrFullStop, i
			}
			if o.UseSTD3ASCIIRules && !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-') {
				return ErrSTD3, i
			}
			if 'A' <= r && r <= 'Z' {
				// Only a decoded label can hold uppercase ASCII: it is mapped,
				// not valid.
				return ErrDisallowed, i
			}
			continue
		}
		status, _ := lookupIDNA(r)
		switch status {
		case statusValid:
		case statusDeviation:
			if transitional {
				return ErrDisallowed, i
			}
		default:
			return ErrDisallowed, i
		}
		if o.CheckJoiners && (r == 0x200C || r == 0x200D) && !contextJ(rs, i) {
			return ErrContextJ, i
		}
	}
	return "", 0
}

// contextJ applies the CONTEXTJ rules of RFC 5892 Appendix A.1 and A.2 to
// the joiner rs[i].
func contextJ(rs []rune, i int) bool {
	if i > 0 && lookupProps(rs[i-1]).isVirama() {
		return true
	}
	if rs[i] == 0x200D {
		return false
	}
	// ZWNJ: (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})
	ok := false
	for j := i - 1; j >= 0; j-- {
		jt := lookupProps(rs[j]).joining()
		if jt == joinT {
			continue
		}
		ok = jt == joinL || jt == joinD
		break
	}
	if !ok {
		return false
	}
	for j := i + 1; j < len(rs); j++ {
		jt := lookupProps(rs[j]).joining()
		if jt == joinT {
			continue
		}
		return jt == joinR || jt == joinD
	}
	return false
}

func bidiLabelOK(rs []rune) bool {
	first := lookupProps(rs[0]).bidi()
	// Find the last code point that is not NSM.
	end := len(rs) - 1
	for end >= 0 && lookupProps(rs[end]).bidi() == bidiNSM {
		end--
	}
	if end < 0 {
		return false
	}
	last := lookupProps(rs[end]).bidi()
	switch first {
	case bidiR, bidiAL:
		// Rules 2, 3, 4.
		hasEN, hasAN := false, false
		for _, r := range rs {
			switch lookupProps(r).bidi() {
			case bidiR, bidiAL, bidiES, bidiCS, bidiET, bidiON, bidiBN, bidiNSM:
			case bidiEN:
				hasEN = true
			case bidiAN:
				hasAN = true
			default:
				return false
			}
		}
		if hasEN && hasAN {
			return false
		}
		switch last {
		case bidiR, bidiAL, bidiEN, bidiAN:
			return true
		}
		return false
	case bidiL:
		// Rules 5, 6.
		for _, r := range rs {
			switch lookupProps(r).bidi() {
			case bidiL, bidiEN, bidiES, bidiCS, bidiET, bidiON, bidiBN, bidiNSM:
			default:
				return false
			}
		}
		return last == bidiL || last == bidiEN
	}
	// Rule 1.
	return false
}

func isASCIIRunes(rs []rune) bool {
	for _, r := range rs {
		if r >= 0x80 {
			return false
		}
	}
	return true
}

// hasXNLabel reports whether some label of the ASCII domain begins with
// "xn--", in any case.
func hasXNLabel(domain string) bool {
	for i := 0; i+4 <= len(domain); i++ {
		if (i == 0 || domain[i-1] == '.') && (domain[i]|0x20) == 'x' && (domain[i+1]|0x20) == 'n' &&
			domain[i+2] == '-' && domain[i+3] == '-' {
			return true
		}
	}
	return false
}

// checkASCIIInput is checkASCII of lower, the lowercase form of the ASCII
// domain; with RejectMapped, an upper case letter in domain is an error
// first.
func (o Profile) checkASCIIInput(domain, lower string) *Error {
	if o.RejectMapped {
		li, start := 0, 0
		for i := 0; i < len(domain); i++ {
			if c := domain[i]; c == '.' {
				li, start = li+1, i+1
			} else if 'A' <= c && c <= 'Z' {
				return newErr(ErrMapped, li, start, i, rune(c))
			}
		}
	}
	return o.checkASCII(lower)
}

// checkASCII validates a lowercase ASCII domain with no "xn--" label: such a
// domain is its own mapping, is in NFC, is never a Bidi domain name and has
// no joiners, so only the hyphen, STD3 and length rules can fail.
func (o Profile) checkASCII(domain string) *Error {
	li, start := 0, 0
	for i := 0; i <= len(domain); i++ {
		if i < len(domain) && domain[i] != '.' {
			continue
		}
		l := domain[start:i]
		if o.CheckHyphens && len(l) > 0 {
			switch {
			case len(l) >= 4 && l[2] == '-' && l[3] == '-':
				return newErr(ErrHyphen34, li, start, start+2, '-')
			case l[0] == '-':
				return newErr(ErrHyphenEdge, li, start, start, '-')
			case l[len(l)-1] == '-':
				return newErr(ErrHyphenEdge, li, start, i-1, '-')
			}
		}
		if o.UseSTD3ASCIIRules {
			for j := 0; j < len(l); j++ {
				c := l[j]
				if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
					return newErr(ErrSTD3, li, start, start+j, rune(c))
				}
			}
		}
		if o.VerifyDNSLength {
			if len(l) < 1 || len(l) > 63 {
				return newErr(ErrLabelLength, li, start, start, -1)
			}
		}
		li++
		start = i + 1
	}
	if o.VerifyDNSLength {
		n := len(domain)
		if n > 0 && domain[n-1] == '.' {
			n--
		}
		if n < 1 || n > 253 {
			return domainErr(ErrDomainLength, "")
		}
	}
	return nil
}

// sameRunes reports whether the UTF-8 text s holds the code points rs.
func sameRunes(s string, rs []rune) bool {
	k := 0
	for _, r := range s {
		if k >= len(rs) || rs[k] != r {
			return false
		}
		k++
	}
	return k == len(rs)
}
