// edit.js: the Node.js baseline of bench/throughput/edit.sh. It reads
// lines from standard input and, for each, does what
// "urikit edit --delete 'query=utm_*' --set scheme=https" does with URL and
// URLSearchParams: parse, delete the query parameters whose names start
// with "utm_", set the protocol to https, and write the href (an empty
// line, and a message on standard error, for a line that is not a URL).
// Input and output go in large chunks, as in href.js.
//
// The work is the same, the output not always: URLSearchParams writes the
// whole query anew once a parameter is deleted ("%7e" becomes "%7E", "%20"
// becomes "+"), where urikit keeps every other pair byte for byte; and
// Node ignores a protocol it cannot set (a non-special scheme) where
// urikit fails the record.
'use strict';

const fs = require('fs');
const { StringDecoder } = require('string_decoder');

const out = [];
let outLen = 0;
let failures = 0;
let recno = 0;

function flush() {
  if (outLen === 0) return;
  fs.writeSync(1, out.join(''));
  out.length = 0;
  outLen = 0;
}

function record(line) {
  recno++;
  if (line.endsWith('\r')) line = line.slice(0, -1);
  let href = '';
  try {
    const u = new URL(line);
    if (u.search !== '') {
      const p = u.searchParams;
      const drop = [];
      for (const k of p.keys()) if (k.startsWith('utm_')) drop.push(k);
      for (const k of drop) p.delete(k);
    }
    u.protocol = 'https';
    href = u.href;
  } catch (e) {
    failures++;
    process.stderr.write(`edit.js: record ${recno}: ${e.code || e.message}\n`);
  }
  out.push(href, '\n');
  outLen += href.length + 1;
  if (outLen >= 1 << 16) flush();
}

const buf = Buffer.allocUnsafe(1 << 16);
let carry = '';
const decoder = new StringDecoder('utf8');
for (;;) {
  let n;
  try {
    n = fs.readSync(0, buf, 0, buf.length, null);
  } catch (e) {
    if (e.code === 'EAGAIN') continue;
    if (e.code === 'EOF') break;
    throw e;
  }
  if (n === 0) break;
  const text = carry + decoder.write(buf.subarray(0, n));
  const lines = text.split('\n');
  carry = lines.pop();
  for (const line of lines) record(line);
}
carry += decoder.end();
if (carry !== '') record(carry);
flush();
process.exitCode = failures > 0 ? 1 : 0;
