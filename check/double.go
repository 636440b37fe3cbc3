package check

import (
	"fmt"
	"github.com/urikit/urikit/internal/hexdigit"
	"strconv"
)

// maxDecodeRounds is the number of percent-decoding rounds that
// checkDoubleEncoding follows: an escape still found after that many is
// reported as needing at least maxDecodeRounds rounds. Each round costs
// a pass over the text, so a bound keeps "%2525…25", which needs one
// round per "25", linear.
const maxDecodeRounds = 6

// A decoded is one byte of the text after some rounds of percent-decoding
// (each round decodes every "%XX" from left to right, once): the byte, the
// span of the input it comes from, and the round that made it (0 for a
// byte of the input).
type decoded struct {
	start, end int
	b          byte
	round      uint8
}

// A roundDecoder yields the bytes of a part of the input after
// maxDecodeRounds rounds of decoding, each round a streaming decoder that
// reads the previous one's output with a look-ahead of two bytes. It
// allocates nothing, and costs maxDecodeRounds steps per input byte at
// most.
type roundDecoder struct {
	in       string
	pos, end int
	// pending are the bytes that round k+1 read ahead from round k's
	// output and has not used yet, in order.
	pending [maxDecodeRounds][2]decoded
	npend   [maxDecodeRounds]uint8
}

func (d *roundDecoder) reset(in string, start, end int) {
	*d = roundDecoder{in: in, pos: start, end: end}
}

// pull returns the next byte of the text after k rounds.
func (d *roundDecoder) pull(k int) (decoded, bool) {
	if k == 0 {
		if d.pos >= d.end {
			return decoded{}, false
		}
		d.pos++
		return decoded{start: d.pos - 1, end: d.pos, b: d.in[d.pos-1]}, true
	}
	q := &d.pending[k-1]
	n := &d.npend[k-1]
	var a decoded
	if *n > 0 {
		a = q[0]
		q[0] = q[1]
		*n--
	} else {
		var ok bool
		if a, ok = d.pull(k - 1); !ok {
			return decoded{}, false
		}
	}
	if a.b != '%' {
		return a, true
	}
	for *n < 2 {
		x, ok := d.pull(k - 1)
		if !ok {
			break
		}
		q[*n] = x
		*n++
	}
	if *n < 2 {
		return a, true
	}
	if !hexdigit.Is(q[0].b) || !hexdigit.Is(q[1].b) {
		return a, true
	}
	h, l := hexdigit.Value(q[0].b), hexdigit.Value(q[1].b)
	*n = 0
	// The escape is made in round k: had its three bytes all been there
	// after round k-1, round k-1 would have decoded it.
	return decoded{start: a.start, end: q[1].end, b: h<<4 | l, round: uint8(k)}, true
}

// isEscapeByte reports whether b can be part of an escape: "%" or a hex
// digit.
func isEscapeByte(b byte) bool {
	return b == '%' || hexdigit.Is(b)
}

// nestedStart reports whether the escape at s[i] decodes to "%" or to a
// hex digit, the start of a nested escape.
func nestedStart(s string, i int) bool {
	v, ok := escapeAt(s, i)
	return ok && isEscapeByte(v)
}

// checkDoubleEncoding reports the escapes that take two rounds of
// decoding or more to undo ("%252F", and "%25%32%46", whose hex digits
// are escaped too), with the number of rounds.
//
// Only "%" and hex digits can be part of an escape, in any round, and a
// byte of the input that is neither is never changed: each maximal run of
// "%" and hex digits decodes on its own. A run is followed through the
// rounds only when one of its escapes decodes to "%" or a hex digit,
// since a second round needs a byte that the first one made.
func (c *checker) checkDoubleEncoding() {
	s := c.in
	var d roundDecoder
	for i := 0; i < len(s); {
		if !isEscapeByte(s[i]) {
			i++
			continue
		}
		start := i
		nested := false
		for i < len(s) && isEscapeByte(s[i]) {
			nested = nested || nestedStart(s, i)
			i++
		}
		if !nested {
			continue
		}
		d.reset(s, start, i)
		for {
			x, ok := d.pull(maxDecodeRounds)
			if !ok {
				break
			}
			if x.round < 2 || c.repeat(DoubleEncoding, x.start) {
				continue
			}
			rounds := strconv.Itoa(int(x.round))
			if x.round == maxDecodeRounds {
				rounds = "at least " + rounds
			}
			c.add(DoubleEncoding, c.severityAt(DoubleEncoding, x.start), x.start,
				fmt.Sprintf("%s %s is %q encoded more than once: it takes %s rounds of decoding", quote(s[x.start:x.end]), c.in_(x.start), string([]byte{x.b}), rounds),
				"decoding rounds: "+rounds)
		}
	}
}
