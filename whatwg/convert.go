package whatwg

import (
	"errors"
	"net/url"

	"github.com/urikit/urikit/internal/window"
)

// NetURL converts u to a *url.URL by parsing its href with net/url.
// The two models agree on most http, https, ws, wss, ftp and file URLs;
// the conversion fails where net/url rejects the serialization (for
// instance some opaque hosts), and for the zero URL, which is not a URL
// (an *Error of code ErrNoURL); the result then is nil.
//
// The fields of the result keep u's percent-encoding: RawPath, RawQuery
// and RawFragment hold exactly what href holds, so u.Href() ==
// NetURL().String() whenever the conversion succeeds.
func (u URL) NetURL() (*url.URL, error) {
	if u.href == "" {
		return nil, &Error{Offset: -1, Code: ErrNoURL}
	}
	nu, err := url.Parse(u.href)
	if err != nil {
		// url.Error quotes the whole URL: quote a window of it.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, errors.Join(errors.New("whatwg: net/url cannot parse "+quoteStart(u.href)), err)
	}
	if nu.String() != u.href {
		return nil, errors.New("whatwg: net/url does not preserve " + quoteStart(u.href))
	}
	return nu, nil
}

// quoteStart returns the start of s quoted, as error messages quote input.
func quoteStart(s string) string { return string(window.AppendQuoted(nil, s, 0)) }

// FromNetURL converts a net/url URL to a URL Standard URL by serializing it
// and parsing the result as Parse does. The result is normalized as the
// URL Standard requires (lower-case scheme and host, default port
// dropped, dot segments removed, and so on); relative net/url URLs fail,
// and so does a nil nu.
func FromNetURL(nu *url.URL) (URL, error) {
	if nu == nil {
		return URL{}, errors.New("whatwg: FromNetURL of a nil *url.URL")
	}
	return Parse(nu.String())
}
