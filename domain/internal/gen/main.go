// Command gen compiles the Public Suffix List (public_suffix_list.dat)
// into table_gen.go, the lookup table of the registrable-domain code in
// the parent directory.
//
// Usage, from the domain directory (go generate runs it so):
//
//	go run ./internal/gen -list ../../shared/testdata/psl/public_suffix_list.dat -out table_gen.go
//
// Each rule is turned into its key: the rule without its "*." or "!"
// prefix, lowercase, in ASCII form (Unicode labels become A-labels with
// UTS #46 ToASCII, the URL Standard's flags). A key carries flags saying
// which kinds of rule it has (exact, wildcard, exception) and, for each,
// whether the rule is in the ICANN section of the list. Every proper
// suffix of a key is a key too (with no flags when it is no rule), so that
// a lookup from the right can stop at the first label sequence that is not
// in the table. The keys are sorted and written as one string; an index
// string holds, per key, its end offset (3 bytes, big-endian) and its
// flags byte; a hash table (open addressing, linear probing, at most
// half full) maps the hash of a key to its index.
package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/urikit/urikit/idna"
)

// The flag bits, as the lookup reads them.
const (
	flagExact         = 1 << 0
	flagExactICANN    = 1 << 1
	flagWildcard      = 1 << 2
	flagWildcardICANN = 1 << 3
	flagException     = 1 << 4
	flagExceptionICNN = 1 << 5
)

// hashStart and hashByte are the hash of package domain (FNV-1a, 32
// bits), fed the bytes of a key from the last to the first, so that the
// hash of a longer suffix continues that of a shorter one.
const hashStart uint32 = 2166136261

func hashByte(h uint32, c byte) uint32 { return (h ^ uint32(c)) * 16777619 }

