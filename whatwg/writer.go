package whatwg

// The parser writes the serialized URL with the methods below. As long as
// the output equals a prefix of the (trimmed, cleaned) input, nothing is
// copied: the output is "virtual", p.in[:p.n]. The first write that
// differs from the input materializes the output into p.buf. Most URLs
// are already in serialized form, so they parse without building a
// buffer and their href is the input string itself.

// size returns the output length.
func (p *parser) size() int {
	if p.virt {
		return p.n
	}
	return len(p.buf)
}

// materialize copies the virtual output into p.buf. It is kept out of
// line so that the write methods stay small enough to inline.
//
//go:noinline
func (p *parser) materialize() {
	if !p.virt {
		return
	}
	p.virt = false
	if c := p.outCap(); p.pooled && c <= canParseScratch {
		if p.scratch == nil {
			p.scratch = scratchPool.Get().(*[canParseScratch]byte)
		}
		p.buf = p.scratch[:p.n]
	} else {
		p.buf = make([]byte, p.n, c)
	}
	copy(p.buf, p.in[:p.n])
}

// outCap returns the capacity to give the output when it is materialized.
// A short input gets some room to grow; a long one gets room for three
// bytes for each byte that the path, query or fragment would
// percent-encode (or the userinfo, when there is an "@"), one more
// for each non-ASCII code point (which in a domain becomes Punycode, with
// "xn--"), and for what the base brings, so that the output rarely moves
// as it grows (append's growth by a quarter would allocate about
// five times the final size in all).
func (p *parser) outCap() int {
	n := len(p.in) + p.n/4 + 16
	if len(p.in) <= 256 {
		return n
	}
	enc, userinfo, lead := 0, 0, 0
	at := false
	for _, c := range []byte(p.in[p.n:]) {
		switch cl := classes[c]; {
		case cl&(clPath|clSpQuery) != clPath|clSpQuery:
			enc++
		case cl&clUserinfo == 0:
			userinfo++
			at = at || c == '@'
		}
		if c >= 0xC2 && c <= 0xF4 { // a UTF-8 lead byte
			lead++
		}
	}
	if at {
		enc += userinfo // there may be credentials to encode
	}
	if p.base.href != "" {
		n += len(p.base.href)
	}
	return n + 2*enc + lead
}

// room makes room for k more bytes in p.buf: outCap's worth for a
// setter's output on its first write, and otherwise half as much again as
// it has when it must move.
func (p *parser) room(k int) {
	if cap(p.buf)-len(p.buf) >= k {
		return
	}
	if p.buf == nil && p.override != stNone {
		p.buf = make([]byte, 0, max(p.outCap(), k))
		return
	}
	b := make([]byte, len(p.buf), max(cap(p.buf)+cap(p.buf)/2+16, len(p.buf)+k))
	copy(b, p.buf)
	p.buf = b
}

func (p *parser) putc(c byte) {
	if p.virt && p.n < len(p.in) && p.in[p.n] == c {
		p.n++
		return
	}
	p.putcSlow(c)
}

func (p *parser) putcSlow(c byte) {
	p.materialize()
	p.room(1)
	p.buf = append(p.buf, c)
}

// putIn writes p.in[i:j]. When the virtual output has reached exactly
// index i, the input is the output and nothing needs comparing.
func (p *parser) putIn(i, j int) {
	if p.virt && p.n == i {
		p.n = j
		return
	}
	p.put(p.in[i:j])
}

func (p *parser) put(s string) {
	if p.virt && len(s) <= len(p.in)-p.n && p.in[p.n:p.n+len(s)] == s {
		p.n += len(s)
		return
	}
	p.putSlow(s)
}

func (p *parser) putSlow(s string) {
	p.materialize()
	p.room(len(s))
	p.buf = append(p.buf, s...)
}

func (p *parser) putBytes(s []byte) {
	if p.virt && len(s) <= len(p.in)-p.n && p.in[p.n:p.n+len(s)] == string(s) {
		p.n += len(s)
		return
	}
	p.materialize()
	p.room(len(s))
	p.buf = append(p.buf, s...)
}

func (p *parser) putPct(c byte) {
	p.materialize()
	p.room(3)
	p.buf = appendPct(p.buf, c)
}

func (p *parser) truncate(n int) {
	if p.virt {
		p.n = n
		return
	}
	p.buf = p.buf[:n]
}

// byteAt returns output byte i.
func (p *parser) byteAt(i int) byte {
	if p.virt {
		return p.in[i]
	}
	return p.buf[i]
}

// setByte sets output byte i to c.
func (p *parser) setByte(i int, c byte) {
	if p.virt {
		if p.in[i] == c {
			return
		}
		p.materialize()
	}
	p.buf[i] = c
}

// outEqual reports whether output[i:] equals s.
func (p *parser) outEqual(i int, s string) bool {
	if p.virt {
		return p.in[i:p.n] == s
	}
	return string(p.buf[i:]) == s
}

// lastSlash returns the index of the last "/" in output[from:], or -1.
func (p *parser) lastSlash(from int) int {
	for i := p.size() - 1; i >= from; i-- {
		if p.byteAt(i) == '/' {
			return i
		}
	}
	return -1
}

// Segment kinds for the path state.
const (
	segNormal = iota
	segSingleDot
	segDoubleDot
	segDriveLetter
)

// segKind classifies output[i:].
func (p *parser) segKind(i int) int {
	if p.virt {
		return segKindOf(p.in[i:p.n])
	}
	return segKindOf(p.buf[i:])
}

func segKindOf[T string | []byte](s T) int {
	switch len(s) {
	case 1:
		if s[0] == '.' {
			return segSingleDot
		}
	case 2:
		if s[0] == '.' && s[1] == '.' {
			return segDoubleDot
		}
		if isAlpha(s[0]) && (s[1] == ':' || s[1] == '|') {
			return segDriveLetter
		}
	case 3:
		if isPct2e(s[0], s[1], s[2]) {
			return segSingleDot
		}
	case 4:
		if s[0] == '.' && isPct2e(s[1], s[2], s[3]) || s[3] == '.' && isPct2e(s[0], s[1], s[2]) {
			return segDoubleDot
		}
	case 6:
		if isPct2e(s[0], s[1], s[2]) && isPct2e(s[3], s[4], s[5]) {
			return segDoubleDot
		}
	}
	return segNormal
}

func isPct2e(a, b, c byte) bool { return a == '%' && b == '2' && c|0x20 == 'e' }

// putLower writes s with ASCII upper case letters lowercased.
func (p *parser) putLower(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			p.put(s[:i])
			for ; i < len(s); i++ {
				c := s[i]
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				p.putc(c)
			}
			return
		}
	}
	p.put(s)
}
