package collapse

import (
	"slices"
	"testing"
)

func TestAdd(t *testing.T) {
	var count int
	var offsets []int
	for i := 1; i <= 20; i++ {
		Add(5, &count, &offsets, 5+i)
		if count != i+1 {
			t.Fatalf("after %d repeats: Count %d", i, count)
		}
	}
	if want := []int{5, 6, 7, 8, 9, 10, 11, 12}; !slices.Equal(offsets, want) {
		t.Errorf("Offsets %v, want %v", offsets, want)
	}
	if cap(offsets) != MaxOffsets {
		t.Errorf("Offsets grew to %d", cap(offsets))
	}
}

func TestMerge(t *testing.T) {
	// A finding seen once, merged with one seen three times.
	count, offsets := 0, []int(nil)
	Merge(2, &count, &offsets, 10, 3, []int{10, 11, 12})
	if count != 4 || !slices.Equal(offsets, []int{2, 10, 11, 12}) {
		t.Errorf("Count %d, Offsets %v", count, offsets)
	}
	// Two collapsed findings: the offsets stop at MaxOffsets, the count
	// does not.
	Merge(2, &count, &offsets, 20, 9, []int{20, 21, 22, 23, 24, 25, 26, 27})
	if count != 13 || !slices.Equal(offsets, []int{2, 10, 11, 12, 20, 21, 22, 23}) {
		t.Errorf("Count %d, Offsets %v", count, offsets)
	}
	// A finding of Count 1 counts once, like 0.
	count, offsets = 1, nil
	Merge(0, &count, &offsets, 4, 1, nil)
	if count != 2 || !slices.Equal(offsets, []int{0, 4}) {
		t.Errorf("Count %d, Offsets %v", count, offsets)
	}
}
