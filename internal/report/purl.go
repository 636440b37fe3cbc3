package report

import (
	"errors"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/purl"
)

// PURLError converts an error of package purl to a record's error. Its
// message leaves out the input, which purl.Error's own message quotes.
func PURLError(err error) *Error {
	var pe *purl.Error
	if !errors.As(err, &pe) {
		return otherError(err)
	}
	msg := pe.Code.Message()
	if pe.Key != "" {
		msg += ": " + pe.Key
	}
	return &Error{Offset: pe.Offset, Component: string(pe.Component), Code: string(pe.Code), Message: msg}
}

// PURL is the record of "urikit purl": in parsed as a package URL
// (ECMA-427), its canonical form as "purl", then its decoded components:
// "type", "namespace", "name", "version", "qualifiers" (the [name, value]
// pairs, sorted by name) and "subpath", null when absent; with repoURL,
// "repository_url", the package's page in its type's default repository
// (purl.PURL.RepositoryURL), null when the type has none.
func PURL(in string, repoURL bool) Record {
	p, err := purl.Parse(in)
	if err != nil {
		return Record{Input: in, Error: PURLError(err)}
	}
	ns, ver, sub := p.Namespace(), p.Version(), p.Subpath()
	quals := Field{name: "qualifiers", kind: kindNull}
	if qs := p.Qualifiers(); qs != nil {
		pairs := make([][2]string, len(qs))
		for i, q := range qs {
			pairs[i] = [2]string{q.Key, q.Value}
		}
		quals = Pairs("qualifiers", form.FromPairs(pairs))
	}
	fields := []Field{
		Text("purl", p.String()),
		Text("type", p.Type()),
		OptText("namespace", ns, ns != ""),
		Text("name", p.Name()),
		OptText("version", ver, ver != ""),
		quals,
		OptText("subpath", sub, sub != ""),
	}
	if repoURL {
		u, ok := p.RepositoryURL()
		fields = append(fields, OptText("repository_url", u, ok))
	}
	return Record{Input: in, Fields: fields}
}
