package uri

import (
	"fmt"
	"net/url"
	"reflect"
	"testing"
)

// netURLShapes are inputs of the shapes net/url's own parse tests cover
// (a list written for this test): schemes in any case, empty and full
// authorities, userinfo with escapes, IPv4, IPv6 and zones, ports, empty
// and escaped paths, opaque (rootless) paths, empty and repeated "?",
// escaped and empty fragments, and relative references.
var netURLShapes = []string{
	"http://www.example.com",
	"http://www.example.com/",
	"http://www.example.com/file%20one%26two",
	"http://www.example.com/#file%20one%26two",
	"ftp://webmaster@www.example.com/",
	"ftp://john%20doe@www.example.com/",
	"http://www.example.com/?",
	"http://www.example.com/?foo=bar?",
	"http://www.example.com/?q=go+language",
	"http://www.example.com/a%20b?q=c+d",
	"http:www.example.com/?q=go+language",
	"http:%2f%2fwww.example.com/?q=go+language",
	"mailto:/webmaster@example.org",
	"mailto:webmaster@example.org",
	"MaIlTo:webmaster@example.org",
	"HTTP://Example.COM/Path",
	"/foo?query=http://bad",
	"//foo",
	"//user@foo/path?a=b",
	"///threeslashes",
	"///",
	"//",
	"http://user:password@example.com",
	"http://jane:p%40ssword@example.com/p@th?q=@go",
	"http://%3Fam:pa%3Fsword@example.com",
	"http://www.example.com/?q=go+language#foo",
	"http://www.example.com/?q=go+language#foo%26bar",
	"http://a/b#frag%20x",
	"http://a/b#f!()*",
	"http://a/b#%7E",
	"http://a/#",
	"http://a/?q#",
	"file:///home/adg/rabbits",
	"file:///C:/FooBar/Baz.txt",
	"a/b/c",
	"./a:b",
	"http://192.168.0.1/",
	"http://192.168.0.1:8080/",
	"http://[fe80::1]/",
	"http://[fe80::1]:8080/",
	"http://[fe80::1%25en0]/",
	"http://[fe80::1%25en0]:8080/",
	"http://[fe80::1%25%65%6e%301-._~]/",
	"http://rest.example.io/foo%2fbar/baz%2Fquux?alt=media",
	"mysql://a,b,c/bar",
	"scheme://!$&'()*+,;=hello!:1/path",
	"magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn",
	"mailto:?subject=hi",
	"http:",
	"http:?x",
	"x:/a",
	"x:/a?",
	"x://",
	"x:///a",
	"//h/p?q",
	"?q",
	"?",
	"#f",
	"",
	"http://a:/",
	"HTTP://User@Host:80/P%41th?Q#F%41",
	"http://h/a*b",
	"http://h/%2e%2E/",
	"*",
	"*?",
	"*#f",
	"%2A",
	"%2a",
	"%2A?q",
	"%2A#f",
	"/%2A",
	"a%2Ab",
	"a?b?c",
	"tel:+1-816-555-1212",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
}

// TestURLMatchesNetURL checks, field by field, that Reference.NetURL gives
// what url.Parse gives for the same text, wherever both accept it.
func TestURLMatchesNetURL(t *testing.T) {
	compared := 0
	for _, s := range netURLShapes {
		want, err1 := url.Parse(s)
		r, err2 := Parse(s)
		if err1 != nil || err2 != nil {
			t.Logf("%q: not compared (net/url: %v; uri: %v)", s, err1, err2)
			continue
		}
		got, err := r.NetURL()
		if err != nil {
			t.Errorf("Parse(%q).NetURL(): %v", s, err)
			continue
		}
		compared++
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q).NetURL() =\n\t%s\nurl.Parse gives\n\t%s", s, fields(got), fields(want))
		}
	}
	if compared < len(netURLShapes)-5 {
		t.Errorf("only %d of %d inputs compared", compared, len(netURLShapes))
	}
	t.Logf("%d of %d inputs compared", compared, len(netURLShapes))
}

// fields shows the fields of u, the user's as text.
func fields(u *url.URL) string {
	user := "<nil>"
	if u.User != nil {
		p, ok := u.User.Password()
		user = fmt.Sprintf("%q:%q(%v)", u.User.Username(), p, ok)
	}
	return fmt.Sprintf("Scheme=%q Opaque=%q User=%s Host=%q Path=%q RawPath=%q OmitHost=%v ForceQuery=%v RawQuery=%q Fragment=%q RawFragment=%q",
		u.Scheme, u.Opaque, user, u.Host, u.Path, u.RawPath, u.OmitHost, u.ForceQuery, u.RawQuery, u.Fragment, u.RawFragment)
}
