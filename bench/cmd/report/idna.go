package main

import (
	"fmt"
	"io"
	"slices"
)

// idnaSuite is the run of BenchmarkIDNAToASCII (package bench): UTS #46
// ToASCII with the Lookup profile, urikit's idna against
// golang.org/x/net/idna, over the hosts of each dataset and over the
// inputs of IdnaTestV2. With short, only kasztp.txt and IdnaTestV2.
func idnaSuite(short bool) suite {
	pattern := "^BenchmarkIDNAToASCII$/.*"
	if short {
		pattern += `/(kasztp\.txt|IdnaTestV2)$`
	}
	return suite{".", pattern, false}
}

// idnaNote writes, after the IDNAToASCII table, how many names each input
// has and how many were left out (the benchmark's "names" and "excluded"
// metrics): those on which x/net/idna, on Unicode 15.0 data, and urikit,
// on 17.0, cannot agree.
func idnaNote(w io.Writer, cells map[key]cell) {
	var inputs []string
	for k := range cells {
		if k.op == "IDNAToASCII" && k.impl == "urikit" {
			inputs = append(inputs, k.input)
		}
	}
	if len(inputs) == 0 {
		return
	}
	slices.Sort(inputs)
	fmt.Fprintf(w, "IDNAToASCII: ToASCII of each name with the Lookup profile (x/net/idna's `idna.Lookup`, urikit's `idna.Lookup()`); ")
	fmt.Fprintf(w, "a name is a host parsed from a dataset line (RFC 3986 reg-names, percent-decoded) or an input of IdnaTestV2. ")
	fmt.Fprintf(w, "Names on which the two cannot agree are left out of both sides, and each side's setup checks its result on every name kept. ")
	fmt.Fprintf(w, "x/net/idna has Unicode 15.0 data with Go 1.26 and urikit 17.0: the names left out hold code points assigned after 15.0, ")
	fmt.Fprintf(w, "or meet rules and mappings that UTS #46 changed in 15.1 and 16.0 (the disallowed_STD3_valid statuses dropped, U+1E9E mapped to ß, an empty \"xn--\" label refused). ")
	fmt.Fprintf(w, "`urikit.append` appends into a reused buffer (AppendASCII), not the peer's API, so it has no ratio.\n\n")
	fmt.Fprintf(w, "| input | names kept | left out |\n| --- | ---: | ---: |\n")
	for _, in := range inputs {
		c := cells[key{"IDNAToASCII", "urikit", in}]
		fmt.Fprintf(w, "| %s | %s | %s |\n", in, median(c, "names", 1, "%.0f"), median(c, "excluded", 1, "%.0f"))
	}
	fmt.Fprintln(w)
}
