package fileurl

import (
	"errors"
	"fmt"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// nodeCase is one case of ../shared/testdata/fileurl/node-fileurl-cases.json:
// Node.js's own tests of url.fileURLToPath and url.pathToFileURL, as data.
type nodeCase struct {
	Input  string  `json:"input"`
	Output *string `json:"output"`
	Error  string  `json:"error"`
	Note   string  `json:"note"`
}

// nodeCodes maps each Node error code of the corpus to the codes of this
// package that stand for it.
var nodeCodes = map[string][]Code{
	"ERR_INVALID_URL_SCHEME":    {ErrScheme},
	"ERR_INVALID_FILE_URL_HOST": {ErrHost},
	"ERR_INVALID_FILE_URL_PATH": {ErrEncodedSeparator, ErrNoDrive},
	"ERR_INVALID_ARG_VALUE":     {ErrUNCServer, ErrUNCShare},
}

// TestNodeCases runs every case of Node's tables, in both directions and
// both styles: each output must be Node's, byte for byte, and each error
// must have a code standing for Node's error code, an offset inside the
// input and a message.
func TestNodeCases(t *testing.T) {
	var corpus struct {
		FileURLToPath map[string][]nodeCase `json:"fileURLToPath"`
		PathToFileURL map[string][]nodeCase `json:"pathToFileURL"`
	}
	conformance.Load(t, "fileurl/node-fileurl-cases.json", &corpus)
	styles := map[string]Style{"posix": POSIX, "windows": Windows}
	for _, dir := range []struct {
		name  string
		cases map[string][]nodeCase
		conv  func(string, Style) (string, error)
	}{
		{"fileURLToPath", corpus.FileURLToPath, ToPath},
		{"pathToFileURL", corpus.PathToFileURL, FromPath},
	} {
		for _, sname := range []string{"posix", "windows"} {
			style := styles[sname]
			cases := dir.cases[sname]
			tally := conformance.NewTally(t, "fileurl/node-fileurl-cases.json "+dir.name+" "+sname)
			for _, c := range cases {
				got, err := dir.conv(c.Input, style)
				where := fmt.Sprintf("%s %s %q", dir.name, sname, clipForLog(c.Input))
				switch {
				case c.Output != nil:
					tally.Check(t, err == nil && got == *c.Output, "%s = %q, %v; want %q", where, clipForLog(got), err, clipForLog(*c.Output))
				default:
					var e *Error
					ok := errors.As(err, &e) && got == ""
					codeOK := false
					if ok {
						for _, code := range nodeCodes[c.Error] {
							codeOK = codeOK || e.Code == code
						}
					}
					tally.Check(t, ok && codeOK && e.Offset >= 0 && e.Offset <= len(c.Input) && e.Error() != "",
						"%s = %q, %v; want an error standing for %s", where, got, err, c.Error)
				}
			}
		}
	}
}

// clipForLog shortens the corpus's 32 KiB case for messages.
func clipForLog(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}
