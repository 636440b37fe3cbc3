//go:build linux

package main

import (
	"bytes"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal pair, or skips.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	var unlock int32
	var n uint32
	rc, err := m.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var errno syscall.Errno
	rc.Control(func(fd uintptr) {
		if _, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
			return
		}
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n)))
	})
	if errno != 0 {
		t.Skipf("no pseudo-terminal: %v", errno)
	}
	s, err := os.OpenFile("/dev/pts/"+itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

func itoa(n uint32) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestProgressOnTerminal(t *testing.T) {
	master, slave := openPTY(t)
	if !isTerminal(slave) {
		t.Fatal("isTerminal(pts) = false")
	}
	got := make(chan []byte)
	go func() {
		var all []byte
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			all = append(all, buf[:n]...)
			if err != nil || bytes.HasSuffix(all, []byte("\x1b[K\r\x1b[K")) {
				got <- all
				return
			}
		}
	}()
	var read, records atomic.Int64
	read.Store(250)
	records.Store(10)
	p := startProgress(slave, 1000, &read, &records, 5*time.Millisecond)
	if p == nil {
		t.Fatal("no progress line on a terminal")
	}
	p.waitShown(t)
	p.Write([]byte("a message\n"))
	p.waitShown(t)
	p.Write([]byte("after\n"))
	p.waitShown(t)
	p.stop()
	var out string
	select {
	case b := <-got:
		out = string(b)
	case <-time.After(5 * time.Second):
		t.Fatal("timed out reading the terminal")
	}
	// The line is drawn, erased before each message, drawn again, and
	// erased at the end.
	for _, want := range []string{"\r[====>               ]  25% 250 B/1.0kB", "\r\x1b[Ka message\r\n\r[", "after\r\n\r[", "\x1b[K\r\x1b[K"} {
		if !strings.Contains(out, want) {
			t.Errorf("terminal got %q, lacks %q", out, want)
		}
	}
}

// waitShown waits until the line is drawn.
func (p *progressBar) waitShown(t *testing.T) {
	t.Helper()
	for range 5000 {
		p.mu.Lock()
		shown := p.shown
		p.mu.Unlock()
		if shown {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the progress line was not drawn")
}
