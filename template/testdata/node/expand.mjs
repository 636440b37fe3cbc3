// Reads one JSON object per line, {"t": template, "v": variables}, and
// writes for each one line: {"out": expansion} or {"error": message}, as
// the npm package url-template expands it.
import { parseTemplate } from 'url-template';
import { createInterface } from 'node:readline';

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of rl) {
  if (line === '') continue;
  try {
    const c = JSON.parse(line);
    out.push(JSON.stringify({ out: parseTemplate(c.t).expand(c.v) }));
  } catch (e) {
    out.push(JSON.stringify({ error: String(e) }));
  }
}
process.stdout.write(out.join('\n') + '\n');
