package check

import (
	"cmp"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// A Report is what URL found out about one input.
type Report struct {
	// Input is the text checked, byte for byte.
	Input string `json:"input"`
	// Findings are sorted by offset, then by decreasing severity, then by
	// code. Each code appears at most once per severity: repeats are
	// merged into one finding at the lowest offset, with Count and the
	// first Offsets (see Finding), so that the list never grows with the
	// input.
	Findings []Finding `json:"findings"`
	// RFC3986 is the lenient RFC 3986 reading (package uri), WHATWG the
	// URL Standard's (package whatwg, what browsers do), NetURL Go's
	// net/url.Parse, each of the whole input. (The findings that compare
	// the parsers leave out the C0 controls and spaces at the start and
	// the end of the input, which a whitespace finding reports: see the
	// package doc.)
	RFC3986 View `json:"rfc3986"`
	WHATWG  View `json:"whatwg"`
	NetURL  View `json:"net_url"`
	// Target is what the URL really points at: the host, port and path a
	// browser fetches. Match URLs on it, not on the input text.
	Target Target `json:"target"`
	// Addrs are the addresses the host resolved to, each classified,
	// when the report comes from Resolved (at most MaxAddrs of them); nil
	// from URL.
	Addrs []AddrClass `json:"addrs,omitempty"`
}

// Max returns the highest severity among the findings, or None.
func (r Report) Max() Severity {
	m := None
	for _, f := range r.Findings {
		m = max(m, f.Severity)
	}
	return m
}

// AtLeast reports whether some finding has severity s or higher.
func (r Report) AtLeast(s Severity) bool {
	return r.Max() >= s
}

// Has reports whether some finding has code c.
func (r Report) Has(c Code) bool {
	for _, f := range r.Findings {
		if f.Code == c {
			return true
		}
	}
	return false
}

// A View is how one parser reads the input. Components are as that parser
// stores them: raw for RFC 3986, percent-encoded and normalized for
// WHATWG, decoded host and encoded path (EscapedPath, or Opaque) for
// net/url.
type View struct {
	// OK is false when the parser rejects the input (for RFC 3986: when
	// the strict parser does; the components are then the lenient
	// reading). Error says why.
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`

	Scheme       string `json:"scheme"`
	HasAuthority bool   `json:"has_authority"`
	Userinfo     string `json:"userinfo"`
	Host         string `json:"host"`
	Port         string `json:"port"`
	Path         string `json:"path"`
	Query        string `json:"query"`
	Fragment     string `json:"fragment"`
}

// A Target is where a browser goes with the URL, from the WHATWG reading:
// the decoded, normalized forms to compare when matching URLs against an
// allow list or a deny list.
type Target struct {
	// OK is false when the WHATWG parser rejects the input: a browser
	// goes nowhere, and the other fields are empty.
	OK bool `json:"ok"`
	// Href is the serialized URL.
	Href string `json:"href,omitempty"`
	// Origin is the serialized origin ("null" when opaque).
	Origin string `json:"origin,omitempty"`
	// Scheme is lowercase, without ":".
	Scheme string `json:"scheme,omitempty"`
	// Host is the host as fetched: A-labels, canonical IPv4, bracketed
	// canonical IPv6. HostUnicode is the same host for display, with
	// A-labels turned to Unicode.
	Host        string `json:"host,omitempty"`
	HostUnicode string `json:"host_unicode,omitempty"`
	// HostNoDot is Host without the final "." of a name that ends with
	// one ("good.com." gives "good.com"; a trailing-dot-host finding
	// says so), and Host itself otherwise: DNS resolves both forms to the
	// same addresses, so an allow list of names compares HostNoDot, or
	// both. Only one dot is dropped ("a.." gives "a."), and only from a
	// domain or opaque host of more than the dot.
	HostNoDot string `json:"host_no_dot,omitempty"`
	// HostType is "domain", "ipv4", "ipv6", "opaque" (a non-special URL's
	// host), "empty", or "" without a host.
	HostType string `json:"host_type,omitempty"`
	// RegistrableDomain is the registrable domain of a domain host, by
	// the Public Suffix List (package domain): "example.co.uk" for
	// "www.example.co.uk", in A-labels, without a final dot; "" when the
	// host is no domain or has none (a public suffix itself).
	RegistrableDomain string `json:"registrable_domain,omitempty"`
	// Port is the port in use, the scheme's default filled in, or -1
	// when there is none.
	Port int `json:"port"`
	// Path is the path as sent: percent-encoded, dot segments removed.
	Path string `json:"path,omitempty"`
	// Segments are the path's segments decoded (an invalid escape or
	// invalid UTF-8 is kept as it is), so that "%2F" inside one is data:
	// the first MaxSegments of them. SegmentsTruncated is true when the
	// path has more; compare Path then.
	Segments          []string `json:"segments,omitempty"`
	SegmentsTruncated bool     `json:"segments_truncated,omitempty"`
	// Query is the query as sent, without "?".
	Query string `json:"query,omitempty"`
}

// URL checks s and returns its report. It never fails: a string that no
// parser accepts gets findings saying so. The same input always gives the
// same report.
func URL(s string) Report {
	c := newChecker(s)
	c.run()
	return c.report()
}

// checker holds the three readings of the input and collects findings.
type checker struct {
	in string
	// lead and trail are the lengths of the runs of C0 controls and
	// spaces at the start and the end of in, which the WHATWG parser
	// strips. The RFC 3986 and net/url readings compared with the WHATWG
	// one (the embedded others) are of in without them, so that they
	// differ only where the parsers really do; whole holds those parsers'
	// readings of all of in for the Views, when lead or trail is not 0.
	lead, trail int
	others
	whole *others
	sp    spans // of the RFC 3986 reading, as offsets in in

	w     *whatwg.URL
	wErrs []whatwg.Finding
	wErr  error

	findings []Finding

	// Memos of values several checks need.
	numeric     string // rfcHostNumeric's result, when numericDone
	numericOK   bool
	numericDone bool
	uniIn       string // the last input and output of unicodeHost
	uniOut      string
	uniOK       bool
	uniDone     bool
}

// others are the readings of a text by the parsers other than WHATWG's.
type others struct {
	text  string
	ref   uri.Reference
	rfcFs []uri.Finding

	nu     *url.URL
	nuErr  error
	nuPath string // nu.EscapedPath()
}

func readOthers(s string) others {
	o := others{text: s}
	o.ref, o.rfcFs = uri.ParseLenient(s)
	o.nu, o.nuErr = url.Parse(s)
	if o.nuErr != nil {
		o.nu = nil
	} else {
		o.nuPath = netEscapedPath(o.nu)
	}
	return o
}

// isC0OrSpace reports whether the URL Standard strips b at the start or
// the end of a URL: a C0 control or a space.
func isC0OrSpace(b byte) bool {
	return b <= 0x20
}

// edges returns the lengths of the runs of C0 controls and spaces at the
// start and at the end of s (the end run is empty when the start run is
// all of s).
func edges(s string) (lead, trail int) {
	for lead < len(s) && isC0OrSpace(s[lead]) {
		lead++
	}
	for trail < len(s)-lead && isC0OrSpace(s[len(s)-1-trail]) {
		trail++
	}
	return lead, trail
}

func newChecker(s string) *checker {
	c := &checker{in: s}
	c.lead, c.trail = edges(s)
	c.others = readOthers(s[c.lead : len(s)-c.trail])
	if c.lead+c.trail > 0 {
		whole := readOthers(s)
		c.whole = &whole
		if c.lead > 0 {
			c.rfcFs = shiftFindings(c.rfcFs, c.lead)
		}
	}
	c.sp = spansOf(c.ref).shift(c.lead)
	w, wErrs, wErr := whatwg.ParseWithFindings(s)
	c.w, c.wErrs, c.wErr = nil, wErrs, wErr
	if wErr == nil {
		c.w = &w
	}
	return c
}

// shiftFindings returns fs with d added to every offset.
func shiftFindings(fs []uri.Finding, d int) []uri.Finding {
	out := make([]uri.Finding, len(fs))
	for i, f := range fs {
		f.Offset += d
		if f.Offsets != nil {
			offs := make([]int, len(f.Offsets))
			for j, o := range f.Offsets {
				offs[j] = o + d
			}
			f.Offsets = offs
		}
		out[i] = f
	}
	return out
}

// viewed returns the readings of the whole input, for the Views.
func (c *checker) viewed() *others {
	if c.whole != nil {
		return c.whole
	}
	return &c.others
}

// find returns the index of the finding with code and severity sev, or
// -1. The list holds at most one finding per code and severity, so the
// scan is bounded.
func (c *checker) find(code Code, sev Severity) int {
	for i := range c.findings {
		if c.findings[i].Code == code && c.findings[i].Severity == sev {
			return i
		}
	}
	return -1
}

// add records a finding. A finding with the code and severity of an
// earlier one is merged into it (see merge).
func (c *checker) add(code Code, sev Severity, off int, msg, detail string) {
	off = min(max(off, 0), len(c.in))
	if i := c.find(code, sev); i >= 0 {
		c.merge(i, off, msg, detail)
		return
	}
	c.findings = append(c.findings, Finding{Code: code, Severity: sev, Offset: off, Text: clip(msg), Detail: clip(detail)})
}

// merge counts one more occurrence, at off, of findings[i]: Count goes up
// and off joins the lowest maxOffsets offsets. An occurrence before the
// finding's offset becomes the finding, with its message and detail.
func (c *checker) merge(i, off int, msg, detail string) {
	f := &c.findings[i]
	if f.Count < 2 {
		f.Count = 1
		f.Offsets = make([]int, 1, maxOffsets)
		f.Offsets[0] = f.Offset
	}
	f.Count++
	if n := len(f.Offsets); n < maxOffsets || off < f.Offsets[n-1] {
		j := n
		for j > 0 && f.Offsets[j-1] > off {
			j--
		}
		if n < maxOffsets {
			f.Offsets = append(f.Offsets, 0)
		}
		copy(f.Offsets[j+1:], f.Offsets[j:])
		f.Offsets[j] = off
	}
	if off < f.Offset {
		f.Offset = off
		f.Text, f.Detail = clip(msg), clip(detail)
	}
}

// severityAt returns the severity of code for the component at off (Info
// for data-sensitive codes in the query or fragment).
func (c *checker) severityAt(code Code, off int) Severity {
	if code.dataSensitive() {
		if comp := c.sp.component(off); comp == inQuery || comp == inFragment {
			return Info
		}
	}
	return code.Severity()
}

// addAt records a finding with the severity of code at off.
func (c *checker) addAt(code Code, off int, msg string) {
	c.add(code, c.severityAt(code, off), off, msg, "")
}

// repeat counts a repeat of code at off and reports whether there was an
// earlier finding to count it on, so that scanning loops format a message
// only for the first occurrence. It returns false, counting nothing, when
// off comes before that finding: the caller's add then moves the finding
// to off with the new message.
func (c *checker) repeat(code Code, off int) bool {
	off = min(max(off, 0), len(c.in))
	i := c.find(code, c.severityAt(code, off))
	if i < 0 || off < c.findings[i].Offset {
		return false
	}
	c.merge(i, off, "", "")
	return true
}

func (c *checker) run() {
	c.checkScheme()
	c.checkParsers()
	c.checkChars()
	c.checkEscapes()
	c.checkDoubleEncoding()
	c.checkPath()
	c.checkAuthority()
	c.checkHost()
	c.checkDelimiterAt()
}

func (c *checker) report() Report {
	fs := slices.Clone(c.findings)
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Offset, b.Offset), -cmp.Compare(a.Severity, b.Severity), strings.Compare(string(a.Code), string(b.Code)))
	})
	return Report{
		Input:    c.in,
		Findings: fs,
		RFC3986:  c.rfcView(),
		WHATWG:   c.whatwgView(),
		NetURL:   c.netURLView(),
		Target:   c.target(),
	}
}

// scheme returns the lowercase scheme as the browser sees it, or as RFC
// 3986 does when the WHATWG parser fails; "" for none.
func (c *checker) scheme() string {
	if c.w != nil {
		return c.w.Scheme()
	}
	s, _ := c.ref.Scheme()
	return strings.ToLower(s)
}

func (c *checker) checkScheme() {
	s := c.scheme()
	switch s {
	case "http", "https":
	case "":
		c.add(RelativeReference, Warn, c.lead, "no scheme: a relative reference, whose target depends on the base it is resolved against", "")
	case "javascript", "vbscript", "data":
		c.add(ScriptScheme, Danger, c.lead, "scheme "+quote(s)+" runs script or carries content instead of naming a resource", "")
	default:
		c.add(NonHTTPScheme, Warn, c.lead, "scheme "+quote(s)+" is not http or https", "")
	}
}

func (c *checker) rfcView() View {
	o := c.viewed()
	r := o.ref
	v := View{OK: len(o.rfcFs) == 0, Path: r.Path(), HasAuthority: r.HasAuthority()}
	if !v.OK {
		v.Error = clip(o.rfcFs[0].String())
	}
	v.Scheme, _ = r.Scheme()
	v.Userinfo, _ = r.Userinfo()
	v.Host, _ = r.Host()
	v.Port, _ = r.Port()
	v.Query, _ = r.Query()
	v.Fragment, _ = r.Fragment()
	return v
}

func (c *checker) whatwgView() View {
	if c.w == nil {
		return View{Error: whatwgError(c.wErr)}
	}
	w := c.w
	v := View{OK: true, Scheme: w.Scheme(), HasAuthority: w.HasHost(), Host: w.Hostname(), Port: w.Port(), Path: w.Pathname()}
	v.Userinfo = w.Username()
	if p := w.Password(); p != "" {
		v.Userinfo += ":" + p
	}
	v.Query, _ = w.Query()
	v.Fragment, _ = w.Fragment()
	return v
}

func (c *checker) netURLView() View {
	o := c.viewed()
	if o.nu == nil {
		return View{Error: netURLError(o.nuErr)}
	}
	u := o.nu
	v := View{OK: true, Scheme: u.Scheme, HasAuthority: netURLHasAuthority(u, o.text), Host: u.Hostname(), Port: u.Port(),
		Path: o.nuPath, Query: u.RawQuery, Fragment: netEscapedFragment(u)}
	if u.Opaque != "" {
		v.Path = u.Opaque
	}
	if u.User != nil {
		v.Userinfo = netUserinfoString(u.User)
	}
	return v
}

// netURLHasAuthority reports whether net/url read an authority ("//"
// after the scheme), which it does not record when the authority is
// empty.
func netURLHasAuthority(u *url.URL, in string) bool {
	if u.Host != "" || u.User != nil {
		return true
	}
	if u.Opaque != "" || u.OmitHost {
		return false
	}
	rest := in
	if u.Scheme != "" {
		rest = in[len(u.Scheme)+1:]
	}
	return strings.HasPrefix(rest, "//")
}

// netURLError returns the message of a net/url error without the input,
// which the report already holds, cut to a bounded length (some messages
// quote a part of the input, such as the port).
func netURLError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if err == nil {
		return ""
	}
	return clip(strings.TrimPrefix(err.Error(), "net/url: "))
}

// whatwgError returns the code and offset of a WHATWG parser error,
// without the input (which *whatwg.Error's message quotes in full).
func whatwgError(err error) string {
	var we *whatwg.Error
	if errors.As(err, &we) {
		return string(we.Code) + " at offset " + strconv.Itoa(we.Offset)
	}
	if err == nil {
		return ""
	}
	return clip(err.Error())
}
