// href.js: the Node.js baseline of bench/throughput/run.sh. It reads lines
// from standard input, writes new URL(line).href for each, and an empty
// line (plus a message on standard error) for a line that is not a URL —
// what "urikit parse --whatwg --get href" does. Input is read in large
// chunks and output is written in large chunks, so the loop measures the
// URL parser (ada, in Node 18+) rather than readline's overhead.
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
    href = new URL(line).href;
  } catch (e) {
    failures++;
    process.stderr.write(`href.js: record ${recno}: ${e.code || e.message}\n`);
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
