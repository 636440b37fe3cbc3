package main

import (
	"strings"
	"testing"
)

func TestPURLCommand(t *testing.T) {
	out, stderr, code := cli(t, "PKG://NPM/@angular/animation@12.3.1\npkg:pypi/Django_Allauth@0.61.1?B=2&a=1\npkg:swift/Alamofire\n", "purl")
	// A failed record is an empty line: one line per record.
	if code != 1 || out != "pkg:npm/%40angular/animation@12.3.1\npkg:pypi/django-allauth@0.61.1?a=1&b=2\n\n" {
		t.Errorf("purl: status %d, output %q", code, out)
	}
	if !strings.Contains(stderr, "record 3: offset 10") || !strings.Contains(stderr, "namespace") {
		t.Errorf("purl: stderr %q", stderr)
	}
	out, _, code = cli(t, "", "purl", "--json", "pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?type=pom&classifier=sources")
	want := `{"input":"pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?type=pom&classifier=sources","purl":"pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?classifier=sources&type=pom","type":"maven","namespace":"org.apache.xmlgraphics","name":"batik-anim","version":"1.9.1","qualifiers":[["classifier","sources"],["type","pom"]],"subpath":null}` + "\n"
	if code != 0 || out != want {
		t.Errorf("purl --json: status %d\n got %s\nwant %s", code, out, want)
	}
	out, _, code = cli(t, "", "purl", "--repo-url", "pkg:cargo/rand@0.7.2", "pkg:deb/debian/attr")
	if code != 0 || out != "pkg:cargo/rand@0.7.2\thttps://crates.io/crates/rand/0.7.2\npkg:deb/debian/attr\t\n" {
		t.Errorf("purl --repo-url: status %d, output %q", code, out)
	}
	out, _, code = cli(t, "", "purl", "--json", "--repo-url", "pkg:deb/debian/attr", "pkg:a")
	want = `{"input":"pkg:deb/debian/attr","purl":"pkg:deb/debian/attr","type":"deb","namespace":"debian","name":"attr","version":null,"qualifiers":null,"subpath":null,"repository_url":null}` + "\n" +
		`{"input":"pkg:a","error":{"offset":5,"component":"name","code":"missing-name","message":"the name is missing"}}` + "\n"
	if code != 1 || out != want {
		t.Errorf("purl --json --repo-url: status %d\n got %s\nwant %s", code, out, want)
	}
}
