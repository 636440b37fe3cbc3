// Package columns defines, once, the typed columns of "urikit split" and
// of the Parquet output of the Beam urlsets pipeline, and builds the row
// of one record. The CLI and the Beam module share it; it imports only
// library packages and internal/report (the Parquet library reads
// ParquetRow through its struct tags and is imported by the writers).
//
// A row has the columns of Columns, in order. A text value that is not
// valid UTF-8 is never written as it is: the writers put it, as lowercase
// hex, in the column's "_hex" twin (HexName), and leave the column itself
// null, as the record contract does with its "_hex" members.
package columns

import (
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/domain"
	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/surt"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// Kind is the type of a column.
type Kind uint8

// The kinds of column.
const (
	// Text is a UTF-8 string (Parquet BYTE_ARRAY with the STRING
	// annotation), with a "_hex" twin for values that are not UTF-8.
	Text Kind = iota
	// Int is a 32-bit signed integer (Parquet INT32).
	Int
)

// Column is one column of a row.
type Column struct {
	// Name is the column's name, the same in every format.
	Name string
	// Kind is its type.
	Kind Kind
	// Doc says what the column holds.
	Doc string
	// Raw is set for a Text column whose value may be bytes that are not
	// UTF-8 (the input and the components the parsers return raw): it
	// has a "_hex" twin. The other Text columns are always UTF-8.
	Raw bool
}

// HexName is the name of the twin of a Text column that holds its value
// in lowercase hex when the value is not UTF-8.
func HexName(name string) string { return name + "_hex" }

// The index of each column in a Row and in Columns.
const (
	Input = iota
	Scheme
	Username
	Password
	Host
	HostType
	Port
	Path
	Query
	Fragment
	RegistrableDomain
	PublicSuffix
	SURT
	ErrorCode
	ErrorOffset
	// N is the number of columns.
	N
)

// Columns are the columns of a row, in order.
var Columns = [N]Column{
	Input:             {"input", Text, "the record as read", true},
	Scheme:            {"scheme", Text, "the scheme, as written (RFC 3986) or lowercase (WHATWG)", false},
	Username:          {"username", Text, "the user name: RFC 3986, the userinfo up to its first colon; WHATWG, the username getter (null when empty)", true},
	Password:          {"password", Text, "the password: RFC 3986, the userinfo after its first colon (null without one); WHATWG, the password getter (null when empty)", true},
	Host:              {"host", Text, "the host: RFC 3986, raw (IPv6 in brackets); WHATWG, the hostname getter", true},
	HostType:          {"host_type", Text, "RFC 3986: reg-name, ipv4, ipv6 or ipvfuture; WHATWG: domain, ipv4, ipv6, opaque or empty", false},
	Port:              {"port", Int, "the port number (0 to 65535); null when there is none, it is empty, or (lenient) not a number up to 65535; WHATWG: null for the scheme's default port", false},
	Path:              {"path", Text, "the path, raw (RFC 3986) or the pathname getter (WHATWG); never null for a parsed record", true},
	Query:             {"query", Text, "the query, without the \"?\"", true},
	Fragment:          {"fragment", Text, "the fragment, without the \"#\"", true},
	RegistrableDomain: {"registrable_domain", Text, "the registrable domain of the host (eTLD+1, package domain); null for an IP address, a public suffix, a host the list cannot place", false},
	PublicSuffix:      {"public_suffix", Text, "the public suffix of the host (package domain); null where the host has none", false},
	SURT:              {"surt", Text, "the SURT key (package surt, default options) of the input (RFC 3986) or of the href (WHATWG); null when surt fails", false},
	ErrorCode:         {"error_code", Text, "the code of the parse error; null when the record parsed", false},
	ErrorOffset:       {"error_offset", Int, "the byte offset of the parse error in the input; null when the record parsed", false},
}

// Names returns the column names in order (the "_hex" twins are listed by
// HexColumns).
func Names() []string {
	names := make([]string, N)
	for i, c := range Columns {
		names[i] = c.Name
	}
	return names
}

// HexColumns returns the indexes of the columns that have a "_hex" twin:
// the Raw ones. Writers put the twins after the N columns, in this order.
func HexColumns() []int {
	var idx []int
	for i, c := range Columns {
		if c.Raw {
			idx = append(idx, i)
		}
	}
	return idx
}

// Value is one value of a row: a text or a number, or null.
type Value struct {
	// Text is the value of a Text column.
	Text string
	// Int is the value of an Int column.
	Int int
	// Valid is false for null.
	Valid bool
}

// Row is one row: a value per column, indexed as Columns.
type Row [N]Value

// Parser says how a record is parsed.
type Parser uint8

// The parsers.
const (
	// RFC3986 is uri.Parse: strict; a record that is not a URI-reference
	// fails.
	RFC3986 Parser = iota
	// Lenient is uri.ParseLenient: it never fails.
	Lenient
	// WHATWG is whatwg.Parse with no base: a record that is not an
	// absolute URL fails.
	WHATWG
)

// Builder builds rows. It keeps buffers between calls: use one per
// goroutine. The zero Builder parses with RFC3986.
type Builder struct {
	// Parser is the parser of the records.
	Parser Parser
	// KeepFindings makes Build keep the findings of each record (see
	// Findings), for its JSON Lines record; the columns have none.
	KeepFindings bool

	findings []report.Error
	ascii    bool // the latest record is ASCII

	surt []byte
	href []byte
	u    whatwg.URL

	// hosts caches the public suffix and registrable domain of the
	// latest hosts: URL sets repeat hosts, and the lookup costs more
	// than the map. When it reaches maxHosts it becomes older, the
	// previous older generation is dropped, and hosts starts empty: a
	// host met again in either is not looked up again.
	hosts, older map[string]hostDomain
	// last is the latest host looked up: consecutive records often
	// share their host.
	last hostDomain
}

// hostDomain is what Builder caches of a host.
type hostDomain struct {
	host                string // the host (the cache's copy)
	suffix, registrable string
	hasSuffix, hasReg   bool
}

// maxHosts is the most hosts a Builder caches.
const maxHosts = 16384

// Build fills row with the columns of the record in, and returns the
// record's error, or nil. A record that fails has only its input and
// error columns set. The texts of row may point into in and into the
// Builder's buffers: they are valid until the next call.
func (b *Builder) Build(row *Row, in string) *report.Error {
	*row = Row{}
	row[Input] = text(in)
	b.findings = b.findings[:0]
	b.ascii = ascii.Is(in)
	switch b.Parser {
	case WHATWG:
		return b.whatwg(row, in)
	case Lenient:
		r, fs := uri.ParseLenient(in)
		if b.KeepFindings {
			b.findings = report.LenientFindings(b.findings, fs)
		}
		b.rfc(row, r, in)
		return nil
	}
	r, err := uri.Parse(in)
	if err != nil {
		e := report.URIError(err)
		setError(row, e)
		return e
	}
	b.rfc(row, r, in)
	return nil
}

// Findings returns the findings of the latest record Build built, when
// KeepFindings is set, as "urikit parse" reports them: what
// uri.ParseLenient tolerated (Lenient), or the validation errors of the
// WHATWG parser (WHATWG); none for RFC3986, which fails instead. They
// are valid until the next call to Build.
func (b *Builder) Findings() []report.Error { return b.findings }

// ASCII reports whether the latest record Build built is ASCII, and then
// so is every Raw column of its row, which writers need not check for
// UTF-8: an RFC 3986 parse (RFC3986, Lenient) returns slices of the
// record (uri.Reference is the record and offsets), and the WHATWG
// parser's components are ASCII whatever the record (the URL Standard
// percent-encodes the rest and the host is in its ASCII form).
func (b *Builder) ASCII() bool { return b.ascii }

// isASCII reports whether s is ASCII, eight bytes at a time as
// utf8.ValidString does.
// Fail fills row as the row of the record in that failed with e before
// it was parsed (such as a blank record): its input and error columns.
func Fail(row *Row, in string, e *report.Error) {
	*row = Row{}
	row[Input] = text(in)
	setError(row, e)
}

func setError(row *Row, e *report.Error) {
	row[ErrorCode] = text(e.Code)
	row[ErrorOffset] = Value{Int: e.Offset, Valid: true}
}

func text(s string) Value { return Value{Text: s, Valid: true} }

func opt(s string, ok bool) Value { return Value{Text: s, Valid: ok} }

func (b *Builder) rfc(row *Row, r uri.Reference, in string) {
	row[Scheme] = opt(r.Scheme())
	if ui, ok := r.Userinfo(); ok {
		name, pass, hasPass := strings.Cut(ui, ":")
		row[Username] = text(name)
		row[Password] = opt(pass, hasPass)
	}
	host, hasHost := r.Host()
	if hasHost {
		row[Host] = text(host)
		row[HostType] = text(r.HostType().String())
		if p, ok := r.PortNumber(); ok {
			row[Port] = Value{Int: p, Valid: true}
		}
		b.domain(row, host, r.HostType() == uri.HostRegName)
	}
	row[Path] = text(r.Path())
	row[Query] = opt(r.Query())
	row[Fragment] = opt(r.Fragment())
	b.key(row, in)
}

func (b *Builder) whatwg(row *Row, in string) *report.Error {
	var err error
	if b.KeepFindings {
		var verrs []whatwg.Finding
		b.u, verrs, err = whatwg.ParseWithFindings(in)
		b.findings = report.WHATWGFindings(b.findings, verrs, err)
	} else {
		err = whatwg.ParseInto(&b.u, in)
	}
	if err != nil {
		e := report.FailureError(err)
		setError(row, e)
		return e
	}
	u := &b.u
	row[Scheme] = text(u.Scheme())
	row[Username] = nonEmpty(u.Username())
	row[Password] = nonEmpty(u.Password())
	if u.HasHost() {
		host := u.Hostname()
		row[Host] = text(host)
		var ht string
		switch {
		case host == "":
			ht = "empty"
		case host[0] == '[':
			ht = "ipv6"
		case !u.IsSpecial():
			ht = "opaque"
		case uri.IsIPv4(host):
			ht = "ipv4"
		default:
			ht = "domain"
		}
		row[HostType] = text(ht)
		if n := u.PortNumber(); n >= 0 && u.Port() != "" {
			row[Port] = Value{Int: n, Valid: true}
		}
		b.domain(row, host, ht == "domain" || ht == "opaque")
	}
	row[Path] = text(u.Pathname())
	row[Query] = opt(u.Query())
	row[Fragment] = opt(u.Fragment())
	b.href = u.AppendTo(b.href[:0])
	b.key(row, bytestr.View(b.href))
	return nil
}

func nonEmpty(s string) Value { return Value{Text: s, Valid: s != ""} }

// domain sets the public suffix and registrable domain of host, when it
// is a name.
func (b *Builder) domain(row *Row, host string, name bool) {
	if !name || host == "" || !utf8.ValidString(host) {
		return
	}
	d := b.last
	if host != d.host {
		var ok bool
		if d, ok = b.hosts[host]; !ok {
			if d, ok = b.older[host]; !ok {
				// The host may point into the record: the cache
				// keeps a copy, and the results, which may point
				// into it.
				d = lookupDomain(strings.Clone(host))
			}
			switch {
			case b.hosts == nil:
				b.hosts = make(map[string]hostDomain, maxHosts)
			case len(b.hosts) >= maxHosts:
				// The full map becomes the older generation; the
				// older one, emptied, the current one.
				b.hosts, b.older = b.older, b.hosts
				if b.hosts == nil {
					b.hosts = make(map[string]hostDomain, maxHosts)
				}
				clear(b.hosts)
			}
			b.hosts[d.host] = d
		}
		b.last = d
	}
	row[PublicSuffix] = opt(d.suffix, d.hasSuffix)
	row[RegistrableDomain] = opt(d.registrable, d.hasReg)
}

// lookupDomain returns the public suffix and registrable domain of host.
func lookupDomain(host string) hostDomain {
	d := hostDomain{host: host}
	if rd, err := domain.RegistrableDomain(host); err == nil {
		d.registrable, d.hasReg = rd, true
	}
	if ps, err := domain.PublicSuffix(host); err == nil {
		d.suffix, d.hasSuffix = ps.Name, true
	}
	return d
}

// key sets the SURT key of s.
func (b *Builder) key(row *Row, s string) {
	k, err := surt.AppendKey(b.surt[:0], s, surt.Options{})
	if err != nil {
		return
	}
	b.surt = k
	row[SURT] = text(bytestr.View(k))
}

// Record returns the record-contract object of row (the JSON Lines
// output of "urikit split"): "input" (or "input_hex"), then every column
// but the error ones, null when absent, or, when err is set, the error
// instead, then the findings (Builder.Findings), if any. Its texts alias
// row's.
func Record(row *Row, err *report.Error, findings []report.Error) report.Record {
	rec := report.Record{Input: row[Input].Text, Error: err, Findings: findings}
	if err != nil {
		return rec
	}
	rec.Fields = make([]report.Field, 0, N-3)
	for i := Input + 1; i < ErrorCode; i++ {
		c, v := Columns[i], row[i]
		switch {
		case !v.Valid:
			rec.Fields = append(rec.Fields, report.OptText(c.Name, "", false))
		case c.Kind == Int:
			rec.Fields = append(rec.Fields, report.Int(c.Name, v.Int))
		default:
			rec.Fields = append(rec.Fields, report.Text(c.Name, v.Text))
		}
	}
	return rec
}

// ParquetRow is a row as the Parquet writers take it (github.com/parquet-go/parquet-go,
// through its struct tags: this package does not import it): every
// column optional, nil for null, the Text columns as STRING, the Int ones
// as INT32, then the "_hex" twins of the Raw columns in order. The
// columns of few distinct values (scheme, host_type, public_suffix,
// error_code) are dictionary-encoded. The fields are those of Columns
// and HexColumns, in order (a test checks it).
type ParquetRow struct {
	Input             *string `parquet:"input,optional"`
	Scheme            *string `parquet:"scheme,optional,dict"`
	Username          *string `parquet:"username,optional"`
	Password          *string `parquet:"password,optional"`
	Host              *string `parquet:"host,optional"`
	HostType          *string `parquet:"host_type,optional,dict"`
	Port              *int32  `parquet:"port,optional"`
	Path              *string `parquet:"path,optional"`
	Query             *string `parquet:"query,optional"`
	Fragment          *string `parquet:"fragment,optional"`
	RegistrableDomain *string `parquet:"registrable_domain,optional"`
	PublicSuffix      *string `parquet:"public_suffix,optional,dict"`
	SURT              *string `parquet:"surt,optional"`
	ErrorCode         *string `parquet:"error_code,optional,dict"`
	ErrorOffset       *int32  `parquet:"error_offset,optional"`

	InputHex    *string `parquet:"input_hex,optional"`
	UsernameHex *string `parquet:"username_hex,optional"`
	PasswordHex *string `parquet:"password_hex,optional"`
	HostHex     *string `parquet:"host_hex,optional"`
	PathHex     *string `parquet:"path_hex,optional"`
	QueryHex    *string `parquet:"query_hex,optional"`
	FragmentHex *string `parquet:"fragment_hex,optional"`
}

// ParquetValues holds the values a ParquetRow points to.
type ParquetValues struct {
	Text [N]string
	Hex  [N]string
	Int  [N]int32
}

// Fill sets p to the values of row, stored in v, which must stay as it is
// while p is in use. A text of a Raw column that is not UTF-8 goes, in
// lowercase hex, to its "_hex" twin, and its column is null.
func (p *ParquetRow) Fill(row *Row, v *ParquetValues) {
	p.Input, p.InputHex = v.raw(row, Input)
	p.Scheme = v.text(row, Scheme)
	p.Username, p.UsernameHex = v.raw(row, Username)
	p.Password, p.PasswordHex = v.raw(row, Password)
	p.Host, p.HostHex = v.raw(row, Host)
	p.HostType = v.text(row, HostType)
	p.Port = v.int(row, Port)
	p.Path, p.PathHex = v.raw(row, Path)
	p.Query, p.QueryHex = v.raw(row, Query)
	p.Fragment, p.FragmentHex = v.raw(row, Fragment)
	p.RegistrableDomain = v.text(row, RegistrableDomain)
	p.PublicSuffix = v.text(row, PublicSuffix)
	p.SURT = v.text(row, SURT)
	p.ErrorCode = v.text(row, ErrorCode)
	p.ErrorOffset = v.int(row, ErrorOffset)
}

// text stores the value of column i of row, a Text column that is always
// UTF-8, and returns a pointer to it, or nil for null.
func (v *ParquetValues) text(row *Row, i int) *string {
	if !row[i].Valid {
		return nil
	}
	v.Text[i] = row[i].Text
	return &v.Text[i]
}

// raw stores the value of column i of row, a Raw column, in its column
// when it is UTF-8, else in hex in its twin, and returns pointers to
// them (nil for null).
func (v *ParquetValues) raw(row *Row, i int) (text, hex *string) {
	switch {
	case !row[i].Valid:
		return nil, nil
	case utf8.ValidString(row[i].Text):
		v.Text[i] = row[i].Text
		return &v.Text[i], nil
	}
	v.Hex[i] = hexString(row[i].Text)
	return nil, &v.Hex[i]
}

// int stores the value of column i of row, an Int column, and returns a
// pointer to it, or nil for null.
func (v *ParquetValues) int(row *Row, i int) *int32 {
	if !row[i].Valid {
		return nil
	}
	v.Int[i] = int32(row[i].Int)
	return &v.Int[i]
}

// hexString returns s in lowercase hex.
func hexString(s string) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 2*len(s))
	for i := 0; i < len(s); i++ {
		b[2*i], b[2*i+1] = digits[s[i]>>4], digits[s[i]&15]
	}
	return string(b)
}
