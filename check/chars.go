package check

import (
	"fmt"
	"github.com/urikit/urikit/internal/hexdigit"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// in names the component holding off for a message: "in the path".
func (c *checker) in_(off int) string {
	return "in the " + componentName(c.sp.component(off))
}

// invisible reports whether r renders as nothing (or reorders text): the
// format characters (zero-width, bidi controls, BOM, soft hyphen), the
// variation selectors, and the fillers some fonts draw blank.
func invisible(r rune) bool {
	switch {
	case unicode.Is(unicode.Cf, r),
		unicode.Is(unicode.Variation_Selector, r),
		r == 0x034F, r == 0x115F, r == 0x1160, r == 0x17B4, r == 0x17B5, r == 0x3164, r == 0xFFA0:
		return true
	}
	return false
}

// checkChars reports characters written as they are that some parser
// deletes, rejects or reads differently.
func (c *checker) checkChars() {
	s := c.in
	special := isSpecial(c.scheme())
	if c.lead > 0 {
		c.addEdge(0, c.lead, "start")
	}
	if c.trail > 0 {
		defer c.addEdge(len(s)-c.trail, len(s), "end")
		s = s[:len(s)-c.trail]
	}
	for i := c.lead; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '\t' || b == '\n' || b == '\r':
				if !c.repeat(TabOrNewline, i) {
					c.addAt(TabOrNewline, i, fmt.Sprintf("%s %s: WHATWG parsers delete it, net/url rejects it", asciiName(b), c.in_(i)))
				}
			case b < 0x20 || b == 0x7f:
				if !c.repeat(ControlChar, i) {
					c.addAt(ControlChar, i, fmt.Sprintf("control character U+%04X %s", b, c.in_(i)))
				}
			case b == ' ':
				if !c.repeat(Whitespace, i) {
					c.addAt(Whitespace, i, "space "+c.in_(i))
				}
			case b == '\\':
				if !c.repeat(Backslash, i) {
					msg := `"\" ` + c.in_(i)
					if comp := c.sp.component(i); special && comp != inQuery && comp != inFragment {
						msg += `: WHATWG reads it as "/", other parsers as data`
					}
					c.addAt(Backslash, i, msg)
				}
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			if !c.repeat(InvalidUTF8, i) {
				c.addAt(InvalidUTF8, i, fmt.Sprintf("byte 0x%02X %s is not valid UTF-8", b, c.in_(i)))
			}
		case invisible(r):
			if !c.repeat(InvisibleChar, i) {
				c.addAt(InvisibleChar, i, fmt.Sprintf("invisible character U+%04X %s", r, c.in_(i)))
			}
		case unicode.IsSpace(r):
			if !c.repeat(Whitespace, i) {
				c.addAt(Whitespace, i, fmt.Sprintf("Unicode space U+%04X %s", r, c.in_(i)))
			}
		}
		i += n
	}
}

// addEdge reports the run in[start:end] of C0 controls and spaces at the
// start or the end of the input, which the WHATWG parser strips (and the
// comparison of the parsers leaves out).
func (c *checker) addEdge(start, end int, where string) {
	run := c.in[start:end]
	what, it := quote(run), "them"
	switch {
	case run == " ":
		what, it = "space", "it"
	case strings.Count(run, " ") == len(run):
		what = strconv.Itoa(len(run)) + " spaces"
	case len(run) == 1:
		it = "it"
	}
	netURL := ""
	switch {
	case c.whole.nu == nil && c.nu != nil:
		netURL = ", net/url rejects the URL for " + it
	case c.whole.nu != nil:
		netURL = ", net/url keeps " + it
	}
	c.add(Whitespace, Warn, start, fmt.Sprintf("%s at the %s: WHATWG parsers strip %s, RFC 3986 keeps %s%s; the parsers are compared without %s", what, where, it, it, netURL, it), "")
}

func asciiName(b byte) string {
	switch b {
	case '\t':
		return "tab"
	case '\n':
		return "line feed"
	case '\r':
		return "carriage return"
	}
	return fmt.Sprintf("U+%04X", b)
}

// escapeAt decodes the escape "%XX" at s[i], if there is one.
func escapeAt(s string, i int) (byte, bool) {
	if i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	if !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
		return 0, false
	}
	return hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2]), true
}

