package check

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/percent"
)

// The bounds that keep a report's size independent of the input's: a
// message quotes at most a window of the input, and a long message or
// detail is cut.
const (
	// quoteHead and quoteTail are the bytes of a long text that a quote
	// keeps before and after the cut.
	quoteHead = 32
	quoteTail = 16
	// maxText is the longest Message or Detail, in bytes, "…" included.
	maxText = 400
	// maxOffsets is the number of offsets a merged finding keeps.
	maxOffsets = 8
)

// MaxSegments is the number of path segments a Target decodes at most;
// Target.SegmentsTruncated tells when the path has more (Target.Path
// always holds the whole path).
const MaxSegments = 128

// quote returns s quoted in Go syntax. A text longer than about 48 bytes
// is quoted as its first 32 and last 16 bytes (cut on UTF-8 boundaries)
// around "…", followed by its length: "abc…xyz" (10000 bytes). The
// result is at most a few hundred bytes, whatever the length of s.
func quote(s string) string {
	if len(s) <= quoteHead+quoteTail+8 {
		return strconv.Quote(s)
	}
	return quoteCut(s[:runeStart(s, quoteHead)], s[runeStart(s, len(s)-quoteTail):], len(s))
}

// quoteCut quotes the start and the end of a text of n bytes around "…",
// followed by the length: "abc…xyz" (10000 bytes).
func quoteCut(head, tail string, n int) string {
	b := make([]byte, 0, 4*(len(head)+len(tail))+32)
	b = strconv.AppendQuote(b, head)
	b = b[:len(b)-1]
	b = append(b, "…"...)
	q := strconv.AppendQuote(nil, tail)
	b = append(b, q[1:]...)
	b = append(b, " ("...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, " bytes)"...)
	return string(b)
}

// runeStart returns i moved back to the start of the UTF-8 sequence that
// holds s[i] (at most 3 bytes back); an invalid byte is its own start.
func runeStart(s string, i int) int {
	if i <= 0 {
		return 0
	}
	if i >= len(s) {
		return len(s)
	}
	for j := i; j > i-utf8.UTFMax && j >= 0; j-- {
		if utf8.RuneStart(s[j]) {
			if r, n := utf8.DecodeRuneInString(s[j:]); (r != utf8.RuneError || n > 1) && j+n > i {
				return j
			}
			break
		}
	}
	return i
}

// clip returns s when it is at most maxText bytes, and otherwise its
// start cut on a UTF-8 boundary with "…" appended, maxText bytes at most.
func clip(s string) string {
	if len(s) <= maxText {
		return s
	}
	return s[:runeStart(s, maxText-len("…"))] + "…"
}

// decodeLenient decodes the escapes of s to their octets, keeping invalid
// ones as they are (percent's lenient octet decoding). It returns s itself
// when s has no escape, and otherwise allocates the decoded text only.
func decodeLenient(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b, _ := percent.Decoder{Lenient: true}.DecodeBytes(s)
	return bytestr.String(b)
}
