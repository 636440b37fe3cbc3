package report

import (
	"errors"

	"github.com/urikit/urikit/gitaddr"
)

// GitError converts an error of package gitaddr to a record's error. Its
// message leaves out the input, which gitaddr.Error's own message quotes.
func GitError(err error) *Error {
	var ge *gitaddr.Error
	if !errors.As(err, &ge) {
		return otherError(err)
	}
	return &Error{Offset: ge.Offset, Component: string(ge.Component), Code: string(ge.Code), Message: ge.Code.Message()}
}

// GitOptions are the options of "urikit git".
type GitOptions struct {
	// SCP adds "scp", the scp-like form (null when there is none).
	SCP bool
	// Rewrite applies Rules to each address before it is parsed, and adds
	// "rewritten", the address git would use.
	Rewrite bool
	// Rules are the insteadOf and pushInsteadOf rules of Rewrite.
	Rules gitaddr.Rewriter
	// Push rewrites as for a push (pushInsteadOf first).
	Push bool
}

// Git is the record of "urikit git": in read as git clone reads a
// repository address (after the rewriting of opts), with "url" (the
// address as a URL, null when it has none), "scp" with opts.SCP,
// "form" (scp, url, local or helper), "transport", and "user", "host",
// "port" (null when absent) and "path" as gitaddr.Addr gives them.
func Git(in string, opts GitOptions) Record {
	s := in
	var fields []Field
	if opts.Rewrite {
		if opts.Push {
			s = opts.Rules.RewritePush(in)
		} else {
			s = opts.Rules.Rewrite(in)
		}
		fields = append(fields, Text("rewritten", s))
	}
	a, err := gitaddr.Parse(s)
	if err != nil {
		e := GitError(err)
		if s != in {
			// The offset is in the rewritten address, which the
			// message then quotes.
			e.Message = err.Error()
		}
		return Record{Input: in, Error: e}
	}
	u := a.URL()
	fields = append(fields, OptText("url", u, u != ""))
	if opts.SCP {
		scp := a.SCP()
		fields = append(fields, OptText("scp", scp, scp != ""))
	}
	return Record{Input: in, Fields: append(fields,
		Text("form", string(a.Form())),
		Text("transport", string(a.Transport())),
		OptText("user", a.User(), a.User() != ""),
		OptText("host", a.Host(), a.Host() != ""),
		OptText("port", a.Port(), a.Port() != ""),
		Text("path", a.Path()),
	)}
}
