package whatwg

import (
	"strconv"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
)

// parseHost runs the host parser on input (found at offset off of p.in)
// and appends the serialized host to p.buf, setting p.u.host.
func (p *parser) parseHost(input string, opaque bool, off int) bool {
	if len(input) > 0 && input[0] == '[' {
		if input[len(input)-1] != ']' || len(input) < 2 {
			return p.fail(ErrIPv6Unclosed, off)
		}
		var a [8]uint16
		if !p.parseIPv6(input[1:len(input)-1], off+1, &a) {
			return false
		}
		p.putc('[')
		var tmp [48]byte
		p.putBytes(appendIPv6(tmp[:0], &a))
		p.putc(']')
		p.u.host = hostIPv6
		return true
	}
	if opaque {
		return p.parseOpaqueHost(input, off)
	}
	start := p.size()
	plain := 0
	for plain < len(input) && classes[input[plain]]&clDomainPlain != 0 {
		plain++
	}
	if plain == len(input) {
		// Fast path: already a lowercase ASCII domain.
		if off+len(input) <= len(p.in) && p.in[off:off+len(input)] == input {
			p.putIn(off, off+len(input))
		} else {
			p.put(input)
		}
		p.strictCheck(input, off)
		return p.finishDomain(start, true, off)
	}
	allASCII, pct := true, false
	for i := 0; i < len(input); i++ {
		c := input[i]
		if c >= 0x80 {
			allASCII = false
		} else if c == '%' {
			pct = true
		}
	}
	if allASCII && !pct {
		// An ASCII domain is lowercased.
		for i := 0; i < len(input); i++ {
			c := input[i]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if isForbiddenDomain(c) {
				// Strict ToASCII fails too (the forbidden domain code
				// points are disallowed by UseSTD3ASCIIRules) and records
				// the error; the domain parser then fails without another.
				p.truncate(start)
				p.strictCheck(input, off)
				return p.failQuiet(ErrDomainToASCII, off)
			}
			p.putc(c)
		}
		p.strictCheck(input, off)
		return p.finishDomain(start, true, off)
	}
	// Percent-decode, then UTF-8 decode.
	domain := input
	if pct {
		dec := make([]byte, 0, len(input))
		for i := 0; i < len(input); i++ {
			c := input[i]
			if c == '%' && i+2 < len(input) && hexdigit.Is(input[i+1]) && hexdigit.Is(input[i+2]) {
				if pct {
					p.err(ErrDomainPercentEncoded, off+i)
					pct = false
				}
				dec = append(dec, hexdigit.Value(input[i+1])<<4|hexdigit.Value(input[i+2]))
				i += 2
				continue
			}
			dec = append(dec, c)
		}
		// dec was made here for the decoded domain and goes out of
		// scope: it is not written again.
		domain = bytestr.String(dec)
	}
	if !utf8.ValidString(domain) {
		return p.fail(ErrDomainToASCII, off)
	}
	p.strictCheck(domain, off)
	domainASCII := ascii.Is(domain)
	if domainASCII {
		// The domain parser lowercases an ASCII domain whatever ToASCII
		// would say (web compatibility).
		p.putLower(domain)
	} else if !p.appendDomainToASCII(domain) {
		// Strict ToASCII failed as well and recorded the error.
		return p.failQuiet(ErrDomainToASCII, off)
	}
	if p.size() == start {
		return p.failQuiet(ErrDomainToASCII, off)
	}
	for i := start; i < p.size(); i++ {
		if isForbiddenDomain(p.byteAt(i)) {
			p.truncate(start)
			return p.failQuiet(ErrDomainToASCII, off)
		}
	}
	return p.finishDomain(start, domainASCII, off)
}

// strictCheck records the domain-to-ASCII validation error when collecting
// errors and strict ToASCII fails.
func (p *parser) strictCheck(domain string, off int) {
	if p.collect && !domainValidStrict(domain) {
		p.err(ErrDomainToASCII, off)
	}
}

// finishDomain checks the domain in p.buf[start:] for ending in a number,
// in which case it is replaced by the parsed IPv4 address.
func (p *parser) finishDomain(start int, domainASCII bool, off int) bool {
	var isNum bool
	if p.virt {
		isNum = endsInNumber(p.in[start:p.n])
	} else {
		isNum = endsInNumber(p.buf[start:])
	}
	if !isNum {
		p.u.host = hostDomain
		return true
	}
	if !domainASCII {
		p.err(ErrIPv4NonASCIIInput, off)
	}
	var v uint32
	var ok bool
	if p.virt {
		v, ok = parseIPv4(p, p.in[start:p.n], off)
	} else {
		v, ok = parseIPv4(p, p.buf[start:], off)
	}
	p.truncate(start)
	if !ok {
		return false
	}
	var tmp [16]byte
	p.putBytes(appendIPv4(tmp[:0], v))
	p.u.host = hostIPv4
	return true
}

