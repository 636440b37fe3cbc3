// href.js: the Node.js baseline of bench/throughput/run.sh. It reads lines
// from standard input, writes new URL(line).href for each, and an empty
// line (plus a message on standard error) for a line that is not a URL —
// what "urikit parse --whatwg --get href" does. The input and output loop
// is lines.js's.
'use strict';

require('./lines.js').run('href.js', (line) => new URL(line).href);
