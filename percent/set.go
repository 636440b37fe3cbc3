package percent

// A Set is a percent-encode set: the bytes that an encoder replaces with
// "%XX". It is an opaque, comparable value: the predefined sets ([Unreserved],
// [Path], [WHATWGQuery], ...), [SetByName], and the methods that derive a
// set from another ([Set.Add], [Set.Remove], [Set.AddRange], [Set.Union])
// are the only ways to make one, so that no string can be taken for a set
// by accident (percent.Set("path") does not compile). The zero Set
// contains no byte: Set{}.Add("<>") is the set of "<" and ">".
//
// Sets compose: Unreserved.Remove("/") is the set that also leaves "/"
// alone, and C0Control.Add(" \"<>`") is the WHATWG fragment set.
type Set struct {
	// t is "" (the empty set) or a 256-byte membership table, one byte
	// per byte value: 1 when the value is in the set, 0 when it is not.
	// Encoders index it directly.
	t string
}

// setSize is the length of a Set's table.
const setSize = 256

// lookup returns the set as a 256-byte table when it has one (every set
// but the empty one).
func (s Set) lookup() (string, bool) {
	if len(s.t) == setSize {
		return s.t, true
	}
	return "", false
}

// table returns the set as a 256-byte table of zeros and ones.
func (s Set) table() (t [setSize]byte) {
	if len(s.t) == setSize {
		for c := range t {
			t[c] = s.t[c] & 1
		}
	}
	return t
}

// fromTable returns the Set of the 256-byte table t.
func fromTable(t *[setSize]byte) Set { return Set{string(t[:])} }

// Contains reports whether b is in the set.
func (s Set) Contains(b byte) bool {
	return len(s.t) == setSize && s.t[b]&1 != 0
}

// Index returns the index of the first byte of text that is in the set,
// or -1 if there is none: where the first escape of an encoding with the
// set would go or, for a set of the bytes a component may not hold, where
// a run of valid bytes ends. Long text is searched 64 or 32 bytes at a
// time on amd64 CPUs with AVX-512 or AVX2.
func (s Set) Index(text string) int {
	var i int
	if t, ok := s.lookup(); ok {
		i = firstChange(Encoder{}, t, text)
	} else {
		t := s.table()
		i = firstChange(Encoder{}, t[:], text)
	}
	if i == len(text) {
		return -1
	}
	return i
}

// Add returns the set with every byte of chars added.
func (s Set) Add(chars string) Set {
	t := s.table()
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = 1
	}
	return fromTable(&t)
}

// Remove returns the set with every byte of chars removed.
func (s Set) Remove(chars string) Set {
	t := s.table()
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = 0
	}
	return fromTable(&t)
}

// AddRange returns the set with the bytes lo through hi (inclusive) added.
func (s Set) AddRange(lo, hi byte) Set {
	t := s.table()
	for c := int(lo); c <= int(hi); c++ {
		t[c] = 1
	}
	return fromTable(&t)
}

// Union returns the set of bytes in s or in o.
func (s Set) Union(o Set) Set {
	t, u := s.table(), o.table()
	for i := range t {
		t[i] |= u[i]
	}
	return fromTable(&t)
}

// String returns the members of the set as a readable list of characters
// and hex escapes, such as `" #<>` + "`" + `" plus "0x00-0x1F,0x7F-0xFF".
func (s Set) String() string {
	var b []byte
	b = append(b, '{')
	for c := 0; c < 256; c++ {
		if !s.Contains(byte(c)) {
			continue
		}
		end := c
		for end+1 < 256 && s.Contains(byte(end+1)) {
			end++
		}
		if len(b) > 1 {
			b = append(b, ' ')
		}
		b = appendMember(b, byte(c))
		if end > c {
			b = append(b, '-')
			b = appendMember(b, byte(end))
		}
		c = end
	}
	return string(append(b, '}'))
}

func appendMember(b []byte, c byte) []byte {
	if c > ' ' && c < 0x7f {
		return append(b, c)
	}
	return append(b, '0', 'x', upperhex[c>>4], upperhex[c&15])
}