// parseOpaqueHost runs the opaque-host parser.
func (p *parser) parseOpaqueHost(input string, off int) bool {
	for i := 0; i < len(input); i++ {
		if c := input[i]; c < 0x80 && classes[c]&clForbiddenHost != 0 {
			return p.fail(ErrHostInvalidCodePoint, off+i)
		}
	}
	if p.collect {
		for i := 0; i < len(input); i++ {
			p.checkUnitIn(input, i, off)
		}
	}
	for i := 0; i < len(input); i++ {
		c := input[i]
		if classes[c]&clC0 != 0 {
			p.putc(c)
		} else {
			p.putPct(c)
		}
	}
	if input == "" {
		p.u.host = hostEmpty
	} else {
		p.u.host = hostOpaque
	}
	return true
}

// checkUnitIn is checkUnit for a string that is a substring of p.in at off.
func (p *parser) checkUnitIn(s string, i, off int) {
	if off+len(s) <= len(p.in) && p.in[off:off+len(s)] == s {
		p.checkUnit(off + i)
	}
}

// splitLast returns the last label of d, ignoring one trailing empty label.
func lastLabel[T string | []byte](d T) T {
	if len(d) > 0 && d[len(d)-1] == '.' {
		d = d[:len(d)-1]
	}
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] == '.' {
			return d[i+1:]
		}
	}
	return d
}

