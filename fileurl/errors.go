package fileurl

import (
	"github.com/urikit/urikit/internal/diag"
	"github.com/urikit/urikit/internal/window"
)

// A Code says why a path or a URL could not be converted. It is an error
// itself, so that errors.Is(err, fileurl.ErrRelative) works on an
// [*Error].
type Code string

// Error returns the code.
func (c Code) Error() string { return string(c) }

// The codes of the errors of FromPath and ToPath. The Node.js error code
// that url.pathToFileURL or url.fileURLToPath throws in the same case is
// given for each.
const (
	// ErrStyle: the Style is neither POSIX nor Windows.
	ErrStyle Code = "invalid-style"
	// ErrRelative: the path is not absolute (FromPath). On Windows a
	// rooted path without a drive (\x) and a drive-relative one (C:x)
	// are relative too. Node resolves such a path against the working
	// directory instead.
	ErrRelative Code = "relative-path"
	// ErrUNCServer: a UNC path with an empty server name (\\\x). Node:
	// ERR_INVALID_ARG_VALUE.
	ErrUNCServer Code = "unc-missing-server"
	// ErrUNCShare: a UNC path with a server but no share (\\server).
	// Node: ERR_INVALID_ARG_VALUE.
	ErrUNCShare Code = "unc-missing-share"
	// ErrUNCHost: a UNC server name that is not a valid URL host
	// (forbidden characters, failing IDNA, or "localhost", which a
	// file: URL cannot name).
	ErrUNCHost Code = "unc-invalid-host"
	// ErrDevicePath: a Windows device path (\\.\x) or a \\?\ path other
	// than \\?\C:\... and \\?\UNC\server\share\..., which have no file:
	// URL; also such a path with its "." or "?" spelled otherwise (an
	// escape, U+FF0E...), and a file: URL whose host is "." (ToPath,
	// Windows), which would name the device namespace.
	ErrDevicePath Code = "device-path"
	// ErrNotURL: the input is not a URL (the URL Standard's parser
	// fails; Err holds its error). Node: ERR_INVALID_URL.
	ErrNotURL Code = "invalid-url"
	// ErrScheme: the URL's scheme is not file. Node:
	// ERR_INVALID_URL_SCHEME.
	ErrScheme Code = "not-file-scheme"
	// ErrHost: a POSIX path was asked of a file: URL with a host other
	// than localhost. Node: ERR_INVALID_FILE_URL_HOST.
	ErrHost Code = "host-not-allowed"
	// ErrEncodedSeparator: the URL's path holds an escaped "/" (%2F),
	// or on Windows an escaped "\" (%5C), which a path segment cannot
	// hold. Node: ERR_INVALID_FILE_URL_PATH.
	ErrEncodedSeparator Code = "encoded-separator"
	// ErrNoDrive: a Windows path was asked of a file: URL that has
	// neither a host nor a drive letter (file:///x). Node:
	// ERR_INVALID_FILE_URL_PATH.
	ErrNoDrive Code = "no-drive"
	// ErrEscape: the URL's path holds a "%" that is not followed by two
	// hex digits. Node: a URIError of decodeURIComponent.
	ErrEscape Code = "invalid-escape"
)

// Message returns a one-line explanation of the code.
func (c Code) Message() string {
	switch c {
	case ErrStyle:
		return "the path style is neither POSIX nor Windows"
	case ErrRelative:
		return "the path is not absolute"
	case ErrUNCServer:
		return "the UNC path has no server name"
	case ErrUNCShare:
		return "the UNC path has no share name"
	case ErrUNCHost:
		return "the UNC server name cannot be a URL host"
	case ErrDevicePath:
		return "a device path has no file: URL"
	case ErrNotURL:
		return "not a URL"
	case ErrScheme:
		return "the URL's scheme is not file"
	case ErrHost:
		return "a POSIX path cannot have a host"
	case ErrEncodedSeparator:
		return "the URL's path holds an escaped path separator"
	case ErrNoDrive:
		return "the URL names no drive and no host, so it is not an absolute Windows path"
	case ErrEscape:
		return "% not followed by two hex digits"
	}
	return string(c)
}

// An Error describes why a path or a URL could not be converted.
type Error struct {
	// Offset is the byte offset of the problem in Input.
	Offset int
	// Code says what is wrong; it is the sentinel for errors.Is.
	Code Code
	// Input is the path (FromPath) or URL (ToPath) that was converted.
	Input string
	// Err is the underlying error (the URL parser's, for ErrNotURL), or
	// nil.
	Err error
}

// Error returns the library's one error text (internal/diag), such as
// `fileurl: offset 0: "a/b": the path is not absolute`. It quotes at most
// 40 bytes of the input on each side of the offset, with "…" where the
// input goes on, and adds the underlying error's text when there is one.
func (e *Error) Error() string {
	msg := e.Code.Message()
	if e.Err != nil {
		msg += ": " + window.Clip(e.Err.Error(), 200)
	}
	return diag.Error("fileurl", e.Offset, "", e.Input, msg)
}

// Unwrap returns the code and the underlying error, for errors.Is and
// errors.As.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}

// fail returns the *Error of code at off in input.
func fail(input string, off int, code Code) error {
	return &Error{Offset: off, Code: code, Input: input}
}
