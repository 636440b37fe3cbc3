package api

import "github.com/urikit/urikit/internal/report"

// fileRequest is the body of /v1/file: the records, and the direction
// and path style of "urikit file".
type fileRequest struct {
	records
	// ToPath converts file: URLs to paths; by default paths are
	// converted to file: URLs (urikit file --to-url).
	ToPath bool `json:"to_path"`
	// Windows reads and writes Windows paths instead of POSIX ones.
	Windows bool `json:"windows"`
}

// prepareFile answers each record with the record of "urikit file
// --json": {"input", "url"} or {"input", "path"}.
func prepareFile(req *fileRequest) (Maker, *Error) {
	toPath, windows := req.ToPath, req.Windows
	return func(in string) report.Record { return report.FileURL(in, toPath, windows) }, nil
}