func main() {
	list := flag.String("list", "../../shared/testdata/psl/public_suffix_list.dat", "the Public Suffix List")
	out := flag.String("out", "table_gen.go", "the Go file to write")
	flag.Parse()
	data, err := os.ReadFile(*list)
	if err != nil {
		log.Fatal(err)
	}
	keys := map[string]byte{}
	rules, icannRules, privateRules := 0, 0, 0
	icann, seenSection := false, false
	newest := ""
	dateRE := regexp.MustCompile(`\b20[0-9][0-9]-[01][0-9]-[0-3][0-9]`)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.Contains(text, "===BEGIN ICANN DOMAINS==="):
			icann, seenSection = true, true
		case strings.Contains(text, "===BEGIN PRIVATE DOMAINS==="):
			icann, seenSection = false, true
		}
		if strings.HasPrefix(text, "//") {
			for _, d := range dateRE.FindAllString(text, -1) {
				newest = max(newest, d)
			}
			continue
		}
		if text == "" {
			continue
		}
		if !seenSection {
			log.Fatalf("line %d: a rule before the ICANN section", line)
		}
		rule, _, _ := strings.Cut(text, " ")
		rule, _, _ = strings.Cut(rule, "\t")
		var set, setICANN byte = flagExact, flagExactICANN
		switch {
		case strings.HasPrefix(rule, "!"):
			rule, set, setICANN = rule[1:], flagException, flagExceptionICNN
		case strings.HasPrefix(rule, "*."):
			rule, set, setICANN = rule[2:], flagWildcard, flagWildcardICANN
		}
		if strings.Contains(rule, "*") || strings.Contains(rule, "!") {
			log.Fatalf("line %d: rule %q: a wildcard or exception mark that is not the first label", line, text)
		}
		key, err := idna.DomainToASCII(rule)
		if err != nil || key == "" || strings.HasPrefix(key, ".") || strings.HasSuffix(key, ".") || strings.Contains(key, "..") {
			log.Fatalf("line %d: rule %q: not a domain name (%v)", line, text, err)
		}
		if set == flagException && !strings.Contains(key, ".") {
			log.Fatalf("line %d: exception rule %q of one label", line, text)
		}
		rules++
		if icann {
			icannRules++
			keys[key] |= set | setICANN
		} else {
			privateRules++
			keys[key] |= set
		}
		for k := key; ; {
			_, rest, ok := strings.Cut(k, ".")
			if !ok {
				break
			}
			keys[rest] |= 0
			k = rest
		}
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	sorted := make([]string, 0, len(keys))
	maxLabels := 0
	for k := range keys {
		sorted = append(sorted, k)
		maxLabels = max(maxLabels, strings.Count(k, ".")+1)
	}
	slices.Sort(sorted)
	var text strings.Builder
	var index []byte
	for _, k := range sorted {
		text.WriteString(k)
		end := text.Len()
		if end >= 1<<24 {
			log.Fatal("the keys are longer than a 3-byte offset can index")
		}
		index = append(index, byte(end>>16), byte(end>>8), byte(end), keys[k])
	}
	// The hash table: slot i holds 1 + the index of a key (2 bytes,
	// big-endian), or 0; a key goes to the first free slot from
	// hash(key) & mask on (linear probing).
	bits := 1
	for 1<<bits < 2*len(sorted) {
		bits++
	}
	if len(sorted) >= 1<<16-1 {
		log.Fatal("too many keys for 2-byte slots")
	}
	slots := make([]byte, 2<<bits)
	mask := uint32(1)<<bits - 1
	maxProbe := 0
	for i, k := range sorted {
		h := hashStart
		for j := len(k) - 1; j >= 0; j-- {
			h = hashByte(h, k[j])
		}
		probe := 0
		for slot := h & mask; ; slot = (slot + 1) & mask {
			if slots[2*slot] == 0 && slots[2*slot+1] == 0 {
				slots[2*slot], slots[2*slot+1] = byte((i+1)>>8), byte(i+1)
				break
			}
			probe++
		}
		maxProbe = max(maxProbe, probe)
	}
	sum := sha256.Sum256(data)
	version := fmt.Sprintf("public_suffix_list.dat, SHA-256 %s, newest date in its comments %s, %d rules (%d ICANN, %d private)",
		hex.EncodeToString(sum[:]), newest, rules, icannRules, privateRules)

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by domain/internal/gen from the Public Suffix List; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "// The Public Suffix List is\n// subject to the terms of the Mozilla Public License, v. 2.0\n// (https://mozilla.org/MPL/2.0/); this file is a compiled form of it.\n\n")
	fmt.Fprintf(&b, "package domain\n\n")
	fmt.Fprintf(&b, "// ListVersion identifies the copy of the Public Suffix List compiled into\n// the package: the file's SHA-256, the newest date in its comments and its\n// rule counts.\n")
	fmt.Fprintf(&b, "const ListVersion = %s\n\n", strconv.Quote(version))
	fmt.Fprintf(&b, "// tableLen is the number of keys; maxRuleLabels the most labels of one.\nconst (\n\ttableLen = %d\n\tmaxRuleLabels = %d\n)\n\n", len(sorted), maxLabels)
	fmt.Fprintf(&b, "// tableKeys holds the sorted keys, one after the other.\nconst tableKeys = %s\n\n", strconv.Quote(text.String()))
	fmt.Fprintf(&b, "// tableIndex holds 4 bytes per key: its end in tableKeys (3 bytes,\n// big-endian) and its flags.\nconst tableIndex = %s\n", strconv.Quote(string(index)))
	fmt.Fprintf(&b, "\n// hashBits is the log2 of the number of slots of tableSlots; the longest\n// probe sequence is %d slots past the first.\nconst hashBits = %d\n\n", maxProbe, bits)
	fmt.Fprintf(&b, "// tableSlots is the hash table of the keys: 2 bytes per slot, 1 + the\n// index of a key (big-endian), or 0 for an empty slot; linear probing\n// from hash(key) (see hashByte).\nconst tableSlots = %s\n", strconv.Quote(string(slots)))
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d keys, %d bytes of keys, %s", *out, len(sorted), text.Len(), version)
}
