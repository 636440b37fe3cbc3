package dataurl

import (
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every exported operation allocates at most a small
// constant times its input, whatever the input looks like. Each shape
// repeats one adversarial unit between a prefix and a suffix; Parse gets
// the data: URL, ParseMIMEType and Params the MIME type alone (the part
// between "data:" and ","), Encode the body alone (its MIME type is
// fixed). Shapes whose unit is "%d" number their units (distinct
// parameter names).

type boundedShape struct {
	name, prefix, unit, suffix string
	mime                       bool // the shape is a MIME type: prefix "data:" and suffix "," for Parse
}

// input returns the shape's text of about n bytes.
func (s boundedShape) input(n int) string {
	var b strings.Builder
	b.WriteString(s.prefix)
	for i := 0; b.Len() < n-len(s.suffix); i++ {
		b.WriteString(strings.ReplaceAll(s.unit, "%d", strconv.FormatInt(int64(i), 36)))
	}
	b.WriteString(s.suffix)
	return b.String()
}

var boundedShapes = []boundedShape{
	{name: "plain", prefix: "data:,", unit: "a"},
	{name: "pct", prefix: "data:,", unit: "%41"},
	{name: "pct-zz", prefix: "data:,", unit: "%zz"},
	{name: "pct-end", prefix: "data:,", unit: "a", suffix: "%"},
	{name: "non-ascii", prefix: "data:,", unit: "é"},
	{name: "controls", prefix: "data:,", unit: "\x01", suffix: "x"},
	{name: "tabs", prefix: "data:,", unit: "\t\n"},
	{name: "fragment", prefix: "data:,x#", unit: "#"},
	{name: "base64", prefix: "data:;base64,", unit: "QUJD"},
	{name: "base64-ws", prefix: "data:;base64,", unit: "Q %20"},
	{name: "base64-bad", prefix: "data:;base64,", unit: "QUJD", suffix: "*"},
	{name: "base64-len", prefix: "data:;base64,", unit: "QUJD", suffix: "Q"},
	{name: "no-comma", prefix: "data:", unit: "a"},
	{name: "dot-segments", prefix: "data://h/", unit: "../", suffix: ",x"},
	{name: "params-dup", prefix: "x/y", unit: ";a=b", mime: true},
	{name: "params", prefix: "x/y", unit: ";%d=1", mime: true},
	{name: "params-upper", prefix: "X/Y", unit: ";P%d=V", mime: true},
	{name: "params-quoted", prefix: "x/y", unit: `;%d="\"\\"`, mime: true},
	{name: "params-spaces", prefix: "x/y", unit: `; %d=" "`, mime: true},
	{name: "semicolons", prefix: "x/y", unit: ";", mime: true},
	{name: "equals", prefix: "x/y;a=", unit: "=", mime: true},
	{name: "bad-type", prefix: "", unit: "a", suffix: "(/x", mime: true},
	{name: "bad-subtype", prefix: "x/", unit: "a", suffix: "(", mime: true},
}

type boundedOp struct {
	name  string
	mime  bool // the op takes MIME types
	body  bool // the op takes bodies (any shape)
	cheap bool // also measured at 1 MiB
	run   func(s string) func()
}

var boundedOps = []boundedOp{
	{name: "Parse", cheap: true, run: func(s string) func() {
		return func() { _, _ = Parse(s) }
	}},
	{name: "ParseMIMEType", mime: true, cheap: true, run: func(s string) func() {
		return func() { _, _ = ParseMIMEType(s) }
	}},
	{name: "Params", mime: true, run: func(s string) func() {
		m, _ := ParseMIMEType(s)
		return func() {
			for range m.Params() {
			}
		}
	}},
	{name: "Encode", body: true, cheap: true, run: func(s string) func() {
		m, _ := ParseMIMEType("text/plain;charset=utf-8")
		b := []byte(s)
		return func() { _ = Encode(b, m) }
	}},
}

// urlOf returns the data: URL of a shape's text.
func urlOf(sh boundedShape, x string) string {
	if sh.mime {
		return "data:" + x + ",x"
	}
	return x
}

func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	for _, op := range boundedOps {
		for _, sh := range boundedShapes {
			if op.mime && !sh.mime {
				continue
			}
			input := sh.input
			if op.name == "Parse" {
				input = func(n int) string { return urlOf(sh, sh.input(n)) }
			}
			// The call of each input is prepared once, outside the
			// measurement (which runs it on the same input many times).
			cs = append(cs, boundedtest.Case{Op: op.name, Shape: sh.name, Input: input, Prepare: op.run, Cheap: op.cheap})
		}
	}
	return cs
}

func TestBoundedAllocation(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
