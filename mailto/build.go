package mailto

import (
	"strings"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/textval"
	"github.com/urikit/urikit/percent"
)

// The encode sets of Build, made from percent's sets: every byte is
// encoded but the unreserved characters and those listed.
var (
	// addrSet leaves alone, in an address, the URI characters that RFC
	// 6068 §2 (item 1) does not require to be encoded, except ",", which
	// separates addresses: "!$'()*+:@". So "%", "/", "?", "#", "[", "]",
	// "&", ";", "=", ",", space, '"', "\\" and every byte beyond ASCII
	// are encoded.
	addrSet = percent.Unreserved.Remove("!$'()*+:@")
	// localSet is addrSet with "@": for the local-part of an address.
	localSet = addrSet.Add("@")
	// fieldSet leaves alone, in a header field name or value, the qchar
	// that §2 does not require to be encoded, except "+" (§5: "+" MAY be
	// encoded, and form decoders read it as a space): "!$'()*,:@". Space
	// is "%20", never "+" (§5).
	fieldSet = percent.Unreserved.Remove("!$'()*,:@")

	addrEnc, localEnc, fieldEnc = percent.Encoder{Set: addrSet}, percent.Encoder{Set: localSet}, percent.Encoder{Set: fieldSet}
)

// Build returns the mailto: URL of m: "mailto:", the To addresses joined
// by ",", then the header fields "cc", "bcc", "subject", the Headers in
// order, and "body", each only when set (a Header always). Addresses,
// names and values are percent-encoded as RFC 6068 §2 and §5 ask, UTF-8
// byte by byte. Parse(Build(m)) gives m back whenever the addresses are
// addr-specs and no Header is named "to", "cc", "bcc", "subject" or
// "body" (such a Header is written as it is, and parsed back into the
// field of its name).
func Build(m Message) string {
	b := m.AppendTo(make([]byte, 0, m.size()))
	// b was allocated here for the URL and is not written again.
	return bytestr.String(b)
}

// size returns the length of Build(m).
func (m Message) size() int {
	n := len(scheme) + listSize(m.To) + listSize(m.Cc) + listSize(m.Bcc)
	field := func(name, value string) {
		n += 2 + fieldEnc.EncodedLen(name) + fieldEnc.EncodedLen(value)
	}
	if len(m.Cc) > 0 {
		field("cc", "")
	}
	if len(m.Bcc) > 0 {
		field("bcc", "")
	}
	if m.Subject != "" {
		field("subject", m.Subject)
	}
	for _, h := range m.Headers {
		field(h.Name, h.Value)
	}
	if m.Body != "" {
		field("body", m.Body)
	}
	return n
}

// listSize returns the length appendList writes for list.
func listSize(list []string) int {
	n := max(len(list)-1, 0)
	for _, a := range list {
		at := strings.LastIndexByte(a, '@')
		if at < 0 {
			n += addrEnc.EncodedLen(a)
			continue
		}
		n += localEnc.EncodedLen(a[:at]) + 1 + addrEnc.EncodedLen(a[at+1:])
	}
	return n
}

// String returns Build(m).
func (m Message) String() string { return Build(m) }

// IsZero reports whether m is the zero Message: no address, no field.
// Its URL is "mailto:", its text form "" (see MarshalText).
func (m Message) IsZero() bool {
	return len(m.To) == 0 && len(m.Cc) == 0 && len(m.Bcc) == 0 && m.Subject == "" && m.Body == "" && len(m.Headers) == 0
}

// MarshalText implements encoding.TextMarshaler: the URL Build writes,
// and "" for the zero Message (as netip.Addr marshals its zero value).
func (m Message) MarshalText() ([]byte, error) {
	if m.IsZero() {
		return []byte{}, nil
	}
	return m.AppendTo(make([]byte, 0, m.size())), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: "" is the zero
// Message, any other text is parsed as Parse parses it.
func (m *Message) UnmarshalText(text []byte) error {
	return textval.Unmarshal(m, text, Parse)
}

// AppendTo appends Build(m) to dst and returns the extended buffer.
func (m Message) AppendTo(dst []byte) []byte {
	dst = append(dst, scheme...)
	dst = appendList(dst, m.To)
	sep := byte('?')
	field := func(name string) {
		dst = append(dst, sep)
		sep = '&'
		dst = percent.AppendEncode(dst, name, fieldSet)
		dst = append(dst, '=')
	}
	if len(m.Cc) > 0 {
		field("cc")
		dst = appendList(dst, m.Cc)
	}
	if len(m.Bcc) > 0 {
		field("bcc")
		dst = appendList(dst, m.Bcc)
	}
	if m.Subject != "" {
		field("subject")
		dst = percent.AppendEncode(dst, m.Subject, fieldSet)
	}
	for _, h := range m.Headers {
		field(h.Name)
		dst = percent.AppendEncode(dst, h.Value, fieldSet)
	}
	if m.Body != "" {
		field("body")
		dst = percent.AppendEncode(dst, m.Body, fieldSet)
	}
	return dst
}

// appendList appends the addresses of list, encoded and joined by ",".
func appendList(dst []byte, list []string) []byte {
	for i, a := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		// "@" is encoded in the local-part, as in "%22not%40me%22@…"
		// (§6.2), so that only one "@" shows.
		at := strings.LastIndexByte(a, '@')
		if at < 0 {
			dst = percent.AppendEncode(dst, a, addrSet)
			continue
		}
		dst = percent.AppendEncode(dst, a[:at], localSet)
		dst = append(dst, '@')
		dst = percent.AppendEncode(dst, a[at+1:], addrSet)
	}
	return dst
}
