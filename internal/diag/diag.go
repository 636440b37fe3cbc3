// Package diag holds the one shape of the library's errors and findings
// (API.md, "Errors" and "Findings"): the text of every package's
// (*Error).Error and the JSON of every package's Finding. The packages keep
// their own Code, Error and Finding types; they format through here so that
// the formats cannot drift apart.
package diag

import (
	"encoding/json"
	"strconv"

	"github.com/urikit/urikit/internal/window"
)

// NoOffset is the Offset of an error or finding that has no position in
// the input.
const NoOffset = -1

// AppendError appends the one error format of the library:
//
//	pkg: offset 3 (context): "window": message
//
// " (context)" is left out when context is empty, "offset N " is left out
// when off is NoOffset, and the window (at most window.Side bytes of input
// each side of off, quoted) is left out when input is empty.
func AppendError(b []byte, pkg string, off int, context, input, message string) []byte {
	b = append(b, pkg...)
	b = append(b, ": "...)
	if off != NoOffset {
		b = append(b, "offset "...)
		b = strconv.AppendInt(b, int64(off), 10)
		if context != "" {
			b = append(b, " ("...)
			b = append(b, context...)
			b = append(b, ')')
		}
		b = append(b, ": "...)
	} else if context != "" {
		b = append(b, context...)
		b = append(b, ": "...)
	}
	if input != "" {
		b = window.AppendQuoted(b, input, max(off, 0))
		b = append(b, ": "...)
	}
	return append(b, message...)
}

// Error returns the text AppendError appends.
func Error(pkg string, off int, context, input, message string) string {
	return string(AppendError(nil, pkg, off, context, input, message))
}

// Finding is what the JSON of a finding holds, in the record contract's
// names: {"offset", "code", "message", "count", "offsets"}, and
// "component" where the package names one. Count and Offsets follow the
// collapse rule (internal/collapse): Count 0 or 1 means once, and Offsets
// is set only when Count > 1.
type Finding struct {
	Offset    int    `json:"offset"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	Component string `json:"component,omitempty"`
	Count     int    `json:"count,omitempty"`
	Offsets   []int  `json:"offsets,omitempty"`
}

// MarshalFinding returns the JSON of f: what every package's
// Finding.MarshalJSON returns.
func MarshalFinding(f Finding) ([]byte, error) {
	if f.Count <= 1 {
		f.Count, f.Offsets = 0, nil
	}
	return json.Marshal(f)
}

// FindingString returns the one line of a finding, what every package's
// Finding.String returns: `offset 4 (path): invalid-char: message`, with
// " (component)" only when f names one and " (12 times)" added when the
// finding occurred more than once.
func FindingString(f Finding) string {
	b := make([]byte, 0, 32+len(f.Code)+len(f.Message)+len(f.Component))
	b = append(b, "offset "...)
	b = strconv.AppendInt(b, int64(f.Offset), 10)
	if f.Component != "" {
		b = append(b, " ("...)
		b = append(b, f.Component...)
		b = append(b, ')')
	}
	b = append(b, ": "...)
	b = append(b, f.Code...)
	b = append(b, ": "...)
	b = append(b, f.Message...)
	if f.Count > 1 {
		b = append(b, " ("...)
		b = strconv.AppendInt(b, int64(f.Count), 10)
		b = append(b, " times)"...)
	}
	return string(b)
}
