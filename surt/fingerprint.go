package surt

import (
	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/tracking"
)

// FingerprintVersion is the prefix of the keys Fingerprint makes now,
// "v1:". It changes whenever the key of any URL would change.
const FingerprintVersion = "v1:"

// Fingerprint returns a key for "same resource" deduplication: "v1:"
// followed by the default Key of url once the parameters of the built-in
// tracking rules (tracking.Default) are removed. Redirect wrappers are
// not unwrapped: a wrapper is a resource of its own. It fails as Key
// does.
func Fingerprint(url string) (string, error) {
	if len(url) > 200 {
		b, err := AppendFingerprint(make([]byte, 0, keyCap(url)+len(FingerprintVersion)), url)
		if err != nil {
			return "", err
		}
		return bytestr.String(b), nil
	}
	var stack [256]byte
	b, err := AppendFingerprint(stack[:0], url)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendFingerprint appends the Fingerprint of url to dst. On error it
// returns dst unchanged.
func AppendFingerprint(dst []byte, url string) ([]byte, error) {
	clean := tracking.Default().Clean(url)
	if clean != url {
		// The URL as given must have a key: removing its parameters
		// must not make a key of what has none ("#utm_" is not "").
		if err := valid(url); err != nil {
			return dst, err
		}
	}
	n := len(dst)
	dst = append(dst, FingerprintVersion...)
	b, err := AppendKey(dst, clean, Options{})
	if err != nil {
		// Report the error against the URL as given.
		if _, err2 := AppendKey(nil, url, Options{}); err2 != nil {
			err = err2
		}
		return dst[:n], err
	}
	return b, nil
}

// valid returns the error of Key(url), without keeping the key.
func valid(url string) error {
	var stack [256]byte
	var b []byte
	if len(url) > 200 {
		b = make([]byte, 0, keyCap(url))
	} else {
		b = stack[:0]
	}
	_, err := AppendKey(b, url, Options{})
	return err
}
