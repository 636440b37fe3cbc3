package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTemplateCmd(t *testing.T) {
	vars := filepath.Join(t.TempDir(), "vars.json")
	if err := os.WriteFile(vars, []byte(`{"owner": "u k", "labels": ["a", "b/c"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stdin string
		args  []string
		out   string
		code  int
	}{
		{"", []string{"template", "expand", "/r/{owner}{?labels}", "--var", "owner=x y", "--var", "labels=1", "--var", "labels=2"}, "/r/x%20y?labels=1,2\n", 0},
		{"", []string{"template", "expand", "/r/{owner}{?labels*}", "--vars-json", vars}, "/r/u%20k?labels=a&labels=b%2Fc\n", 0},
		{`{"owner": "o"}`, []string{"template", "expand", "/r/{owner}{?labels*}", "--vars-json", "-", "--var", "labels=z"}, "/r/o?labels=z\n", 0},
		{"{\"a\": 1}\n{\"a\": [\"x\", \"y\"]}\nnot json\n", []string{"template", "expand", "{/a}"}, "/1\n/x,y\n\n", 1},
		{"", []string{"template", "expand", "{a"}, "", exitUsage},
		// Literal text RFC 6570 §2.1 does not allow is a usage error
		// (issue 25), no longer encoded.
		{"", []string{"template", "expand", "/a b", "--var", "a=1"}, "", exitUsage},
		{"", []string{"template", "expand", "/a%zz", "--var", "a=1"}, "", exitUsage},
		{"", []string{"template", "expand", "/a%", "--var", "a=1"}, "", exitUsage},
		{"", []string{"template", "expand", "/a^", "--var", "a=1"}, "", exitUsage},
		{"", []string{"template", "expand", "/a'{a}", "--var", "a=1"}, "/a'1\n", 0},
		{"", []string{"template", "expand", "{a}", "--var", "a"}, "", exitUsage},
		{"", []string{"template", "match", "/r/{id}{?q}", "/r/a%2Fb?q=1", "/r/x"}, "{\"id\":\"a/b\",\"q\":\"1\"}\n{\"id\":\"x\"}\n", 0},
		{"", []string{"template", "match", "{a}{b}", "x"}, "", exitUsage},
		{"", []string{"template", "match", "/r/{id}", "/s"}, "\n", 1},
		// A failing record fails in --json mode too (its record is written).
		{"not json\n", []string{"template", "expand", "{/a}", "--json"}, `{"input":"not json","error":{"offset":2,"code":"invalid-json","message":"want a JSON object of variables: invalid character 'o' in literal null (expecting 'u')"}}` + "\n", 1},
		{"", []string{"template", "match", "/r/{id}", "--json", "/s"}, `{"input":"/s","error":{"offset":0,"code":"no-match","message":"does not match the template from its offset 0"}}` + "\n", 1},
		{"", []string{"template", "match", "/r/{id}", "--json", "/s", "--on-error", "skip"}, "", 0},
	} {
		out, errOut, code := cli(t, c.stdin, c.args...)
		if out != c.out || code != c.code {
			t.Errorf("%q: %q (stderr %q) status %d; want %q status %d", c.args, out, errOut, code, c.out, c.code)
		}
	}
}
