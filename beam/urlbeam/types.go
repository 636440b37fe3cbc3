package urlbeam

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*URL)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Issue)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*DeadLetter)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*HostCount)(nil)).Elem())
}

// Parser names the parser that [Parse] uses.
type Parser string

// The parsers.
const (
	// RFC3986 parses URI references as RFC 3986 defines them (package uri).
	RFC3986 Parser = "rfc3986"
	// WHATWG parses URLs as the WHATWG URL Standard, and browsers, do
	// (package whatwg), without a base URL.
	WHATWG Parser = "whatwg"
)

// ParseParser returns the Parser named s: "rfc3986" or "whatwg".
func ParseParser(s string) (Parser, error) {
	switch p := Parser(s); p {
	case RFC3986, WHATWG:
		return p, nil
	}
	return "", fmt.Errorf("unknown parser %q (want rfc3986 or whatwg)", s)
}

// The stages of a [DeadLetter].
const (
	StageParse     = "parse"
	StageNormalize = "normalize"
	StageCheck     = "check"
)

// CodePanic is the code of a dead letter for a record on which the library
// panicked (a bug to report): the job goes on without it.
const CodePanic = "panic"

// URL is a parsed URL record, the main output of [Parse] and [Normalize].
type URL struct {
	// Input is the record as read.
	Input string
	// Text is the URL: after Parse, the input itself for RFC 3986 (whose
	// parser is lossless) or the serialization (href) for WHATWG; after
	// Normalize, the normalized text.
	Text string
	// HasHost reports whether the URL has an authority (RFC 3986) or a
	// non-null host (WHATWG).
	HasHost bool
	// Host is the host of Text as written in it: lowercase after Normalize,
	// with the brackets of an IPv6 literal. It may be empty ("file:///x").
	Host string
	// Deviations are what a lenient parse tolerated, in input order; empty
	// after a strict parse.
	Deviations []Issue
}

// Issue is one error or tolerated deviation: the facts of a uri.Error,
// uri.Finding, whatwg.Error or whatwg.Finding.
type Issue struct {
	// Offset is the byte offset in the input, or 0 when unknown (as in
	// the record contract of "urikit --json" and the HTTP API).
	Offset int
	// Component is the component ("host", "path", ...) when known.
	Component string
	// Code is the stable error code ("invalid-char", "port-out-of-range",
	// "invalid-URL-unit", ...).
	Code string
	// Message is a one-line explanation for a human.
	Message string
}

// DeadLetter is a record that a transform could not process, with the
// reason: the dead-letter output of every transform.
type DeadLetter struct {
	// Input is the record as read.
	Input string
	// Stage is the transform that failed: StageParse, StageNormalize or
	// StageCheck.
	Stage string
	// Err says why.
	Err Issue
}

// issueOf converts an error of package uri or whatwg.
func issueOf(err error) Issue {
	var ue *uri.Error
	if errors.As(err, &ue) {
		return Issue{Offset: ue.Offset, Component: string(ue.Component), Code: string(ue.Code), Message: ue.Code.Message()}
	}
	var we *whatwg.Error
	if errors.As(err, &we) {
		return Issue{Offset: we.Offset, Code: string(we.Code), Message: "not a URL: " + report.WHATWGMessage(string(we.Code))}
	}
	return Issue{Code: "error", Message: err.Error()}
}

// panicIssue describes a recovered panic.
func panicIssue(r any) Issue {
	return Issue{Code: CodePanic, Message: fmt.Sprint("urikit panicked: ", r)}
}

// issueJSON is the JSON form of an Issue, as the urikit CLI writes errors.
type issueJSON struct {
	Offset    int    `json:"offset"`
	Component string `json:"component,omitempty"`
	Code      string `json:"code"`
	Message   string `json:"message"`
}

// deadJSON is the JSON form of a DeadLetter.
type deadJSON struct {
	Input    *string   `json:"input,omitempty"`
	InputHex *string   `json:"input_hex,omitempty"`
	Stage    string    `json:"stage"`
	Error    issueJSON `json:"error"`
}

// textOrHex sets the text field for valid UTF-8 and the hex field otherwise,
// as the urikit CLI does, so that no byte of the input is lost in JSON.
func textOrHex(s string, text, hexText **string) {
	if utf8.ValidString(s) {
		*text = &s
		return
	}
	h := hex.EncodeToString([]byte(s))
	*hexText = &h
}

// MarshalJSON writes d as the urikit CLI writes a failed record:
// {"input": ..., "stage": ..., "error": {"offset", "component", "code",
// "message"}}, with "input_hex" in place of "input" when the input is not
// UTF-8.
func (d DeadLetter) MarshalJSON() ([]byte, error) {
	j := deadJSON{Stage: d.Stage, Error: issueJSON(d.Err)}
	textOrHex(d.Input, &j.Input, &j.InputHex)
	return marshalLine(j)
}

// marshalLine encodes v without HTML escaping and without a newline.
func marshalLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
