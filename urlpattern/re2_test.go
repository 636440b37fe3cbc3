package urlpattern

import (
	"errors"
	"regexp"
	"testing"
)

func TestTranslateRegexp(t *testing.T) {
	for _, c := range []struct {
		re      string
		match   []string
		nomatch []string
	}{
		{`\d+`, []string{"0", "123"}, []string{"", "a", "١"}},
		{`a.c`, []string{"abc", "a\u00e9c"}, []string{"a\nc", "a\rc", "a\u2028c"}},
		{`\s`, []string{" ", "\u00a0", "\ufeff", "\u3000"}, []string{"a", "\u200b"}},
		{`\S`, []string{"a", "\u200b"}, []string{" ", "\u2029"}},
		{`[\s]`, []string{"\u2028"}, []string{"x"}},
		{`[^]`, []string{"\n", "a"}, []string{""}},
		{`[]`, nil, []string{"", "a"}},
		{`[[a-z]--[aeiou]]`, []string{"b", "z"}, []string{"a", "e", "A"}},
		{`[\w&&[^\d]]`, []string{"a", "_"}, []string{"1", "-"}},
		{`[\q{a|b}c]`, []string{"a", "b", "c"}, []string{"d"}},
		{`\u{1F345}|\uD83C\uDF45`, []string{"🍅"}, []string{"a"}},
		{`\x41\cJ`, []string{"A\n"}, []string{"A"}},
		{`(?<year>\d{4})`, []string{"2024"}, []string{"24"}},
		{`(?i:ab)c`, []string{"ABc"}, []string{"ABC"}},
		{`\p{Lu}+`, []string{"ÀB"}, []string{"a"}},
		{`\p{Script=Greek}`, []string{"α"}, []string{"a"}},
		{`a{2,3}?`, []string{"aa", "aaa"}, []string{"a"}},
		{`\/\.\\`, []string{`/.\`}, nil},
	} {
		src, err := translateRegexp(c.re)
		if err != nil {
			t.Errorf("%s: %v", c.re, err)
			continue
		}
		re := regexp.MustCompile("^(?:" + src + ")$")
		for _, s := range c.match {
			if !re.MatchString(s) {
				t.Errorf("%s (RE2 %s) does not match %q", c.re, src, s)
			}
		}
		for _, s := range c.nomatch {
			if re.MatchString(s) {
				t.Errorf("%s (RE2 %s) matches %q", c.re, src, s)
			}
		}
	}
}

func TestTranslateRegexpErrors(t *testing.T) {
	for _, c := range []struct {
		re          string
		unsupported bool
	}{
		{`a(?=b)`, true},
		{`a(?!b)`, true},
		{`(?<=a)b`, true},
		{`(?<!a)b`, true},
		{`(?<x>a)\1`, true},
		{`(?<x>a)\k<x>`, true},
		{`a{1001}`, true},
		{`(?s:.)`, true},
		{`\p{Script_Extensions=Latin}`, true},
		{`[\q{ab}]`, true},
		{`\uD800`, true},
		{`\m`, false},
		{`\H`, false},
		{`a{`, false},
		{`a]`, false},
		{`*a`, false},
		{`[a-]`, false},
		{`[a&&&b]`, false},
		{`[ab--c]`, false},
		{`[b-a]`, false},
		{`(?R)`, false},
		{`\`, false},
		{`\x4`, false},
		{`\u12`, false},
		{`\c1`, false},
		{`[\d-z]`, false},
	} {
		_, err := translateRegexp(c.re)
		var re *regexpError
		if !errors.As(err, &re) {
			t.Errorf("%s: err %v, want a regexpError", c.re, err)
			continue
		}
		if re.unsupported != c.unsupported {
			t.Errorf("%s: unsupported %v (%s), want %v", c.re, re.unsupported, re.construct, c.unsupported)
		}
	}
}

func TestUnsupportedRegexpError(t *testing.T) {
	_, err := New(`https://example.com/:id(\d+(?=x))`, Options{})
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrUnsupportedRegexp || e.Component != "pathname" || e.Construct != `lookahead "(?="` {
		t.Fatalf("err = %#v", err)
	}
	if e.Offset != 8 || e.Input[e.Offset:e.Offset+3] != "(?=" {
		t.Errorf("offset %d in %q", e.Offset, e.Input)
	}
	t.Log(err)
}

func TestGenerateRefusesDelimiters(t *testing.T) {
	p, err := New("https://{:sub.}example.com/:x", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"a/b", "a?b", "a#b", "a:1", "u@h"} {
		if got, err := p.Generate("hostname", map[string]string{"sub": v}); err == nil {
			t.Errorf("Generate hostname with %q = %q, want an error", v, got)
		}
	}
	if got, err := p.Generate("hostname", map[string]string{"sub": "WWW"}); err != nil || got != "www.example.com" {
		t.Errorf("Generate hostname = %q, %v", got, err)
	}
}
