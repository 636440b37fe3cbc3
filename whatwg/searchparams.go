package whatwg

import "github.com/urikit/urikit/form"

// SearchParams returns the URL's query as URLSearchParams sees it: the
// name/value pairs of application/x-www-form-urlencoded parsing. The
// result is a copy; write changes back with SetSearchParams.
func (u URL) SearchParams() form.Values {
	q, _ := u.Query()
	return form.Parse(q)
}

// SetSearchParams sets the query to the serialization of v, as the URL
// Standard's URLSearchParams "update steps" do: an empty serialization
// makes the query null (the "?" goes away).
func (u *URL) SetSearchParams(v form.Values) {
	u.SetSearch(v.String())
}
