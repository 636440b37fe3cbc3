package uri

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// fredbiSkips lists fredbi/uri cases that follow fredbi's own rules rather
// than RFC 3986.
var fredbiSkips = map[string]string{
	"x://bob":                          "fredbi wants schemes of two letters or more; RFC 3986 allows one",
	"c:\\directory\filename":           "RFC 3986 reads \"c\" as a valid scheme and rejects the \"\\\\\" in the path",
	"https:////a?query=value#fragment": "with an (empty) authority, path-abempty may start with \"//\" (RFC 3986 \u00a73.3)",
	"file:////etc/hosts":               "with an (empty) authority, path-abempty may start with \"//\" (RFC 3986 \u00a73.3)",
	"http:////foo.html":                "with an (empty) authority, path-abempty may start with \"//\" (RFC 3986 \u00a73.3)",
	"https://user:passwd@:8080/a?query=value#fragment":                                           "RFC 3986 allows an empty reg-name",
	"http://www.\u8a79\u59c6\u65af.org/":                                                         "raw non-ASCII makes an IRI (RFC 3987), not a URI; ParseLenient and package iri accept it",
	"http://www.example.org/h\u00e9llo\u00f4/m\u00f6tor/world.txt/?id=5&part=three#there-you-go": "raw non-ASCII makes an IRI (RFC 3987), not a URI; ParseLenient and package iri accept it",
	"https://user:passwd@286;0.0.1:8080/a?query=value#fragment":                                  "fredbi applies DNS name rules to hosts; RFC 3986 reg-name allows this host",
	"https://user:passwd@256.256.256.256:8080/a?query=value#fragment":                            "not an IPv4address, so a valid RFC 3986 reg-name",
	"https://user:passwd@127.256.0.1:8080/a?query=value#fragment":                                "not an IPv4address, so a valid RFC 3986 reg-name",
	"https://user:passwd@127.0127.0.1:8080/a?query=value#fragment":                               "not an IPv4address, so a valid RFC 3986 reg-name",
	"http://192.168.0.%31/":                   "not an IPv4address, so a valid RFC 3986 reg-name",
	"http://192.168.0.%31:8080/":              "not an IPv4address, so a valid RFC 3986 reg-name",
	"https://0%3A0%3A0%3A0%3A0%3A0%3A0%3A1/a": "escaped colons make a valid RFC 3986 reg-name",
	"https://xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/": "fredbi applies DNS name rules to hosts; RFC 3986 reg-name allows this host",
	"https://seg..com/":       "fredbi applies DNS name rules to hosts; RFC 3986 reg-name allows this host",
	"https://seg.empty.com./": "fredbi applies DNS name rules to hosts; RFC 3986 reg-name allows this host",
	"https://x-.y.com/":       "fredbi applies DNS name rules to hosts; RFC 3986 reg-name allows this host",
	"https://xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy.com/": "fredbi applies DNS name rules to hosts; RFC 3986 reg-name allows this host",
	"https://........./":                                             "fredbi applies DNS name rules to hosts; RFC 3986 reg-name allows this host",
	"http://[fe80::1%25%C3~]:8080/":                                  "RFC 6874 ZoneID allows any pct-encoded octet; fredbi wants UTF-8",
	"http://[fe80::1%25%F3~]:8080/":                                  "RFC 6874 ZoneID allows any pct-encoded octet; fredbi wants UTF-8",
	"https://user:passwd@ex%C3ample.com:8080/a?query=value#fragment": "RFC 3986 reg-name allows any pct-encoded octet; fredbi wants UTF-8",
	"tel://user:passwd@ex%C3ample.com:8080/a?query=value#fragment":   "RFC 3986 reg-name allows any pct-encoded octet; fredbi wants UTF-8",
}

