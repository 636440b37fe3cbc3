package serve

import (
	"io/fs"
)

// The playground's in-browser engine, static/engine/urikit.wasm and
// static/engine/wasm_exec.js, is not in the repository (it is built from
// cmd/urikit-wasm). "go generate ./serve" builds it there; a urikit built
// after that embeds it, serves it at /engine/... and writes it with
// "urikit playground --out DIR". Without it the page answers with the API.
//
//go:generate sh -c "GOOS=js GOARCH=wasm go build -trimpath -ldflags=-s -o static/engine/urikit.wasm ../cmd/urikit-wasm && cp \"$(go env GOROOT)/lib/wasm/wasm_exec.js\" static/engine/wasm_exec.js"

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

// HasEngine reports whether this build embeds the in-browser engine
// (built by "go generate ./serve" before urikit was built).
func HasEngine() bool {
	return len(pageFiles()) > 3
}
