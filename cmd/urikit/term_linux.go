//go:build linux

package main

import (
	"os"
	"syscall"
	"unsafe"
)

// isTerminal reports whether f is a terminal: whether it answers the
// TCGETS request (a character device such as /dev/null does not).
func isTerminal(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var errno syscall.Errno
	if cerr := rc.Control(func(fd uintptr) {
		var t syscall.Termios
		// The one unsafe use of the CLI: the pointer is converted to
		// uintptr in the call expression itself, as package unsafe
		// allows for syscall.Syscall (rule 4), and never converted back.
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	}); cerr != nil {
		return false
	}
	return errno == 0
}
