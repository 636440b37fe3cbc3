package serve

import "testing"

func TestGitRoute(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "git@github.com:owner/repo.git"}`, `{"input":"git@github.com:owner/repo.git","url":"ssh://git@github.com/owner/repo.git","form":"scp","transport":"ssh","user":"git","host":"github.com","port":null,"path":"owner/repo.git"}`},
		{`{"input": "ssh://h:2222/r", "scp": true}`, `{"input":"ssh://h:2222/r","url":"ssh://h:2222/r","scp":"[h:2222]:/r","form":"url","transport":"ssh","user":null,"host":"h","port":"2222","path":"/r"}`},
		{`{"input": "gh:o/r", "insteadof_config": "[url \"https://github.com/\"]\n\tinsteadOf = gh:\n"}`, `{"input":"gh:o/r","rewritten":"https://github.com/o/r","url":"https://github.com/o/r","form":"url","transport":"https","user":null,"host":"github.com","port":null,"path":"/o/r"}`},
		{`{"input": "host:"}`, `{"input":"host:","error":{"offset":5,"component":"path","code":"missing-path","message":"the address has no path"}}`},
	} {
		a := call(t, h, "POST", "/v1/git", c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("/v1/git %s:\n got %d %s want %s", c.body, a.status, a.raw, c.want)
		}
	}
	for _, body := range []string{
		`{"input": "x", "push": true}`,
		`{"input": "x", "insteadof_config": "[url \"x\"]\n\tinsteadOf\n"}`,
		`{"input": "x", "lenient": true}`,
	} {
		if a := call(t, h, "POST", "/v1/git", body); a.status != 400 {
			t.Errorf("/v1/git %s: %d %s", body, a.status, a.raw)
		}
	}
}
