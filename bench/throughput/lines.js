// lines.js: the loop that the Node.js baselines of bench/throughput
// (href.js, edit.js) share. run(name, f) reads lines from standard input
// and writes f(line) and a newline for each; a "\r" before a newline is
// dropped. A line for which f throws is written empty, with
// "NAME: record N: CODE" on standard error, and makes the exit status 1.
// Input is read in large chunks and output is written in large chunks, so
// that the loop measures f (the URL parser, ada in Node 18+) rather than
// readline's overhead.
'use strict';

const fs = require('fs');
const { StringDecoder } = require('string_decoder');

function run(name, f) {
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
    let s = '';
    try {
      s = f(line);
    } catch (e) {
      failures++;
      process.stderr.write(`${name}: record ${recno}: ${e.code || e.message}\n`);
    }
    out.push(s, '\n');
    outLen += s.length + 1;
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
}

module.exports = { run };
