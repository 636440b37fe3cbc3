//go:build !amd64 || purego

package percent

// vecEnabled reports whether the vector loops of vec_amd64.s run: never
// in this build (another architecture, or the purego build tag).
func vecEnabled() bool { return false }

func vecDecode(b []byte, n int, s string, i int, plus bool) (int, bool, bool) {
	panic("percent: vector loop in a portable build")
}

func vecEncode[T table](t T, b []byte, n int, s string, i int, spacePlus bool) int {
	panic("percent: vector loop in a portable build")
}

func vecIndex[T table](t T, s string) int {
	panic("percent: vector loop in a portable build")
}
