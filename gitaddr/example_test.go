package gitaddr_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/gitaddr"
)

func Example() {
	a, err := gitaddr.Parse("git@github.com:owner/repo.git")
	if err != nil {
		panic(err)
	}
	fmt.Println(a.Form(), a.Transport(), a.User(), a.Host(), a.Path())
	fmt.Println(a.URL())
	// Output:
	// scp ssh git github.com owner/repo.git
	// ssh://git@github.com/owner/repo.git
}

func ExampleParse_forms() {
	for _, s := range []string{
		"[git@example.com:2222]:srv/repo.git",
		"ssh://example.com/~alice/repo.git",
		"https://example.com/owner/repo",
		"./foo:bar",
		"hg::https://example.com/repo",
	} {
		a := gitaddr.MustParse(s)
		fmt.Printf("%-6s %-5s user=%q host=%q port=%q path=%q\n", a.Form(), a.Transport(), a.User(), a.Host(), a.Port(), a.Path())
	}
	// Output:
	// scp    ssh   user="git" host="example.com" port="2222" path="srv/repo.git"
	// url    ssh   user="" host="example.com" port="" path="~alice/repo.git"
	// url    https user="" host="example.com" port="" path="/owner/repo"
	// local  file  user="" host="" port="" path="./foo:bar"
	// helper hg    user="" host="" port="" path="https://example.com/repo"
}

func ExampleParse_error() {
	_, err := gitaddr.Parse("ssh://host:22x/repo")
	fmt.Println(err)
	fmt.Println(errors.Is(err, gitaddr.ErrInvalidPort))
	// Output:
	// gitaddr: offset 11 (port): "ssh://host:22x/repo": the port is not a decimal number below 65536
	// true
}

func ExampleAddr_SCP() {
	fmt.Println(gitaddr.MustParse("ssh://git@example.com:2222/srv/repo.git").SCP())
	fmt.Println(gitaddr.MustParse("ssh://example.com/~alice/repo").SCP())
	fmt.Printf("%q\n", gitaddr.MustParse("https://example.com/repo").SCP())
	// Output:
	// [git@example.com:2222]:/srv/repo.git
	// example.com:~alice/repo
	// ""
}

func ExampleEqual() {
	a := gitaddr.MustParse("git@github.com:Owner/repo.git")
	b := gitaddr.MustParse("https://www.GitHub.com/Owner/repo/")
	c := gitaddr.MustParse("ssh://git@github.com/Owner/repo")
	fmt.Println(gitaddr.Equal(a, b), gitaddr.EqualStrict(a, b), a.Key())
	fmt.Println(gitaddr.EqualStrict(a, c), a.StrictKey(), c.StrictKey())
	// Output:
	// true false github.com/Owner/repo
	// false ssh://git@github.com:22|~/Owner/repo ssh://git@github.com:22|/Owner/repo
}

func ExampleNewRewriter() {
	r, err := gitaddr.NewRewriter(`
[url "git@github.com:"]
	insteadOf = https://github.com/
	insteadOf = gh:
[url "git@github.com:mirror/"]
	insteadOf = gh:upstream/
[url "ssh://push.example.com/"]
	pushInsteadOf = https://example.com/
`)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Rewrite("https://github.com/owner/repo"))
	fmt.Println(r.Rewrite("gh:upstream/repo"))
	fmt.Println(r.Rewrite("https://example.com/repo"))
	fmt.Println(r.RewritePush("https://example.com/repo"))
	// Output:
	// git@github.com:owner/repo
	// git@github.com:mirror/repo
	// https://example.com/repo
	// ssh://push.example.com/repo
}
