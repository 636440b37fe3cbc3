// edit.js: the Node.js baseline of bench/throughput/edit.sh. It reads
// lines from standard input and, for each, does what
// "urikit edit --delete 'query=utm_*' --set scheme=https" does with URL and
// URLSearchParams: parse, delete the query parameters whose names start
// with "utm_", set the protocol to https, and write the href (an empty
// line, and a message on standard error, for a line that is not a URL).
// The input and output loop is lines.js's, as in href.js.
//
// The work is the same, the output not always: URLSearchParams writes the
// whole query anew once a parameter is deleted ("%7e" becomes "%7E", "%20"
// becomes "+"), where urikit keeps every other pair byte for byte; and
// Node ignores a protocol it cannot set (a non-special scheme) where
// urikit fails the record.
'use strict';

require('./lines.js').run('edit.js', (line) => {
  const u = new URL(line);
  if (u.search !== '') {
    const p = u.searchParams;
    const drop = [];
    for (const k of p.keys()) if (k.startsWith('utm_')) drop.push(k);
    for (const k of drop) p.delete(k);
  }
  u.protocol = 'https';
  return u.href;
});
