package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeMark marks a fenced block of the README whose "$ urikit ..."
// (or "$ go run ./cmd/urikit ...") commands TestREADMEExamples runs,
// comparing what they write (standard error, then standard output, as a
// terminal shows one record; then "exit N" when the command ends with
// `; echo "exit $?"`) with the lines shown under them, blank ones too. A "$ cat FILE" in such a block shows a file the
// later commands read: the test writes it.
const readmeMark = "<!-- cli-examples: checked by TestREADMEExamples in cmd/urikit -->"

// TestREADMEExamples keeps the README's command-line examples true.
func TestREADMEExamples(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	dir := t.TempDir()
	t.Chdir(dir)
	blocks, ran := 0, 0
	for i := 0; i < len(lines); i++ {
		if lines[i] != readmeMark {
			continue
		}
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			t.Fatalf("README.md:%d: the mark is not followed by a fenced block", i+1)
		}
		blocks++
		i += 2
		var body []string
		start := i
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			body = append(body, lines[i])
		}
		ran += runREADMEBlock(t, dir, start, body)
	}
	if blocks < 3 || ran < 15 {
		t.Errorf("only %d marked blocks, %d commands run", blocks, ran)
	}
}

// runREADMEBlock runs the commands of one block whose first line is the
// README's line start+1, and returns how many it ran.
func runREADMEBlock(t *testing.T, dir string, start int, body []string) int {
	ran := 0
	for j := 0; j < len(body); {
		line := body[j]
		if !strings.HasPrefix(line, "$ ") {
			j++
			continue
		}
		at := start + j + 1
		cmd := strings.TrimPrefix(line, "$ ")
		for strings.HasSuffix(cmd, `\`) && j+1 < len(body) {
			j++
			cmd = strings.TrimSuffix(cmd, `\`) + strings.TrimSpace(body[j])
		}
		j++
		var shown []string
		for ; j < len(body) && !strings.HasPrefix(body[j], "$ "); j++ {
			shown = append(shown, body[j])
		}
		if i := strings.Index(cmd, "   #"); i >= 0 {
			cmd = strings.TrimSpace(cmd[:i])
		}
		echoExit := strings.HasSuffix(cmd, `; echo "exit $?"`)
		cmd = strings.TrimSuffix(cmd, `; echo "exit $?"`)
		words, err := shellWords(cmd)
		if err != nil {
			t.Errorf("README.md:%d: %v", at, err)
			continue
		}
		switch {
		case len(words) == 2 && words[0] == "cat":
			content := strings.Join(shown, "\n") + "\n"
			if err := os.WriteFile(filepath.Join(dir, words[1]), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/urikit":
			words = words[3:]
		case len(words) > 0 && words[0] == "urikit":
			words = words[1:]
		default:
			continue // not urikit (curl): not run
		}
		if len(words) > 0 && words[0] == "serve" {
			continue
		}
		ran++
		var out, errOut bytes.Buffer
		code := run(words, strings.NewReader(""), &out, &errOut)
		// As a terminal shows it: the messages of failed records come
		// first, the output is written at the end.
		got := errOut.String() + out.String()
		if echoExit {
			got += fmt.Sprintf("exit %d\n", code)
		}
		want := strings.Join(shown, "\n") + "\n"
		if got != want {
			t.Errorf("README.md:%d: $ %s\n got:\n%s\nwant (as the README shows):\n%s", at, cmd, got, want)
		}
	}
	return ran
}

// shellWords splits a command line as sh does for the quoting the README
// uses: '...', "..." (with \" and \\) and \ outside quotes.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in %s", s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\' || s[i+1] == '$') {
					i++
				}
				w.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unclosed \" in %s", s)
			}
			in = true
		case c == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
			in = true
		case c == '|' || c == '<' || c == '>' || c == ';' || c == '&':
			return nil, fmt.Errorf("%s: pipes and redirections are not run", s)
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}
