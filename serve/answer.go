package serve

import (
	"net/http"

	"github.com/urikit/urikit/internal/api"
)

// An Engine answers API requests without a server: for each request, the
// status and JSON body that the handler of NewHandler answers with. Both
// are made by the same code, internal/api (the checks of the body and
// options, the record functions, the budgets and the JSON writer), which
// the handler calls for each API request once it has read the body; the
// Engine calls it with no net/http in between, as the playground's
// in-browser engine (cmd/urikit-wasm) does. An Engine is safe for
// concurrent use. The zero Engine is not ready: use NewEngine.
type Engine struct {
	e *api.Engine
}

// NewEngine returns an Engine with the options opts (zero fields take
// their defaults). The options that bound the work of one request
// (MaxBodyBytes, MaxRecords, MaxResponseBytes, MemoryLimit,
// RequestTimeout, QueueTimeout) apply; the others are the server's.
// It looks no hosts up: /v1/check requests with "resolve": true are
// refused.
func NewEngine(opts Options) *Engine {
	return &Engine{e: api.NewEngine(opts.withDefaults().limits())}
}

// Answer returns what the API answers to a POST of the JSON body to
// route ("/v1/parse"): the HTTP status and the JSON text (the record
// object, the array of them for a batch, or {"error": {...}}), with its
// final newline. An Engine that NewEngine did not make answers 500.
func (e *Engine) Answer(route string, body []byte) (status int, answer []byte) {
	if e == nil || e.e == nil {
		return http.StatusInternalServerError, []byte(`{"error":{"code":"internal","message":"serve: an Engine not made by NewEngine"}}` + "\n")
	}
	return e.e.Answer(route, body)
}
