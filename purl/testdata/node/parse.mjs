// Reads one JSON string per line, a purl, and writes for each one line:
// {"out": canonical string} or {"error": message}, as the npm package
// packageurl-js parses it (PackageURL.fromString) and writes it
// (toString).
import pkg from 'packageurl-js';
import { createInterface } from 'node:readline';

const { PackageURL } = pkg;
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of rl) {
  if (line === '') continue;
  try {
    out.push(JSON.stringify({ out: PackageURL.fromString(JSON.parse(line)).toString() }));
  } catch (e) {
    out.push(JSON.stringify({ error: String(e && e.message) }));
  }
}
process.stdout.write(out.join('\n') + '\n');
