package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/serve"
)

// contractCase is how TestRecordContract runs a record subcommand in one
// of its modes: the CLI flags and the API options that ask for that mode,
// and three inputs: a valid one, a failing one (for a subcommand whose
// records never fail, one with findings), and one that is not UTF-8.
type contractCase struct {
	flags   []string // after the subcommand's name, before --json
	options string   // the same as API options: JSON members after the input
	valid   string
	failing string
	binary  string
	// fields are the result fields of the valid input's record, in order.
	fields []string
	// fffd is set for form decode: the URL Standard turns bytes that are
	// not UTF-8 into U+FFFD, which the record then says in a finding.
	fffd bool
	// apiWords are the pairs old, new that turn the CLI's line into the
	// API's, for the messages that name an option: each front end names
	// it in its own words (API.md, "What the public API holds"), a flag
	// or a JSON key, as written in a JSON string.
	apiWords []string
}

// apiLine returns the CLI's line as the API writes it (see apiWords).
func (c contractCase) apiLine(line string) string {
	if len(c.apiWords) == 0 {
		return line
	}
	return strings.NewReplacer(c.apiWords...).Replace(line)
}

var (
	rfcFields    = []string{"scheme", "userinfo", "host", "host_type", "port", "path", "query", "fragment"}
	whatwgFields = []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"}
	outputField  = []string{"output"}
	dataFields   = []string{"mime_type", "type", "subtype", "parameters", "base64", "size", "body"}
	// dataFieldsBase64 are those of "urikit data --body-base64".
	dataFieldsBase64 = []string{"mime_type", "type", "subtype", "parameters", "base64", "size", "body_base64"}
)

