package whatwg

import (
	"errors"
	"fmt"
	"net/url"
)

// ToNetURL converts u to a *url.URL by parsing its href with net/url.
// The two models agree on most http, https, ws, wss, ftp and file URLs;
// the conversion fails where net/url rejects the serialization (for
// instance some opaque hosts), and for the zero URL, which is not a URL;
// the result then is nil.
//
// The fields of the result keep u's percent-encoding: RawPath, RawQuery
// and RawFragment hold exactly what href holds, so u.Href() ==
// ToNetURL().String() whenever the conversion succeeds.
func (u *URL) ToNetURL() (*url.URL, error) {
	if u.href == "" {
		return nil, errors.New("whatwg: the zero URL is not a URL")
	}
	nu, err := url.Parse(u.href)
	if err != nil {
		// url.Error quotes the whole URL: quote a window of it.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("whatwg: net/url cannot parse %s: %w", quoteWindow(u.href, 0), err)
	}
	if nu.String() != u.href {
		return nil, errors.New("whatwg: net/url does not preserve " + quoteWindow(u.href, 0))
	}
	return nu, nil
}

// FromNetURL converts a net/url URL to a URL Standard URL by serializing it
// and parsing the result with no base. The result is normalized as the URL
// Standard requires (lower-case scheme and host, default port dropped,
// dot segments removed, and so on); relative net/url URLs fail, and so
// does a nil nu.
func FromNetURL(nu *url.URL) (*URL, error) {
	if nu == nil {
		return nil, errors.New("whatwg: FromNetURL of a nil *url.URL")
	}
	return Parse(nu.String(), nil)
}
