// Package gitaddr reads repository addresses as git clone, fetch and push
// read them (git's documentation, "GIT URLS"; connect.c, transport.c and
// remote.c in git's source decide which form is which):
//
//	ssh://[user@]host[:port]/path      also git+ssh:// and ssh+git://
//	git://host[:port]/path
//	http[s]://host[:port]/path         ftp[s]:// too
//	file:///path
//	[user@]host:path                   scp-like: ssh
//	[user@host:port]:path              scp-like with a port
//	/path/to/repo.git, ./repo, repo    local
//	<transport>::<address>             the remote helper git-remote-<transport>
//
// # Which form
//
// [Parse] decides as git does, in this order. A name of letters, digits,
// "+", "-" and "." followed by "::" asks for a remote helper (FormHelper;
// the address after "::" is the helper's to read, kept whole as the path).
// An address beginning "rsync:" is refused, as git refuses it. A scheme
// followed by "://" is a URL: ssh, git+ssh, ssh+git, git and file are
// git's own transports, and git percent-decodes the whole URL after the
// scheme before splitting it, so their user, host and path are given
// decoded; any other scheme (http, https, ftp, ftps, or a helper's name)
// is handed to git-remote-<scheme> as written, and its parts are given as
// written. Schemes match case-sensitively, as in git. "://" after
// anything else is refused (git: "protocol is not supported"). Otherwise
// an address with a ":" and no "/" before that ":" is scp-like (ssh);
// everything else is a local path: write ./foo:bar for a local directory
// named foo:bar.
//
// A local path is given as written. (Git's connect.c looks for a bracketed
// host in a local path too: for a path that begins with "[", or holds
// "@[", with a "]" after it, "git ls-remote" and "git fetch" ask for the
// path from that "]" on; git clone's local copy reads the whole path.)
//
// Git on Windows reads C:foo and C:/foo as drive letters (local paths);
// on every other system, and in this package, they are scp-like addresses
// of the host C. The choice is fixed so that an address reads the same
// wherever the program runs.
//
// # Hosts, ports and home directories
//
// The host part of an ssh address (scp-like or URL) is split as git
// splits it before it runs ssh: brackets around the host hold an IPv6
// address or any name ([::1]:repo, user@[::1]:repo), brackets around
// everything hold a port too ([myhost:123]:repo, [user@myhost:123]:repo,
// the only way to give a port in the scp-like form), a port follows
// "]" or the host in a URL (ssh://[::1]:22/repo, ssh://host:22/repo), and
// the user is what precedes the last "@". A path of an ssh or git address
// loses the "/" before a "~": ssh://host/~user/repo and host:/~user/repo
// ask for ~user/repo; git looks only at the second byte of the path, so
// host:a~b asks for ~b too, and this package reads it so.
//
// Where git would hand ssh something it cannot mean, Parse fails instead
// of guessing: an empty host or user, a host or path beginning with "-"
// (git refuses those too), a port that is not a decimal number below
// 65536 (git would pass ssh://host:+22/ on), a ":" in a host that is not
// an IPv6 address, text after a "]" other than a port, and an address
// without a path (git: "no path specified").
//
// # Conversions and equality
//
// [Addr.String] returns the address as given; [Addr.URL] converts to a
// URL (git@github.com:owner/repo.git gives
// ssh://git@github.com/owner/repo.git), [Addr.SCP] to the scp-like form
// where one exists. [Equal] compares repositories whatever the transport
// (host without case and "www.", path without ".git", trailing "/" and
// the difference between a relative scp-like path and an absolute URL
// path); [EqualStrict] compares what git connects to; [Addr.Key] and
// [Addr.StrictKey] are their keys for maps.
//
// # Rewriting
//
// A [Rewriter] holds the url.<base>.insteadOf and pushInsteadOf rules of
// a git config text ([NewRewriter]) and rewrites an address as git does,
// on the raw text before it is parsed: the longest matching prefix wins.
//
// # Cost
//
// Parse allocates nothing for most addresses: one string for a decoded
// ssh, git or file URL and for a bracketed host after a user
// (user@[::1]:repo); every operation runs in time linear in its input,
// and allocates at most a small constant times it. A failing Parse returns an [*Error] with the byte offset
// of the problem; its message quotes at most about 40 bytes of the input
// on each side of it.
//
// The package uses the standard library only.
package gitaddr