// checkEscapes reports escapes that decode to delimiters, controls,
// overlong or invalid UTF-8, and legacy %u escapes (checkDoubleEncoding
// those that decode to other escapes).
func (c *checker) checkEscapes() {
	s := c.in
	hostReported := false
	for i := strings.IndexByte(s, '%'); i >= 0 && i < len(s); {
		if comp := c.sp.component(i); comp == inHost && !hostReported {
			hostReported = true
			if !c.repeat(EncodedHost, i) {
				c.addAt(EncodedHost, i, "escapes in the host "+quote(s[c.sp.hostStart:c.sp.hostEnd])+": WHATWG decodes them, other parsers may not")
			}
		}
		b, ok := escapeAt(s, i)
		next := i + 3
		switch {
		case !ok:
			next = i + 1
			if i+5 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') && isHex4(s[i+2:i+6]) {
				v, _ := strconv.ParseUint(s[i+2:i+6], 16, 32)
				if !c.repeat(LegacyUEscape, i) {
					c.addAt(LegacyUEscape, i, fmt.Sprintf("%q %s is a legacy escape of U+%04X that only some servers decode", s[i:i+6], c.in_(i), v))
				}
				next = i + 6
			} else {
				end := min(i+3, len(s))
				if !c.repeat(InvalidEscape, i) {
					c.addAt(InvalidEscape, i, fmt.Sprintf("%q %s is not an escape", s[i:end], c.in_(i)))
				}
			}
		case b == '/':
			if !c.repeat(EncodedSlash, i) {
				c.addAt(EncodedSlash, i, fmt.Sprintf("%q %s: a \"/\" that servers may decode before or after routing", s[i:i+3], c.in_(i)))
			}
		case b == '\\':
			if !c.repeat(EncodedBackslash, i) {
				c.addAt(EncodedBackslash, i, fmt.Sprintf("%q %s: a \"\\\" that some servers read as a separator", s[i:i+3], c.in_(i)))
			}
		case b == 0:
			if !c.repeat(EncodedNull, i) {
				c.addAt(EncodedNull, i, fmt.Sprintf("%q %s: a NUL byte, which ends strings in C code", s[i:i+3], c.in_(i)))
			}
		case b < 0x20 || b == 0x7f:
			if !c.repeat(EncodedControl, i) {
				c.addAt(EncodedControl, i, fmt.Sprintf("%q %s: an escaped control character", s[i:i+3], c.in_(i)))
			}
		case b >= 0x80:
			next = c.checkUTF8Escapes(i)
		}
		j := strings.IndexByte(s[next:], '%')
		if j < 0 {
			break
		}
		i = next + j
	}
}

func isHex4(s string) bool {
	for i := 0; i < len(s); i++ {
		if !hexdigit.Is(s[i]) {
			return false
		}
	}
	return len(s) == 4
}

// checkUTF8Escapes checks the run of escapes of non-ASCII bytes starting
// at s[i] and returns the offset after the run. It decodes at most 4
// bytes at a time, so that a long run costs no memory.
func (c *checker) checkUTF8Escapes(i int) int {
	s := c.in
	j := i
	for {
		b, ok := escapeAt(s, j)
		if !ok || b < 0x80 {
			break
		}
		j += 3
	}
	runLen := (j - i) / 3
	var buf [utf8.UTFMax]byte
	for k := 0; k < runLen; {
		off := i + 3*k
		bs := buf[:0]
		for x := k; x < runLen && len(bs) < len(buf); x++ {
			b, _ := escapeAt(s, i+3*x)
			bs = append(bs, b)
		}
		if r, ok := overlong(bs); ok {
			n := overlongLen(bs[0])
			if !c.repeat(OverlongUTF8, off) {
				c.addAt(OverlongUTF8, off, fmt.Sprintf("%q %s is an overlong UTF-8 form of %q", s[off:off+3*n], c.in_(off), string(r)))
			}
			k += n
			continue
		}
		r, n := utf8.DecodeRune(bs)
		if r == utf8.RuneError && n <= 1 {
			end := off + 3
			if !c.repeat(InvalidUTF8Escape, off) {
				c.addAt(InvalidUTF8Escape, off, fmt.Sprintf("%q %s does not decode to valid UTF-8", s[off:end], c.in_(off)))
			}
			k++
			continue
		}
		if invisible(r) {
			if !c.repeat(InvisibleChar, off) {
				c.addAt(InvisibleChar, off, fmt.Sprintf("%q %s decodes to the invisible character U+%04X", s[off:off+3*n], c.in_(off), r))
			}
		}
		k += n
	}
	return j
}

