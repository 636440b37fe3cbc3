package gitaddr

import "strings"

// A Rewriter holds git's url.<base>.insteadOf and
// url.<base>.pushInsteadOf rules and rewrites addresses with them as git
// does, on the raw text before it is parsed. The zero Rewriter has no
// rules and returns every address unchanged.
type Rewriter struct {
	fetch, push []rewrite
}

// A rewrite is the base of one url.<base> section and its prefixes, in
// the order the config gave them.
type rewrite struct {
	base     string
	prefixes []string
}

// NewRewriter reads the rules of a git config text (the contents of a
// .gitconfig or of a repository's config):
//
//	[url "git@github.com:"]
//		insteadOf = https://github.com/
//		pushInsteadOf = gh:
//
// Each url.<base>.insteadOf value is a prefix that [Rewriter.Rewrite]
// replaces with <base>; a key may repeat, and several sections may name
// the same base. Other sections and keys are ignored; include and
// includeIf are not followed. The syntax is git's: section and key names
// without case, a subsection in double quotes (case kept) or the old
// [url.base] form (lowercased), values with "#" or ";" comments, double
// quotes, the escapes \\ \" \n \t \b and a backslash before the end of a
// line to continue it. The error is an [*Error] with Component
// ComponentConfig: ErrConfigSyntax, or ErrConfigValue for an insteadOf
// without "=".
func NewRewriter(config string) (Rewriter, error) {
	var r Rewriter
	err := parseConfig(config, func(section, sub, key string, hasSub bool, value string, hasValue bool, off int) error {
		if section != "url" || !hasSub || key != "insteadof" && key != "pushinsteadof" {
			return nil
		}
		if !hasValue {
			return &Error{Input: config, Offset: off, Component: ComponentConfig, Code: ErrConfigValue}
		}
		if key == "insteadof" {
			r.fetch = add(r.fetch, sub, value)
		} else {
			r.push = add(r.push, sub, value)
		}
		return nil
	})
	if err != nil {
		return Rewriter{}, err
	}
	return r, nil
}

// MustNewRewriter is like [NewRewriter] but panics with the error
// NewRewriter returned.
func MustNewRewriter(config string) Rewriter {
	r, err := NewRewriter(config)
	if err != nil {
		panic(err)
	}
	return r
}

// add appends prefix to the rewrite of base, creating it at the end when
// base is new (git keeps the bases in the order it first meets them).
func add(rs []rewrite, base, prefix string) []rewrite {
	for i := range rs {
		if rs[i].base == base {
			rs[i].prefixes = append(rs[i].prefixes, prefix)
			return rs
		}
	}
	return append(rs, rewrite{base: base, prefixes: []string{prefix}})
}

// Rewrite returns addr rewritten by the insteadOf rules, as git rewrites
// the URL it fetches from: the rule with the longest prefix of addr wins
// (among equal lengths, the first base the config named, then the first
// prefix), and its base replaces that prefix. Without a matching rule it
// returns addr.
func (r Rewriter) Rewrite(addr string) string {
	if s, ok := apply(r.fetch, addr); ok {
		return s
	}
	return addr
}

// RewritePush returns addr as git pushes to it when it is a remote's URL
// and the remote has no pushurl: rewritten by the pushInsteadOf rules if
// one matches, else by the insteadOf rules as [Rewriter.Rewrite] does.
func (r Rewriter) RewritePush(addr string) string {
	if s, ok := apply(r.push, addr); ok {
		return s
	}
	return r.Rewrite(addr)
}

// Len returns the number of insteadOf and pushInsteadOf rules.
func (r Rewriter) Len() (insteadOf, pushInsteadOf int) {
	for _, w := range r.fetch {
		insteadOf += len(w.prefixes)
	}
	for _, w := range r.push {
		pushInsteadOf += len(w.prefixes)
	}
	return insteadOf, pushInsteadOf
}

func apply(rs []rewrite, addr string) (string, bool) {
	best, bestLen := -1, -1
	for i, w := range rs {
		for _, p := range w.prefixes {
			if len(p) > bestLen && strings.HasPrefix(addr, p) {
				best, bestLen = i, len(p)
			}
		}
	}
	if best < 0 {
		return "", false
	}
	return rs[best].base + addr[bestLen:], true
}

