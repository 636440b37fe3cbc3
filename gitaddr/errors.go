package gitaddr

import "github.com/urikit/urikit/internal/diag"

// A Code is a stable, machine-readable name for the reason a text is not
// a git address (or a config text holds no valid rules). Codes are errors
// themselves, so they serve as sentinels: errors.Is(err, gitaddr.ErrMissingPath).
type Code string

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// The codes of the errors of Parse and NewRewriter.
const (
	// ErrEmpty: the text is empty.
	ErrEmpty Code = "empty"
	// ErrInvalidChar: a NUL byte, which no command line can carry; or a
	// control character, space or bracket in a host.
	ErrInvalidChar Code = "invalid-char"
	// ErrScheme: "://" follows something that is not a scheme git knows
	// (git: "protocol '...' is not supported").
	ErrScheme Code = "invalid-scheme"
	// ErrUnsupported: an rsync: address, which git no longer supports.
	ErrUnsupported Code = "unsupported-transport"
	// ErrMissingHost: an ssh, git, http(s) or ftp(s) address without a
	// host.
	ErrMissingHost Code = "missing-host"
	// ErrInvalidHost: a host that is neither a name nor an IPv6 address
	// (a ":" that starts no port, text after "]").
	ErrInvalidHost Code = "invalid-host"
	// ErrInvalidPort: a port that is not a decimal number below 65536.
	ErrInvalidPort Code = "invalid-port"
	// ErrEmptyUser: an "@" with no user name before it.
	ErrEmptyUser Code = "empty-user"
	// ErrMissingPath: no path after the host (git: "no path specified").
	ErrMissingPath Code = "missing-path"
	// ErrLeadingDash: a host, user or path that begins with "-", which
	// git refuses so that it cannot be read as an option of ssh or of the
	// command it runs ("strange hostname", "strange pathname").
	ErrLeadingDash Code = "leading-dash"
	// ErrConfigSyntax: the config text is not in git's config syntax (a
	// bad section header or key, an unknown escape, an unterminated
	// quote).
	ErrConfigSyntax Code = "config-syntax"
	// ErrConfigValue: an insteadOf or pushInsteadOf key without a value.
	ErrConfigValue Code = "config-missing-value"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrEmpty:
		return "the address is empty"
	case ErrInvalidChar:
		return "character not allowed here"
	case ErrScheme:
		return `"://" after a name that is not a transport git knows`
	case ErrUnsupported:
		return "git no longer supports the rsync transport"
	case ErrMissingHost:
		return "the address has no host"
	case ErrInvalidHost:
		return "the host is neither a name nor an IPv6 address"
	case ErrInvalidPort:
		return "the port is not a decimal number below 65536"
	case ErrEmptyUser:
		return `"@" with no user name before it`
	case ErrMissingPath:
		return "the address has no path"
	case ErrLeadingDash:
		return `a host, user or path beginning with "-" could be read as an option`
	case ErrConfigSyntax:
		return "not git config syntax"
	case ErrConfigValue:
		return "insteadOf and pushInsteadOf need a value"
	}
	return string(c)
}

// A Component names the part of an address (or of a config text) that
// holds a problem.
type Component string

// The components of a git address.
const (
	// ComponentScheme is the scheme of a URL, or what stands for one.
	ComponentScheme Component = "scheme"
	// ComponentUsername is the user name before "@".
	ComponentUsername Component = "username"
	// ComponentHost is the host.
	ComponentHost Component = "host"
	// ComponentPort is the port.
	ComponentPort Component = "port"
	// ComponentPath is the path.
	ComponentPath Component = "path"
	// ComponentConfig is the config text of NewRewriter.
	ComponentConfig Component = "config"
)

// An Error describes why a text is not a git address, or why a config
// text holds no valid rewriting rules.
type Error struct {
	// Input is the text that was parsed.
	Input string
	// Offset is the byte offset of the problem in Input; -1 when it has
	// no position.
	Offset int
	// Component is the part of the address holding the problem.
	Component Component
	// Code says what is wrong; it is the sentinel for errors.Is.
	Code Code
}

// Error returns a message such as
// `gitaddr: offset 5 (port): "host:x/y": the port is not a decimal number below 65536`.
// It quotes at most about 40 bytes of the input on each side of the
// offset.
func (e *Error) Error() string {
	return diag.Error("gitaddr", e.Offset, string(e.Component), e.Input, e.Code.Message())
}

// Unwrap returns the code, for errors.Is.
func (e *Error) Unwrap() []error { return []error{e.Code} }