// contractCases has the cases of each record subcommand of
// report.Commands: TestRecordContract fails for a subcommand that has
// none, so that a new one is covered.
var contractCases = map[string][]contractCase{
	"encode": {
		// Encoding never fails: the second input has no error.
		{valid: "a b/你", failing: "%", binary: "a\xffb", fields: outputField},
		{flags: []string{"--set", "form"}, options: `"set": "form"`, valid: "a b+c", failing: "", binary: "\xfe", fields: outputField},
	},
	"decode": {
		{valid: "caf%C3%A9", failing: "abc%4", binary: "\xff%41", fields: outputField},
		{flags: []string{"--lenient", "--plus"}, options: `"lenient": true, "plus": true`, valid: "%zz%41+b", failing: "%", binary: "\xfe%zz", fields: outputField},
		{flags: []string{"--bytes"}, options: `"bytes": true`, valid: "caf%E9", failing: "a%4", binary: "\xff%41", fields: outputField},
	},
	"parse": {
		{valid: "http://u@h:1/p?q#f", failing: "/a b", binary: "http://a/\xff", fields: rfcFields},
		{flags: []string{"--lenient"}, options: `"lenient": true`, valid: "http://a b/%zz%zz", failing: "/a b", binary: "http://u\xfd@h\xfe/\xff?\xfc#\xfb", fields: rfcFields},
		{flags: []string{"--whatwg"}, options: `"mode": "whatwg"`, valid: "HTTP://A:80/b/../c\\d", failing: "https://u:p@h:99999/", binary: "http://a/\xff", fields: whatwgFields},
		{flags: []string{"--whatwg", "--base", "https://h/d/"}, options: `"mode": "whatwg", "base": "https://h/d/"`, valid: "../x?y#z", failing: "http://[::1", binary: "\xff", fields: whatwgFields},
	},
	"resolve": {
		{flags: []string{"--base", "http://a/b/c/d;p?q"}, options: `"base": "http://a/b/c/d;p?q"`, valid: "../g", failing: "g h", binary: "\xff", fields: outputField},
	},
	"relativize": {
		{flags: []string{"--base", "http://a/b/c/d"}, options: `"base": "http://a/b/c/d"`, valid: "http://a/b/e/f", failing: "http://a b/", binary: "http://a/\xff", fields: outputField},
	},
	"normalize": {
		{valid: "HTTP://A:80/%7e/./b", failing: "/a b", binary: "http://a/\xff", fields: outputField},
		{flags: []string{"--level", "full"}, options: `"level": "full"`, valid: "http://a/?b&a#f", failing: "%", binary: "\xff", fields: outputField},
		{flags: []string{"--lenient"}, options: `"lenient": true`, valid: "HTTP://A/b c/%7e", failing: "%zz", binary: "http://a/\xff", fields: outputField},
		{flags: []string{"--whatwg"}, options: `"whatwg": true`, valid: "HTTP://A/b c/%7e", failing: "a/b", binary: "http://a/\xff", fields: outputField},
	},
	"equal": {
		{flags: []string{"--other", "http://a/"}, options: `"other": "http://a/"`, valid: "HTTP://A:80/", failing: "a b", binary: "\xff", fields: []string{"normalized", "equal"}},
	},
	"template expand": {
		{flags: []string{"/x{/a}{?b*}"}, options: `"template": "/x{/a}{?b*}"`, valid: `{"a": "é f", "b": {"k": "v", "a": 1}}`, failing: `{"a": [1, 2`, binary: "{\"a\": \"\xff\"}", fields: outputField},
	},
	"template match": {
		{flags: []string{"/x{/a}{?b,c}"}, options: `"template": "/x{/a}{?b,c}"`, valid: "/x/%C3%A9?b=1,2&c=", failing: "/y/a", binary: "/x/\xff", fields: []string{"variables"}},
	},
	"iri": {
		{flags: []string{"--to-uri"}, options: `"to_uri": true`, valid: "http://例え.jp/引き出し", failing: "http://[::1", binary: "http://a/\xff", fields: outputField},
		{flags: []string{"--to-iri"}, options: `"to_iri": true`, valid: "http://xn--r8jz45g.jp/%E5%BC%95", failing: "http://a b/", binary: "\xff", fields: outputField},
	},
	"idna": {
		{flags: []string{"--to-ascii"}, valid: "Bücher.example", failing: "a\u200db.example", binary: "a\xffb", fields: []string{"ascii"}},
		{flags: []string{"--to-ascii", "--profile", "registration"}, options: `"profile": "registration"`, valid: "faß.de", failing: "Faß.de", binary: "\xff", fields: []string{"ascii"}},
		// ToUnicode converts all the same: the second input has a finding.
		{flags: []string{"--to-unicode", "--profile", "lookup"}, options: `"to_unicode": true, "profile": "lookup"`, valid: "xn--bcher-kva.example", failing: "xn--zz.a_b", binary: "xn--a.\xff", fields: []string{"unicode"}},
	},
	"form decode": {
		// A form decode never fails: the second input has findings.
		{valid: "a=1&b=x+y&a=%E4%BD%A0", failing: "a=%zz&b=%FF%FE", binary: "a=\xff&\xfe", fields: []string{"pairs"}, fffd: true},
	},
	"form encode": {
		{valid: `[["a","1"],["b","x y"]]`, failing: "not json", binary: `[["a","` + "\xff" + `"]]`, fields: outputField},
	},
	"file": {
		{flags: []string{"--to-url"}, options: `"to_path": false`, valid: "/a b/c", failing: "a/b", binary: "/a\xff", fields: []string{"url"}},
		{flags: []string{"--to-url", "--windows"}, options: `"windows": true`, valid: `C:\a b\c`, failing: `\\host`, binary: "C:\\\xff", fields: []string{"url"}},
		{flags: []string{"--to-path"}, options: `"to_path": true`, valid: "file:///a%20b", failing: "file://host/a", binary: "file:///\xff", fields: []string{"path"}},
		{flags: []string{"--to-path", "--windows"}, options: `"to_path": true, "windows": true`, valid: "file://server/share/x", failing: "file:///a%5Cb", binary: "file:///C:/\xff", fields: []string{"path"}},
	},
	"urn": {
		{valid: "URN:Example:a%2c?+r#f", failing: "urn:a:b", binary: "urn:ab:\xff", fields: []string{"nid", "nss", "r_component", "q_component", "f_component", "normalized"}},
	},
	"git": {
		{valid: "git@github.com:owner/repo.git", failing: "host:", binary: "h:r\xff", fields: []string{"url", "form", "transport", "user", "host", "port", "path"}},
		{flags: []string{"--scp"}, options: `"scp": true`, valid: "ssh://h:22/r", failing: "ssh://h", binary: "ssh://h/\xff", fields: []string{"url", "scp", "form", "transport", "user", "host", "port", "path"}},
	},
	"purl": {
		{valid: "pkg:NPM/@a/b@1?B=2#x", failing: "pkg:a", binary: "pkg:npm/\xff", fields: []string{"purl", "type", "namespace", "name", "version", "qualifiers", "subpath"}},
		{flags: []string{"--repo-url"}, options: `"repo_url": true`, valid: "pkg:cargo/rand@0.7.2", failing: "pkg:swift/a", binary: "pkg:cargo/\xff", fields: []string{"purl", "type", "namespace", "name", "version", "qualifiers", "subpath", "repository_url"}},
	},
	"match": {
		{flags: []string{"https://*.example.com/:id"}, options: `"pattern": "https://*.example.com/:id"`, valid: "https://a.example.com/x", failing: "http://a b", binary: "https://a.example.com/\xff", fields: []string{"matched", "pattern", "groups"}},
		{flags: []string{"/b/:n(\\d+)", "--base", "https://h/a", "--ignore-case"}, options: `"pattern": "/b/:n(\\d+)", "base": "https://h/a", "ignore_case": true`, valid: "/B/12", failing: "https://h:x/", binary: "/b/\xff", fields: []string{"matched", "pattern", "groups"}},
	},
	"mailto": {
		{valid: "mailto:joe@example.com?cc=bob@example.com&subject=caf%C3%A9&x=y", failing: "mailto:a@b?cc=c@d?body=e", binary: "mailto:a@b?body=\xff", fields: []string{"to", "cc", "bcc", "subject", "body", "headers"}},
		{flags: []string{"--lenient"}, options: `"lenient": true`, valid: "mailto:a@b?subject=Hello World", failing: "mailto", binary: "mailto:a@b?body=%FF\xff", fields: []string{"to", "cc", "bcc", "subject", "body", "headers"}},
	},
	"edit": {
		{flags: []string{"--delete", "query=utm_*", "--set", "scheme=https"}, options: `"delete": ["query=utm_*"], "set": ["scheme=https"]`, valid: "http://a.com/p?utm_x=1&k=v", failing: "http://a b/", binary: "http://a/\xff", fields: whatwgFields,
			apiWords: []string{`"message":"--delete `, `"message":"\"delete\" `}},
		{flags: []string{"--rfc3986", "--sort-query", "--delete", "query=x"}, options: `"rfc3986": true, "sort_query": true, "delete": ["query=x"]`, valid: "http://a/?b=1&a=2&x", failing: "a b", binary: "\xff", fields: append([]string{"href"}, rfcFields...),
			apiWords: []string{`"message":"--delete `, `"message":"\"delete\" `}},
		// A refused edit: its message names the option.
		{flags: []string{"--set", "port?=x"}, options: `"set": ["port?=x"]`, valid: "http://a:1/", failing: "http://h/", binary: "http://a:1/\xff", fields: whatwgFields,
			apiWords: []string{`"message":"--set `, `"message":"\"set\" `}},
	},
	"check": {
		// A check never fails: the second input has findings.
		{valid: "https://example.com/a", failing: "http://evil.com%2f@good.com/", binary: "http://a/\xff", fields: []string{"severity", "views"}},
	},
	"domain": {
		{valid: "www.Example.co.uk", failing: "co.uk", binary: "\xff.com", fields: []string{"host", "public_suffix", "icann", "registrable_domain"}},
		{valid: "https://a.b.city.kobe.jp/x", failing: "http://[::1]/", binary: "http://a/\xff", fields: []string{"host", "public_suffix", "icann", "registrable_domain"}},
	},
	"surt": {
		{valid: "http://www.Example.com/a/?b=1&a=2", failing: "http://a.com:x/", binary: "http://a.com/\xff", fields: []string{"surt"}},
		{flags: []string{"--scheme", "--keep-www", "--keep-query-order", "--fragment", "--trailing-comma"}, options: `"scheme": true, "keep_www": true, "keep_query_order": true, "fragment": true, "trailing_comma": true`, valid: "http://www.a.com/?b#f", failing: "http://", binary: "http://a/\xff", fields: []string{"surt"}},
		{flags: []string{"--host-only"}, options: `"host_only": true`, valid: "http://www.a.com:8080/x", failing: "https:///x", binary: "http://a\xff/", fields: []string{"surt"}},
		{flags: []string{"--fingerprint"}, options: `"fingerprint": true`, valid: "http://a.com/?utm_source=x&b", failing: "http://[::1/", binary: "http://a/\xff", fields: []string{"fingerprint"}},
	},
	"unwrap": {
		{valid: "https://www.google.com/url?q=https%3A%2F%2Fexample.com%2F%3Ffbclid%3D1", failing: "", binary: "http://a/?utm_source=\xff", fields: []string{"output", "unwrapped"}},
	},
	"data": {
		{valid: "data:text/plain;charset=utf-8,h%C3%A9", failing: "data:;base64,ab*", binary: "data:,\xff", fields: dataFields},
		{flags: []string{"--body-base64"}, options: `"body_base64": true`, valid: "data:image/png;base64,iVBORw0KGgo=", failing: "data:text", binary: "data:,a\xfe", fields: dataFieldsBase64},
	},
}

