package percent

import (
	"reflect"
	"slices"
	"testing"
)

// TestSetOpaque checks that a Set cannot be made from a string by accident:
// it is a struct whose fields are all unexported, so outside the package
// percent.Set("path") does not compile and Set{...} cannot name a field.
func TestSetOpaque(t *testing.T) {
	ty := reflect.TypeFor[Set]()
	if ty.Kind() != reflect.Struct {
		t.Fatalf("Set is a %v; want an opaque struct", ty.Kind())
	}
	for i := range ty.NumField() {
		if f := ty.Field(i); f.IsExported() {
			t.Errorf("Set has the exported field %s", f.Name)
		}
	}
	if reflect.TypeFor[string]().ConvertibleTo(ty) {
		t.Error("a string converts to a Set")
	}
}

// TestSetByName checks that every name SetNames lists gives its own
// predefined set, that the list is sorted, and that other names fail.
func TestSetByName(t *testing.T) {
	want := map[string]Set{
		"unreserved": Unreserved, "path-segment": PathSegment, "path": Path,
		"query": Query, "query-value": QueryValue, "fragment": Fragment,
		"userinfo": Userinfo, "host": Host, "form": Form,
		"whatwg-fragment": WHATWGFragment, "whatwg-query": WHATWGQuery,
		"whatwg-special-query": WHATWGSpecialQuery, "whatwg-path": WHATWGPath,
		"whatwg-userinfo": WHATWGUserinfo, "whatwg-component": WHATWGComponent,
		"js-uri-component": JSURIComponent, "js-uri": JSURI,
	}
	names := SetNames()
	if !slices.IsSorted(names) || len(names) != len(want) {
		t.Errorf("SetNames() = %q: want the %d names, sorted", names, len(want))
	}
	for _, n := range names {
		got, ok := SetByName(n)
		if !ok || got != want[n] {
			t.Errorf("SetByName(%q) = %v, %v; want %v", n, got, ok, want[n])
		}
		delete(want, n)
	}
	for n := range want {
		t.Errorf("SetNames lacks %q", n)
	}
	for _, n := range []string{"", "Path", "all", "c0-control", "path "} {
		if s, ok := SetByName(n); ok || s != (Set{}) {
			t.Errorf("SetByName(%q) = %v, %v; want the zero Set, false", n, s, ok)
		}
	}
	if Encode("a b", Set{}) != "a b" || Encode("a b", Set{}.Add(" ")) != "a%20b" {
		t.Error("the zero Set, or one built from it, encodes wrongly")
	}
}
