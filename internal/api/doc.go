// Package api turns the body of a request to urikit's JSON API (/v1/...)
// into its answer: the request types and their options, the checks of the
// body, the record function of each route, the memory budget of the
// requests and the writer of the JSON answer. It has no HTTP in it: the
// handler of "urikit serve" calls it for every API request once it has
// read the body, and so does the playground's in-browser engine (through
// Engine), so that the two answer alike by construction while the
// WebAssembly engine carries no HTTP stack.
//
// It uses the standard library and the urikit packages (through
// internal/report).
package api