// jsonKeys returns the keys of the JSON object text in order, with the
// raw text of each value.
func jsonKeys(text []byte) ([]string, []json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("not an object: %v %v", tok, err)
	}
	var keys []string
	var values []json.RawMessage
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		keys = append(keys, tok.(string))
		values = append(values, v)
	}
	return keys, values, nil
}

// checkErrorObject checks the keys of an error or finding object: offset,
// component (optional), code, message, then optionally severity, detail,
// count and offsets, in this order.
func checkErrorObject(t *testing.T, where string, obj json.RawMessage) {
	t.Helper()
	keys, _, err := jsonKeys(obj)
	if err != nil {
		t.Errorf("%s: %v: %s", where, err, obj)
		return
	}
	order := []string{"offset", "component", "code", "message", "severity", "detail", "count", "offsets"}
	required := map[string]bool{"offset": true, "code": true, "message": true}
	i := 0
	for _, k := range order {
		if i < len(keys) && strings.TrimSuffix(keys[i], "_hex") == k {
			i++
		} else if required[k] {
			t.Errorf("%s: no %q in %s", where, k, obj)
		}
	}
	if i != len(keys) {
		t.Errorf("%s: keys %v are not %v in order", where, keys, order)
	}
}

// checkRecord checks that line is a record object of the contract: the
// input first (in hex when in is not UTF-8), then the result fields
// (fields, when given; none when the record failed), then "error" and
// "findings" last; hex members hold hex; no U+FFFD unless fffd allows it.
func checkRecord(t *testing.T, where, in, line string, fields []string, fffd bool) {
	t.Helper()
	keys, values, err := jsonKeys([]byte(line))
	if err != nil || len(keys) == 0 {
		t.Errorf("%s: %v: %s", where, err, line)
		return
	}
	wantInput := "input"
	if !utf8.ValidString(in) {
		wantInput = "input_hex"
	}
	var got string
	if err := json.Unmarshal(values[0], &got); keys[0] != wantInput || err != nil {
		t.Errorf("%s: the first member is %q, want %q: %s", where, keys[0], wantInput, line)
	} else if wantInput == "input" && got != in || wantInput == "input_hex" && got != hex.EncodeToString([]byte(in)) {
		t.Errorf("%s: %s is %q, want the input %q", where, keys[0], got, in)
	}
	var result []string
	failed, hasFindings := false, false
	for i, k := range keys[1:] {
		v := values[i+1]
		switch {
		case k == "error":
			if failed || hasFindings || len(result) > 0 {
				t.Errorf("%s: error after result fields or findings: %v", where, keys)
			}
			failed = true
			checkErrorObject(t, where+" error", v)
		case k == "findings":
			if i+2 != len(keys) {
				t.Errorf("%s: findings are not last: %v", where, keys)
			}
			hasFindings = true
			var list []json.RawMessage
			if err := json.Unmarshal(v, &list); err != nil || len(list) == 0 {
				t.Errorf("%s: findings %s: want a list of at least one (%v)", where, v, err)
			}
			for _, f := range list {
				checkErrorObject(t, where+" finding", f)
			}
		case failed || hasFindings:
			t.Errorf("%s: result field %q after error or findings: %v", where, k, keys)
		case strings.HasSuffix(k, "_hex") && len(result) > 0 && result[len(result)-1] == strings.TrimSuffix(k, "_hex"):
			// The octets next to the standard's text (form decode's
			// "pairs_hex").
		default:
			result = append(result, strings.TrimSuffix(k, "_hex"))
		}
		if strings.HasSuffix(k, "_hex") {
			var h string
			if err := json.Unmarshal(v, &h); err == nil {
				if _, err := hex.DecodeString(h); err != nil {
					t.Errorf("%s: %s is not hex: %s", where, k, v)
				}
			}
		}
	}
	if failed && len(result) > 0 {
		t.Errorf("%s: a failed record has result fields %v", where, result)
	}
	if fields != nil && !failed && strings.Join(result, ",") != strings.Join(fields, ",") {
		t.Errorf("%s: result fields %v, want %v", where, result, fields)
	}
	if strings.Contains(line, `\ufffd`) || strings.ContainsRune(line, utf8.RuneError) && !fffd {
		t.Errorf("%s: U+FFFD in %s", where, line)
	}
	if fffd && strings.ContainsRune(line, utf8.RuneError) && !strings.Contains(line, `"code":"invalid-utf8"`) {
		t.Errorf("%s: U+FFFD without an invalid-utf8 finding: %s", where, line)
	}
	var any map[string]any
	if err := json.Unmarshal([]byte(line), &any); err != nil {
		t.Errorf("%s: %v", where, err)
	}
}

