// Package doccheck holds no code, only a test that keeps the package
// documentation of the repository honest about dependencies: every import
// path, "package NAME" or name qualified by a package name of the
// repository that a package or command doc comment mentions must be
// imported by that package, unless the test's table of exceptions lists
// the mention with its reason (a comparison, a package the doc says it
// does not use, a generator). The test parses the sources with go/parser,
// so it covers the beam and bench modules too without building them.
package doccheck
