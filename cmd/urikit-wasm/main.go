//go:build js && wasm

// Command urikit-wasm is the in-browser engine of the urikit playground,
// built with GOOS=js GOARCH=wasm. It answers the playground's requests
// with the records the JSON API of "urikit serve" gives, made by the same
// code (internal/api, which the handler of urikit serve calls for every
// API request, run here by api.Engine without the HTTP stack), in the page
// itself: the page then needs no server.
//
// It sets globalThis.urikitEngine, an object with
//
//	answer(route, body) → [status, text]
//
// where route is an API route ("/v1/parse"), body the JSON text of the
// request, status the HTTP status the API would answer with and text its
// JSON body; and routes, the list of the routes it answers. The page
// waits for globalThis.urikitEngineReady (a function it sets before it
// starts the module), which is called once the engine is there.
package main

import (
	"syscall/js"

	"github.com/urikit/urikit/internal/api"
	"github.com/urikit/urikit/internal/report"
)

func main() {
	eng := api.NewEngine(api.Limits{})
	answer := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return []any{400, `{"error":{"code":"bad-call","message":"answer(route, body) takes two strings"}}`}
		}
		status, text := eng.Answer(args[0].String(), []byte(args[1].String()))
		return []any{status, string(text)}
	})
	var routes []any
	for _, c := range report.Commands() {
		routes = append(routes, c.Route)
	}
	engine := js.Global().Get("Object").New()
	engine.Set("answer", answer)
	engine.Set("routes", js.ValueOf(routes))
	js.Global().Set("urikitEngine", engine)
	if ready := js.Global().Get("urikitEngineReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // the engine lives as long as the page
}
