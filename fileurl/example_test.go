package fileurl_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/fileurl"
)

func ExampleFromPath() {
	u, err := fileurl.FromPath(`C:\a b\c#1.txt`, fileurl.Windows)
	fmt.Println(u, err)
	u, err = fileurl.FromPath(`\\server\share\x`, fileurl.Windows)
	fmt.Println(u, err)
	u, err = fileurl.FromPath("/tmp/100%/caf\xe9", fileurl.POSIX)
	fmt.Println(u, err)
	// Output:
	// file:///C:/a%20b/c%231.txt <nil>
	// file://server/share/x <nil>
	// file:///tmp/100%25/caf%E9 <nil>
}

func ExampleFromPath_relative() {
	_, err := fileurl.FromPath("docs/a.txt", fileurl.POSIX)
	fmt.Println(errors.Is(err, fileurl.ErrRelative))
	fmt.Println(err)
	// Output:
	// true
	// fileurl: offset 0: "docs/a.txt": the path is not absolute
}

func ExampleToPath() {
	p, err := fileurl.ToPath("file:///C:/a%20b/c", fileurl.Windows)
	fmt.Println(p, err)
	p, err = fileurl.ToPath("file://localhost/tmp/caf%E9", fileurl.POSIX)
	fmt.Printf("%q %v\n", p, err)
	_, err = fileurl.ToPath("file:///a%2Fb", fileurl.POSIX)
	fmt.Println(err)
	// Output:
	// C:\a b\c <nil>
	// "/tmp/caf\xe9" <nil>
	// fileurl: offset 9: "file:///a%2Fb": the URL's path holds an escaped path separator
}

func ExampleToPath_devicePath() {
	// \\.\ is the device namespace, not a file: refused whatever the
	// spelling of the dot.
	for _, u := range []string{"file://./pipe/x", "file://%2E/C:/x", "file://\uff0e/PhysicalDrive0"} {
		_, err := fileurl.ToPath(u, fileurl.Windows)
		fmt.Println(errors.Is(err, fileurl.ErrDevicePath))
	}
	// Output:
	// true
	// true
	// true
}

func ExampleAppendToPath() {
	buf := make([]byte, 0, 64)
	for _, u := range []string{"file:///etc/hosts", "file:///tmp/a%20b"} {
		buf, _ = fileurl.AppendToPath(buf[:0], u, fileurl.POSIX)
		fmt.Println(string(buf))
	}
	// Output:
	// /etc/hosts
	// /tmp/a b
}
