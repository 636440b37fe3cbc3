package api

import (
	"context"
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (a context.Background where a context is asked for: no API
// accepts a nil one).
func TestZeroValues(t *testing.T) {
	ctx := context.Background()
	var (
		b  *Budget
		c  Buffer
		m  Holding
		j  *Job
		ep Endpoint
		e  *Engine
		er *Error
		l  Limits
	)
	zerotest.Run(t, map[string]func(){
		"RequestWeight":       func() { _ = RequestWeight(0, 0) },
		"BodyWeight":          func() { _ = BodyWeight(0) },
		"NewBudget":           func() { NewBudget(0).Release(0) },
		"Budget.Acquire":      func() { b.Acquire(ctx, 0) },
		"Budget.Release":      func() { b.Release(0) },
		"Budget.InUse":        func() { b.InUse() },
		"Budget.Size":         func() { b.Size() },
		"Buffer.Write":        func() { c.Write(nil) },
		"Buffer.WriteString":  func() { c.WriteString("") },
		"Buffer.Bytes":        func() { c.Bytes() },
		"Buffer.Len":          func() { c.Len() },
		"Buffer.Chunks":       func() { c.Chunks() },
		"Holding.Acquire":     func() { m.Acquire(ctx, 0) },
		"Holding.Cut":         func() { m.Cut(0) },
		"Holding.Release":     func() { m.Release() },
		"Holding.Weight":      func() { m.Weight() },
		"Holding.Take":        func() { m.Take(ctx, nil) },
		"TooMuchWork":         func() { TooMuchWork(0, 0) },
		"NewHolding":          func() { NewHolding(nil, 0, 0).Release() },
		"Busy":                func() { Busy(nil, 0, "") },
		"Build":               func() { Build(ctx, nil, nil) },
		"Job.Weight":          func() { j.Weight() },
		"Job.Heavy":           func() { j.Heavy() },
		"Endpoint.Decode":     func() { ep.Decode(nil, nil, 0) },
		"Endpoints":           func() { Endpoints(nil) },
		"Routes":              func() { Routes(nil) },
		"NotFound":            func() { NotFound("", nil) },
		"Limits.WithDefaults": func() { l.WithDefaults() },
		"Limits.MemoryBudget": func() { _ = l.MemoryBudget() },
		"BodyTooLarge":        func() { BodyTooLarge(0) },
		"DeadlineExceeded":    func() { DeadlineExceeded(0) },
		"NewEngine":           func() { NewEngine(Limits{}).Answer("", nil) },
		"Engine.Answer":       func() { e.Answer("", nil) },
		"NewError":            func() { NewError(0, "", "") },
		"Error.JSON":          func() { er.JSON() },
		"EncodeJSON":          func() { EncodeJSON(nil) },
	}, nil)
	// Every route of a zero Endpoint's answer and of a nil Job.
	if _, e := ep.Decode(nil, []byte(`{"input":"a"}`), 1); e == nil || e.Status != statusInternalServerError {
		t.Errorf("zero Endpoint: %v", e)
	}
	if got := Build(ctx, nil, nil); got.Body == nil || string(got.Body.Bytes()) != "[]\n" {
		t.Errorf("Build of nothing: %+v", got)
	}
}
