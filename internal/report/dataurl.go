package report

import (
	"encoding/base64"
	"errors"

	"github.com/urikit/urikit/internal/bytestr"

	"github.com/urikit/urikit/dataurl"
	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/whatwg"
)

// DataURLError converts an error of package dataurl to a record's error.
// Its message leaves out the input, which dataurl.Error's own message
// quotes.
func DataURLError(err error) *Error {
	var de *dataurl.Error
	if !errors.As(err, &de) {
		return otherError(err)
	}
	e := &Error{Offset: de.Offset, Code: string(de.Code), Message: de.Code.Message()}
	var we *whatwg.Error
	if errors.As(de.Err, &we) {
		e.Message += ": " + string(we.Code)
	}
	return e
}

// DataURL is the record of "urikit data": in processed as a data: URL
// (dataurl.Parse). Its fields are "mime_type" (the serialized MIME type),
// "type", "subtype", "parameters" (the [name, value] pairs in order),
// "base64" (whether the URL's body is base64), "size" (the body's length
// in bytes), then the body: "body" when it is UTF-8 text, else
// "body_hex"; or, with bodyBase64, "body_base64" whatever it is. A MIME
// type that the URL writes but that does not parse is a finding (its
// code is dataurl's, at its offset): the record's MIME type is then
// text/plain;charset=US-ASCII, as the Fetch Standard says; so are the
// escapes of the body that are not well formed, which the body keeps as
// written (code invalid-escape, merged with a count).
func DataURL(in string, bodyBase64 bool) Record {
	d, fs, err := dataurl.ParseWithFindings(in)
	if err != nil {
		return Record{Input: in, Error: DataURLError(err)}
	}
	return NewDataURL([]byte(in), d, fs, bodyBase64)
}

// NewDataURL returns the record of d, the data: URL in, with the findings
// of dataurl.ParseWithFindings (see DataURL).
// The record keeps in and d's body without copying them: they must not
// change until the record is written.
func NewDataURL(in []byte, d dataurl.DataURL, findings []dataurl.Finding, bodyBase64 bool) Record {
	m := d.MIMEType
	params := make(form.Values, 0, m.NumParams())
	for name, value := range m.Params() {
		params = append(params, form.Pair{Name: name, Value: value})
	}
	body := bytesField("body", d.Body)
	if bodyBase64 {
		body = Text("body_base64", base64.StdEncoding.EncodeToString(d.Body))
	}
	rec := Record{Input: bytestr.View(in), Fields: []Field{
		Text("mime_type", m.String()),
		Text("type", m.Type()),
		Text("subtype", m.Subtype()),
		Pairs("parameters", params),
		Bool("base64", d.Base64),
		Int("size", len(d.Body)),
		body,
	}}
	for _, f := range findings {
		e := Error{Offset: f.Offset, Code: string(f.Code), Message: f.Code.Message(), Count: f.Count, Offsets: f.Offsets}
		if f.Code != dataurl.ErrInvalidEscape && f.Code != dataurl.ErrTruncatedEscape {
			e.Message += ": the MIME type is text/plain;charset=US-ASCII"
		}
		rec.Findings = append(rec.Findings, e)
	}
	return rec
}
