package check

import (
	"slices"
	"unicode"
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

// scriptsOf returns the scripts of label's characters, sorted, without
// Common and Inherited.
func scriptsOf(label string) []string {
	var s []string
	for _, r := range label {
		if name := scriptOf(r); name != "" && !slices.Contains(s, name) {
			s = append(s, name)
		}
	}
	slices.Sort(s)
	return s
}

// allowedScripts reports whether a label may use the scripts s together:
// one script, or Latin and the scripts of Chinese, Japanese or Korean
// text in the combinations of UTS #39's Highly Restrictive level.
func allowedScripts(s []string) bool {
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

// skeleton returns label with each look-alike character replaced by the
// ASCII letter it looks like, and whether that made an ASCII label out of
// one that was not: every non-ASCII character of label looks like ASCII.
func skeleton(label string) (string, bool) {
	b := make([]byte, 0, len(label))
	changed := false
	for _, r := range label {
		if r < 0x80 {
			b = append(b, byte(r))
			continue
		}
		a, ok := lookalike(r)
		if !ok {
			return "", false
		}
		b = append(b, a)
		changed = true
	}
	return string(b), changed
}
