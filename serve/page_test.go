package serve

import (
	"io/fs"
	"math"
	"net/http"
	"net/http/httptest"
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

// jsList returns the strings of the JavaScript array constant name in
// app.js.
func jsList(t *testing.T, name string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?s)const ` + name + ` = \[(.*?)\];`).FindStringSubmatch(readStatic(t, "app.js"))
	if m == nil {
		t.Fatalf("no const %s in app.js", name)
	}
	var out []string
	for _, s := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(m[1], -1) {
		out = append(out, s[1])
	}
	return out
}

// The set selector offers exactly the sets the API knows, and the level
// selector its ladders.
func TestPageSelectors(t *testing.T) {
	if got, want := jsList(t, "SETS"), report.SetNames(); !slices.Equal(got, want) {
		t.Errorf("page sets %v\nAPI sets  %v", got, want)
	}
	if !strings.Contains(readStatic(t, "app.js"), `options: SETS, def: 'unreserved'`) {
		t.Error(`the default set is not "unreserved", as in the API`)
	}
	if got, want := jsList(t, "LEVELS"), report.LevelNames()[:4]; !slices.Equal(got, want) {
		t.Errorf("page levels %v\nAPI levels  %v", got, want)
	}
}

// The page loads nothing from another host, by relative paths (so that
// the folder "urikit playground" writes works under any path), and its
// CSP is the server's.
func TestPageSelfContained(t *testing.T) {
	page := readStatic(t, "index.html")
	for _, m := range regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		u := m[1]
		if strings.Contains(u, ":") && u != "data:," || strings.HasPrefix(u, "/") {
			t.Errorf("page refers to %q, not a relative path", u)
		}
	}
	app := readStatic(t, "app.js")
	for name, text := range map[string]string{"app.js": app, "style.css": readStatic(t, "style.css")} {
		if regexp.MustCompile(`(?i)url\(|@import|import\(`).MatchString(text) {
			t.Errorf("%s refers to another resource", name)
		}
	}
	for _, m := range regexp.MustCompile(`(?:fetch\(|src: )'([^']*)'`).FindAllStringSubmatch(app, -1) {
		if strings.Contains(m[1], ":") || strings.HasPrefix(m[1], "/") {
			t.Errorf("app.js loads %q, not a relative path", m[1])
		}
	}
	if !strings.Contains(app, "fetch(route.slice(1),") {
		t.Error("app.js does not call the API by relative paths")
	}
	meta := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]+)">`).FindStringSubmatch(page)
	if meta == nil {
		t.Fatal("no CSP meta element")
	}
	// frame-ancestors has no effect in a meta element.
	if want := strings.TrimSuffix(pageCSP, "; frame-ancestors 'none'"); meta[1] != want {
		t.Errorf("meta CSP %q\nserver CSP %q", meta[1], want)
	}
}

