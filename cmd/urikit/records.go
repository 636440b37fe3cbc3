package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/spf13/cobra"
)

// recordError is the JSON form of a record's error or finding.
type recordError struct {
	Offset    int    `json:"offset"`
	Component string `json:"component,omitempty"`
	Code      string `json:"code"`
	Message   string `json:"message"`
}

// outcome is what a subcommand makes of one record.
type outcome struct {
	// Output is the record's output line (any bytes).
	Output []byte
	// Err, when set, makes the record a failure.
	Err *recordError
	// Findings are problems tolerated in lenient modes.
	Findings []recordError
	// JSON, when set, is the record's whole --json object.
	JSON any
	// Detail, when set, is written to standard error after a failure's
	// message (such as the input with a caret under the offset).
	Detail string
}

// recordOptions are the output options shared by record subcommands.
type recordOptions struct {
	json bool
}

func (o *recordOptions) register(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&o.json, "json", false, "write one JSON object per record")
}

// forEachRecord calls fn on each record: the arguments, or the lines of
// standard input when there are none.
func forEachRecord(cmd *cobra.Command, args []string, fn func(in []byte) error) error {
	if len(args) > 0 {
		for _, a := range args {
			if err := fn([]byte(a)); err != nil {
				return err
			}
		}
		return nil
	}
	r := bufio.NewReaderSize(cmd.InOrStdin(), 64<<10)
	var long []byte
	for {
		line, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long, line...)
			continue
		}
		if long != nil {
			line = append(long, line...)
			long = nil
		}
		if len(line) > 0 {
			line = bytes.TrimSuffix(line, []byte("\n"))
			line = bytes.TrimSuffix(line, []byte("\r"))
			if ferr := fn(line); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// processRecords streams the records through fn and writes each outcome.
func processRecords(cmd *cobra.Command, args []string, opts recordOptions, fn func(in []byte) outcome) error {
	w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	stderr := cmd.ErrOrStderr()
	n, failed := 0, 0
	err := forEachRecord(cmd, args, func(in []byte) error {
		n++
		o := fn(in)
		if o.Err != nil {
			failed++
		}
		if opts.json {
			if o.JSON != nil {
				return encodeJSONLine(w, o.JSON)
			}
			return writeJSON(w, in, o)
		}
		if o.Err != nil {
			// Keep stdout and stderr in step for a reader of both.
			if err := w.Flush(); err != nil {
				return err
			}
			fmt.Fprintf(stderr, "urikit: record %d: offset %d: %s\n%s", n, o.Err.Offset, o.Err.Message, o.Detail)
			_, err := w.WriteString("\n")
			return err
		}
		w.Write(o.Output)
		return w.WriteByte('\n')
	})
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if failed > 0 {
		return errRecordsFailed
	}
	return nil
}

// jsonRecord is the JSON object written for a record by --json.
type jsonRecord struct {
	Input     *string       `json:"input,omitempty"`
	InputHex  *string       `json:"input_hex,omitempty"`
	Output    *string       `json:"output,omitempty"`
	OutputHex *string       `json:"output_hex,omitempty"`
	Error     *recordError  `json:"error,omitempty"`
	Findings  []recordError `json:"findings,omitempty"`
}

// textOrHex sets exactly one of the text and hex fields for b: the text
// when b is valid UTF-8, else lowercase hex of the bytes.
func textOrHex(b []byte, text, hexText **string) {
	if utf8.Valid(b) {
		s := string(b)
		*text = &s
		return
	}
	h := hex.EncodeToString(b)
	*hexText = &h
}

func writeJSON(w *bufio.Writer, in []byte, o outcome) error {
	rec := jsonRecord{Error: o.Err, Findings: o.Findings}
	textOrHex(in, &rec.Input, &rec.InputHex)
	if o.Err == nil {
		textOrHex(o.Output, &rec.Output, &rec.OutputHex)
	}
	return encodeJSONLine(w, rec)
}

// encodeJSONLine writes v as one line of JSON, without HTML escaping.
func encodeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
