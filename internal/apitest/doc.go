// Package apitest holds the tests of the rules of API.md that hold across
// packages: every package's error works with errors.Is and errors.As and
// reads in the one format; every tolerant call's findings marshal to the
// record contract's names; the zero value of every value type with a text
// form round-trips through MarshalText/UnmarshalText and JSON. It holds no
// code: its tests import the library's public packages.
package apitest
