package serve

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/report"
)

func readStatic(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(static, "static/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The set selector offers exactly the sets the API knows.
func TestPageSetSelector(t *testing.T) {
	page := readStatic(t, "index.html")
	sel := regexp.MustCompile(`(?s)<select id="set">(.*?)</select>`).FindStringSubmatch(page)
	if sel == nil {
		t.Fatal("no set selector in the page")
	}
	var values []string
	for _, m := range regexp.MustCompile(`<option value="([^"]+)"`).FindAllStringSubmatch(sel[1], -1) {
		values = append(values, m[1])
	}
	if want := report.SetNames(); !slices.Equal(values, want) {
		t.Errorf("page sets %v\nAPI sets  %v", values, want)
	}
	if !strings.Contains(sel[1], `<option value="unreserved" selected>`) {
		t.Error(`the default set is not "unreserved", as in the API`)
	}
}

// The page loads nothing from another host, and every form control has a
// label.
func TestPageSelfContained(t *testing.T) {
	page := readStatic(t, "index.html")
	for _, m := range regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		u := m[1]
		if !(strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") || strings.HasPrefix(u, "#") || u == "data:,") {
			t.Errorf("page refers to %q, not a same-origin path", u)
		}
	}
	for _, name := range []string{"app.js", "style.css"} {
		text := readStatic(t, name)
		if regexp.MustCompile(`(?i)https?://|url\(|@import`).MatchString(text) {
			t.Errorf("%s refers to another resource", name)
		}
	}
	for _, m := range regexp.MustCompile(`<(?:input|select|textarea) id="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		if !strings.Contains(page, `<label for="`+m[1]+`"`) {
			t.Errorf("control #%s has no label", m[1])
		}
	}
	// The script calls only routes the handler has.
	h := NewHandler(Options{}).(*handler)
	for _, m := range regexp.MustCompile(`'(/v1/[a-z]+)'`).FindAllStringSubmatch(readStatic(t, "app.js"), -1) {
		if _, ok := h.routes[m[1]]; !ok {
			t.Errorf("app.js calls %s, which is not a route", m[1])
		}
	}
}

// The page names every API route, from the table of them.
func TestPageNamesRoutes(t *testing.T) {
	page := readStatic(t, "index.html")
	for _, c := range report.Commands() {
		if !strings.Contains(page, "<code>"+c.Route+"</code>") && !strings.Contains(page, "<code>POST "+c.Route+"</code>") {
			t.Errorf("the page does not name %s", c.Route)
		}
	}
}