func TestFredbi(t *testing.T) {
	var f struct {
		Cases []struct {
			Input         string
			IsReference   bool   `json:"is_reference"`
			ExpectedError string `json:"expected_error"`
			Structure     *struct {
				Scheme, Query, Fragment string
				Authority               *struct {
					Prefix, Userinfo, Host, Port, Path string
				}
			} `json:"expected_structure"`
		}
		StringRoundtrip []struct{ Input string } `json:"string_roundtrip"`
	}
	conformance.Load(t, "fredbi-uri-cases.json", &f)
	tally := conformance.NewTally(t, "fredbi-uri")
	components := map[string]Component{
		"ErrInvalidScheme": ComponentScheme, "ErrInvalidUserInfo": ComponentUserinfo,
		"ErrInvalidHost": ComponentHost, "ErrInvalidHostAddress": ComponentHost, "ErrInvalidDNSName": ComponentHost,
		"ErrMissingHost": ComponentHost, "ErrInvalidPort": ComponentPort, "ErrInvalidPath": ComponentPath,
		"ErrInvalidQuery": ComponentQuery, "ErrInvalidFragment": ComponentFragment,
	}
	for _, c := range f.Cases {
		if reason, ok := fredbiSkips[c.Input]; ok {
			tally.Skip(reason)
			continue
		}
		parse := ParseURI
		if c.IsReference {
			parse = Parse
		}
		r, err := parse(c.Input)
		if c.ExpectedError != "" {
			var e *Error
			if !errors.As(err, &e) {
				tally.Check(t, false, "Parse(%q) = %q, want error %s", c.Input, r, c.ExpectedError)
				continue
			}
			want, ok := components[c.ExpectedError]
			tally.Check(t, !ok || e.Component == want || (want == ComponentHost && e.Component == ComponentPort),
				"Parse(%q): %v, want %s", c.Input, err, c.ExpectedError)
			continue
		}
		if err != nil {
			tally.Check(t, false, "Parse(%q): %v", c.Input, err)
			continue
		}
		ok := r.String() == c.Input
		if c.IsReference {
			_, uerr := ParseURI(c.Input)
			ok = ok && uerr != nil && errors.Is(uerr, ErrMissingScheme)
		}
		if s := c.Structure; s != nil {
			sch, _ := r.Scheme()
			q, _ := r.Query()
			fr, _ := r.Fragment()
			ok = ok && sch == s.Scheme && q == s.Query && fr == s.Fragment
			if a := s.Authority; a != nil {
				u, _ := r.Userinfo()
				h, _ := r.DecodedHost()
				p, _ := r.Port()
				ok = ok && u == a.Userinfo && h == a.Host && p == a.Port && r.Path() == a.Path &&
					(a.Prefix == "//") == r.HasAuthority()
			}
		}
		tally.Check(t, ok, "Parse(%q) = %q: structure differs", c.Input, r)
	}
	for _, c := range f.StringRoundtrip {
		r, _ := ParseLenient(c.Input)
		tally.Check(t, r.String() == c.Input, "ParseLenient(%q).String() = %q", c.Input, r)
	}
}

// pythonSkips lists CPython urllib cases that depart from RFC 3986, keyed
// by function and arguments.
var pythonSkips = map[string]string{
	"urljoin http://a/b/c/d;p?q#f ": "Python keeps the base fragment for an empty reference; RFC 3986 §5.2.2 drops it",
	"urljoin  http://a/./g":         "Python does not resolve against an empty base; RFC 3986 removes the dot segment",
}

func TestPythonURLLib(t *testing.T) {
	var f struct {
		Cases []struct {
			Function      string
			Args          []json.RawMessage
			Kwargs        map[string]any
			Expected      json.RawMessage
			ExpectedError string `json:"expected_error"`
			Note          string
		}
	}
	conformance.Load(t, "python-urllib-cases.json", &f)
	join := conformance.NewTally(t, "python-urllib/urljoin")
	split := conformance.NewTally(t, "python-urllib/urlsplit")
	for _, c := range f.Cases {
		var args []string
		for _, a := range c.Args {
			var s string
			if json.Unmarshal(a, &s) != nil {
				args = nil
				break
			}
			args = append(args, s)
		}
		key := c.Function + " " + strings.Join(args, " ")
		switch c.Function {
		case "urljoin":
			if reason, ok := pythonSkips[key]; ok {
				join.Skip(reason)
				continue
			}
			if len(args) != 2 || len(c.Kwargs) > 0 {
				join.Skip("byte-string or keyword arguments")
				continue
			}
			var want string
			json.Unmarshal(c.Expected, &want)
			base, err1 := Parse(args[0])
			ref, err2 := Parse(args[1])
			if err1 != nil || err2 != nil {
				join.Skip("not an RFC 3986 reference")
				continue
			}
			target, err := ResolveNonStrict(base, ref)
			if !base.HasScheme() {
				// RFC 3986 resolves only against an absolute base:
				// ResolveNonStrict must refuse what urljoin accepts.
				join.Check(t, err != nil, "urljoin(%q, %q): ResolveNonStrict accepted a base without a scheme", args[0], args[1])
				continue
			}
			got := target.String()
			join.Check(t, err == nil && got == want, "urljoin(%q, %q) = %q (%v), want %q (%s)", args[0], args[1], got, err, want, c.Note)
		case "urlsplit":
			if reason, ok := pythonSkips[key]; ok {
				split.Skip(reason)
				continue
			}
			if len(args) != 1 || len(c.Kwargs) > 0 {
				split.Skip("byte-string or keyword arguments")
				continue
			}
			r, err := Parse(args[0])
			if c.ExpectedError != "" {
				split.Check(t, err != nil, "urlsplit(%q) should fail, got %q", args[0], r)
				continue
			}
			var want []string
			json.Unmarshal(c.Expected, &want)
			if err != nil {
				// Not a URI reference: check the lenient split instead.
				r, _ = ParseLenient(args[0])
			}
			sch, _ := r.Scheme()
			au, _ := r.Authority()
			q, _ := r.Query()
			fr, _ := r.Fragment()
			got := []string{strings.ToLower(sch), au, r.Path(), q, fr}
			split.Check(t, strings.Join(got, "|") == strings.Join(want, "|"), "urlsplit(%q) = %q, want %q", args[0], got, want)
		}
	}
}
