package api

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The HTTP statuses of the answers (the numbers of net/http's constants,
// which this package does not import).
const (
	statusOK                    = 200
	statusBadRequest            = 400
	statusNotFound              = 404
	statusRequestEntityTooLarge = 413
	statusUnsupportedMediaType  = 415
	statusInternalServerError   = 500
	statusServiceUnavailable    = 503
)

// An Error is an error answer: the HTTP status it is sent with and the
// JSON error object {"code": ..., "message": ...}.
type Error struct {
	// Status is the HTTP status of the answer.
	Status int `json:"-"`
	// RetryAfter is set on a 503 busy: the answer has a Retry-After.
	RetryAfter bool   `json:"-"`
	Code       string `json:"code"`
	Message    string `json:"message"`
}

// NewError returns the Error of the given status and code, its message
// made with fmt.Sprintf.
func NewError(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

func newError(status int, code, format string, args ...any) *Error {
	return NewError(status, code, format, args...)
}

// JSON returns the answer body of e: {"error": {...}} and a newline. A
// nil Error is an internal error.
func (e *Error) JSON() []byte {
	if e == nil {
		e = newError(statusInternalServerError, "internal", "internal error")
	}
	return EncodeJSON(struct {
		Error *Error `json:"error"`
	}{e})
}

// EncodeJSON encodes v as one line of JSON, without HTML escaping (as the
// CLI writes it).
func EncodeJSON(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a bug can get here: every answer is made of strings,
		// numbers and booleans.
		panic(fmt.Sprintf("api: encoding the answer: %v", err))
	}
	return buf.Bytes()
}
