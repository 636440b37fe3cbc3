package textval

import (
	"errors"
	"strconv"
	"testing"
)

func TestUnmarshal(t *testing.T) {
	bad := errors.New("bad")
	parse := func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, bad
		}
		return n, nil
	}
	v := 7
	if err := Unmarshal(&v, []byte("42"), parse); err != nil || v != 42 {
		t.Errorf("Unmarshal(42) = %d, %v", v, err)
	}
	if err := Unmarshal(&v, []byte("x"), parse); err != bad || v != 42 {
		t.Errorf("Unmarshal(x) = %d, %v; want 42 kept and the parse error", v, err)
	}
	if err := Unmarshal(&v, nil, parse); err != nil || v != 0 {
		t.Errorf("Unmarshal(empty) = %d, %v; want the zero value", v, err)
	}
}
