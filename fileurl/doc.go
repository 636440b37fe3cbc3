// Package fileurl converts between operating-system paths and file: URLs
// (RFC 8089), for POSIX and Windows paths alike, with the style always
// explicit: the result never depends on the machine the code runs on.
//
// [FromPath] turns an absolute path into a URL as Node.js's
// url.pathToFileURL does:
//
//	/tmp/a b#1      file:///tmp/a%20b%231
//	C:\a b\c        file:///C:/a%20b/c
//	\\server\share\x  file://server/share/x
//
// The path is made lexical-canonical first, as Node's path.resolve makes it
// (runs of separators become one, "." segments go and ".." segments remove
// the segment before them, a final separator is kept; on Windows "/" is a
// separator too and \\?\ long-path prefixes are dropped), then each byte
// of each segment that may not stand in a URL path is percent-encoded with
// a set derived from the percent package's WHATWG path set. A path is a
// Go string, so a name that is not UTF-8 is encoded byte by byte
// ("/a\xff" gives "file:///a%FF") and comes back byte for byte. Relative
// paths (and on Windows rooted paths without a drive, and drive-relative
// paths such as C:x) are refused with an [*Error] whose Code is
// [ErrRelative].
//
// [ToPath] goes the other way, as url.fileURLToPath does: the URL is parsed
// with package whatwg (so "file://localhost/x" is "file:///x", and query
// and fragment are ignored), escapes are decoded to bytes with package
// percent, and an escaped separator ("%2F", and on Windows "%5C"), which
// no path could hold, is refused. On POSIX a URL with a host is refused;
// on Windows it is a UNC path whose server is written in Unicode (IDNA
// ToUnicode, through package idna), and a URL without a host must name
// a drive (file:///C:/...). Windows device paths (\\.\pipe\x) and \\?\
// paths other than long-path prefixes have no file: URL: both directions
// refuse them with [ErrDevicePath], however the "." or "?" is spelled
// (escaped, or a dot that IDNA maps to ".", such as U+FF0E).
//
// ToPath(FromPath(p)) is p for every absolute path p that is already
// canonical: no "." or ".." segment, no run of separators, and on Windows
// "\" as the only separator, no \\?\ prefix, and a UNC server in lowercase
// ASCII. For any other accepted path it is the canonical form of p, and
// FromPath of that is the same URL again. Both directions take time linear
// in their input and allocate at most a small multiple of it.
package fileurl
