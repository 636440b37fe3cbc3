package report

import "strings"

// A Command is a record subcommand of the urikit CLI and its route in the
// HTTP API. Both answer each record with the same Record.
type Command struct {
	// Name is the subcommand as typed after "urikit": "parse", "form
	// decode".
	Name string
	// Route is its path in the HTTP API: "/v1/" then Name with "/" for
	// each space ("/v1/form/decode").
	Route string
	// Options are the options of an API request, named as the CLI flags
	// with "_" for "-", with their JSON types, for help texts; "" when
	// there are none.
	Options string
}

// Commands returns the record subcommands, each with its API route: the
// one table that the CLI, the server and the tests go by, so that every
// record subcommand has its route. A new record subcommand is added here.
func Commands() []Command {
	cmds := []Command{
		{Name: "encode", Options: `"set": "unreserved", "plus": bool, "keep_escapes": bool`},
		{Name: "decode", Options: `"lenient": bool, "bytes": bool, "plus": bool, "legacy_u": bool`},
		{Name: "parse", Options: `"mode": "rfc3986"|"whatwg", "lenient": bool, "base": "URL" (whatwg)`},
		{Name: "resolve", Options: `"base": "URI" (required)`},
		{Name: "relativize", Options: `"base": "URI" (required)`},
		{Name: "normalize", Options: `"level": "scheme", "lenient": bool, "whatwg": bool, "sort_query": bool, "drop_fragment": bool, "drop_empty_query": bool`},
		{Name: "equal", Options: `"other": "URI" (required), "level": "scheme", "sort_query": bool, ...`},
		{Name: "iri", Options: `"to_uri": true or "to_iri": true`},
		{Name: "idna", Options: `"to_unicode": bool, "profile": "url"|"lookup"|"registration"|"display"`},
		{Name: "form decode", Options: ``},
		{Name: "form encode", Options: ``},
		{Name: "check", Options: `"resolve": bool (a server started with --check-resolve)`},
		{Name: "file", Options: `"to_path": bool, "windows": bool`},
		{Name: "domain", Options: ``},
		{Name: "urn", Options: ``},
		{Name: "git", Options: `"scp": bool, "insteadof_config": "git config text", "push": bool`},
		{Name: "purl", Options: `"repo_url": bool`},
		{Name: "mailto", Options: `"lenient": bool`},
		{Name: "data", Options: `"body_base64": bool`},
		{Name: "template expand", Options: `"template": "TEMPLATE" (required); "variables": {...} in place of "input"`},
		{Name: "template match", Options: `"template": "TEMPLATE" (required)`},
		{Name: "edit", Options: `"rfc3986": bool, "set": ["C=V", "C:=V", "C?=V"], "append": ["path=S", "query=K=V", "query=K"], "delete": ["query=GLOB"], "keep": [...], "replace": [...], "iterate": [...], "trim": bool, "trim_rules": {ClearURLs rules}, "sort_query": bool, "redirect": "REF", ...`},
		{Name: "match", Options: `"pattern": "PATTERN" or "patterns": ["PATTERN", ...] (required), "base": "URL", "ignore_case": bool`},
		{Name: "surt", Options: `"scheme": bool, "keep_www": bool, "keep_query_order": bool, "fragment": bool, "host_only": bool, "trailing_comma": bool, "fingerprint": bool`},
		{Name: "unwrap", Options: `"rules": {ClearURLs rules} (instead of the built-in set)`},
	}
	for i := range cmds {
		cmds[i].Route = "/v1/" + strings.ReplaceAll(cmds[i].Name, " ", "/")
	}
	return cmds
}

// FileCommands lists the record subcommands that write a file format
// (rows of typed columns: Parquet, CSV, ...) rather than answer each
// record: they have the bulk options and --json, and no route in the
// HTTP API, whose answers are record objects.
func FileCommands() []string {
	return []string{"split"}
}
