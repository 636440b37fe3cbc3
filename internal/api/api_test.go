package api

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestFieldAt(t *testing.T) {
	body := `{"a": {"b": [1, {"c": "x"}, ["y", "z"]]}, "d": "w"}`
	for _, c := range []struct {
		at   string
		want string
	}{
		{`"x"`, `field "a"."b"[1]."c"`},
		{`"z"`, `field "a"."b"[2][1]`},
		{`"w"`, `field "d"`},
		{`"c"`, `a key of field "a"."b"[1]`},
		{`"d"`, `a key of the top object`},
	} {
		if got := fieldAt([]byte(body), strings.Index(body, c.at)+1); got != c.want {
			t.Errorf("at %s: %q, want %q", c.at, got, c.want)
		}
	}
	if got := fieldAt([]byte(`"x"`), 1); got != "the body" {
		t.Errorf("top string: %q", got)
	}
}

func TestMemoryBudget(t *testing.T) {
	b := NewBudget(100)
	ctx := context.Background()
	if n, err := b.Acquire(ctx, 60); n != 60 || err != nil {
		t.Fatalf("acquire 60: %d %v", n, err)
	}
	// 50 does not fit: it waits, and a smaller request that fits goes
	// past it.
	got50 := make(chan int64, 1)
	go func() {
		n, _ := b.Acquire(ctx, 50)
		got50 <- n
	}()
	waitFor(t, func() bool { _, w := b.InUse(); return w == 1 })
	if n, err := b.Acquire(ctx, 30); n != 30 || err != nil {
		t.Fatalf("acquire 30 past a waiter: %d %v", n, err)
	}
	select {
	case <-got50:
		t.Fatal("50 granted with 90 of 100 in use")
	case <-time.After(20 * time.Millisecond):
	}
	b.Release(60)
	if n := <-got50; n != 50 {
		t.Fatalf("waiter got %d", n)
	}
	if used, waiting := b.InUse(); used != 80 || waiting != 0 {
		t.Fatalf("in use %d, %d waiting", used, waiting)
	}
	// A waiter whose context ends leaves the queue empty-handed.
	cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if n, err := b.Acquire(cctx, 40); n != 0 || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("timed out acquire: %d %v", n, err)
	}
	if used, waiting := b.InUse(); used != 80 || waiting != 0 {
		t.Fatalf("after the timeout: in use %d, %d waiting", used, waiting)
	}
	b.Release(80)
	// More than the budget is clamped to all of it: the request runs
	// alone.
	if n, err := b.Acquire(ctx, 1000); n != 100 || err != nil {
		t.Fatalf("acquire 1000 of 100: %d %v", n, err)
	}
	b.Release(100)
	if used, _ := b.InUse(); used != 0 {
		t.Fatalf("in use %d at the end", used)
	}
}

// waitFor waits until cond holds, failing after a few seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting")
		}
		time.Sleep(time.Millisecond)
	}
}
