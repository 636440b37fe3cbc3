//go:build !unix

package bench

import "time"

// cpuNanos falls back to wall time where getrusage is missing.
func cpuNanos() int64 { return time.Now().UnixNano() }