// parseConfig reads a git config text and calls fn for each variable:
// the section name (lowercased), the subsection and whether there is one,
// the key (lowercased), the value and whether there is one ("key" alone
// has none), and the offset of the key.
func parseConfig(text string, fn func(section, sub, key string, hasSub bool, value string, hasValue bool, off int) error) error {
	fail := func(off int) error {
		return &Error{Input: text, Offset: min(off, len(text)), Component: ComponentConfig, Code: ErrConfigSyntax}
	}
	// Git reads "\r\n" as "\n".
	at := func(i int) (byte, int) {
		if i >= len(text) {
			return '\n', i + 1
		}
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			return '\n', i + 2
		}
		return text[i], i + 1
	}
	i := 0
	if strings.HasPrefix(text, "\xef\xbb\xbf") {
		i = 3
	}
	var section, sub string
	hasSub, inSection := false, false
	for i < len(text) {
		c, next := at(i)
		switch {
		case c == '\n' || isSpace(c):
			i = next
		case c == '#' || c == ';':
			for i < len(text) {
				c, i = at(i)
				if c == '\n' {
					break
				}
			}
		case c == '[':
			start := i
			i = next
			var name []byte
			hasSub = false
			sub = ""
			for {
				if i >= len(text) {
					return fail(start)
				}
				c, i = at(i)
				if c == ']' {
					break
				}
				if isSpace(c) || c == '\n' {
					if c == '\n' {
						return fail(start)
					}
					for {
						c, i = at(i)
						if c == '\n' {
							return fail(start)
						}
						if !isSpace(c) {
							break
						}
					}
					if c != '"' {
						return fail(i - 1)
					}
					var b []byte
					for {
						if i >= len(text) {
							return fail(start)
						}
						c, i = at(i)
						if c == '\n' {
							return fail(start)
						}
						if c == '"' {
							break
						}
						if c == '\\' {
							c, i = at(i)
							if c == '\n' {
								return fail(start)
							}
						}
						b = append(b, c)
					}
					if c, i = at(i); c != ']' {
						return fail(i - 1)
					}
					sub, hasSub = string(b), true
					break
				}
				if !isKeyChar(c) && c != '.' {
					return fail(i - 1)
				}
				name = append(name, lower(c))
			}
			if len(name) == 0 {
				return fail(start)
			}
			section = string(name)
			if !hasSub {
				// [section.sub]: the old form, subsection lowercased.
				if d := strings.IndexByte(section, '.'); d >= 0 {
					section, sub, hasSub = section[:d], section[d+1:], true
				}
			} else if strings.IndexByte(section, '.') >= 0 {
				// [a.b "c"] is section a, subsection b.c.
				d := strings.IndexByte(section, '.')
				section, sub = section[:d], section[d+1:]+"."+sub
			}
			inSection = true
		case isAlpha(c):
			keyOff := i
			var key []byte
			for {
				c, next = at(i)
				if i >= len(text) || !isKeyChar(c) {
					break
				}
				key = append(key, lower(c))
				i = next
			}
			for c == ' ' || c == '\t' {
				i = next
				c, next = at(i)
			}
			var value string
			hasValue := false
			if i < len(text) && c != '\n' {
				if c != '=' {
					return fail(i)
				}
				var ok bool
				value, i, ok = parseValue(text, next, at)
				if !ok {
					return fail(keyOff)
				}
				hasValue = true
			} else {
				i = next
			}
			if !inSection {
				continue
			}
			if err := fn(section, sub, string(key), hasSub, value, hasValue, keyOff); err != nil {
				return err
			}
		default:
			return fail(i)
		}
	}
	return nil
}

// parseValue reads a value from i (after "=") to the end of its line as
// git does, and returns it and where the next line starts; ok is false
// for an unknown escape or a quote open at the end of the line.
func parseValue(text string, i int, at func(int) (byte, int)) (string, int, bool) {
	var b []byte
	quote, comment := false, false
	trim := -1
	for {
		c, next := at(i)
		i = next
		if c == '\n' {
			if quote {
				return "", i, false
			}
			if trim >= 0 {
				b = b[:trim]
			}
			return string(b), i, true
		}
		if comment {
			continue
		}
		if isSpace(c) && !quote {
			if trim < 0 {
				trim = len(b)
			}
			if len(b) > 0 {
				b = append(b, c)
			}
			continue
		}
		if !quote && (c == ';' || c == '#') {
			comment = true
			continue
		}
		trim = -1
		switch c {
		case '\\':
			c, i = at(i)
			switch c {
			case '\n':
				continue
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'n':
				c = '\n'
			case '\\', '"':
			default:
				return "", i, false
			}
			b = append(b, c)
		case '"':
			quote = !quote
		default:
			b = append(b, c)
		}
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isKeyChar(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' || c == '-' }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
