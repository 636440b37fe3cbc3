package template

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urikit/urikit/internal/nodetest"
)

// The differential test expands generated templates with generated
// values both with this package and with the npm package url-template
// (testdata/node: package.json and package-lock.json pin it), driven by
// Node, and fails on any difference. It needs node and npm: without them
// it is skipped, saying so; with them, "npm ci" installs the locked
// package once into a directory under os.TempDir (named by the lock's
// hash), which needs the npm registry.
//
// The generator keeps to what both implement alike. url-template departs
// from RFC 6570 in a few places, which the cases avoid: it counts a
// prefix in UTF-16 code units (so prefixed values are BMP text without
// "%"), it takes a prefix on a list, it writes an empty list or object
// as defined, it encodes names and keys with the unreserved set even in
// {+...} and {#...} (so names and keys are alphanumeric), and it writes an
// empty item of an exploded list in {;...} as "name=" (so list items and
// object values are not empty); and in {+...} and {#...} it leaves a "%"
// followed by one hex digit, and the rest of that text, unencoded (so the
// text has no "%" but in "%41", "%2F" and "%zz").

// diffCase is one generated case.
type diffCase struct {
	src  string
	vs   Vars
	json string // the variables as a JSON object, in order
}

// genDiffCases returns n cases made with the seeded generator r.
func genDiffCases(r *rand.Rand, n int) []diffCase {
	text := []string{"a", "Z", "0", "-", ".", "_", "~", " ", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'",
		"(", ")", "*", "+", ",", ";", "=", ":", "%41", "%zz", "%2F", "é", "中", "😀", "\"", "<", "|", "\\", "^", "`"}
	bmp := []string{"a", "Z", "0", "-", " ", "/", "?", "&", "=", "é", "中", ",", ":"}
	word := func(alpha []string, max int) string {
		var b strings.Builder
		for range 1 + r.IntN(max) {
			b.WriteString(alpha[r.IntN(len(alpha))])
		}
		return b.String()
	}
	alnum := func() string {
		const a = "abcXYZ019"
		b := []byte{"kqw"[r.IntN(3)]}
		for range r.IntN(4) {
			b = append(b, a[r.IntN(len(a))])
		}
		return string(b)
	}
	literals := []string{"/", "x", "?a=1&", "http://h", "é", " ", "%20", "%zz", ".json", "#", "~u"}
	cases := make([]diffCase, n)
	for i := range cases {
		// Variables: s* strings (any text, possibly empty), p* strings
		// for prefixes (BMP, no "%"), l* lists, m* objects.
		vs := Vars{}
		var js strings.Builder
		js.WriteByte('{')
		add := func(name string, v Value, j string) {
			if js.Len() > 1 {
				js.WriteByte(',')
			}
			js.WriteString(strconv.Quote(name) + ":" + j)
			vs[name] = v
		}
		quote := func(s string) string { b, _ := json.Marshal(s); return string(b) }
		for k := range 3 {
			s := ""
			if r.IntN(5) > 0 {
				s = word(text, 8)
			}
			add("s"+strconv.Itoa(k), String(s), quote(s))
			p := word(bmp, 10)
			add("p"+strconv.Itoa(k), String(p), quote(p))
			items := make([]string, 1+r.IntN(3))
			var lj []string
			for x := range items {
				items[x] = word(text, 5)
				lj = append(lj, quote(items[x]))
			}
			add("l"+strconv.Itoa(k), List(items...), "["+strings.Join(lj, ",")+"]")
			pairs := make([]Pair, 1+r.IntN(3))
			var mj []string
			seen := map[string]bool{}
			for x := range pairs {
				key := alnum()
				for seen[key] {
					key += "k"
				}
				seen[key] = true
				pairs[x] = Pair{key, word(text, 5)}
				mj = append(mj, quote(key)+":"+quote(pairs[x].Value))
			}
			add("m"+strconv.Itoa(k), Pairs(pairs...), "{"+strings.Join(mj, ",")+"}")
		}
		js.WriteByte('}')
		// The template: literals and 1 to 4 expressions.
		var t strings.Builder
		for range 1 + r.IntN(4) {
			if r.IntN(2) == 0 {
				t.WriteString(literals[r.IntN(len(literals))])
			}
			t.WriteByte('{')
			if op := r.IntN(9); op > 0 {
				t.WriteByte("+#./;?&"[op%7])
			}
			for v := range 1 + r.IntN(3) {
				if v > 0 {
					t.WriteByte(',')
				}
				kind := "splmu"[r.IntN(5)]
				t.WriteString(string(kind) + strconv.Itoa(r.IntN(3)))
				switch {
				case kind == 'p' && r.IntN(2) == 0:
					t.WriteString(":" + strconv.Itoa(1+r.IntN(12)))
				case kind != 'p' && r.IntN(3) == 0:
					t.WriteByte('*')
				}
			}
			t.WriteByte('}')
		}
		cases[i] = diffCase{src: t.String(), vs: vs, json: js.String()}
	}
	return cases
}

// nodeDir installs the locked url-template under os.TempDir, once, and
// returns the directory of the driver; it skips the test when node or npm
// is missing, or fails it when URIKIT_REQUIRE_DIFFERENTIAL is set (CI).
// See internal/nodetest.
func nodeDir(t *testing.T) string {
	t.Helper()
	return nodetest.Dir(t, "differential test against url-template", "testdata/node", "url-template", "expand.mjs")
}

func TestDifferentialURLTemplate(t *testing.T) {
	dir := nodeDir(t)
	seed := uint64(16)
	if s := os.Getenv("URIKIT_DIFF_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	cases := genDiffCases(rand.New(rand.NewPCG(seed, seed)), n)
	var in bytes.Buffer
	for _, c := range cases {
		in.WriteString(`{"t":` + strconv.Quote(c.src) + `,"v":` + c.json + "}\n")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "expand.mjs")
	cmd.Dir = dir
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node expand.mjs: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	i, diffs := 0, 0
	for ; sc.Scan() && i < len(cases); i++ {
		var ans struct {
			Out   *string `json:"out"`
			Error string  `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &ans); err != nil || ans.Out == nil {
			t.Fatalf("case %d %q: node answered %s", i, cases[i].src, sc.Bytes())
		}
		c := cases[i]
		// The generated literals hold text RFC 6570 §2.1 does not allow
		// (a space, "%zz", "<", ...), which url-template encodes: the
		// comparison is of ParseLenient, which encodes it alike.
		tm, fs := MustParseLenient(c.src)
		if _, err := Parse(c.src); (err == nil) != (len(fs) == 0) {
			t.Errorf("%q: Parse says %v, ParseLenient finds %v", c.src, err, fs)
		}
		got, err := tm.Expand(c.vs)
		if err != nil || got != *ans.Out {
			diffs++
			if diffs <= 10 {
				t.Errorf("%q with %s:\n urikit       %q %v\n url-template %q", c.src, c.json, got, err, *ans.Out)
			}
		}
	}
	if i != len(cases) {
		t.Fatalf("node answered %d of %d cases", i, len(cases))
	}
	t.Logf("differential: %d generated cases (seed %d) against url-template: %d differ", len(cases), seed, diffs)
}
