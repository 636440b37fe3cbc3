// Package serve is the HTTP side of urikit: a JSON API over the urikit
// packages and a playground page, served by "urikit serve".
//
// # API
//
// Each record subcommand of the CLI has its route, from the one table of
// them (report.Commands in package internal/report), so that the two
// cannot drift. A route takes a POST with a JSON object: one record as
// {"input": "...", options...}, or a batch as {"inputs": ["...", ...],
// options...}; bytes that are not UTF-8, which JSON text cannot carry, go
// in hex as {"input_hex": "..."} or {"inputs_hex": [...]}. The answer to
// one input is its record object, byte for byte the line that
// "urikit <subcommand> --json" writes for it (report.Record: "input" or
// "input_hex" first, then the subcommand's result fields, then "error"
// when the record failed and "findings" when there are some; any text
// that is not UTF-8 in a "_hex" member); the answer to a batch is the
// JSON array of the records, in order. A record that fails (an invalid URI
// in a strict parse, a bad escape in a strict decode) is still a 200
// answer whose record carries the error. Options are named as the CLI
// flags, with "_" for "-":
//
//	POST /v1/encode       set (default "unreserved"), plus, keep_escapes
//	POST /v1/decode       lenient, bytes, plus, legacy_u
//	POST /v1/parse        mode: "rfc3986" (default) or "whatwg"; lenient (rfc3986); base (whatwg)
//	POST /v1/resolve      base (required, an absolute URI)
//	POST /v1/relativize   base (required, an absolute URI)
//	POST /v1/normalize    level (default "scheme"), lenient, whatwg, sort_query, drop_fragment, drop_empty_query
//	POST /v1/equal        other (required, the reference each input is compared with),
//	                      and the options of /v1/normalize
//	POST /v1/iri          to_uri or to_iri (one of them true)
//	POST /v1/idna         to_unicode (default false: to ASCII), profile: "url" (default), "lookup", "registration" or "display"
//	POST /v1/form/decode  no options
//	POST /v1/form/encode  no options (each input is a JSON array of [name, value] arrays)
//	POST /v1/check        resolve (look each host up and classify its addresses: only with Options.CheckResolver,
//	                      "urikit serve --check-resolve"; 400 resolve-disabled otherwise)
//	POST /v1/file         to_path (URLs to paths; default paths to file: URLs), windows (Windows paths)
//	POST /v1/domain       no options (each input is a host name, or a URL with "://")
//	POST /v1/urn          no options
//	POST /v1/purl         repo_url (add the package's repository URL)
//	POST /v1/mailto       lenient
//	POST /v1/git          scp, insteadof_config (git config text whose insteadOf rules rewrite each input), push
//	POST /v1/data         body_base64 (the body as "body_base64" instead of "body"/"body_hex")
//	POST /v1/template/expand  template (required); each input is a JSON object of
//	                      variables ("variables": {...} may stand for "input")
//	POST /v1/template/match   template (required, one Match reads back uniquely);
//	                      each input is a URL
//	POST /v1/edit         rfc3986, set, append, delete, keep, replace, iterate (lists), trim, trim_rules
//	                      (a ClearURLs rule object for trim), sort_query,
//	                      redirect, default_port, no_port, punycode, as_idn, guess_scheme
//	POST /v1/match        pattern or patterns (required: URL patterns), base, ignore_case
//	POST /v1/surt         scheme, keep_www, keep_query_order, fragment, host_only, trailing_comma,
//	                      fingerprint (the versioned dedup key instead of the SURT)
//	POST /v1/unwrap       rules (a ClearURLs rule object instead of the built-in set)
//	GET  /healthz         {"status": "ok"}
//	GET  /                the playground page (and its /app.js and /style.css)
//
// Findings and errors that repeat within a record are merged: one entry
// per code (and component) with "count" and the first "offsets", so an
// answer does not grow with the number of problems in the input.
//
// A request that cannot be served gets an HTTP error status and the body
// {"error": {"code": "...", "message": "..."}} with a JSON content type:
//
//	400 malformed-json     the body is not one JSON object of the route's shape,
//	                       or not UTF-8 (the message names the field)
//	400 invalid-unicode    a string holds a \u escape of a UTF-16 surrogate without
//	                       its pair ("\ud800"), which the JSON decoder would turn into
//	                       U+FFFD: the message names the field; send bytes that are
//	                       not UTF-8 as "input_hex" or "inputs_hex"
//	400 unknown-field      an option the route does not take (a typo is not ignored)
//	400 invalid-field      an option of the wrong JSON type, or "input_hex" (or an
//	                       element of "inputs_hex") that is not hex
//	400 missing-input      none of "input", "inputs", "input_hex" and "inputs_hex"
//	400 ambiguous-input    more than one of them
//	400 invalid-option     an option value the route does not accept
//	400 resolve-disabled   "resolve": true on /v1/check, and the server has no CheckResolver
//	400 incomplete-body    the body could not be read to its end
//	404 not-found          no such route (for a path that starts routes, such as
//	                       /v1/form, the message names them)
//	405 method-not-allowed the route exists for another method (Allow lists it)
//	408 request-timeout    the body did not arrive in time (Options.BodyTimeout,
//	                       MinBodyRate, ReadTimeout)
//	413 body-too-large     the body is larger than Options.MaxBodyBytes
//	413 too-many-records   a batch of more than Options.MaxRecords inputs
//	413 response-too-large the answer would be larger than Options.MaxResponseBytes
//	413 too-much-work      the request needs more memory than the whole budget
//	415 unsupported-media-type  a Content-Type other than application/json
//	500 internal           a bug: it is logged
//	503 busy               no memory or worker free within Options.QueueTimeout;
//	                       the answer has a Retry-After
//	503 deadline-exceeded  the answer was not made within Options.RequestTimeout
//
// # Bounded cost
//
// Every request costs a bounded amount, whatever it holds:
//
//   - Size: the body (MaxBodyBytes), the batch (MaxRecords) and the answer
//     (MaxResponseBytes, by default 16 times the body limit). Each record's
//     answer is measured before it is written, straight into the response:
//     an answer over the limit is refused without being built.
//   - Memory: the API requests in flight share a budget of half of
//     Options.MemoryLimit (the process's limit: "urikit serve --memory"
//     sets it as the runtime's GOMEMLIMIT). A request holds twice the
//     room of its body while the body is read and decoded (16 KiB at
//     first, growing as the body arrives, whatever length it declares),
//     then an estimate of what
//     it needs (16 bytes per input byte and 4 KiB per record, room for an
//     answer of 4 bytes per input byte and 2 KiB per record), and more of
//     the budget as a larger answer is built, until its answer is written.
//     A request that finds no room waits, at most QueueTimeout (then 503
//     busy); the waiters are served in order as room frees, a small one
//     not held up by a larger one that does not fit yet.
//   - CPU: at most MaxConcurrent requests are worked on at once; heavy
//     ones (32 KiB of input or more, counting 128 bytes per record) on at
//     most half of them, so that small requests never queue behind heavy
//     ones. /healthz and the page never wait.
//   - Time: a body must arrive within BodyTimeout, plus a second for each
//     MinBodyRate bytes that arrived (and within ReadTimeout), or the
//     request gets 408 request-timeout: a client that sends its body a
//     byte at a time holds its connection for seconds. RequestTimeout
//     bounds the work from the end of the body to the answer. Work stops between records when it passes (503
//     deadline-exceeded) or when the client goes away: such a request is
//     logged with status 499 and error client-gone, never as a 200. A
//     record being worked on when that happens finishes on its own (the
//     urikit packages are linear in their input), holding its worker and
//     memory until then.
//
// After heavy requests, once none has been in flight for a second, the
// server returns the memory it freed to the operating system
// (debug.FreeOSMemory), so that an idle server does not keep the memory of
// its last burst. Each request's log record has the memory it held.
//
// # Hardening
//
// The server built by NewServer has read-header, read, write and idle
// timeouts and a header size limit; the handler bounds each request's cost
// as above, refuses unknown options, never echoes request data into
// HTML, and sends the playground with a Content-Security-Policy that allows
// nothing from another origin. Run shuts the server down gracefully when its
// context ends: it stops accepting connections and lets requests in flight
// finish (up to Options.ShutdownTimeout). Each request is logged with
// log/slog: method, path, status, bytes, duration, records and memory held
// and, for errors, the code.
//
// # Playground
//
// GET / serves the playground, a page embedded in the binary (nothing
// loaded from another host): every job of the library by tab (encode and
// decode; inspect a URL, with the RFC 3986 and WHATWG readings side by
// side, the components that differ marked and the findings of /v1/check,
// the worst first; resolve; normalize and compare; edit; forms; IRI and
// IDNA; domains; file: and data: URLs; URNs and mailto:; git remotes; URI
// Templates and URL patterns), each tool's state in the URL fragment. It
// answers with the in-browser engine (urikit compiled to WebAssembly, see
// HasEngine) when this build embeds it, else with the API above; the page
// is told which by the server (a meta element of index.html), so that it
// never asks for an engine that is not there. PageFiles are the same page
// as static files with the engine, for "urikit playground --out DIR".
package serve
