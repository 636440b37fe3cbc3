package percent

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Decoder.DecodeLenient":            func() { _, _ = Decoder{}.DecodeLenient("") },
	"Decoder.AppendDecodeLenient":      func() { _, _ = Decoder{}.AppendDecodeLenient(nil, "") },
	"Decoder.DecodeBytesLenient":       func() { _, _ = Decoder{}.DecodeBytesLenient("") },
	"Decoder.AppendDecodeBytesLenient": func() { _, _ = Decoder{}.AppendDecodeBytesLenient(nil, "") },
	"Decode":                           func() { _, _ = Decode("") },
	"AppendDecode":                     func() { _, _ = AppendDecode(nil, "") },
	"DecodeBytes":                      func() { _, _ = DecodeBytes("") },
	"Decoder.Decode":                   func() { _, _ = Decoder{}.Decode("") },
	"Decoder.AppendDecode":             func() { _, _ = Decoder{}.AppendDecode(nil, "") },
	"Decoder.DecodeBytes":              func() { _, _ = Decoder{}.DecodeBytes("") },
	"Decoder.AppendDecodeBytes":        func() { _, _ = Decoder{}.AppendDecodeBytes(nil, "") },
	"Encode":                           func() { _ = Encode("", Set{}) },
	"AppendEncode":                     func() { _ = AppendEncode(nil, "", Set{}) },
	"EncodeBytes":                      func() { _ = EncodeBytes(nil, Set{}) },
	"EncodeRune":                       func() { _ = EncodeRune(nil, 0, Set{}) },
	"Encoder.Encode":                   func() { _ = Encoder{}.Encode("") },
	"Encoder.AppendEncode":             func() { _ = Encoder{}.AppendEncode(nil, "") },
	"Encoder.EncodedLen":               func() { _ = Encoder{}.EncodedLen("") },
	"Code.Error":                       func() { _ = Code("").Error() },
	"Code.Message":                     func() { _ = Code("").Message() },
	"Error.Error":                      func() { _ = (&Error{}).Error() },
	"Error.Unwrap":                     func() { _ = (&Error{}).Unwrap() },
	"Finding.Message":                  func() { _ = Finding{}.Message() },
	"Finding.String":                   func() { _ = Finding{}.String() },
	"Finding.MarshalJSON":              func() { _, _ = Finding{}.MarshalJSON() },
	"Normalize":                        func() { _ = Normalize("") },
	"AppendNormalize":                  func() { _ = AppendNormalize(nil, "") },
	"Validate":                         func() { _ = Validate("", Set{}) },
	"Set.Contains":                     func() { _ = Set{}.Contains(0) },
	"Set.Index":                        func() { _ = Set{}.Index("") },
	"Set.Add":                          func() { _ = Set{}.Add("") },
	"Set.Remove":                       func() { _ = Set{}.Remove("") },
	"Set.AddRange":                     func() { _ = Set{}.AddRange(0, 0) },
	"Set.Union":                        func() { _ = Set{}.Union(Set{}) },
	"Set.String":                       func() { _ = Set{}.String() },
	"SetByName":                        func() { _, _ = SetByName("") },
	"SetNames":                         func() { _ = SetNames() },
}

var zeroSkips = map[string]string{}