// overlongLen returns the length of the sequence that lead byte b starts.
func overlongLen(b byte) int {
	switch {
	case b >= 0xF0:
		return 4
	case b >= 0xE0:
		return 3
	}
	return 2
}

// overlong reports whether b starts with a complete overlong UTF-8
// sequence (a code point encoded with more bytes than needed), and
// returns the code point it encodes.
func overlong(b []byte) (rune, bool) {
	cont := func(n int) bool {
		if len(b) < n {
			return false
		}
		for _, x := range b[1:n] {
			if x&0xC0 != 0x80 {
				return false
			}
		}
		return true
	}
	switch {
	case (b[0] == 0xC0 || b[0] == 0xC1) && cont(2):
		return rune(b[0]&0x1F)<<6 | rune(b[1]&0x3F), true
	case b[0] == 0xE0 && cont(3) && b[1] < 0xA0:
		return rune(b[1]&0x3F)<<6 | rune(b[2]&0x3F), true
	case b[0] == 0xF0 && cont(4) && b[1] < 0x90:
		return rune(b[1]&0x3F)<<12 | rune(b[2]&0x3F)<<6 | rune(b[3]&0x3F), true
	}
	return 0, false
}

// checkPath reports dot segments, encoded or not, and ".." segments that
// climb above the root.
func (c *checker) checkPath() {
	sp := c.sp
	path := c.in[sp.pathStart:sp.pathEnd]
	special := isSpecial(c.scheme())
	isSep := func(b byte) bool { return b == '/' || special && b == '\\' }
	absolute := path != "" && isSep(path[0])
	depth := 0
	start := 0
	if absolute {
		start = 1
	}
	for start <= len(path) {
		end := start
		for end < len(path) && !isSep(path[end]) {
			end++
		}
		seg := path[start:end]
		off := sp.pathStart + start
		dots := dotsOf(seg)
		switch {
		case dots > 0 && strings.IndexByte(seg, '%') >= 0:
			if !c.repeat(EncodedDotSegment, off) {
				c.addAt(EncodedDotSegment, off, fmt.Sprintf("segment %s %s is %q encoded: WHATWG removes it, servers may not", quote(seg), c.in_(off), strings.Repeat(".", dots)))
			}
		case dots == 2 && depth == 0 && absolute:
			// Traversal below says more.
		case dots > 0:
			if !c.repeat(DotSegment, off) {
				c.addAt(DotSegment, off, fmt.Sprintf("segment %s %s", quote(seg), c.in_(off)))
			}
		case strings.IndexByte(seg, '%') >= 0 && hasDotDot(decodeLenient(seg)):
			if !c.repeat(EncodedDotSegment, off) {
				c.addAt(EncodedDotSegment, off, fmt.Sprintf("segment %s %s decodes to %s, a path with \"..\"", quote(seg), c.in_(off), quote(decodeLenient(seg))))
			}
		}
		switch {
		case dots == 2 && depth == 0 && absolute:
			if !c.repeat(Traversal, off) {
				c.addAt(Traversal, off, fmt.Sprintf("segment %s %s climbs above the root", quote(seg), c.in_(off)))
			}
		case dots == 2:
			depth = max(depth-1, 0)
		case dots == 0 && end < len(path):
			depth++
		}
		start = end + 1
	}
}

// dotsOf returns 1 or 2 when seg is "." or ".." (with "%2e" for a dot),
// as the URL Standard reads single and double dot segments, and 0
// otherwise.
func dotsOf(seg string) int {
	n := 0
	for i := 0; i < len(seg); {
		switch {
		case seg[i] == '.':
			i++
		case i+2 < len(seg) && seg[i] == '%' && seg[i+1] == '2' && (seg[i+2] == 'e' || seg[i+2] == 'E'):
			i += 3
		default:
			return 0
		}
		n++
		if n > 2 {
			return 0
		}
	}
	return n
}

// hasDotDot reports whether s, split at "/" and "\", has a ".." part.
func hasDotDot(s string) bool {
	for part := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return true
		}
	}
	return false
}
