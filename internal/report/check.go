package report

import (
	"github.com/urikit/urikit/internal/bytestr"

	"github.com/urikit/urikit/check"
)

// CheckURL is the record of "urikit check": in checked by check.URL.
func CheckURL(in string) Record { return NewCheck([]byte(in), check.URL(in)) }

// NewCheck returns the record of the report r on the record in: the
// highest severity ("severity"), the three parsers' readings and what a
// browser fetches ("views": "rfc3986", "whatwg", "net_url", "target"),
// "addrs" when the report comes from check.Resolved (each address with its
// kind: "127.0.0.1 (loopback)"), and the findings, each with its
// "severity" (and "detail" when there is one). A check never fails. The
// record keeps in without copying it: in must not change until the record
// is written.
func NewCheck(in []byte, r check.Report) Record {
	rec := Record{Input: bytestr.View(in), Fields: []Field{
		Text("severity", r.Max().String()),
		Object("views",
			viewObject("rfc3986", r.RFC3986),
			viewObject("whatwg", r.WHATWG),
			viewObject("net_url", r.NetURL),
			targetObject(r.Target)),
	}}
	if r.Addrs != nil {
		addrs := make([]string, len(r.Addrs))
		for i, a := range r.Addrs {
			addrs[i] = a.String()
		}
		rec.Fields = append(rec.Fields, TextList("addrs", addrs))
	}
	if len(r.Findings) > 0 {
		rec.Findings = make([]Error, len(r.Findings))
		for i, f := range r.Findings {
			rec.Findings[i] = Error{Offset: f.Offset, Code: string(f.Code), Message: f.Message(),
				Severity: f.Severity.String(), Detail: f.Detail, Count: f.Count, Offsets: f.Offsets}
		}
	}
	return rec
}

// viewObject is the object of one parser's reading: "ok", "error" (when
// the parser rejects the input), then the components.
func viewObject(name string, v check.View) Field {
	fields := make([]Field, 0, 10)
	fields = append(fields, Bool("ok", v.OK))
	if v.Error != "" {
		fields = append(fields, Text("error", v.Error))
	}
	fields = append(fields,
		Text("scheme", v.Scheme),
		Bool("has_authority", v.HasAuthority),
		Text("userinfo", v.Userinfo),
		Text("host", v.Host),
		Text("port", v.Port),
		Text("path", v.Path),
		Text("query", v.Query),
		Text("fragment", v.Fragment))
	return Object(name, fields...)
}

// targetObject is the object of check.Target: "ok", then the members that
// are set, and always "port" (-1 for none).
func targetObject(t check.Target) Field {
	fields := make([]Field, 0, 12)
	fields = append(fields, Bool("ok", t.OK))
	add := func(name, v string) {
		if v != "" {
			fields = append(fields, Text(name, v))
		}
	}
	add("href", t.Href)
	add("origin", t.Origin)
	add("scheme", t.Scheme)
	add("host", t.Host)
	add("host_unicode", t.HostUnicode)
	add("host_no_dot", t.HostNoDot)
	add("host_type", t.HostType)
	add("registrable_domain", t.RegistrableDomain)
	fields = append(fields, Int("port", t.Port))
	add("path", t.Path)
	if len(t.Segments) > 0 {
		fields = append(fields, TextList("segments", t.Segments))
	}
	if t.SegmentsTruncated {
		fields = append(fields, Bool("segments_truncated", true))
	}
	add("query", t.Query)
	return Object("target", fields...)
}
