package form

import (
	"strings"
	"unicode/utf16"
)

// This file holds deliberately naive, step-by-step transcriptions of the
// algorithms of the URL Standard and the Encoding Standard. The package code
// is checked against them (by the fuzz targets and table tests), which is
// how percent.Decoder{PlusAsSpace, Lenient, ReplaceInvalidUTF8} is verified
// to be exactly the standard's urlencoded decoding.

// refParse is the URL Standard's application/x-www-form-urlencoded parser.
func refParse(input string) Values {
	var out Values
	for _, seq := range strings.Split(input, "&") {
		if seq == "" {
			continue
		}
		name, value := seq, ""
		if i := strings.IndexByte(seq, '='); i >= 0 {
			name, value = seq[:i], seq[i+1:]
		}
		out = append(out, Pair{Name: refDecode(name), Value: refDecode(value)})
	}
	return out
}

// refDecode replaces "+" with space, percent-decodes to bytes, then runs
// "UTF-8 decode without BOM".
func refDecode(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	return refUTF8DecodeWithoutBOM(refPercentDecode(s))
}

// refPercentDecode is the URL Standard's "percent-decode" of a byte
// sequence.
func refPercentDecode(s string) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && refIsHex(s[i+1]) && refIsHex(s[i+2]) {
			out = append(out, refHexVal(s[i+1])<<4|refHexVal(s[i+2]))
			i += 2
			continue
		}
		out = append(out, c)
	}
	return out
}

func refIsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func refHexVal(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// refUTF8DecodeWithoutBOM is the Encoding Standard's UTF-8 decoder (with
// replacement error mode), not skipping a BOM.
func refUTF8DecodeWithoutBOM(in []byte) string {
	var out []rune
	var cp rune
	needed, seen := 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; i < len(in); i++ {
		b := in[i]
		if needed == 0 {
			switch {
			case b <= 0x7F:
				out = append(out, rune(b))
			case 0xC2 <= b && b <= 0xDF:
				needed, cp = 1, rune(b&0x1F)
			case 0xE0 <= b && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				needed, cp = 2, rune(b&0xF)
			case 0xF0 <= b && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				needed, cp = 3, rune(b&0x7)
			default:
				out = append(out, 0xFFFD)
			}
			continue
		}
		if b < lower || b > upper {
			cp, needed, seen = 0, 0, 0
			lower, upper = 0x80, 0xBF
			i-- // restore b to the input
			out = append(out, 0xFFFD)
			continue
		}
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(b&0x3F)
		seen++
		if seen == needed {
			out = append(out, cp)
			cp, needed, seen = 0, 0, 0
		}
	}
	if needed != 0 {
		out = append(out, 0xFFFD)
	}
	return string(out)
}

// refSerialize is the URL Standard's application/x-www-form-urlencoded
// serializer (UTF-8).
func refSerialize(v Values) string {
	var parts []string
	for _, p := range v {
		parts = append(parts, refEncode(p.Name)+"="+refEncode(p.Value))
	}
	return strings.Join(parts, "&")
}

// refEncode percent-encodes with the application/x-www-form-urlencoded
// percent-encode set, space as "+": everything but ASCII alphanumerics and
// "*-._" is encoded.
func refEncode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b.WriteByte('+')
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '*', c == '-', c == '.', c == '_':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// refCompare compares names the way a JavaScript engine does: as UTF-16
// code unit sequences (each invalid byte counts as U+FFFD, as Go's
// string-to-rune conversion gives).
func refCompare(a, b string) int {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			if ua[i] < ub[i] {
				return -1
			}
			return 1
		}
	}
	return cmpInt(len(ua), len(ub))
}

// refRaw is RawQuery as a plain list of the sequences between "&", one
// per element, empty ones included: the model RawQuery's editing must
// agree with, byte for byte.
type refRaw struct{ segs []string }

func refParseRaw(s string) refRaw {
	if s == "" {
		return refRaw{}
	}
	return refRaw{segs: strings.Split(s, "&")}
}

func (q refRaw) String() string { return strings.Join(q.segs, "&") }

// refNameIs reports whether the sequence seg is a pair named name.
func refNameIs(seg, name string) bool {
	raw, _, _ := strings.Cut(seg, "=")
	return seg != "" && refDecode(raw) == name
}

// appendSeg adds seg in place of a last empty sequence, or at the end.
func (q *refRaw) appendSeg(seg string) {
	if n := len(q.segs); n > 0 && q.segs[n-1] == "" {
		q.segs[n-1] = seg
		return
	}
	q.segs = append(q.segs, seg)
}

// set gives the first pair named name the raw value, keeping its raw name,
// and removes the others, or appends the pair.
func (q *refRaw) set(name, rawValue string) {
	for i, seg := range q.segs {
		if refNameIs(seg, name) {
			rawName, _, _ := strings.Cut(seg, "=")
			q.segs[i] = rawName + "=" + rawValue
			q.deleteFrom(i+1, func(s string) bool { return refNameIs(s, name) })
			return
		}
	}
	q.appendSeg(refEncode(name) + "=" + rawValue)
}

// deleteFrom removes the sequences from i on for which del is true.
func (q *refRaw) deleteFrom(i int, del func(string) bool) {
	out := q.segs[:i]
	for _, s := range q.segs[i:] {
		if !del(s) {
			out = append(out, s)
		}
	}
	q.segs = out
	if len(q.segs) == 0 {
		q.segs = nil
	}
}

// sort drops the empty sequences and sorts the pairs stably by decoded
// name.
func (q *refRaw) sort() {
	q.deleteFrom(0, func(s string) bool { return s == "" })
	var sorted []string
	for _, s := range q.segs {
		raw, _, _ := strings.Cut(s, "=")
		i := len(sorted)
		for i > 0 {
			prev, _, _ := strings.Cut(sorted[i-1], "=")
			if refCompare(refDecode(prev), refDecode(raw)) <= 0 {
				break
			}
			i--
		}
		sorted = append(sorted[:i], append([]string{s}, sorted[i:]...)...)
	}
	q.segs = sorted
}
