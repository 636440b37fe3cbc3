package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/template"
)

// TemplateError converts an error of package template to a record's
// error. An error whose offset is in the template (a parse error, a prefix
// on a list, an ambiguous template) has the component "template"; the
// offset of Match's no-match is in the record.
func TemplateError(err error) *Error {
	var te *template.Error
	if !errors.As(err, &te) {
		return otherError(err)
	}
	msg := te.Code.Message()
	switch {
	case te.Detail == "":
	case te.Code == template.ErrNoMatch:
		msg = te.Detail
	default:
		msg += ": " + te.Detail
	}
	if te.Var != "" {
		msg += " (variable " + strconv.Quote(window.Clip(te.Var, 80)) + ")"
	}
	e := &Error{Offset: max(te.Offset, 0), Code: string(te.Code), Message: window.Clip(msg, maxMessage)}
	if te.Code != template.ErrNoMatch && te.Code != template.ErrUndecided {
		e.Component = "template"
	}
	return e
}

// MaxExpansion returns the longest expansion TemplateExpand makes of a
// template of templateLen bytes and a record of inLen bytes: 8 bytes per
// byte of the two, plus 64 KiB. An expansion may be much longer than its
// template and values (a template that refers to a long value many
// times); one that could exceed this bound fails with the code
// "expansion-too-large" before it is made, so that the cost of a record
// stays linear in what was sent.
func MaxExpansion(templateLen, inLen int) int { return 8*(templateLen+inLen) + 64<<10 }

// TemplateExpand is the record of "urikit template expand": in, a JSON
// object of variables (strings, numbers, booleans and null, which is
// undefined; arrays of them for lists and objects of them for associative
// arrays, whose members keep their order and whose null members are left
// out), expanded with t ("output"). Text that JSON does not
// carry losslessly (bytes that are not UTF-8, a lone surrogate escape)
// fails the record with the code invalid-json, as does any other input
// that is not such an object.
func TemplateExpand(t template.Template, in string) Record {
	vs, e := TemplateVars([]byte(in))
	if e != nil {
		return Record{Input: in, Error: e}
	}
	if n, limit := t.MaxLen(vs), MaxExpansion(len(t.String()), len(in)); n > limit {
		return Record{Input: in, Error: &Error{Code: "expansion-too-large",
			Message: "the expansion may take " + strconv.Itoa(n) + " bytes, more than the " + strconv.Itoa(limit) + " allowed for this template and record"}}
	}
	out, err := t.AppendExpand(nil, vs)
	if err != nil {
		return Record{Input: in, Error: TemplateError(err)}
	}
	return NewRecord([]byte(in), out, nil, nil)
}

// TemplateMatch is the record of "urikit template match": the variables
// of t read back from the URI in ("variables": an object of the defined
// variables in the template's order, each a string or a list).
func TemplateMatch(t template.Template, in string) Record {
	vs, err := t.Match(in)
	if err != nil {
		return Record{Input: in, Error: TemplateError(err)}
	}
	var fields []Field
	for _, name := range t.Names() {
		v, ok := vs[name]
		if !ok {
			continue
		}
		switch v.Kind() {
		case template.KindList:
			fields = append(fields, TextList(name, v.Items()))
		case template.KindString:
			fields = append(fields, Text(name, v.Text()))
		}
	}
	return Record{Input: in, Fields: []Field{Object("variables", fields...)}}
}

// TemplateVars reads a JSON object of template variables (see
// TemplateExpand). Its error has the offset in b and the code
// invalid-json.
func TemplateVars(b []byte) (template.Vars, *Error) {
	fail := func(off int, msg string) (template.Vars, *Error) {
		return nil, &Error{Offset: off, Code: "invalid-json", Message: msg}
	}
	if off := invalidUTF8(string(b)); off >= 0 {
		return fail(off, strconv.Quote(string(b[off:off+1]))+": JSON text is UTF-8")
	}
	if off, esc := LoneSurrogate(b); off >= 0 {
		return fail(off, esc+" is a UTF-16 surrogate without its pair, which no UTF-8 text holds")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	syntax := func(err error) (template.Vars, *Error) {
		var se *json.SyntaxError
		off := int(d.InputOffset())
		if errors.As(err, &se) {
			off = int(se.Offset)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return fail(len(b), "want a JSON object of variables: unexpected end of the text")
		}
		return fail(off, "want a JSON object of variables: "+window.Clip(err.Error(), maxMessage))
	}
	tok, err := d.Token()
	if err != nil {
		return syntax(err)
	}
	if tok != json.Delim('{') {
		return fail(0, "want a JSON object of variables")
	}
	vs := template.Vars{}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return syntax(err)
		}
		name, _ := tok.(string)
		off := valueStart(b, int(d.InputOffset()))
		tok, err = d.Token()
		if err != nil {
			return syntax(err)
		}
		var v template.Value
		switch tok {
		case json.Delim('['):
			var items []string
			for d.More() {
				off := valueStart(b, int(d.InputOffset()))
				tok, err := d.Token()
				if err != nil {
					return syntax(err)
				}
				if tok == nil {
					continue // an undefined item is left out
				}
				s, ok := jsonScalar(tok)
				if !ok {
					return fail(off, "variable "+strconv.Quote(window.Clip(name, 80))+": a list holds strings, numbers and booleans only")
				}
				items = append(items, s)
			}
			if _, err := d.Token(); err != nil {
				return syntax(err)
			}
			v = template.List(items...)
		case json.Delim('{'):
			var pairs []template.Pair
			for d.More() {
				tok, err := d.Token()
				if err != nil {
					return syntax(err)
				}
				key, _ := tok.(string)
				off := valueStart(b, int(d.InputOffset()))
				tok, err = d.Token()
				if err != nil {
					return syntax(err)
				}
				if tok == nil {
					continue // an undefined member is left out
				}
				s, ok := jsonScalar(tok)
				if !ok {
					return fail(off, "variable "+strconv.Quote(window.Clip(name, 80))+": an object holds strings, numbers and booleans only")
				}
				pairs = append(pairs, template.Pair{Key: key, Value: s})
			}
			if _, err := d.Token(); err != nil {
				return syntax(err)
			}
			v = template.Pairs(pairs...)
		case nil:
		default:
			s, ok := jsonScalar(tok)
			if !ok {
				return fail(off, "variable "+strconv.Quote(window.Clip(name, 80))+": not a value")
			}
			v = template.String(s)
		}
		vs[name] = v
	}
	if _, err := d.Token(); err != nil {
		return syntax(err)
	}
	end := valueStart(b, int(d.InputOffset()))
	if _, err := d.Token(); err != io.EOF {
		return fail(end, "want one JSON object of variables: text after it")
	}
	return vs, nil
}

// jsonScalar returns the text of a JSON string, number or boolean token.
func jsonScalar(tok json.Token) (string, bool) {
	switch x := tok.(type) {
	case string:
		return x, true
	case json.Number:
		return string(x), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// valueStart returns the offset of the first byte from off on that is not
// JSON white space, ":" or ",": where the next value of b begins.
func valueStart(b []byte, off int) int {
	for off < len(b) && (b[off] == ' ' || b[off] == '\t' || b[off] == '\n' || b[off] == '\r' || b[off] == ':' || b[off] == ',') {
		off++
	}
	return off
}
