package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/gitaddr"
	"github.com/urikit/urikit/internal/report"
)

func newGitCmd() *cobra.Command {
	var (
		opts      recordOptions
		gopts     report.GitOptions
		insteadOf string
	)
	cmd := &cobra.Command{
		Use:   "git [--scp] [--insteadof-config FILE [--push]] [--json] [ADDRESS ...]",
		Short: "Read git repository addresses as git clone does, and write them as URLs",
		Long: `Read each record as git clone reads a repository address: the scp-like
[user@]host:path (and [user@host:port]:path), ssh://, git://, http(s)://,
ftp(s)://, file:// URLs, local paths and <transport>::<address> for a remote
helper. A ":" before the first "/" makes an address scp-like (ssh); write
./foo:bar for a local directory named foo:bar. Plain output is the address
as a URL (git@github.com:owner/repo.git gives
ssh://git@github.com/owner/repo.git; an empty line when it has none: a
relative local path, a helper address); --scp writes the scp-like form
instead (an empty line when there is none: only ssh addresses have one).

--insteadof-config FILE reads the url.<base>.insteadOf rules of a git
config file (a .gitconfig) and rewrites each address with them first, as
git does (the longest matching prefix wins); --push applies its
pushInsteadOf rules first, as git push does.

--json writes the record object {"input", "rewritten" (with
--insteadof-config), "url", "scp" (with --scp), "form" ("scp", "url",
"local" or "helper"), "transport" (ssh, git, http, https, ftp, ftps, file,
or a remote helper's name), "user", "host", "port" (null when absent),
"path"}. The path is what git asks the server for: percent-decoded for
ssh, git and file URLs, without the "/" before "~user". A record fails
with the offset and a code where git would hand ssh something it cannot
mean: missing-host, missing-path, invalid-port, invalid-host, empty-user,
leading-dash (a host or path that could be read as an option),
invalid-scheme, unsupported-transport (rsync).`,
		Example: `  urikit git git@github.com:owner/repo.git           # ssh://git@github.com/owner/repo.git
  urikit git --scp ssh://git@example.com:2222/srv/r.git   # [git@example.com:2222]:/srv/r.git
  urikit git --json '[::1]:repo'
  urikit git --insteadof-config ~/.gitconfig gh:owner/repo`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if insteadOf != "" {
				text, err := os.ReadFile(insteadOf)
				if err != nil {
					return &ioError{fmt.Errorf("--insteadof-config: %w", err)}
				}
				r, err := gitaddr.NewRewriter(string(text))
				if err != nil {
					return fmt.Errorf("--insteadof-config %s: %w", insteadOf, err)
				}
				gopts.Rewrite, gopts.Rules = true, r
			} else if gopts.Push {
				return errors.New("--push needs --insteadof-config")
			}
			field := "url"
			if gopts.SCP {
				field = "scp"
			}
			return processRecords(cmd, args, opts, fieldRecords(func(s string) report.Record { return report.Git(s, gopts) }, field))
		},
	}
	cmd.Flags().BoolVar(&gopts.SCP, "scp", false, "write the scp-like form ([user@]host:path) instead of the URL")
	cmd.Flags().StringVar(&insteadOf, "insteadof-config", "", "rewrite each address with the insteadOf rules of the git config `FILE` first")
	cmd.Flags().BoolVar(&gopts.Push, "push", false, "with --insteadof-config, rewrite as git push does (pushInsteadOf first)")
	opts.register(cmd)
	return cmd
}
