//go:build unix

package main

import (
	"context"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestServeStopsOnSIGTERM(t *testing.T) {
	base, logs, done := startServe(t, context.Background(), "--log-format", "json")
	res, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	// The command has registered for the signal before it listens, so
	// the signal goes to it and not to the default action.
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	if !strings.Contains(logs.String(), `"msg":"stopped"`) || !strings.Contains(logs.String(), `"path":"/healthz"`) {
		t.Errorf("log:\n%s", logs)
	}
}
