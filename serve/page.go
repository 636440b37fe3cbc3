package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// The playground's in-browser engine, static/engine/urikit.wasm and
// static/engine/wasm_exec.js, is not in the repository (it is built from
// cmd/urikit-wasm). "go generate ./serve" builds it there; a urikit built
// after that embeds it, serves it at /engine/... and writes it with
// "urikit playground --out DIR". Without it the page answers with the API.
//
// It also writes static/engine/urikit.wasm.gz, which the server sends to
// browsers that take gzip (a quarter of the size).
//
//go:generate sh -c "GOOS=js GOARCH=wasm go build -trimpath -ldflags=-s -o static/engine/urikit.wasm ../cmd/urikit-wasm && cp \"$(go env GOROOT)/lib/wasm/wasm_exec.js\" static/engine/wasm_exec.js && gzip -9 -k -f static/engine/urikit.wasm"

// pageFile is a file of the playground: its path in the page's folder
// and its content type.
type pageFile struct {
	path, contentType string
}

// pageFiles are the playground's files: the page, and the in-browser
// engine when it is embedded.
func pageFiles() []pageFile {
	files := []pageFile{
		{"index.html", "text/html; charset=utf-8"},
		{"app.js", "text/javascript; charset=utf-8"},
		{"style.css", "text/css; charset=utf-8"},
	}
	for _, f := range []pageFile{
		{"engine/urikit.wasm", "application/wasm"},
		{"engine/wasm_exec.js", "text/javascript; charset=utf-8"},
	} {
		if _, err := fs.Stat(static, "static/"+f.path); err == nil {
			files = append(files, f)
		}
	}
	return files
}

// pageRoutes returns the handler of each of the playground's paths.
func pageRoutes() map[string]func(*response, *http.Request) {
	routes := map[string]func(*response, *http.Request){}
	for _, f := range pageFiles() {
		path := "/" + f.path
		switch f.path {
		case "index.html":
			routes["/"] = staticBody(indexHTML(HasEngine()), f.contentType)
			continue
		case "engine/urikit.wasm":
			routes[path] = engineFile(f)
			continue
		}
		routes[path] = staticFile("static/"+f.path, f.contentType)
	}
	return routes
}

// enginesMeta is the element of index.html that tells the page its
// engines; as embedded (and as "urikit playground --out" writes it) it
// says "wasm": the engine is next to the page, no API behind it.
const enginesMeta = `<meta name="urikit-engines" content="wasm">`

// indexHTML returns the page as "urikit serve" sends it: the API is
// behind it, and the in-browser engine when this build has it, so that
// the page never asks for an engine that is not there.
func indexHTML(hasEngine bool) []byte {
	body, err := fs.ReadFile(static, "static/index.html")
	if err != nil || !bytes.Contains(body, []byte(enginesMeta)) {
		panic("serve: index.html lacks " + enginesMeta)
	}
	engines := "server"
	if hasEngine {
		engines = "wasm server"
	}
	return bytes.Replace(body, []byte(enginesMeta), []byte(`<meta name="urikit-engines" content="`+engines+`">`), 1)
}

// engineFile serves the engine, large and unchanging for a given urikit:
// with an ETag (its SHA-256, computed at the first request), so that a
// browser that has it gets 304 Not Modified, and gzipped to browsers that
// take gzip when static/engine/urikit.wasm.gz is embedded.
func engineFile(f pageFile) func(*response, *http.Request) {
	body, err := fs.ReadFile(static, "static/"+f.path)
	if err != nil {
		panic("serve: missing embedded file " + f.path)
	}
	gz, _ := fs.ReadFile(static, "static/"+f.path+".gz")
	return engineHandler(body, gz, f.contentType)
}

// engineHandler serves body (gz when not nil and the client takes gzip)
// as engineFile does.
func engineHandler(body, gz []byte, contentType string) func(*response, *http.Request) {
	etag := sync.OnceValue(func() string {
		sum := sha256.Sum256(body)
		return `"` + hex.EncodeToString(sum[:12]) + `"`
	})
	return func(w *response, r *http.Request) {
		hd := w.Header()
		tag := etag()
		hd.Set("ETag", tag)
		hd.Set("Cache-Control", "no-cache")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Content-Security-Policy", pageCSP)
		hd.Set("Referrer-Policy", "no-referrer")
		if gz != nil {
			hd.Set("Vary", "Accept-Encoding")
		}
		if inm := r.Header.Get("If-None-Match"); inm != "" && strings.Contains(inm, tag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		out := body
		if gz != nil && acceptsGzip(r.Header.Get("Accept-Encoding")) {
			out = gz
			hd.Set("Content-Encoding", "gzip")
		}
		hd.Set("Content-Type", contentType)
		hd.Set("Content-Length", strconv.Itoa(len(out)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			w.Write(out)
		}
	}
}

// acceptsGzip reports whether an Accept-Encoding header takes gzip (not
// with q=0).
func acceptsGzip(header string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// PageFiles returns the playground's files as a file system: index.html,
// app.js and style.css, and engine/urikit.wasm and engine/wasm_exec.js
// when this build embeds the in-browser engine (see HasEngine). Served as
// static files from any folder, they are the whole playground, with no
// server behind them once the engine is there.
func PageFiles() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic("serve: " + err.Error()) // "static" is a valid path
	}
	return pageFS{sub}
}

// pageFS is the static folder, without the .gitignore of engine/.
type pageFS struct{ fs.FS }

// Open opens the file name if it is one of the page's files (or a folder
// of them).
func (p pageFS) Open(name string) (fs.File, error) {
	if name == "." || name == "engine" {
		return p.FS.Open(name)
	}
	for _, f := range pageFiles() {
		if f.path == name {
			return p.FS.Open(name)
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// ReadDir lists the page's files in the folder name.
func (p pageFS) ReadDir(name string) ([]fs.DirEntry, error) {
	all, err := fs.ReadDir(p.FS, name)
	if err != nil {
		return nil, err
	}
	var out []fs.DirEntry
	for _, e := range all {
		path := e.Name()
		if name != "." {
			path = name + "/" + path
		}
		if _, err := p.Open(path); err == nil {
			out = append(out, e)
		}
	}
	return out, nil
}

// HasEngine reports whether this build embeds the in-browser engine
// (built by "go generate ./serve" before urikit was built).
func HasEngine() bool {
	return len(pageFiles()) > 3
}
