package diag

import (
	"strings"
	"testing"
)

func TestError(t *testing.T) {
	for _, c := range []struct {
		off            int
		context, input string
		want           string
	}{
		{3, "", "abc%zz", `p: offset 3: "abc%zz": bad escape`},
		{1, "path", "a b", `p: offset 1 (path): "a b": bad escape`},
		{NoOffset, "", "a b", `p: "a b": bad escape`},
		{NoOffset, "host", "", `p: host: bad escape`},
		{0, "", "", `p: offset 0: bad escape`},
	} {
		if got := Error("p", c.off, c.context, c.input, "bad escape"); got != c.want {
			t.Errorf("Error(%d, %q, %q) = %q, want %q", c.off, c.context, c.input, got, c.want)
		}
	}
	long := strings.Repeat("a", 1000) + " " + strings.Repeat("b", 1000)
	if got := Error("p", 1000, "", long, "m"); len(got) > 120 {
		t.Errorf("the window does not bound the message: %d bytes", len(got))
	}
}

func TestMarshalFinding(t *testing.T) {
	b, err := MarshalFinding(Finding{Offset: 8, Code: "c", Message: "m", Component: "host", Count: 2, Offsets: []int{8, 10}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"offset":8,"code":"c","message":"m","component":"host","count":2,"offsets":[8,10]}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	b, _ = MarshalFinding(Finding{Offset: 0, Code: "c", Message: "m", Count: 1, Offsets: []int{0}})
	if want := `{"offset":0,"code":"c","message":"m"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

func TestFindingString(t *testing.T) {
	for _, c := range []struct {
		f    Finding
		want string
	}{
		{Finding{Offset: 4, Code: "invalid-char", Message: "character not allowed here", Component: "path"}, "offset 4 (path): invalid-char: character not allowed here"},
		{Finding{Offset: 0, Code: "c", Message: "m", Count: 12, Offsets: []int{0, 3}}, "offset 0: c: m (12 times)"},
		{Finding{Offset: 7, Code: "c", Message: "m", Count: 1}, "offset 7: c: m"},
	} {
		if got := FindingString(c.f); got != c.want {
			t.Errorf("FindingString(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}
