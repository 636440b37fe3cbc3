package check

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// scriptOf returns the name of the Unicode script of r, or "" for the
// Common and Inherited scripts (digits, "-", combining marks), which do
// not count when mixing scripts.
func scriptOf(r rune) string {
	switch {
	case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
		return "Latin"
	case r < 0x80:
		return ""
	}
	// The scripts of host names, first; then the rest.
	for _, name := range [...]string{"Latin", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Hebrew", "Armenian", "Common", "Inherited"} {
		if unicode.Is(unicode.Scripts[name], r) {
			if name == "Common" || name == "Inherited" {
				return ""
			}
			return name
		}
	}
	for name, t := range unicode.Scripts {
		// A code point has one script, so the map's order does not
		// matter.
		if unicode.Is(t, r) {
			return name
		}
	}
	return "Unknown"
}

// maxScripts is the number of scripts of a label that scriptsOf names:
// more than the largest allowed combination (4), so that a label with
// more is known to mix too many.
const maxScripts = 5

// scriptsOf appends to buf the scripts of label's characters, sorted,
// without Common and Inherited, and returns it: the first maxScripts of
// them, with more true when the label has others. With a buf of capacity
// maxScripts it does not allocate.
func scriptsOf(label string, buf []string) (s []string, more bool) {
	s = buf
	for _, r := range label {
		if name := scriptOf(r); name != "" && !slices.Contains(s, name) {
			if len(s) == maxScripts {
				more = true
				break
			}
			s = append(s, name)
		}
	}
	slices.Sort(s)
	return s, more
}

// allowedScripts reports whether a label may use the scripts s together:
// one script, or Latin and the scripts of Chinese, Japanese or Korean
// text in the combinations of UTS #39's Highly Restrictive level. more
// says that the label has scripts beyond s (which is then never allowed).
func allowedScripts(s []string, more bool) bool {
	if more {
		return false
	}
	if len(s) <= 1 {
		return true
	}
	for _, set := range [...][]string{
		{"Latin", "Han", "Hiragana", "Katakana"},
		{"Latin", "Han", "Bopomofo"},
		{"Latin", "Han", "Hangul"},
	} {
		ok := true
		for _, x := range s {
			if !slices.Contains(set, x) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// lookalike returns the ASCII letter or digit that r is drawn like in
// common fonts, from the Unicode confusables data for lowercase Latin
// (Cyrillic, Greek, Armenian and Latin letters that host names keep after
// UTS #46 mapping, which has already folded case and full-width forms).
func lookalike(r rune) (byte, bool) {
	switch r {
	case 'а', 'ɑ', 'α': // Cyrillic a, Latin alpha, Greek alpha
		return 'a', true
	case 'ь':
		return 'b', true
	case 'с', 'ϲ', 'ᴄ': // Cyrillic es, Greek lunate sigma
		return 'c', true
	case 'ԁ', 'ɗ':
		return 'd', true
	case 'е', 'ҽ', 'ℯ': // Cyrillic ie
		return 'e', true
	case 'ɡ', 'ց': // Latin script g, Armenian co
		return 'g', true
	case 'һ', 'հ': // Cyrillic shha, Armenian ho
		return 'h', true
	case 'і', 'ı', 'ɩ', 'ι', 'ⅰ': // Cyrillic i, dotless i, iota
		return 'i', true
	case 'ј', 'ȷ', 'ϳ':
		return 'j', true
	case 'κ', 'ĸ':
		return 'k', true
	case 'ӏ', 'ⅼ', 'ǀ': // Cyrillic palochka
		return 'l', true
	case 'ո', 'ռ': // Armenian vo
		return 'n', true
	case 'о', 'ο', 'օ', 'σ', 'ᴏ', 'ｏ': // Cyrillic o, Greek omicron, Armenian oh
		return 'o', true
	case 'р', 'ρ', 'ⲣ': // Cyrillic er, Greek rho
		return 'p', true
	case 'ԛ', 'զ':
		return 'q', true
	case 'г', 'ᴦ':
		return 'r', true
	case 'ѕ', 'ꜱ': // Cyrillic dze
		return 's', true
	case 'υ', 'ս', 'ʋ': // Greek upsilon, Armenian seh
		return 'u', true
	case 'ν', 'ѵ', 'ᴠ': // Greek nu, Cyrillic izhitsa
		return 'v', true
	case 'ԝ', 'ѡ', 'ω':
		return 'w', true
	case 'х', 'χ': // Cyrillic ha, Greek chi
		return 'x', true
	case 'у', 'ү', 'γ': // Cyrillic u and straight u, Greek gamma
		return 'y', true
	case 'ᴢ':
		return 'z', true
	}
	return 0, false
}

// lookalikeLabel reports whether label has a non-ASCII character and
// every non-ASCII character of it looks like an ASCII letter: skeleton's
// second result, without building the skeleton.
func lookalikeLabel(label string) bool {
	changed := false
	for _, r := range label {
		if r < 0x80 {
			continue
		}
		if _, ok := lookalike(r); !ok {
			return false
		}
		changed = true
	}
	return changed
}

// skeleton returns label with each look-alike character replaced by the
// ASCII letter it looks like, and whether that made an ASCII label out of
// one that was not: every non-ASCII character of label looks like ASCII.
func skeleton(label string) (string, bool) {
	if !lookalikeLabel(label) {
		return "", false
	}
	var b strings.Builder
	b.Grow(utf8.RuneCountInString(label))
	for _, r := range label {
		if r < utf8.RuneSelf {
			b.WriteByte(byte(r))
			continue
		}
		a, _ := lookalike(r)
		b.WriteByte(a)
	}
	return b.String(), true
}