// apiBody returns the body of an API request for in (input_hex when it
// is not UTF-8) with the options.
func apiBody(in, options string) string {
	key, v := "input", in
	if !utf8.ValidString(in) {
		key, v = "input_hex", hex.EncodeToString([]byte(in))
	}
	b, _ := json.Marshal(v)
	body := `{"` + key + `": ` + string(b)
	if options != "" {
		body += ", " + options
	}
	return body + "}"
}

// post sends body to the route of h and returns the status and answer.
func post(h http.Handler, route, body string) (int, string) {
	req := httptest.NewRequest("POST", route, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// TestRecordContract runs every record subcommand (report.Commands) with
// --json, and its API route, on a valid, a failing and a non-UTF-8 input,
// and checks that each record has the shape of the contract (input
// first, result fields, error and findings last, "_hex" twins, no
// U+FFFD), and that the API answers each input with the very line the CLI
// writes, and a batch with the list of them.
func TestRecordContract(t *testing.T) {
	h := serve.NewHandler(serve.Options{})
	for _, c := range report.Commands() {
		cases, ok := contractCases[c.Name]
		if !ok {
			t.Errorf("%s: no contract case: add one to contractCases", c.Name)
			continue
		}
		for _, cc := range cases {
			name := strings.Join(append(strings.Fields(c.Name), cc.flags...), " ")
			inputs := []string{cc.valid, cc.failing, cc.binary}
			args := append(append(strings.Fields(c.Name), cc.flags...), "--json")
			out, errOut, _ := cli(t, strings.Join(inputs, "\n")+"\n", args...)
			lines := strings.SplitAfter(out, "\n")
			if len(lines) != 4 || lines[3] != "" {
				t.Errorf("%s --json: %q (stderr %q)", name, out, errOut)
				continue
			}
			for i, in := range inputs {
				where := fmt.Sprintf("urikit %s --json %q", name, in)
				var fields []string
				if i == 0 {
					fields = cc.fields
				}
				checkRecord(t, where, in, strings.TrimSuffix(lines[i], "\n"), fields, cc.fffd)
				status, answer := post(h, c.Route, apiBody(in, cc.options))
				if status != 200 || answer != cc.apiLine(lines[i]) {
					t.Errorf("POST %s %s:\n API %d %s\n CLI   %s", c.Route, apiBody(in, cc.options), status, answer, lines[i])
				}
			}
			if lines[0] == "{}\n" || !strings.Contains(out, `"input_hex":`) {
				t.Errorf("%s: no input_hex for the input that is not UTF-8: %s", name, out)
			}
			// A batch is the list of the records, in order.
			hexes := make([]string, len(inputs))
			for i, in := range inputs {
				hexes[i] = `"` + hex.EncodeToString([]byte(in)) + `"`
			}
			body := `{"inputs_hex": [` + strings.Join(hexes, ", ") + `]`
			if cc.options != "" {
				body += ", " + cc.options
			}
			status, answer := post(h, c.Route, body+"}")
			want := "[" + strings.TrimSuffix(strings.Join(lines[:3], ","), "\n") + "]\n"
			want = cc.apiLine(strings.ReplaceAll(want, "\n,", ","))
			if status != 200 || answer != want {
				t.Errorf("POST %s %s:\n API %d %s\n CLI   %s", c.Route, body, status, answer, want)
			}
			// A record longer than --max-record is not read: its length
			// stands for the input.
			out, _, _ = cli(t, "0123456789abcdef\n", append(args, "--max-record", "8")...)
			keys, values, err := jsonKeys([]byte(out))
			if err != nil || strings.Join(keys, ",") != "input_bytes,error" || string(values[0]) != "16" {
				t.Errorf("%s --max-record 8: %s", name, out)
			} else {
				checkErrorObject(t, name+" --max-record 8", values[1])
			}
		}
	}
}

// TestCommandsTable checks the table of record subcommands against the
// CLI: each is a subcommand with --json, and each subcommand with --json
// is in the table (so that it has its API route).
func TestCommandsTable(t *testing.T) {
	root := newRootCmd()
	inTable := map[string]bool{}
	for _, c := range report.Commands() {
		inTable[c.Name] = true
		cmd := findCommand(root, c.Name)
		if cmd == nil || cmd.Flags().Lookup("json") == nil {
			t.Errorf("%s: not a subcommand with --json", c.Name)
			continue
		}
		if !strings.Contains(cmd.Long, "POST "+c.Route+" ") {
			t.Errorf("%s: the help does not give the route %s", c.Name, c.Route)
		}
	}
	var walk func(cmd *cobra.Command)
	walk = func(cmd *cobra.Command) {
		for _, sub := range cmd.Commands() {
			name := strings.TrimPrefix(sub.CommandPath(), "urikit ")
			if sub.Flags().Lookup("json") != nil && !inTable[name] && !slices.Contains(report.FileCommands(), name) {
				t.Errorf("%s has --json but is not in report.Commands", name)
			}
			walk(sub)
		}
	}
	walk(root)
	// The serve help lists every route.
	out, _, _ := cli(t, "", "serve", "--help")
	for _, c := range report.Commands() {
		if !strings.Contains(out, c.Route) {
			t.Errorf("serve --help does not list %s", c.Route)
		}
	}
}

// --json with --get or --long is a usage error, never one of them
// silently.
func TestParseOutputModesExclusive(t *testing.T) {
	for _, args := range [][]string{
		{"parse", "--json", "--get", "host"},
		{"parse", "--whatwg", "--json", "--get", "href"},
		{"parse", "--json", "--long"},
		{"parse", "--long", "--get", "host"},
	} {
		out, errOut, code := cli(t, "http://a/\n", args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "--get, --long and --json") {
			t.Errorf("%v: %d %q %q", args, code, out, errOut)
		}
	}
}
