//go:build !race

package serve

// raceEnabled is set when the tests run with the race detector, which
// multiplies time and memory: the load tests do not check them then.
const raceEnabled = false
