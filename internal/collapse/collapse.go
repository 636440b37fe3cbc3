// Package collapse holds the collapse rule that the findings of every
// package follow (issue 12), so that a list of findings never grows with
// the input: the repeats of a finding are merged into its first
// occurrence, which keeps its Offset, counts the occurrences in Count (0
// or 1 means once) and lists the offsets of the first MaxOffsets of them
// in Offsets (Offsets[0] == Offset, set only when Count > 1). The packages
// keep their own types and scan their own (short) lists for the finding
// to merge into; this package updates the Count and Offsets.
package collapse

// MaxOffsets is the most offsets a collapsed finding keeps.
const MaxOffsets = 8

// Add counts one more occurrence, at off, of the finding whose first
// offset is first and whose Count and Offsets count and offsets point to.
func Add(first int, count *int, offsets *[]int, off int) {
	Merge(first, count, offsets, off, 0, nil)
}

// Merge adds the occurrences of a finding (first at offset, count times,
// the first ones at offsets when it is itself collapsed) to the finding
// of the same identity whose first offset is dstOffset and whose Count
// and Offsets dstCount and dstOffsets point to.
func Merge(dstOffset int, dstCount *int, dstOffsets *[]int, offset, count int, offsets []int) {
	if len(*dstOffsets) == 0 {
		*dstOffsets = append(make([]int, 0, MaxOffsets), dstOffset)
	}
	*dstCount = max(*dstCount, 1) + max(count, 1)
	if len(offsets) == 0 {
		if len(*dstOffsets) < MaxOffsets {
			*dstOffsets = append(*dstOffsets, offset)
		}
		return
	}
	for _, o := range offsets {
		if len(*dstOffsets) == MaxOffsets {
			break
		}
		*dstOffsets = append(*dstOffsets, o)
	}
}
