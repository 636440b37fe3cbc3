// Package serve is the HTTP side of urikit: a JSON API over the urikit
// packages and a playground page, served by "urikit serve".
//
// # API
//
// Every route below takes a POST with a JSON object: one record as
// {"input": "...", options...}, or a batch as {"inputs": ["...", ...],
// options...}. The answer is {"result": {...}} or {"results": [...]}, one
// result per input, in order; each result is the object the matching CLI
// subcommand prints with --json (see package internal/report), so a record
// that fails (an invalid URI in a strict parse, a bad escape in a strict
// decode) is still a 200 answer whose result carries the error. Options are
// named as the CLI flags, with "_" for "-":
//
//	POST /v1/parse      mode: "rfc3986" (default) or "whatwg"; lenient (rfc3986); base (whatwg)
//	POST /v1/encode     set (default "unreserved"), plus, keep_escapes
//	POST /v1/decode     lenient, plus, legacy_u
//	POST /v1/normalize  level (default "scheme"), sort_query, drop_fragment, drop_empty_query
//	POST /v1/resolve    base (required, an absolute URI)
//	POST /v1/check      no options (--fail-on only sets the CLI's exit status)
//	GET  /healthz       {"status": "ok"}
//	GET  /              the playground page (and its /app.js and /style.css)
//
// A request that cannot be served gets an HTTP error status and the body
// {"error": {"code": "...", "message": "..."}} with a JSON content type:
//
//	400 malformed-json     the body is not one JSON object of the route's shape
//	400 unknown-field      an option the route does not take (a typo is not ignored)
//	400 invalid-field      an option of the wrong JSON type
//	400 missing-input      neither "input" nor "inputs"
//	400 ambiguous-input    both "input" and "inputs"
//	400 invalid-option     an option value the route does not accept
//	400 incomplete-body    the body could not be read to its end
//	404 not-found          no such route
//	405 method-not-allowed the route exists for another method (Allow lists it)
//	408 request-timeout    the body did not arrive in time
//	413 body-too-large     the body is larger than Options.MaxBodyBytes
//	413 too-many-records   a batch of more than Options.MaxRecords inputs
//	415 unsupported-media-type  a Content-Type other than application/json
//	500 internal           a bug: it is logged
//	503 canceled           the client went away while its request waited for a worker
//
// # Hardening
//
// The server built by NewServer has read-header, read, write and idle
// timeouts and a header size limit; the handler limits the body size, the
// batch size and the API requests worked on at once, refuses unknown options, never echoes request data into
// HTML, and sends the playground with a Content-Security-Policy that allows
// nothing from another origin. Run shuts the server down gracefully when its
// context ends: it stops accepting connections and lets requests in flight
// finish (up to Options.ShutdownTimeout). Each request is logged with
// log/slog: method, path, status, bytes, duration and, for errors, the code.
//
// # Playground
//
// GET / serves a single page embedded in the binary (no build step, nothing
// loaded from another host). Type or paste a URL and it shows, as you type,
// the RFC 3986 and WHATWG breakdowns side by side with the components that
// differ marked, the findings of /v1/check, and an encode/decode panel with
// the encode set selector. It uses only the API above.
package serve
