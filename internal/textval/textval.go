// Package textval holds what the value types of the library share in
// their text marshalling (API.md, "values and text"): the empty text is
// the zero value, any other text is parsed by the type's Parse.
package textval

// Unmarshal sets *dst to the value parse makes of text, or to the zero
// value when text is empty. On error *dst is left as it was and the error
// of parse is returned unchanged.
func Unmarshal[T any](dst *T, text []byte, parse func(string) (T, error)) error {
	if len(text) == 0 {
		var zero T
		*dst = zero
		return nil
	}
	v, err := parse(string(text))
	if err != nil {
		return err
	}
	*dst = v
	return nil
}
