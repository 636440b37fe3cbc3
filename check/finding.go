package check

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/urikit/urikit/internal/diag"
)

// A Severity says how much a finding matters. The zero Severity is None,
// below every finding; Info < Warn < Danger.
type Severity uint8

// The severities.
const (
	// None is the zero Severity: the level of a report without findings.
	None Severity = iota
	// Info is a fact worth knowing that is not a risk by itself (an IDN
	// host, a non-default port, a character RFC 3986 does not allow but
	// every parser reads the same way).
	Info
	// Warn is a URL that a careful application should not accept without
	// a look: credentials, encoded delimiters, control characters, private
	// addresses, a scheme other than http(s), a parser rejecting it.
	Warn
	// Danger is a URL built to deceive: parsers disagree on where it
	// goes, a userinfo that looks like a host, an obfuscated IPv4
	// address, a confusable IDN host, an overlong UTF-8 escape.
	Danger
)

// String returns "none", "info", "warn" or "danger".
func (s Severity) String() string {
	switch s {
	case None:
		return "none"
	case Info:
		return "info"
	case Warn:
		return "warn"
	case Danger:
		return "danger"
	}
	return "Severity(" + strconv.Itoa(int(s)) + ")"
}

// ParseSeverity parses the text String returns ("none", "info", "warn",
// "danger"); "warning" is accepted for "warn", and "" is None, the zero
// value, as MarshalText writes it.
func ParseSeverity(s string) (Severity, error) {
	switch s {
	case "", "none":
		return None, nil
	case "info":
		return Info, nil
	case "warn", "warning":
		return Warn, nil
	case "danger":
		return Danger, nil
	}
	return None, fmt.Errorf("check: unknown severity %s (want info, warn or danger)", quote(s))
}

// MustParseSeverity is like ParseSeverity but panics with its error.
func MustParseSeverity(s string) Severity {
	v, err := ParseSeverity(s)
	if err != nil {
		panic(err)
	}
	return v
}

// MarshalText returns the severity's name, and "" for None (the zero
// value), as net/netip's types do.
func (s Severity) MarshalText() ([]byte, error) {
	if s > Danger {
		return nil, fmt.Errorf("check: invalid severity %d", uint8(s))
	}
	if s == None {
		return nil, nil // the zero value is "" (API.md rule 5)
	}
	return []byte(s.String()), nil
}

// UnmarshalText parses a name as ParseSeverity does.
func (s *Severity) UnmarshalText(text []byte) error {
	v, err := ParseSeverity(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// A Finding is one thing worth knowing about a URL.
//
// Repeats are merged: a report holds at most one finding per code and
// severity. A finding found several times keeps the lowest offset in
// Offset, with the text and detail of that occurrence, and gains Count,
// the number of occurrences, and Offsets, the lowest up to 8 offsets in
// increasing order (Offsets[0] == Offset). A finding found once has Count
// 0 and no Offsets. Text and Detail never grow with the input: they
// quote at most a few dozen bytes of it around "…" and are 400 bytes at
// most.
//
// Its JSON is the record contract's {"offset", "code", "message",
// "count"?, "offsets"?} (the message is Text), followed by check's own
// "severity" and "detail"?.
type Finding struct {
	// Offset is the byte offset in the input where the finding starts
	// (the start of the component for disagreements). 0 <= Offset <=
	// len(input).
	Offset int `json:"offset"`
	// Code names the kind of finding; the package doc lists them.
	Code Code `json:"code"`
	// Count is the number of occurrences when there are several; 0 (or 1)
	// means once.
	Count int `json:"count,omitempty"`
	// Offsets are the offsets of the first (lowest) up to 8 occurrences,
	// in increasing order, when Count > 1; nil otherwise.
	Offsets []int `json:"offsets,omitempty"`
	// Severity is how much it matters. Most codes always have the same
	// severity; the package doc says where it depends on the component.
	Severity Severity `json:"severity"`
	// Text is a one-line explanation of this occurrence, with any input
	// text quoted: the "message" of the JSON.
	Text string `json:"message"`
	// Detail, when set, gives more facts on one line, such as what each
	// parser read or the A-label and Unicode forms of a host.
	Detail string `json:"detail,omitempty"`
}

// Message returns the finding's explanation: Text, or the code's
// description when Text is empty.
func (f Finding) Message() string {
	if f.Text != "" {
		return f.Text
	}
	return f.Code.Message()
}

// String returns "severity code @offset: message", followed by " (N
// times)" when the finding was found N > 1 times: the line of a check
// report, led by its severity (`urikit check` writes it).
func (f Finding) String() string {
	s := f.Severity.String() + " " + string(f.Code) + " @" + strconv.Itoa(f.Offset) + ": " + f.Message()
	if f.Count > 1 {
		s += " (" + strconv.Itoa(f.Count) + " times)"
	}
	return s
}

// diag returns the finding as internal/diag writes it.
func (f Finding) diag() diag.Finding {
	return diag.Finding{Offset: f.Offset, Code: string(f.Code), Message: f.Message(), Count: f.Count, Offsets: f.Offsets}
}

// MarshalJSON returns the finding in the record contract's names, through
// internal/diag, with "severity" and "detail" added.
func (f Finding) MarshalJSON() ([]byte, error) {
	b, err := diag.MarshalFinding(f.diag())
	if err != nil {
		return nil, err
	}
	sev, err := f.Severity.MarshalText()
	if err != nil {
		return nil, err
	}
	b = append(b[:len(b)-1], `,"severity":"`...)
	b = append(b, sev...)
	b = append(b, '"')
	if f.Detail != "" {
		d, _ := json.Marshal(f.Detail)
		b = append(b, `,"detail":`...)
		b = append(b, d...)
	}
	return append(b, '}'), nil
}
