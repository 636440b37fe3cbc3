package main

import (
	"os"
	"runtime/debug"
)

// tuneGC makes the garbage collector run less often than Go's default
// (GOGC=100) unless GOGC is set: a record stream keeps little memory live
// (a few batches, about 1 MB), so a heap of a few times that costs a few
// MB and saves about a tenth of the CPU time that many short-lived
// per-record allocations would spend in collections.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}
