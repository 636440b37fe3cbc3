package percent

//go:generate go run ./internal/gensets

// Predefined encode sets. They are variables only because a Set is an
// opaque struct, which cannot be a constant: treat them as constants. The
// RFC 3986 sets encode every byte that is not
// allowed literally as data in the named component, including "%" itself;
// the WHATWG sets are those of the URL Standard (which leave "%" alone, as
// the URL parser keeps existing escapes, except WHATWGComponent and Form).
var (
	// All is the set of every byte value.
	All = Set{allTable}

	// Unreserved encodes every byte except the RFC 3986 unreserved
	// characters ALPHA, DIGIT, "-", ".", "_" and "~" (Python's
	// quote(s, safe="")). Use it for a value placed anywhere.
	Unreserved = Set{unreservedTable}

	// Reserved encodes every byte except the RFC 3986 unreserved and
	// reserved characters (gen-delims and sub-delims): for text whose
	// delimiters are kept, as RFC 6570 expands {+var} and {#var} (with
	// Encoder.KeepEscapes, which also keeps existing escapes).
	Reserved = Set{reservedTable}

	// PathSegment encodes what may not appear in one path segment: it
	// leaves pchar (unreserved, sub-delims, ":" and "@") alone and encodes
	// "/", "?", "#" and everything else.
	PathSegment = Set{pathSegmentTable}

	// Path is PathSegment without "/": for a whole path whose slashes are
	// separators.
	Path = Set{pathTable}

	// Query leaves pchar, "/" and "?" alone: for a whole query.
	Query = Set{queryTable}

	// QueryValue is Query plus "&", "=", "+", ";" and "#": for a key or a
	// value inside a key=value&key=value query.
	QueryValue = Set{queryValueTable}

	// Fragment leaves pchar, "/" and "?" alone: for a fragment.
	Fragment = Set{fragmentTable}

	// Userinfo leaves unreserved, sub-delims and ":" alone.
	Userinfo = Set{userinfoTable}

	// Host leaves unreserved and sub-delims alone: for a reg-name.
	Host = Set{hostTable}

	// C0Control is the WHATWG C0 control percent-encode set: 0x00-0x1F and
	// every byte above 0x7E.
	C0Control = Set{c0ControlTable}

	// WHATWGFragment is the WHATWG fragment percent-encode set: C0Control
	// plus space, `"`, "<", ">" and "`".
	WHATWGFragment = Set{wHATWGFragmentTable}

	// WHATWGQuery is the WHATWG query percent-encode set: C0Control plus
	// space, `"`, "#", "<" and ">".
	WHATWGQuery = Set{wHATWGQueryTable}

	// WHATWGSpecialQuery is the WHATWG special-query percent-encode set:
	// WHATWGQuery plus "'".
	WHATWGSpecialQuery = Set{wHATWGSpecialQueryTable}

	// WHATWGPath is the WHATWG path percent-encode set: WHATWGQuery plus
	// "?", "^", "`", "{" and "}".
	WHATWGPath = Set{wHATWGPathTable}

	// WHATWGUserinfo is the WHATWG userinfo percent-encode set: WHATWGPath
	// plus "/", ":", ";", "=", "@", "[" through "^", and "|".
	WHATWGUserinfo = Set{wHATWGUserinfoTable}

	// WHATWGComponent is the WHATWG component percent-encode set (used by
	// encodeURIComponent-like APIs): WHATWGUserinfo plus "$", "%", "&", "+"
	// and ",".
	WHATWGComponent = Set{wHATWGComponentTable}

	// Form is the WHATWG application/x-www-form-urlencoded percent-encode
	// set: WHATWGComponent plus "!", "'", "(", ")" and "~". Use it with
	// Encoder.SpaceAsPlus, as form serialization writes space as "+".
	Form = Set{formTable}

	// JSURIComponent is the set JavaScript's encodeURIComponent encodes:
	// everything except ALPHA, DIGIT and "-_.!~*'()".
	JSURIComponent = Set{jSURIComponentTable}

	// JSURI is the set JavaScript's encodeURI encodes: JSURIComponent
	// without ";,/?:@&=+$#".
	JSURI = Set{jSURITable}
)

// SetByName returns the predefined set called name, as the urikit command
// line names them ("urikit encode --set"): "unreserved", "path-segment",
// "path", "query", "query-value", "fragment", "userinfo", "host", "form",
// "whatwg-fragment", "whatwg-query", "whatwg-special-query",
// "whatwg-path", "whatwg-userinfo", "whatwg-component",
// "js-uri-component" and "js-uri" (SetNames lists them). ok is false for
// any other name.
func SetByName(name string) (set Set, ok bool) {
	switch name {
	case "unreserved":
		return Unreserved, true
	case "path-segment":
		return PathSegment, true
	case "path":
		return Path, true
	case "query":
		return Query, true
	case "query-value":
		return QueryValue, true
	case "fragment":
		return Fragment, true
	case "userinfo":
		return Userinfo, true
	case "host":
		return Host, true
	case "form":
		return Form, true
	case "whatwg-fragment":
		return WHATWGFragment, true
	case "whatwg-query":
		return WHATWGQuery, true
	case "whatwg-special-query":
		return WHATWGSpecialQuery, true
	case "whatwg-path":
		return WHATWGPath, true
	case "whatwg-userinfo":
		return WHATWGUserinfo, true
	case "whatwg-component":
		return WHATWGComponent, true
	case "js-uri-component":
		return JSURIComponent, true
	case "js-uri":
		return JSURI, true
	}
	return Set{}, false
}

// SetNames returns the names SetByName knows, sorted; each call returns a
// new slice.
func SetNames() []string {
	return []string{
		"form", "fragment", "host", "js-uri", "js-uri-component", "path",
		"path-segment", "query", "query-value", "unreserved", "userinfo",
		"whatwg-component", "whatwg-fragment", "whatwg-path", "whatwg-query",
		"whatwg-special-query", "whatwg-userinfo",
	}
}
