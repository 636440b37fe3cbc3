package api

import (
	"encoding/hex"
	"strconv"

	"github.com/urikit/urikit/internal/report"
)

// records are the input fields every API request has: one record or a
// batch, as text, or as hex for bytes that are not UTF-8 (which JSON
// text cannot carry).
type records struct {
	Input     *string   `json:"input"`
	Inputs    *[]string `json:"inputs"`
	InputHex  *string   `json:"input_hex"`
	InputsHex *[]string `json:"inputs_hex"`
}

func (rs *records) inputs() *records { return rs }

// list returns the inputs and whether the request was for one record.
func (rs *records) list(max int) ([]string, bool, *Error) {
	given := 0
	for _, set := range []bool{rs.Input != nil, rs.Inputs != nil, rs.InputHex != nil, rs.InputsHex != nil} {
		if set {
			given++
		}
	}
	switch {
	case given > 1:
		return nil, false, newError(statusBadRequest, "ambiguous-input", `give one of "input", "inputs", "input_hex" and "inputs_hex"`)
	case given == 0:
		return nil, false, newError(statusBadRequest, "missing-input", `give "input" (one record) or "inputs" (a batch), or "input_hex" or "inputs_hex" for bytes that are not UTF-8`)
	case rs.Input != nil:
		return []string{*rs.Input}, true, nil
	case rs.InputHex != nil:
		in, e := unhexField("input_hex", -1, *rs.InputHex)
		return []string{in}, true, e
	}
	list, field := rs.Inputs, "inputs"
	if list == nil {
		list, field = rs.InputsHex, "inputs_hex"
	}
	if len(*list) > max {
		return nil, false, newError(statusRequestEntityTooLarge, "too-many-records", "a batch holds at most %d inputs, not %d", max, len(*list))
	}
	if field == "inputs" {
		return *list, false, nil
	}
	out := make([]string, len(*list))
	for i, h := range *list {
		in, e := unhexField(field, i, h)
		if e != nil {
			return nil, false, e
		}
		out[i] = in
	}
	return out, false, nil
}

// unhexField decodes the hex text h of field (element i of it, unless i
// is negative).
func unhexField(field string, i int, h string) (string, *Error) {
	b, err := hex.DecodeString(h)
	if err != nil {
		name := strconv.Quote(field)
		if i >= 0 {
			name += "[" + strconv.Itoa(i) + "]"
		}
		return "", newError(statusBadRequest, "invalid-field", "%s is not hex (two digits per byte): %v", name, err)
	}
	return string(b), nil
}

// request is what every API request type is: a struct of options that
// embeds records.
type request[T any] interface {
	*T
	inputs() *records
}

// Maker makes the record of one input of a request.
type Maker = func(string) report.Record
