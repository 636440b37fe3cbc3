package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/serve"
)

func newPlaygroundCmd() *cobra.Command {
	var out, wasm string
	cmd := &cobra.Command{
		Use:   "playground --out DIR [--wasm FILE]",
		Short: "Write the playground page as static files, with its in-browser engine",
		Long: `Write the playground page of "urikit serve" into DIR as static files that
any web server (or a folder of GitHub Pages) can publish: index.html,
app.js, style.css, and its engine, urikit compiled to WebAssembly
(engine/urikit.wasm) with Go's loader for it (engine/wasm_exec.js). The
page answers in the browser itself, with the records "urikit serve" would
answer with; nothing typed in it leaves the browser.

The engine comes from, in this order: --wasm FILE (a build of
./cmd/urikit-wasm); this urikit binary, when it was built after
"go generate ./serve"; or a build made now with the Go toolchain
(GOOS=js GOARCH=wasm go build ./cmd/urikit-wasm, run in the urikit module,
as "go run ./cmd/urikit playground --out DIR" is), wasm_exec.js then
coming from $(go env GOROOT)/lib/wasm (or misc/wasm).

Nothing is written into DIR unless the whole site could be made: it is
made in a folder next to DIR first. When the engine cannot be built, the
exit status is 4 (not a usage error).

Serve DIR over HTTP, not from file:// (browsers do not fetch the engine
from file:// URLs); for a quick look: python3 -m http.server -d DIR.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("--out DIR is required")
			}
			return writePlayground(out, wasm, cmd.ErrOrStderr())
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the folder to write the page into (made if missing; its files are replaced)")
	cmd.Flags().StringVar(&wasm, "wasm", "", "a build of ./cmd/urikit-wasm to publish as the engine")
	return cmd
}

// writePlayground writes the page's files into dir, and the engine: from
// wasm when given, else embedded, else built with the Go toolchain. All
// is made in a folder next to dir first and moved into dir only when all
// of it was made: a failure writes nothing there.
func writePlayground(dir, wasm string, log interface{ Write([]byte) (int, error) }) error {
	var module []byte
	if wasm != "" {
		b, err := os.ReadFile(wasm)
		if err != nil {
			return &ioError{err}
		}
		if !bytes.HasPrefix(b, []byte("\x00asm")) {
			return fmt.Errorf("--wasm %s is not a WebAssembly module", wasm)
		}
		module = b
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return &ioError{err}
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return &ioError{err}
	}
	stage, err := os.MkdirTemp(filepath.Dir(abs), "."+filepath.Base(abs)+".partial-")
	if err != nil {
		return &ioError{err}
	}
	defer os.RemoveAll(stage)
	if err := stagePlayground(stage, module, log); err != nil {
		return err
	}
	if err := movePlayground(stage, abs); err != nil {
		return &ioError{err}
	}
	st, err := os.Stat(filepath.Join(abs, "engine", "urikit.wasm"))
	if err != nil {
		return &ioError{err}
	}
	fmt.Fprintf(log, "urikit playground: wrote %s (engine %d bytes); publish it with any static web server\n", dir, st.Size())
	return nil
}

// buildError is the failure of the engine's build: exit status 4, not a
// usage error.
type buildError struct{ err error }

func (e *buildError) Error() string { return e.err.Error() }
func (e *buildError) Unwrap() error { return e.err }

// stagePlayground writes every file of the site into the empty folder
// dir.
func stagePlayground(dir string, module []byte, log interface{ Write([]byte) (int, error) }) error {
	files := serve.PageFiles()
	if err := os.MkdirAll(filepath.Join(dir, "engine"), 0o755); err != nil {
		return &ioError{err}
	}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, filepath.FromSlash(p)), b, 0o644)
	})
	if err != nil {
		return &ioError{err}
	}
	engine := filepath.Join(dir, "engine", "urikit.wasm")
	loader := filepath.Join(dir, "engine", "wasm_exec.js")
	switch {
	case module != nil:
		if err := os.WriteFile(engine, module, 0o644); err != nil {
			return &ioError{err}
		}
		return copyLoader(loader)
	case serve.HasEngine():
		fmt.Fprintln(log, "urikit playground: the engine embedded in this urikit")
		return nil
	}
	fmt.Fprintln(log, "urikit playground: building the engine (GOOS=js GOARCH=wasm go build ./cmd/urikit-wasm)")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s", "-o", engine, "github.com/urikit/urikit/cmd/urikit-wasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	build.Stdout, build.Stderr = log, log
	if err := build.Run(); err != nil {
		return &buildError{fmt.Errorf("building the engine failed, nothing was written (run this in a checkout of urikit, or give --wasm FILE): %w", err)}
	}
	return copyLoader(loader)
}

// movePlayground moves the files of the staged site into dir (made if
// missing; files of the same names are replaced, others left alone).
func movePlayground(stage, dir string) error {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return os.Rename(stage, dir)
	}
	return fs.WalkDir(os.DirFS(stage), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == "." {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		return os.Rename(filepath.Join(stage, filepath.FromSlash(p)), dst)
	})
}

// copyLoader copies Go's wasm_exec.js, the loader of the engine, from
// $(go env GOROOT)/lib/wasm (Go 1.24 on) or misc/wasm.
func copyLoader(dst string) error {
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("finding wasm_exec.js (go env GOROOT): %w", err)
	}
	goroot := strings.TrimSpace(string(root))
	for _, sub := range []string{"lib/wasm", "misc/wasm"} {
		b, err := os.ReadFile(filepath.Join(goroot, filepath.FromSlash(sub), "wasm_exec.js"))
		if err == nil {
			if err := os.WriteFile(dst, b, 0o644); err != nil {
				return &ioError{err}
			}
			return nil
		}
	}
	return fmt.Errorf("no wasm_exec.js in %s/lib/wasm or %s/misc/wasm", goroot, goroot)
}
