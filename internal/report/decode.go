package report

import (
	"errors"
	"unicode/utf8"

	"github.com/urikit/urikit/percent"
)

// DecodeMode is how "urikit decode" reads a record: the options of the
// percent decoder, and whether the result is text or octets.
//
//   - Strict text (the zero DecodeMode): every escape must be well formed
//     and the result valid UTF-8, else the record fails.
//   - Strict octets (Bytes): every escape must be well formed; the result
//     may be any bytes (percent.DecodeBytes).
//   - Lenient (Decoder.Lenient): every well-formed escape is decoded,
//     whatever octet it gives, and only malformed ones ("%zz", "%4", and
//     "%uXXXX" without LegacyU) are kept as written; the record never
//     fails. Each kept escape is a finding, and so, unless Bytes is set,
//     is a result that is not valid UTF-8 (code "invalid-utf8", at the
//     input offset where the first invalid sequence starts).
//
// A result that is not valid UTF-8 is given as output_hex in the record.
type DecodeMode struct {
	// Decoder holds PlusAsSpace, LegacyU and Lenient; its other fields
	// are ignored.
	Decoder percent.Decoder
	// Bytes decodes to octets: no UTF-8 rule, and no invalid-utf8
	// finding in lenient mode.
	Bytes bool
}

// AppendDecode appends the decoding of in to dst as m says and returns
// the extended buffer, the findings of a lenient decode (only with
// findings set: without it, nothing is allocated for them) and the
// record's error, which is nil in lenient mode. On error, the returned
// buffer holds what was decoded before it, which the record does not
// show. scratch, when not nil, is a buffer reused to find the invalid
// UTF-8 of a lenient text decode (it grows to len(in)).
func (m DecodeMode) AppendDecode(dst []byte, in string, findings bool, scratch *[]byte) ([]byte, []Error, *Error) {
	dec := percent.Decoder{PlusAsSpace: m.Decoder.PlusAsSpace, LegacyU: m.Decoder.LegacyU, Lenient: m.Decoder.Lenient}
	start := len(dst)
	if !dec.Lenient {
		var err error
		if m.Bytes {
			dst, err = dec.AppendDecodeBytes(dst, in)
		} else {
			dst, err = dec.AppendDecode(dst, in)
		}
		if err != nil {
			e := decodeError(err)
			return dst, nil, &e
		}
		return dst, nil, nil
	}
	// Octets: a lenient text decode would keep the escapes of invalid
	// UTF-8 encoded ("%E9" stays "%E9").
	if !findings {
		dst, _ = dec.AppendDecodeBytes(dst, in)
		return dst, nil, nil
	}
	dst, list := dec.AppendDecodeBytesLenient(dst, in)
	if !m.Bytes && !utf8.Valid(dst[start:]) {
		// The text decoder reports each invalid UTF-8 sequence at its
		// offset in the input, with the same malformed escapes, in the
		// order of first occurrence: its list is the record's findings.
		var buf []byte
		if scratch != nil {
			buf = (*scratch)[:0]
		}
		buf, list = dec.AppendDecodeLenient(buf, in)
		if scratch != nil {
			*scratch = buf
		}
	}
	return dst, keptList(list), nil
}

// decodeError is the record error of a strict decode's err.
func decodeError(err error) Error {
	var pe *percent.Error
	if errors.As(err, &pe) {
		return PercentError(pe)
	}
	return *otherError(err)
}

// keptList returns the findings of what a lenient decode kept (merged by
// code, as percent reports them).
func keptList(list []percent.Finding) []Error {
	if len(list) == 0 {
		return nil
	}
	out := make([]Error, 0, len(list))
	for _, f := range list {
		out = appendError(out, PercentFinding(f))
	}
	return out
}

// DecodeRecord is the record of "urikit decode" in mode m.
func DecodeRecord(in string, m DecodeMode) Record {
	out, findings, err := m.AppendDecode(nil, in, true, nil)
	return NewRecord([]byte(in), out, err, findings)
}
