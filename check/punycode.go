package check

import "unicode/utf8"

// Punycode (RFC 3492) decoding for toUnicode, into a buffer the caller
// reuses from label to label: uts46.DecodePunycode allocates a growing
// slice and a string for each label. It accepts and rejects what
// uts46.DecodePunycode does (TestDecodePunycode checks it), limits
// included.

const (
	pcBase      = 36
	pcTMin      = 1
	pcTMax      = 26
	pcSkew      = 38
	pcDamp      = 700
	pcInitBias  = 72
	pcInitN     = 128
	pcMaxLen    = 1000      // the longest input decoded, as in package uts46
	pcMaxValue  = 1<<32 - 1 // intermediate values fit in 32 bits (RFC 3492 §6.4)
	pcDelimiter = '-'
)

func pcAdapt(delta int64, points int, first bool) int64 {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / int64(points)
	k := int64(0)
	for delta > (pcBase-pcTMin)*pcTMax/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}

func pcDigit(c byte) (int64, bool) {
	switch {
	case 'a' <= c && c <= 'z':
		return int64(c - 'a'), true
	case 'A' <= c && c <= 'Z':
		return int64(c - 'A'), true
	case '0' <= c && c <= '9':
		return int64(c-'0') + 26, true
	}
	return 0, false
}

// decodePunycode decodes s (without "xn--") into out[:0] and returns the
// code points, or false when s is not valid Punycode. The basic code
// points are lowercased, as UTS #46 ToUnicode lowercases the label before
// it decodes it.
func decodePunycode[T string | []byte](s T, out []rune) ([]rune, bool) {
	out = out[:0]
	if len(s) > pcMaxLen {
		return out, false
	}
	b := 0
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == pcDelimiter {
			b = i
			break
		}
	}
	for i := 0; i < b; i++ {
		if s[i] >= utf8.RuneSelf {
			return out, false
		}
		c := rune(s[i])
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A' // UTS #46 maps the label to lowercase first
		}
		out = append(out, c)
	}
	in := 0
	if b > 0 {
		in = b + 1
	}
	n, i, bias := int64(pcInitN), int64(0), int64(pcInitBias)
	for in < len(s) {
		oldi, w := i, int64(1)
		for k := int64(pcBase); ; k += pcBase {
			if in >= len(s) {
				return out, false
			}
			digit, ok := pcDigit(s[in])
			in++
			if !ok || digit > (pcMaxValue-i)/w {
				return out, false
			}
			i += digit * w
			t := min(max(k-bias, pcTMin), pcTMax)
			if digit < t {
				break
			}
			if w > pcMaxValue/(pcBase-t) {
				return out, false
			}
			w *= pcBase - t
		}
		count := int64(len(out) + 1)
		bias = pcAdapt(i-oldi, int(count), oldi == 0)
		if i/count > pcMaxValue-n {
			return out, false
		}
		n += i / count
		i %= count
		if n > utf8.MaxRune || 0xD800 <= n && n <= 0xDFFF || n < utf8.RuneSelf {
			return out, false
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
		i++
	}
	return out, true
}
