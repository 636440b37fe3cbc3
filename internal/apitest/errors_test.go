package apitest

import (
	"errors"
	"fmt"
	"net/netip"
	"reflect"
	"strings"
	"testing"

	"github.com/urikit/urikit/dataurl"
	"github.com/urikit/urikit/domain"
	"github.com/urikit/urikit/fileurl"
	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/gitaddr"
	"github.com/urikit/urikit/guard"
	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/iri"
	"github.com/urikit/urikit/mailto"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/purl"
	"github.com/urikit/urikit/surt"
	"github.com/urikit/urikit/template"
	"github.com/urikit/urikit/tracking"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/urlpattern"
	"github.com/urikit/urikit/urn"
	"github.com/urikit/urikit/whatwg"
)

// errorCase is a call of one package that fails, the sentinel it fails
// with, and how to take the package's *Error out of it.
type errorCase struct {
	pkg  string
	err  error
	code error
	// as runs errors.As with a *pkg.Error target and returns its Offset
	// and Input.
	as func(error) (offset int, input string, ok bool)
}

// as returns the errorCase.as function of the *Error type E, read by
// reflection (every package's Error has the fields Offset and Input).
func as[E any, P interface {
	*E
	error
}]() func(error) (int, string, bool) {
	return func(err error) (int, string, bool) {
		var e P
		if !errors.As(err, &e) {
			return 0, "", false
		}
		v := reflect.ValueOf(e).Elem()
		return int(v.FieldByName("Offset").Int()), v.FieldByName("Input").String(), true
	}
}

func second[T any](_ T, err error) error { return err }

func errorCases() []errorCase {
	return []errorCase{
		{"percent", second(percent.Decode("abc%4")), percent.ErrTruncatedEscape, as[percent.Error, *percent.Error]()},
		{"uri", second(uri.Parse("http://a b/")), uri.ErrInvalidChar, as[uri.Error, *uri.Error]()},
		{"whatwg", second(whatwg.Parse("http://[::1/")), whatwg.ErrIPv6Unclosed, as[whatwg.Error, *whatwg.Error]()},
		{"form", second(form.ParseStrict("a=%zz")), form.ErrInvalidEscape, as[form.Error, *form.Error]()},
		{"iri", second(iri.ToURI("http://a b/")), iri.ErrSyntax, as[iri.Error, *iri.Error]()},
		{"idna", second(idna.ToASCII("xn--a.com")), idna.ErrDisallowed, as[idna.Error, *idna.Error]()},
		{"domain", second(domain.RegistrableDomain("www.exa mple.com")), domain.ErrInvalidChar, as[domain.Error, *domain.Error]()},
		{"fileurl", second(fileurl.ToPath("file://./PhysicalDrive0", fileurl.Windows)), fileurl.ErrDevicePath, as[fileurl.Error, *fileurl.Error]()},
		{"dataurl", second(dataurl.Parse("http://a/")), dataurl.ErrNotDataURL, as[dataurl.Error, *dataurl.Error]()},
		{"urn", second(urn.Parse("urn:ab-:c")), urn.ErrNIDHyphen, as[urn.Error, *urn.Error]()},
		{"mailto", second(mailto.Parse("mailto:a@b?x=%zz")), mailto.ErrInvalidEscape, as[mailto.Error, *mailto.Error]()},
		{"template", second(template.Parse("/a b")), template.ErrInvalidLiteral, as[template.Error, *template.Error]()},
		{"urlpattern", second(urlpattern.New("https://a/(", urlpattern.Options{})), urlpattern.ErrInvalidPattern, as[urlpattern.Error, *urlpattern.Error]()},
		{"guard", guard.Default().CheckAddr(netip.MustParseAddr("127.0.0.1")), guard.ErrAddress, as[guard.Error, *guard.Error]()},
		{"purl", second(purl.Parse("pkg:swift/Alamofire@5.4.3")), purl.ErrNamespaceRequired, as[purl.Error, *purl.Error]()},
		{"gitaddr", second(gitaddr.Parse("host:")), gitaddr.ErrMissingPath, as[gitaddr.Error, *gitaddr.Error]()},
		{"surt", second(surt.Key("http://a:x/", surt.Options{})), surt.ErrInvalidPort, as[surt.Error, *surt.Error]()},
		{"tracking", second(tracking.New([]byte("{"))), tracking.ErrInvalidJSON, as[tracking.Error, *tracking.Error]()},
	}
}

// TestErrors checks rule 2 of API.md on an error of every package:
// errors.Is with the package's sentinel, errors.As with its *Error, an
// Offset within the input or -1, and the one text "pkg: ...".
func TestErrors(t *testing.T) {
	for _, c := range errorCases() {
		if c.err == nil {
			t.Errorf("%s: the call did not fail", c.pkg)
			continue
		}
		if !errors.Is(c.err, c.code) {
			t.Errorf("%s: errors.Is(%v, %v) is false", c.pkg, c.err, c.code)
		}
		off, input, ok := c.as(c.err)
		if !ok {
			t.Errorf("%s: errors.As(%v) found no *%s.Error", c.pkg, c.err, c.pkg)
			continue
		}
		if off < -1 || off > len(input) {
			t.Errorf("%s: Offset %d outside the input %q (and not -1)", c.pkg, off, input)
		}
		text := c.err.Error()
		if !strings.HasPrefix(text, c.pkg+": ") {
			t.Errorf("%s: %q does not start with %q", c.pkg, text, c.pkg+": ")
		}
		if off >= 0 && !strings.Contains(text, fmt.Sprintf("offset %d", off)) {
			t.Errorf("%s: %q does not give its offset %d", c.pkg, text, off)
		}
		// The sentinel's own text is its code, and it has a message.
		if m, ok := c.code.(interface{ Message() string }); !ok || m.Message() == "" || c.code.Error() == "" || strings.Contains(c.code.Error(), " ") {
			t.Errorf("%s: the Code %q is not a code with a Message", c.pkg, c.code.Error())
		}
		// A wrapped error still matches.
		if w := fmt.Errorf("context: %w", c.err); !errors.Is(w, c.code) {
			t.Errorf("%s: a wrapped error does not match its code", c.pkg)
		}
	}
	if got, want := len(errorCases()), len(packagesWithErrors(t)); got != want {
		t.Errorf("%d error cases for %d packages with an Error type: a package is missing from errorCases", got, want)
	}
}

// TestErrorsAcrossPackages checks that a cause from another package stays
// reachable (Unwrap() []error).
func TestErrorsAcrossPackages(t *testing.T) {
	_, err := form.ParseStrict("a=%zz")
	if !errors.Is(err, percent.ErrInvalidEscape) {
		t.Errorf("form's error does not reach percent's cause: %v", err)
	}
	_, err = domain.RegistrableDomain("a\u2028b.com")
	var ie *idna.Error
	if !errors.As(err, &ie) {
		t.Errorf("domain's IDNA error does not reach idna's *Error: %v", err)
	}
}
