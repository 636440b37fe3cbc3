package report

import (
	"errors"
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/edit"
	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// EditNamer gives a front end's word for a field of edit.Options: a flag
// of "urikit edit" ("--set") or a key of /v1/edit (`"set"`). The messages
// of the edit records name the options through it.
type EditNamer func(option string) string

// EditRecord is the record of "urikit edit --json" and of /v1/edit: the
// edited URL ("href") and its components (the getters of ParseWHATWG, or
// the fields of ParseRFC in RFC 3986 mode), or "hrefs" with every result
// when the editor iterates; a failure when the input is not a URL or an
// operation was refused; findings for operations that matched nothing.
// name names the options in the messages.
func EditRecord(ed *edit.Editor, in string, name EditNamer) Record {
	res, findings, err := ed.Edit(in)
	if err != nil {
		return Record{Input: in, Error: EditError(err, name)}
	}
	rec := Record{Input: in, Findings: EditFindings(nil, findings, name)}
	if ed.Iterates() {
		list := make([]string, len(res))
		for i, r := range res {
			list[i] = r.Text
		}
		rec.Fields = []Field{TextList("hrefs", list)}
		return rec
	}
	r := res[0]
	if ed.RFC3986() {
		rec.Fields = append([]Field{Text("href", r.Text)}, rfcFields(r.Ref)...)
		return rec
	}
	names := WHATWGRecordFields()
	rec.Fields = make([]Field, len(names))
	for i, n := range names {
		v, _ := WHATWGField(&r.URL, n)
		if n == "href" {
			v = r.Text
		}
		rec.Fields[i] = Text(n, v)
	}
	return rec
}

// EditFieldNames lists the result fields of EditRecord when the editor
// does not iterate.
func EditFieldNames(rfc bool) []string {
	if rfc {
		return append([]string{"href"}, RFCFieldNames()...)
	}
	return WHATWGRecordFields()
}

// EditError converts the error of a record's edit (edit.Editor.Edit) to
// the record's error, its message naming the options with name: the
// parse error of an input that is not a URL (at its offset in the
// record), or the operation refused and why (offset 0).
func EditError(err error, name EditNamer) *Error {
	var e *edit.Error
	if !errors.As(err, &e) {
		return otherError(err)
	}
	var re *Error
	switch {
	case e.Err == nil:
		re = &Error{Code: string(e.Code), Message: e.Text(name)}
	case isURIError(e.Err):
		re = URIError(e.Err)
	default:
		re = FailureError(e.Err)
	}
	switch e.Code {
	case edit.ErrInvalidURL:
		re.Offset = max(e.Offset, 0)
		return re
	case edit.ErrInvalidReference:
		re.Message = name(e.Option) + ": " + re.Message
	case edit.ErrBuild:
		re.Message = "building " + strconv.Quote(e.Input) + ": " + re.Message
	case edit.ErrRefused:
		re.Component, re.Code, re.Message = refusal(e, name)
	}
	re.Offset = 0
	return re
}

func isURIError(err error) bool {
	var ue *uri.Error
	return errors.As(err, &ue)
}

// refusal returns the component, code and message of the record error of
// an operation refused.
func refusal(e *edit.Error, name EditNamer) (component, code, message string) {
	prefix := name(e.Option)
	if e.Op != "" {
		prefix += " " + e.Op
	}
	var we *whatwg.Error
	if errors.As(e.Err, &we) {
		return string(we.Component), string(we.Code), prefix + ": " + editMessage(string(we.Code))
	}
	var ue *uri.Error
	if errors.As(e.Err, &ue) {
		return string(ue.Component), string(ue.Code), prefix + ": " + ue.Code.Message()
	}
	return e.Component, "error", prefix + ": " + window.Clip(e.Err.Error(), maxMessage)
}

// EditFindings appends the findings of a record's edit to dst as the
// record's findings, naming the options with name; the findings of one
// code are joined into one whose message names every operation
// ("--delete query=a, --delete query=b: matched no query pair"), so that
// no two have the same code and component (see Error).
func EditFindings(dst []Error, findings []edit.Finding, name EditNamer) []Error {
	for _, f := range findings {
		j := 0
		for j < len(dst) && (dst[j].Code != string(f.Code) || dst[j].Component != f.Component) {
			j++
		}
		if j == len(dst) {
			dst = append(dst, Error{Component: f.Component, Code: string(f.Code), Message: f.Text(name)})
			continue
		}
		dst[j].Message = strings.TrimSuffix(dst[j].Message, ": "+f.Message()) + ", " + f.Text(name)
	}
	return dst
}

// editMessage explains the code of a refused whatwg edit.
func editMessage(code string) string {
	switch whatwg.Code(code) {
	case whatwg.ErrInvalidScheme:
		return "not a scheme"
	case whatwg.ErrSpecialMismatch:
		return "a special scheme (http, https, ws, wss, ftp, file) cannot become another kind of scheme, nor the reverse"
	case whatwg.ErrFileCredentials:
		return "a URL with a user name, a password or a port cannot become a file URL"
	case whatwg.ErrFileEmptyHost:
		return "a file URL with an empty host keeps its scheme"
	case whatwg.ErrCannotHaveUsername:
		return "the URL cannot have a user name or a password (no host, an empty host, or a file URL)"
	case whatwg.ErrCannotHavePort:
		return "the URL cannot have a port (no host, an empty host, or a file URL)"
	case whatwg.ErrOpaquePath:
		return `the URL has an opaque path (as in "mailto:x"), which has no host and no segments`
	case whatwg.ErrHostnameWithPort:
		return "a hostname has no port: set host to give one"
	case whatwg.ErrHostRequired:
		return "the URL needs a host (a special scheme, a user name, password or port, or an empty path)"
	case whatwg.ErrInvalidEscape:
		return `a "%" not followed by two hex digits in an encoded value`
	case whatwg.ErrUnencoded:
		return "a character that must be percent-encoded in an encoded value (give the value decoded with = instead of :=)"
	case whatwg.ErrDotSegment:
		return `a path segment cannot be "." or ".."`
	case whatwg.ErrIndexOutOfRange:
		return "no path segment at that index"
	case whatwg.ErrNoPath:
		return `the path of a special URL, or of one without a host, is at least "/"`
	case whatwg.ErrUnknownComponent:
		return "unknown component"
	case whatwg.ErrNoURL:
		return "no URL"
	}
	return WHATWGMessage(code)
}
