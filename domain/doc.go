// Package domain finds the public suffix and the registrable domain of a
// host name with the Public Suffix List (https://publicsuffix.org/): the
// part of a name under which anyone can register names ("com", "co.uk",
// "github.io") and the one label before it, the name someone registered
// ("example.co.uk"), which browsers use as the "site" of cookies and
// same-site checks.
//
// PublicSuffix returns the suffix with the rule that decided (ICANN or
// private section, or the default rule for an unlisted top-level
// domain); RegistrableDomain returns the suffix and one more label, or
// an *Error with a Code saying why there is none (the name is itself a
// public suffix, has an empty label, is an IP address, ...).
//
// Names with non-ASCII characters are converted with UTS #46 ToASCII
// (the URL Standard's flags) of package idna, and the results come back in the name's own form:
// Unicode labels in Unicode, A-labels as A-labels, lowercase.
//
// The list is compiled into the package: a generator, run by go
// generate, reads ../shared/testdata/psl/public_suffix_list.dat beside
// the repository and writes table_gen.go, the rules in A-label form with
// a hash table over them; ListVersion names the copy (its SHA-256 and
// newest date). The Public Suffix List is subject to the Mozilla Public
// License 2.0; the table is a compiled form of it. Lookup walks the
// labels from the right, one hash probe per label with the hash of each
// longer suffix continuing the last, and stops at the first suffix that
// no rule continues, so it looks at no more labels than the deepest rule
// has, whatever the name's length; the checks before it are linear in
// the name, and a lowercase ASCII name costs no allocation.
package domain
