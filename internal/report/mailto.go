package report

import (
	"errors"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/mailto"
)

// MailtoError converts an error of package mailto to a record's error. Its
// message leaves out the input, which mailto.Error's own message quotes.
func MailtoError(err error) *Error {
	var me *mailto.Error
	if !errors.As(err, &me) {
		return otherError(err)
	}
	return &Error{Offset: me.Offset, Component: string(me.Component), Code: string(me.Code), Message: me.Code.Message()}
}

// Mailto is the record of "urikit mailto": in parsed as a mailto: URL
// (RFC 6068) into its message, decoded: "to" (the addresses of the path
// and of "to" header fields), "cc", "bcc", "subject", "body" ("" when
// absent) and "headers", the other header fields as [name, value] pairs
// in order. With lenient, the parse is mailto.ParseLenient's, and what it
// tolerated is in the findings (collapsed by code and component).
func Mailto(in string, lenient bool) Record {
	var (
		m        mailto.Message
		err      error
		findings []Error
	)
	if lenient {
		var fs []mailto.Finding
		m, fs, err = mailto.ParseLenient(in)
		for _, f := range fs {
			findings = append(findings, Error{Offset: f.Offset, Component: string(f.Component), Code: string(f.Code), Message: f.Code.Message(), Count: f.Count, Offsets: f.Offsets})
		}
	} else {
		m, err = mailto.Parse(in)
	}
	if err != nil {
		return Record{Input: in, Error: MailtoError(err)}
	}
	var headers form.Values
	if len(m.Headers) > 0 {
		headers = make(form.Values, len(m.Headers))
		for i, h := range m.Headers {
			headers[i] = form.Pair{Name: h.Name, Value: h.Value}
		}
	}
	return Record{Input: in, Fields: []Field{
		TextList("to", m.To),
		TextList("cc", m.Cc),
		TextList("bcc", m.Bcc),
		Text("subject", m.Subject),
		Text("body", m.Body),
		Pairs("headers", headers),
	}, Findings: findings}
}
