//go:build !race

package boundedtest

// Race reports whether the race detector is on (go test -race). Under it
// allocation counts are not those of a normal build (the detector's
// instrumentation allocates, and sync.Pool drops items at random), so the
// bounded and zero-allocation checks skip (see SkipIfRace).
const Race = false