// endsInNumber is the URL Standard's "ends in a number checker".
func endsInNumber[T string | []byte](d T) bool {
	if k := len(d); k > 0 {
		// Quick answer: a number ends in a digit, a hex digit or the "x"
		// of "0x" (after an optional trailing dot).
		c := d[k-1]
		if c == '.' && k > 1 {
			c = d[k-2]
		}
		if !hexdigit.Is(c) && c|0x20 != 'x' {
			return false
		}
	}
	last := lastLabel(d)
	if len(last) == 0 {
		return false
	}
	digits := true
	for i := 0; i < len(last); i++ {
		if !isDigit(last[i]) {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	if len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x' {
		for i := 2; i < len(last); i++ {
			if !hexdigit.Is(last[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// parseIPv4Number parses one IPv4 part: decimal, octal with a leading 0,
// or hex with 0x. Values saturate at 1<<40. It reports whether the part
// was not decimal, and ok false when it is not a number.
func parseIPv4Number[T string | []byte](s T) (v uint64, nonDecimal, ok bool) {
	if len(s) == 0 {
		return 0, false, false
	}
	r := uint64(10)
	if len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x' {
		s, r, nonDecimal = s[2:], 16, true
	} else if len(s) >= 2 && s[0] == '0' {
		s, r, nonDecimal = s[1:], 8, true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case r == 16 && c|0x20 >= 'a' && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
			return 0, false, false
		}
		if d >= r {
			return 0, false, false
		}
		if v < 1<<40 {
			v = v*r + d
		}
	}
	return v, nonDecimal, true
}

// parseIPv4 runs the IPv4 parser on d.
func parseIPv4[T string | []byte](p *parser, d T, off int) (uint32, bool) {
	var parts [4]T
	n := 0
	if len(d) > 0 && d[len(d)-1] == '.' {
		p.err(ErrIPv4EmptyPart, off)
		if len(d) > 1 {
			d = d[:len(d)-1]
		}
	}
	for start := 0; ; {
		i := start
		for i < len(d) && d[i] != '.' {
			i++
		}
		if n == 4 {
			return 0, p.fail(ErrIPv4TooManyParts, off)
		}
		parts[n] = d[start:i]
		n++
		if i == len(d) {
			break
		}
		start = i + 1
	}
	if n < 4 {
		p.err(ErrIPv4TooFewParts, off)
	}
	var nums [4]uint64
	for i := 0; i < n; i++ {
		v, nonDec, ok := parseIPv4Number(parts[i])
		if !ok {
			return 0, p.fail(ErrIPv4NonNumericPart, off)
		}
		if nonDec {
			p.err(ErrIPv4NonDecimalPart, off)
		}
		nums[i] = v
	}
	for i := 0; i < n; i++ {
		if nums[i] > 255 {
			if i < n-1 {
				return 0, p.fail(ErrIPv4OutOfRangePart, off)
			}
			p.err(ErrIPv4OutOfRangePart, off)
		}
	}
	if nums[n-1] >= 1<<(8*(5-n)) {
		return 0, p.fail(ErrIPv4OutOfRangePart, off)
	}
	v := nums[n-1]
	for i := 0; i < n-1; i++ {
		v += nums[i] << (8 * (3 - i))
	}
	return uint32(v), true
}

func appendIPv4(b []byte, v uint32) []byte {
	b = strconv.AppendUint(b, uint64(v>>24), 10)
	b = append(b, '.')
	b = strconv.AppendUint(b, uint64(v>>16&0xff), 10)
	b = append(b, '.')
	b = strconv.AppendUint(b, uint64(v>>8&0xff), 10)
	b = append(b, '.')
	return strconv.AppendUint(b, uint64(v&0xff), 10)
}

// parseIPv6 runs the IPv6 parser on s (found at offset off of p.in).
func (p *parser) parseIPv6(s string, off int, a *[8]uint16) bool {
	pieceIndex, compress := 0, -1
	i := 0
	at := func(i int) int {
		if i < len(s) {
			return int(s[i])
		}
		return eof
	}
	if at(0) == ':' {
		if at(1) != ':' {
			return p.fail(ErrIPv6InvalidCompression, off)
		}
		i = 2
		pieceIndex++
		compress = pieceIndex
	}
	for at(i) != eof {
		if pieceIndex == 8 {
			return p.fail(ErrIPv6TooManyPieces, off+i)
		}
		if at(i) == ':' {
			if compress >= 0 {
				return p.fail(ErrIPv6MultipleCompression, off+i)
			}
			i++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && at(i) != eof && hexdigit.Is(s[i]) {
			value = value*16 + int(hexdigit.Value(s[i]))
			i++
			length++
		}
		if at(i) == '.' {
			if length == 0 {
				return p.fail(ErrIPv4InIPv6InvalidCodePoint, off+i)
			}
			i -= length
			if pieceIndex > 6 {
				return p.fail(ErrIPv4InIPv6TooManyPieces, off+i)
			}
			numbersSeen := 0
			for at(i) != eof {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if at(i) == '.' && numbersSeen < 4 {
						i++
					} else {
						return p.fail(ErrIPv4InIPv6InvalidCodePoint, off+i)
					}
				}
				if at(i) == eof || !isDigit(s[i]) {
					return p.fail(ErrIPv4InIPv6InvalidCodePoint, off+i)
				}
				for at(i) != eof && isDigit(s[i]) {
					number := int(s[i] - '0')
					if ipv4Piece == -1 {
						ipv4Piece = number
					} else if ipv4Piece == 0 {
						return p.fail(ErrIPv4InIPv6InvalidCodePoint, off+i)
					} else {
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return p.fail(ErrIPv4InIPv6OutOfRangePart, off+i)
					}
					i++
				}
				a[pieceIndex] = a[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return p.fail(ErrIPv4InIPv6TooFewParts, off+i)
			}
			break
		} else if at(i) == ':' {
			i++
			if at(i) == eof {
				return p.fail(ErrIPv6InvalidCodePoint, off+i)
			}
		} else if at(i) != eof {
			return p.fail(ErrIPv6InvalidCodePoint, off+i)
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			p.err(ErrIPv6PieceLeadingZero, off+i)
		}
		a[pieceIndex] = uint16(value)
		pieceIndex++
	}
	if compress >= 0 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			a[pieceIndex], a[compress+swaps-1] = a[compress+swaps-1], a[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		return p.fail(ErrIPv6TooFewPieces, off+len(s))
	}
	return true
}

// appendIPv6 appends the IPv6 serializer's output (no brackets).
func appendIPv6(b []byte, a *[8]uint16) []byte {
	// Find the first longest run of two or more zero pieces.
	compress, longest := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > longest {
			compress, longest = i, j-i
		}
		i = j
	}
	ignore0 := false
	for i := 0; i < 8; i++ {
		if ignore0 && a[i] == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				b = append(b, ':', ':')
			} else {
				b = append(b, ':')
			}
			ignore0 = true
			continue
		}
		b = strconv.AppendUint(b, uint64(a[i]), 16)
		if i != 7 {
			b = append(b, ':')
		}
	}
	return b
}
