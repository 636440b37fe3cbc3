package report

import (
	"errors"

	"github.com/urikit/urikit/fileurl"
	"github.com/urikit/urikit/internal/window"
)

// FileURLError converts an error of package fileurl to a record's error.
// Its message leaves out the input, which fileurl.Error's own message
// quotes.
func FileURLError(err error) *Error {
	var fe *fileurl.Error
	if !errors.As(err, &fe) {
		return otherError(err)
	}
	e := &Error{Offset: fe.Offset, Code: string(fe.Code), Message: fe.Code.Message()}
	if fe.Err != nil {
		e.Message += ": " + window.Clip(fe.Err.Error(), maxMessage)
	}
	return e
}

// FileURL is the record of "urikit file": in, a path in the POSIX or
// (windows) Windows style, converted to a file: URL ("url"); or with
// toPath set, in, a file: URL, converted to a path ("path", "path_hex"
// when the path is not UTF-8).
func FileURL(in string, toPath, windows bool) Record {
	style := fileurl.POSIX
	if windows {
		style = fileurl.Windows
	}
	name, conv := "url", fileurl.FromPath
	if toPath {
		name, conv = "path", fileurl.ToPath
	}
	out, err := conv(in, style)
	if err != nil {
		return Record{Input: in, Error: FileURLError(err)}
	}
	return Record{Input: in, Fields: []Field{Text(name, out)}}
}
