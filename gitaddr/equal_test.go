package gitaddr

import "testing"

func TestEqual(t *testing.T) {
	for _, c := range []struct {
		a, b          string
		equal, strict bool
	}{
		{"git@github.com:owner/repo.git", "ssh://git@github.com/owner/repo", true, false},
		{"git@github.com:owner/repo.git", "ssh://git@github.com/~/owner/repo", true, true},
		{"git@github.com:owner/repo.git", "https://github.com/owner/repo", true, false},
		{"https://www.GitHub.com/owner/repo/", "https://github.com/owner/repo.git", true, false},
		{"https://github.com/owner/repo", "https://github.com:443/owner/repo.git/", true, true},
		{"https://github.com/o%77ner/repo", "https://github.com/owner/repo", true, true},
		{"https://github.com/Owner/repo", "https://github.com/owner/repo", false, false},
		{"ssh://h:22/r", "h:/r", true, true},
		{"ssh://h:2222/r", "[h:2222]:/r", true, true},
		{"ssh://h:2222/r", "ssh://h/r", true, false},
		{"ssh://u@h/r", "ssh://v@h/r", true, false},
		{"git+ssh://h/r", "ssh://h/r", true, true},
		{"git://h/r", "ssh://h/r", true, false},
		{"h:a//b", "h:a/b", true, true},
		{"/srv/r.git", "file:///srv/r", true, true},
		{"/srv/./x/../r/", "file:///srv/r.git", true, true},
		{"repo", "./repo", true, true},
		{"/srv/r", "ssh://h/srv/r", false, false},
		{"h:r", "g:r", false, false},
		{"hg::x", "hg::x", true, true},
		{"[::1]:r", "ssh://[::1]/~/r", true, true},
	} {
		a, b := MustParse(c.a), MustParse(c.b)
		if got := Equal(a, b); got != c.equal || Equal(b, a) != got {
			t.Errorf("Equal(%q, %q) = %v; keys %q %q", c.a, c.b, got, a.Key(), b.Key())
		}
		if got := EqualStrict(a, b); got != c.strict || EqualStrict(b, a) != got {
			t.Errorf("EqualStrict(%q, %q) = %v; keys %q %q", c.a, c.b, got, a.StrictKey(), b.StrictKey())
		}
	}
	var z Addr
	if !Equal(z, z) || Equal(z, MustParse("h:r")) || z.Key() != "" || !z.IsZero() {
		t.Error("the zero Addr is equal only to itself")
	}
	if p, ok := DefaultPort("git"); !ok || p != 9418 {
		t.Errorf("DefaultPort(git) = %d, %v", p, ok)
	}
}

func TestText(t *testing.T) {
	var a Addr
	if err := a.UnmarshalText([]byte("h:r")); err != nil || a.Host() != "h" {
		t.Fatalf("UnmarshalText: %+v %v", a, err)
	}
	if err := a.UnmarshalText(nil); err != nil || !a.IsZero() {
		t.Fatalf("UnmarshalText(\"\"): %+v %v", a, err)
	}
	if b, _ := a.MarshalText(); len(b) != 0 {
		t.Fatalf("zero marshals to %q", b)
	}
	if err := a.UnmarshalText([]byte("h:")); err == nil {
		t.Fatal("UnmarshalText accepts h:")
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Parse("git@github.com:owner/repo.git") }); n != 0 {
		t.Errorf("Parse allocates %v times", n)
	}
}
