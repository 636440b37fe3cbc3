package api

import (
	"github.com/urikit/urikit/gitaddr"
	"github.com/urikit/urikit/internal/report"
)

// gitRequest is the body of /v1/git.
type gitRequest struct {
	records
	SCP bool `json:"scp"`
	// InsteadOfConfig is the text of a git config file whose
	// url.<base>.insteadOf and pushInsteadOf rules rewrite each address.
	InsteadOfConfig *string `json:"insteadof_config"`
	Push            bool    `json:"push"`
}

// prepareGit answers each record with the record of "urikit git --json":
// the address as git reads it, its URL and, with "scp", its scp-like
// form; with "insteadof_config", after the config's rewriting.
func prepareGit(req *gitRequest) (Maker, *Error) {
	opts := report.GitOptions{SCP: req.SCP, Push: req.Push}
	if req.InsteadOfConfig != nil {
		r, err := gitaddr.NewRewriter(*req.InsteadOfConfig)
		if err != nil {
			return nil, invalidOption(`"insteadof_config": %v`, err)
		}
		opts.Rewrite, opts.Rules = true, r
	} else if req.Push {
		return nil, invalidOption(`"push" needs "insteadof_config"`)
	}
	return func(in string) report.Record { return report.Git(in, opts) }, nil
}
