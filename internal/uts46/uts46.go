package uts46

import (
	"strings"
	"unicode/utf8"
)

// Options selects the UTS #46 processing flags. The zero value has every
// check off and uses Nontransitional Processing.
type Options struct {
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
	// VerifyDnsLength makes ToASCII check that each label is 1 to 63 bytes
	// (so an empty root label after a final dot fails too, as in IdnaTestV2)
	// and the whole name 1 to 253 bytes, not counting a final dot.
	VerifyDnsLength bool
	// IgnoreInvalidPunycode keeps an "xn--" label that is not valid Punycode
	// as it is, without further checks, instead of failing. (UTS #46 leaves
	// open what happens to such a label; reading step 4.2 literally, as some
	// implementations do, would make the flag have no effect.)
	IgnoreInvalidPunycode bool
}

// ToASCII runs the UTS #46 ToASCII operation on domain: map, normalize to NFC,
// split into labels, decode and validate "xn--" labels, validate the others,
// and Punycode-encode each label that is not ASCII with an "xn--" prefix.
// It returns the first error found, as an *Error; the result is then "".
func (o Options) ToASCII(domain string) (string, error) {
	if lower, ok := asciiLower(domain); ok && !hasXNLabel(lower) {
		if err := o.checkASCII(lower); err != nil {
			return "", err
		}
		return lower, nil
	}
	var stack [64]byte
	b, err := o.AppendToASCII(stack[:0], domain)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendToASCII appends the ToASCII form of domain to dst. On error it
// returns dst unchanged and an *Error.
func (o Options) AppendToASCII(dst []byte, domain string) ([]byte, error) {
	if isASCII(domain) && !hasXNLabel(domain) {
		start := len(dst)
		for i := 0; i < len(domain); i++ {
			c := domain[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
		if err := o.checkASCII(string(dst[start:])); err != nil {
			return dst[:start], err
		}
		return dst, nil
	}
	var st processState
	buf, labels, err := o.process(domain, &st)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	for i, l := range labels {
		if i > 0 {
			dst = append(dst, '.')
		}
		ls := len(dst)
		rs := buf[l.start:l.end]
		if isASCIIRunes(rs) {
			for _, r := range rs {
				dst = append(dst, byte(r))
			}
		} else {
			dst = append(dst, "xn--"...)
			var perr error
			dst, perr = appendEncodeRunes(dst, rs)
			if perr != nil {
				e := perr.(*Error)
				e.Label = i
				e.Offset = l.offset
				return dst[:start], e
			}
		}
		if o.VerifyDnsLength {
			// Every label counts, an empty root label too (IdnaTestV2 reports
			// A4_2 for "a.b.").
			if n := len(dst) - ls; n < 1 || n > 63 {
				return dst[:start], &Error{Code: CodeLabelLength, Label: i, Offset: l.offset, Rune: -1}
			}
		}
	}
	if o.VerifyDnsLength {
		n := len(dst) - start
		if n > 0 && dst[len(dst)-1] == '.' {
			n--
		}
		if n < 1 || n > 253 {
			return dst[:start], &Error{Code: CodeDomainLength, Label: -1, Offset: -1, Rune: -1}
		}
	}
	return dst, nil
}

// ToUnicode runs the UTS #46 ToUnicode operation on domain. It always returns
// the converted domain name, for display; err is the first error found, if
// any (an *Error), in which case the result must not be used for lookup.
func (o Options) ToUnicode(domain string) (string, error) {
	if lower, ok := asciiLower(domain); ok && !hasXNLabel(lower) {
		o.VerifyDnsLength = false // a ToASCII step only
		return lower, o.checkASCII(lower)
	}
	var st processState
	buf, labels, err := o.process(domain, &st)
	var sb strings.Builder
	for i, l := range labels {
		if i > 0 {
			sb.WriteByte('.')
		}
		for _, r := range buf[l.start:l.end] {
			sb.WriteRune(r)
		}
	}
	return sb.String(), err
}

// label locates one label: its code points are buf[start:end] in the buffer
// process returns.
type label struct {
	start, end int
	offset     int // byte offset of the start of the label in the input
}

// processState is scratch space for process, kept on the caller's stack.
type processState struct {
	mapped  [96]rune
	src     [96]int // input byte offset of the code point behind mapped[i]
	norm    [96]rune
	labels  [8]label
	labelIn [8]int
}

// process runs the UTS #46 Processing steps (sections 4.1 to 4.3) and
// returns the labels in Unicode form, as positions in buf, and the first
// error. The labels are complete even when there is an error.
func (o Options) process(domain string, st *processState) (buf []rune, labels []label, err error) {
	var firstErr *Error
	report := func(e *Error) {
		if firstErr == nil {
			firstErr = e
		}
	}
	// 1. Map, remembering where each code point came from.
	mapped := st.mapped[:0]
	src := st.src[:0]
	sensitive := false // some code point may change under NFC
	for i, r := range domain {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(domain[i:]); size == 1 {
				report(&Error{Code: CodeInvalidUTF8, Label: -1, Offset: i, Rune: -1})
				mapped = append(mapped, r)
				src = append(src, i)
				continue
			}
		}
		if r < 0x80 {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			mapped = append(mapped, r)
			src = append(src, i)
			continue
		}
		e := idnaEntry(r)
		if nfcSensitive(e) {
			sensitive = true
		}
		status := int(e>>32) & 7
		var m string
		if status == statusMapped || status == statusDeviation {
			off := int(e>>8) & 0xFFFFFF
			m = idnaMappings[off : off+int(e&0xFF)]
		}
		if r == 0x1E9E && o.Transitional {
			// UTS #46 maps capital sharp s to "ss", not to the deviation
			// ß, in Transitional Processing.
			m = "ss"
		}
		if status == statusIgnored {
			continue
		}
		if status == statusMapped || (status == statusDeviation && o.Transitional) {
			for _, x := range m {
				mapped = append(mapped, x)
				src = append(src, i)
			}
			continue
		}
		mapped = append(mapped, r)
		src = append(src, i)
	}
	// Where each label starts in the input. Normalization keeps every
	// U+002E, so this holds after it too.
	labelIn := append(st.labelIn[:0], 0)
	for k, r := range mapped {
		if r == '.' {
			_, size := utf8.DecodeRuneInString(domain[src[k]:])
			labelIn = append(labelIn, src[k]+size)
		}
	}
	// 2. Normalize. Afterwards src no longer lines up with mapped.
	if sensitive {
		mapped = nfc(mapped, st.norm[:0])
		src = nil
	}
	// 3. Break into labels.
	labels = st.labels[:0]
	start := 0
	for i, r := range mapped {
		if r == '.' {
			labels = append(labels, label{start: start, end: i, offset: labelIn[min(len(labels), len(labelIn)-1)]})
			start = i + 1
		}
	}
	labels = append(labels, label{start: start, end: len(mapped), offset: labelIn[min(len(labels), len(labelIn)-1)]})
	buf = mapped

	// 4. Convert/Validate.
	for li := range labels {
		l := &labels[li]
		rs := buf[l.start:l.end]
		if len(rs) >= 4 && rs[0] == 'x' && rs[1] == 'n' && rs[2] == '-' && rs[3] == '-' {
			if !isASCIIRunes(rs) {
				report(&Error{Code: CodePunycodeNonASCII, Label: li, Offset: l.offset, Rune: -1})
				continue
			}
			var sb [64]byte
			enc := sb[:0]
			for _, r := range rs[4:] {
				enc = append(enc, byte(r))
			}
			n := len(buf)
			var err error
			buf, err = decodePunycode(string(enc), buf)
			if err != nil {
				buf = buf[:n]
				if !o.IgnoreInvalidPunycode {
					e := err.(*Error)
					e.Label = li
					if k := l.start + 4 + e.Offset; src != nil && e.Offset >= 0 && k < l.end {
						e.Offset = src[k]
					} else {
						e.Offset = l.offset
					}
					report(e)
				}
				continue
			}
			l.start, l.end = n, len(buf)
			dec := buf[n:]
			if len(dec) == 0 || isASCIIRunes(dec) {
				report(&Error{Code: CodePunycodeASCII, Label: li, Offset: l.offset, Rune: -1})
				continue
			}
			if !isNFC(dec) {
				report(&Error{Code: CodeNotNFC, Label: li, Offset: l.offset, Rune: -1})
				continue
			}
			if e := o.validate(dec, false, li, l.offset, nil); e != nil {
				report(e)
			}
			continue
		}
		var lsrc []int
		if src != nil {
			lsrc = src[l.start:l.end]
		}
		if e := o.validate(rs, o.Transitional, li, l.offset, lsrc); e != nil {
			report(e)
		}
	}
	// CheckBidi applies to the whole domain name.
	if o.CheckBidi && firstErr == nil {
		if e := checkBidiDomain(buf, labels); e != nil {
			report(e)
		}
	}
	if firstErr != nil {
		return buf, labels, firstErr
	}
	return buf, labels, nil
}

// validate checks the Validity Criteria of UTS #46 section 4.1 (except NFC
// and Bidi, which the caller checks) on one label. off is the input offset of
// the label, and src, when not nil, the input offset of each code point.
func (o Options) validate(rs []rune, transitional bool, li, off int, src []int) *Error {
	if len(rs) == 0 {
		return nil
	}
	errAt := func(code Code, i int) *Error {
		e := &Error{Code: code, Label: li, Offset: off, Rune: rs[i]}
		if src != nil {
			e.Offset = src[i]
		}
		return e
	}
	if o.CheckHyphens {
		if len(rs) >= 4 && rs[2] == '-' && rs[3] == '-' {
			return errAt(CodeHyphen34, 2)
		}
		if rs[0] == '-' {
			return errAt(CodeHyphenEdge, 0)
		}
		if rs[len(rs)-1] == '-' {
			return errAt(CodeHyphenEdge, len(rs)-1)
		}
	} else if len(rs) >= 4 && rs[0] == 'x' && rs[1] == 'n' && rs[2] == '-' && rs[3] == '-' {
		return errAt(CodeXNPrefix, 0)
	}
	if lookupProps(rs[0]).isMark() {
		return errAt(CodeLeadingMark, 0)
	}
	for i, r := range rs {
		if r < 0x80 {
			if r == '.' {
				return errAt(CodeFullStop, i)
			}
			if o.UseSTD3ASCIIRules && !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-') {
				return errAt(CodeSTD3, i)
			}
			if 'A' <= r && r <= 'Z' {
				// Only a decoded label can hold uppercase ASCII: it is mapped,
				// not valid.
				return errAt(CodeDisallowed, i)
			}
			continue
		}
		status, _ := lookupIDNA(r)
		switch status {
		case statusValid:
		case statusDeviation:
			if transitional {
				return errAt(CodeDisallowed, i)
			}
		default:
			return errAt(CodeDisallowed, i)
		}
		if o.CheckJoiners && (r == 0x200C || r == 0x200D) && !contextJ(rs, i) {
			return errAt(CodeContextJ, i)
		}
	}
	return nil
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

// checkBidiDomain applies RFC 5893 section 2 to every label when the domain
// name is a Bidi domain name (has a code point of class R, AL or AN).
func checkBidiDomain(buf []rune, labels []label) *Error {
	bidiDomain := false
	for _, l := range labels {
		for _, r := range buf[l.start:l.end] {
			if r < 0x590 {
				continue
			}
			switch lookupProps(r).bidi() {
			case bidiR, bidiAL, bidiAN:
				bidiDomain = true
			}
		}
		if bidiDomain {
			break
		}
	}
	if !bidiDomain {
		return nil
	}
	for li, l := range labels {
		if l.start == l.end {
			continue
		}
		if !bidiLabelOK(buf[l.start:l.end]) {
			return &Error{Code: CodeBidi, Label: li, Offset: l.offset, Rune: -1}
		}
	}
	return nil
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

// checkASCII validates a lowercase ASCII domain with no "xn--" label: such a
// domain is its own mapping, is in NFC, is never a Bidi domain name and has
// no joiners, so only the hyphen, STD3 and length rules can fail.
func (o Options) checkASCII(domain string) error {
	li, start := 0, 0
	for i := 0; i <= len(domain); i++ {
		if i < len(domain) && domain[i] != '.' {
			continue
		}
		l := domain[start:i]
		if o.CheckHyphens && len(l) > 0 {
			switch {
			case len(l) >= 4 && l[2] == '-' && l[3] == '-':
				return &Error{Code: CodeHyphen34, Label: li, Offset: start + 2, Rune: '-'}
			case l[0] == '-':
				return &Error{Code: CodeHyphenEdge, Label: li, Offset: start, Rune: '-'}
			case l[len(l)-1] == '-':
				return &Error{Code: CodeHyphenEdge, Label: li, Offset: i - 1, Rune: '-'}
			}
		}
		if o.UseSTD3ASCIIRules {
			for j := 0; j < len(l); j++ {
				c := l[j]
				if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
					return &Error{Code: CodeSTD3, Label: li, Offset: start + j, Rune: rune(c)}
				}
			}
		}
		if o.VerifyDnsLength {
			if len(l) < 1 || len(l) > 63 {
				return &Error{Code: CodeLabelLength, Label: li, Offset: start, Rune: -1}
			}
		}
		li++
		start = i + 1
	}
	if o.VerifyDnsLength {
		n := len(domain)
		if n > 0 && domain[n-1] == '.' {
			n--
		}
		if n < 1 || n > 253 {
			return &Error{Code: CodeDomainLength, Label: -1, Offset: -1, Rune: -1}
		}
	}
	return nil
}
