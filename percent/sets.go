package percent

//go:generate go run ./internal/gensets

// Predefined encode sets. The RFC 3986 sets encode every byte that is not
// allowed literally as data in the named component, including "%" itself;
// the WHATWG sets are those of the URL Standard (which leave "%" alone, as
// the URL parser keeps existing escapes, except WHATWGComponent and Form).
const (
	// Unreserved encodes every byte except the RFC 3986 unreserved
	// characters ALPHA, DIGIT, "-", ".", "_" and "~" (Python's
	// quote(s, safe="")). Use it for a value placed anywhere.
	Unreserved Set = unreservedTable

	// PathSegment encodes what may not appear in one path segment: it
	// leaves pchar (unreserved, sub-delims, ":" and "@") alone and encodes
	// "/", "?", "#" and everything else.
	PathSegment Set = pathSegmentTable

	// Path is PathSegment without "/": for a whole path whose slashes are
	// separators.
	Path Set = pathTable

	// Query leaves pchar, "/" and "?" alone: for a whole query.
	Query Set = queryTable

	// QueryValue is Query plus "&", "=", "+", ";" and "#": for a key or a
	// value inside a key=value&key=value query.
	QueryValue Set = queryValueTable

	// Fragment leaves pchar, "/" and "?" alone: for a fragment.
	Fragment Set = fragmentTable

	// Userinfo leaves unreserved, sub-delims and ":" alone.
	Userinfo Set = userinfoTable

	// Host leaves unreserved and sub-delims alone: for a reg-name.
	Host Set = hostTable

	// C0Control is the WHATWG C0 control percent-encode set: 0x00-0x1F and
	// every byte above 0x7E.
	C0Control Set = c0ControlTable

	// WHATWGFragment is the WHATWG fragment percent-encode set: C0Control
	// plus space, `"`, "<", ">" and "`".
	WHATWGFragment Set = wHATWGFragmentTable

	// WHATWGQuery is the WHATWG query percent-encode set: C0Control plus
	// space, `"`, "#", "<" and ">".
	WHATWGQuery Set = wHATWGQueryTable

	// WHATWGSpecialQuery is the WHATWG special-query percent-encode set:
	// WHATWGQuery plus "'".
	WHATWGSpecialQuery Set = wHATWGSpecialQueryTable

	// WHATWGPath is the WHATWG path percent-encode set: WHATWGQuery plus
	// "?", "^", "`", "{" and "}".
	WHATWGPath Set = wHATWGPathTable

	// WHATWGUserinfo is the WHATWG userinfo percent-encode set: WHATWGPath
	// plus "/", ":", ";", "=", "@", "[" through "^", and "|".
	WHATWGUserinfo Set = wHATWGUserinfoTable

	// WHATWGComponent is the WHATWG component percent-encode set (used by
	// encodeURIComponent-like APIs): WHATWGUserinfo plus "$", "%", "&", "+"
	// and ",".
	WHATWGComponent Set = wHATWGComponentTable

	// Form is the WHATWG application/x-www-form-urlencoded percent-encode
	// set: WHATWGComponent plus "!", "'", "(", ")" and "~". Use it with
	// Encoder.SpaceAsPlus, as form serialization writes space as "+".
	Form Set = formTable

	// JSURIComponent is the set JavaScript's encodeURIComponent encodes:
	// everything except ALPHA, DIGIT and "-_.!~*'()".
	JSURIComponent Set = jSURIComponentTable

	// JSURI is the set JavaScript's encodeURI encodes: JSURIComponent
	// without ";,/?:@&=+$#".
	JSURI Set = jSURITable
)
