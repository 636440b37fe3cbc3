package main

import "github.com/urikit/urikit/internal/edit"

// The adversarial records of "urikit edit", measured by TestBounded and
// BenchmarkBounded with the other subcommands' (bounded_test.go).
func init() {
	boundedShapes = append(boundedShapes, editBoundedShapes()...)
}

func editBoundedShapes() []boundedShape {
	editor := func(o edit.Options) func(string) {
		ed, err := edit.New(o)
		if err != nil {
			panic(err)
		}
		return func(s string) { _, _, _ = ed.Edit(s) }
	}
	return []boundedShape{
		{name: "edit-delete-pairs", args: []string{"edit", "--delete", "query=a*", "--set", "scheme=https"}, prefix: "http://h/?", unit: "a=1&b=%41&",
			lib: editor(edit.Options{Delete: []string{"query=a*"}, Set: []string{"scheme=https"}}), owner: "whatwg, form, internal/edit", strict: true},
		{name: "edit-sort-json", args: []string{"edit", "--sort-query", "--json"}, prefix: "http://h/?", unit: "b=1&a&",
			lib: editor(edit.Options{SortQuery: true}), owner: "whatwg, form, internal/edit", strict: true},
		{name: "edit-segments", args: []string{"edit", "--append", "path=x/y", "--rfc3986"}, prefix: "http://h", unit: "/a",
			lib: editor(edit.Options{RFC3986: true, Append: []string{"path=x/y"}}), owner: "uri, internal/edit", strict: true},
		{name: "edit-get-decoded", args: []string{"edit", "--get", "{decoded:pathname}"}, prefix: "http://h/", unit: "%41%FF",
			lib: editor(edit.Options{}), owner: "whatwg, internal/edit", strict: true},
		{name: "edit-set-fail", args: []string{"edit", "--set", "path:=/a b"}, prefix: "http://h/", unit: "a",
			lib: editor(edit.Options{Set: []string{"path:=/a b"}}), owner: "whatwg, internal/edit", strict: true, cheap: true},
		{name: "edit-not-url", args: []string{"edit", "--set", "port=1"}, prefix: "http://[", unit: "1",
			lib: editor(edit.Options{Set: []string{"port=1"}}), owner: "whatwg", strict: true, cheap: true},
	}
}