// The script calls only routes the handler has, and every route has a
// tool.
func TestPageRoutes(t *testing.T) {
	h := NewHandler(Options{}).(*handler)
	// The code, without its comments (which show how to add a tool).
	app := regexp.MustCompile(`(?m)^\s*//.*$`).ReplaceAllString(readStatic(t, "app.js"), "")
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`'(/v1/[a-z/]+)'`).FindAllStringSubmatch(app, -1) {
		r := m[1]
		if strings.HasSuffix(r, "/") { // '/v1/form/' + op
			for _, op := range []string{"decode", "encode"} {
				used[r+op] = true
			}
			continue
		}
		used[r] = true
	}
	for r := range used {
		if _, ok := h.routes[r]; !ok {
			t.Errorf("app.js calls %s, which is not a route", r)
		}
	}
	for _, c := range report.Commands() {
		if !used[c.Route] {
			t.Errorf("no tool of the page calls %s", c.Route)
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

// PageFiles holds the page (and the engine when embedded), nothing else;
// the handler serves each of them with the CSP.
func TestPageFiles(t *testing.T) {
	var names []string
	err := fs.WalkDir(PageFiles(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"app.js", "index.html", "style.css"}
	if HasEngine() {
		want = []string{"app.js", "engine/urikit.wasm", "engine/wasm_exec.js", "index.html", "style.css"}
	}
	if !slices.Equal(names, want) {
		t.Errorf("PageFiles holds %v, want %v", names, want)
	}
	h := NewHandler(Options{})
	for _, name := range append(want, "engine/.gitignore") {
		path := "/" + name
		if name == "index.html" {
			path = "/"
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		wantStatus := http.StatusOK
		if name == "engine/.gitignore" {
			wantStatus = http.StatusNotFound
		}
		if rec.Code != wantStatus {
			t.Errorf("GET %s: %d, want %d", path, rec.Code, wantStatus)
		}
		if wantStatus == http.StatusOK && rec.Header().Get("Content-Security-Policy") != pageCSP {
			t.Errorf("GET %s: CSP %q", path, rec.Header().Get("Content-Security-Policy"))
		}
	}
}

// The page's colours, light and dark, give text a contrast of at least
// 4.5:1 (WCAG AA) on the backgrounds it is shown on.
func TestPageContrast(t *testing.T) {
	css := readStatic(t, "style.css")
	schemes := regexp.MustCompile(`(?s):root \{(.*?)\}`).FindAllStringSubmatch(css, -1)
	if len(schemes) != 2 {
		t.Fatalf("want a light and a dark :root, found %d", len(schemes))
	}
	lum := func(hex string) float64 {
		var rgb [3]float64
		for i := range rgb {
			var v int
			for _, c := range hex[1+2*i : 3+2*i] {
				v = v*16 + strings.IndexRune("0123456789abcdef", c)
			}
			c := float64(v) / 255
			if c <= 0.03928 {
				rgb[i] = c / 12.92
			} else {
				rgb[i] = math.Pow((c+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	}
	for i, s := range schemes {
		vars := map[string]string{}
		for _, m := range regexp.MustCompile(`--([a-z-]+): (#[0-9a-f]{6});`).FindAllStringSubmatch(s[1], -1) {
			vars[m[1]] = m[2]
		}
		for _, pair := range [][2]string{
			{"fg", "card"}, {"fg", "bg"}, {"muted", "card"}, {"muted", "bg"}, {"accent", "card"}, {"good", "card"},
			{"bad", "card"}, {"on-bad", "bad"}, {"fg", "diff-bg"}, {"muted", "diff-bg"},
		} {
			a, b := vars[pair[0]], vars[pair[1]]
			if a == "" || b == "" {
				t.Errorf("scheme %d: no --%s or --%s", i, pair[0], pair[1])
				continue
			}
			la, lb := lum(a), lum(b)
			ratio := (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
			if ratio < 4.5 {
				t.Errorf("scheme %d: --%s on --%s has a contrast of %.2f:1, under 4.5:1", i, pair[0], pair[1], ratio)
			}
		}
	}
}

// The engine is sent gzipped to clients that take gzip, with an ETag that
// makes a browser's copy answer 304.
func TestPageEngineFile(t *testing.T) {
	body := []byte("\x00asm engine")
	gz := []byte("gzipped engine")
	for _, c := range []struct {
		gz             []byte
		accept, inm    string
		status         int
		body, encoding string
	}{
		{gz, "gzip, deflate, br", "", http.StatusOK, string(gz), "gzip"},
		{gz, "br;q=1.0, gzip;q=0.5", "", http.StatusOK, string(gz), "gzip"},
		{gz, "gzip;q=0", "", http.StatusOK, string(body), ""},
		{gz, "", "", http.StatusOK, string(body), ""},
		{nil, "gzip", "", http.StatusOK, string(body), ""},
		{gz, "gzip", "ETAG", http.StatusNotModified, "", ""},
		{gz, "gzip", `"other"`, http.StatusOK, string(gz), "gzip"},
	} {
		serve := engineHandler(body, c.gz, "application/wasm")
		// The ETag, from a first request.
		first := httptest.NewRecorder()
		serve(&response{ResponseWriter: first}, httptest.NewRequest(http.MethodGet, "/engine/urikit.wasm", nil))
		etag := first.Header().Get("ETag")
		if !regexp.MustCompile(`^"[0-9a-f]{24}"$`).MatchString(etag) {
			t.Fatalf("ETag %q", etag)
		}
		req := httptest.NewRequest(http.MethodGet, "/engine/urikit.wasm", nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		if c.inm != "" {
			req.Header.Set("If-None-Match", strings.ReplaceAll(c.inm, "ETAG", etag))
		}
		rec := httptest.NewRecorder()
		serve(&response{ResponseWriter: rec}, req)
		if rec.Code != c.status || rec.Body.String() != c.body || rec.Header().Get("Content-Encoding") != c.encoding {
			t.Errorf("%+v: %d %q encoding %q", c, rec.Code, rec.Body.String(), rec.Header().Get("Content-Encoding"))
		}
		if c.status == http.StatusOK && rec.Header().Get("Content-Type") != "application/wasm" {
			t.Errorf("%+v: Content-Type %q", c, rec.Header().Get("Content-Type"))
		}
	}
}

// TestPageToldItsEngines: the page that urikit serve sends says which
// engines are there, so that it never asks for a missing one; the static
// files say the engine only (no API behind a plain file server).
func TestPageToldItsEngines(t *testing.T) {
	if !strings.Contains(readStatic(t, "index.html"), `<meta name="urikit-engines" content="wasm">`) {
		t.Error("the static index.html does not say wasm")
	}
	if !strings.Contains(string(indexHTML(false)), `<meta name="urikit-engines" content="server">`) ||
		!strings.Contains(string(indexHTML(true)), `<meta name="urikit-engines" content="wasm server">`) {
		t.Error("indexHTML does not say the engines")
	}
	h := newTestHandler()
	a := call(t, h, "GET", "/", "")
	want := `content="server"`
	if HasEngine() {
		want = `content="wasm server"`
	}
	if a.status != 200 || !strings.Contains(a.raw, `<meta name="urikit-engines" `+want+`>`) {
		t.Errorf("GET /: %d, want the meta %s", a.status, want)
	}
}
