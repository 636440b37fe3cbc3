package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestDomainCmd(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"domain", "www.Example.co.uk", "https://a.b.city.kobe.jp/x", "co.uk", "www.食狮.公司.cn"}, strings.NewReader(""), &out, &errOut)
	if code != 1 {
		t.Errorf("exit status %d, want 1 (a record failed)", code)
	}
	if got, want := out.String(), "example.co.uk\ncity.kobe.jp\n\n食狮.公司.cn\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	if !strings.Contains(errOut.String(), "record 3") || !strings.Contains(errOut.String(), "itself a public suffix") {
		t.Errorf("stderr %q", errOut.String())
	}

	out.Reset()
	errOut.Reset()
	code = run([]string{"domain", "--json", "--on-error", "skip"}, strings.NewReader("foo.github.io\n127.0.0.1\n"), &out, &errOut)
	want := `{"input":"foo.github.io","host":"foo.github.io","public_suffix":"github.io","icann":false,"registrable_domain":"foo.github.io"}` + "\n"
	if code != 0 || out.String() != want {
		t.Errorf("--json: status %d, output %q, want %q (stderr %q)", code, out.String(), want, errOut.String())
	}
}
