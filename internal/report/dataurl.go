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
	d, err := dataurl.Parse(in)
	if err != nil {
		return Record{Input: in, Error: DataURLError(err)}
	}
	return NewDataURL([]byte(in), d, bodyBase64)
}

// NewDataURL returns the record of d, the data: URL in (see DataURL).
// The record keeps in and d's body without copying them: they must not
// change until the record is written.
func NewDataURL(in []byte, d *dataurl.DataURL, bodyBase64 bool) Record {
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
	if e := d.MIMETypeError; e != nil {
		rec.Findings = append(rec.Findings, Error{Offset: e.Offset, Code: string(e.Code),
			Message: e.Code.Message() + ": the MIME type is text/plain;charset=US-ASCII"})
	}
	for _, e := range d.Kept {
		f := PercentFinding(e)
		f.Message += ": kept as it is"
		rec.Findings = append(rec.Findings, f)
	}
	return rec
}
