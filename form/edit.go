package form

// Replace gives the first pair named name the value value, as Set does,
// but only when there is such a pair; it reports whether there was.
func (q *RawQuery) Replace(name, value string) bool {
	if !q.Has(name) {
		return false
	}
	q.Set(name, value)
	return true
}
