package main

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func newFileCmd() *cobra.Command {
	var (
		opts                  recordOptions
		toURL, toPath, window bool
	)
	cmd := &cobra.Command{
		Use:   "file (--to-url | --to-path) [--windows] [--json] [TEXT ...]",
		Short: "Convert absolute paths to file: URLs (RFC 8089) and back",
		Long: `--to-url writes each absolute path as a file: URL, as Node.js's
url.pathToFileURL does: the path is made canonical ("." and ".." segments
and runs of separators go), and every byte that may not stand in a URL
path ("%", "#", "?", space, control characters, non-ASCII and bytes that
are not UTF-8) is percent-encoded. --to-path turns each file: URL back
into a path, as url.fileURLToPath does; a URL with an escaped separator
(%2F, and with --windows %5C) is refused, and so is a host other than
localhost for a POSIX path.

Paths are read in the POSIX style unless --windows is given: then "\" and
"/" are separators, C:\dir\file becomes file:///C:/dir/file and the UNC
path \\server\share\file becomes file://server/share/file. The style never
depends on the system urikit runs on. Relative paths are refused. A path
holding a newline needs -0 (NUL-separated records).

--json writes {"input", "url"} or {"input", "path"} per record; "path_hex"
holds a path that is not UTF-8, which the text output writes as raw bytes.`,
		Example: `  urikit file --to-url '/tmp/a b#1'            # file:///tmp/a%20b%231
  urikit file --to-url --windows 'C:\a b\c'   # file:///C:/a%20b/c
  urikit file --to-path --windows 'file://server/share/x'   # \\server\share\x`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if toURL == toPath {
				return errors.New("give exactly one of --to-url and --to-path")
			}
			field := "url"
			if toPath {
				field = "path"
			}
			return processRecords(cmd, args, opts, fieldRecords(func(s string) report.Record {
				return report.FileURL(s, toPath, window)
			}, field))
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&toURL, "to-url", false, "convert paths to file: URLs")
	cmd.Flags().BoolVar(&toPath, "to-path", false, "convert file: URLs to paths")
	cmd.Flags().BoolVar(&window, "windows", false, "read and write Windows paths (drive letters, UNC) instead of POSIX ones")
	return cmd
}
