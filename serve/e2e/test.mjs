// End-to-end test of the playground: starts the real urikit binaries
// (URIKIT_BIN, built with the in-browser engine embedded; URIKIT_API_BIN,
// without it) on loopback ports, serves the static folder of "urikit
// playground --out" (URIKIT_SITE) with a plain file server, drives the
// page in headless Chromium with the keyboard, asserts what it shows,
// and saves a screenshot per tool in URIKIT_E2E_OUT. It also runs the
// WebAssembly engine in node against the API on a few hundred inputs of
// each tool. Run it with run.sh, which builds all that and installs what
// is missing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.env.URIKIT_BIN;
const apiBin = process.env.URIKIT_API_BIN;
const site = process.env.URIKIT_SITE;
const outDir = process.env.URIKIT_E2E_OUT || path.join(here, 'out');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

const servers = [];
let full; // urikit serve with the engine: { base, logs }
let apiOnly; // urikit serve without it
let staticBase; // the static folder behind a plain file server
let staticServer;
let browser;

// startServer runs "urikit serve" on a free loopback port and resolves to
// its base URL, read from the "listening" log record.
function startServer(binary) {
  assert.ok(binary, 'URIKIT_BIN and URIKIT_API_BIN must name urikit binaries');
  const proc = spawn(binary, ['serve', '--addr', '127.0.0.1:0', '--log-format', 'json'], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const s = { proc, logs: [], base: '' };
  servers.push(s);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('urikit serve did not start')), 15000);
    let buf = '';
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk) => {
      buf += chunk;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let rec;
        try {
          rec = JSON.parse(line);
        } catch {
          continue;
        }
        s.logs.push(rec);
        if (rec.msg === 'listening') {
          clearTimeout(timer);
          s.base = 'http://' + rec.addr;
          resolve(s);
        }
      }
    });
    proc.on('exit', (code) => reject(new Error('urikit serve exited with ' + code)));
  });
}

// startStatic serves dir as a plain file server does: GET of files, by
// their extension's type, 404 for anything else (POST included).
async function startStatic(dir) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
  staticServer = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(dir, path.normalize(p));
    let st = null;
    try {
      st = statSync(file);
    } catch {
      st = null;
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file.startsWith(dir) || !st || !st.isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream', 'Content-Length': st.size });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
  });
  staticServer.listen(0, '127.0.0.1');
  await once(staticServer, 'listening');
  return 'http://127.0.0.1:' + staticServer.address().port;
}

async function post(base, route, body) {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

before(async () => {
  mkdirSync(outDir, { recursive: true });
  assert.ok(site, 'URIKIT_SITE must name the folder urikit playground wrote');
  [full, apiOnly, staticBase] = await Promise.all([startServer(bin), startServer(apiBin), startStatic(site)]);
  browser = await chromium.launch({
    executablePath,
    headless: true,
    // Root in a container has no user namespace for the sandbox.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (staticServer) staticServer.close();
  for (const s of servers) {
    if (s.proc.exitCode === null) {
      s.proc.kill('SIGTERM');
      const [code] = await once(s.proc, 'exit');
      assert.equal(code, 0, 'urikit serve exits 0 on SIGTERM');
    }
    for (const r of s.logs.filter((l) => l.msg === 'request')) assert.ok(r.status < 500, 'no 5xx: ' + JSON.stringify(r));
    assert.ok(s.logs.some((r) => r.msg === 'stopped'), 'the server stopped cleanly');
  }
});

// newPage opens a page (clipboard allowed) that records every request and
// every error it logs.
async function newPage(opts = {}) {
  const context = await browser.newContext({
    viewport: opts.viewport || { width: 1280, height: 1000 },
    colorScheme: opts.colorScheme || 'light',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const seen = { requests: [], errors: [] };
  page.on('request', (r) => seen.requests.push(r.method() + ' ' + r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  return { page, seen, context };
}

// checkClean checks that the page asked nothing of another host and
// logged no error (but the expected ones).
function checkClean(seen, origin, expected = []) {
  for (const u of seen.requests) {
    const url = u.slice(u.indexOf(' ') + 1);
    assert.ok(url.startsWith(origin + '/') || url.startsWith('data:'), 'request to another host: ' + u);
  }
  const errors = seen.errors.filter((e) => !expected.some((x) => e.includes(x)));
  assert.deepEqual(errors, [], 'no errors in the page console');
}

// waitFor waits until fn (run in the page with arg) is true, failing with
// what describe (run in the page) says otherwise.
async function waitFor(page, what, fn, arg, describe) {
  try {
    await page.waitForFunction(fn, arg, { timeout: 15000 });
  } catch (err) {
    const got = describe ? await page.evaluate(describe, arg) : '';
    assert.fail(what + (got ? ': got ' + JSON.stringify(got) : ''));
  }
}

// resultText waits until the tool's result is done and holds text, and
// returns its text.
async function resultHas(page, tool, text) {
  await waitFor(page, `#${tool}-result shows ${JSON.stringify(text)}`, ([t, x]) => {
    const r = document.getElementById(t + '-result');
    return r && (r.dataset.state === 'done' || r.dataset.state === 'error') && r.innerText.includes(x);
  }, [tool, text], ([t]) => document.getElementById(t + '-result')?.innerText.slice(0, 400));
}

async function engineOf(page, tool) {
  return page.getAttribute('#' + tool + '-result', 'data-engine');
}

// typeInto replaces the text of a field by typing, as a user does.
async function typeInto(page, selector, text) {
  await page.focus(selector);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

const activeId = (page) => page.evaluate(() => document.activeElement.id || document.activeElement.className);

// Each tool: its tab, what is typed where, and what its result must
// show; copy is what its first copy button must copy.
const TOOLS = [
  { id: 'codec', tab: 'codec', type: { input: 'a b/你' }, shows: ['a%20b%2F%E4%BD%A0', 'a b/你'], copy: 'a%20b%2F%E4%BD%A0' },
  { id: 'inspect', tab: 'inspect', type: { input: 'HTTP://User@Example.COM:80/a/../b?q=1&r=caf%C3%A9#top' },
    shows: ['RFC 3986 and WHATWG differ in 4 components: scheme, host, port, path.', 'café', 'credentials in the URL'], copy: 'HTTP' },
  { id: 'resolve', tab: 'resolve', type: { input: '../../g;x=1/./y' }, shows: ['http://a/g;x=1/y'], copy: 'http://a/g;x=1/y' },
  { id: 'normalize', tab: 'normalize', type: { input: 'HTTP://Example.COM:80/%7ea/./b' }, shows: ['http://example.com/~a/b'], copy: 'http://example.com/~a/b' },
  { id: 'edit', tab: 'edit', type: { input: 'http://shop.example/item?id=42&utm_source=mail' }, shows: ['https://shop.example/item?id=42'], copy: 'https://shop.example/item?id=42' },
  { id: 'form', tab: 'form', type: { input: 'a=1&b=x+y%26z' }, shows: ['x y&z'], copy: 'a' },
  { id: 'iri', tab: 'iri', type: { input: 'https://例え.jp/テスト' }, shows: ['https://xn--r8jz45g.jp/%E3%83%86%E3%82%B9%E3%83%88'], copy: 'https://xn--r8jz45g.jp/%E3%83%86%E3%82%B9%E3%83%88' },
  { id: 'idna', tab: 'iri', type: { input: 'Straße.Example' }, shows: ['xn--strae-oqa.example'], copy: 'xn--strae-oqa.example' },
  { id: 'domain', tab: 'domain', type: { input: 'a.b.example.co.uk' }, shows: ['example.co.uk'], copy: 'a.b.example.co.uk' },
  { id: 'file', tab: 'file', type: { input: 'file:///C:/Program%20Files/x.txt' }, shows: ['C:\\Program Files\\x.txt'], copy: 'C:\\Program Files\\x.txt' },
  { id: 'data', tab: 'file', type: { input: 'data:,Hello%2C%20World' }, shows: ['Hello, World'], copy: 'text/plain;charset=US-ASCII' },
  { id: 'urn', tab: 'urn', type: { input: 'urn:ietf:rfc:3986' }, shows: ['ietf', 'rfc:3986'], copy: 'ietf' },
  { id: 'mailto', tab: 'urn', type: { input: 'mailto:x@example.com?subject=Hi%20you' }, shows: ['x@example.com', 'Hi you'], copy: 'x@example.com' },
  { id: 'git', tab: 'git', type: { input: 'git@example.com:team/app.git' }, shows: ['ssh://git@example.com/team/app.git'], copy: 'ssh://git@example.com/team/app.git' },
  { id: 'expand', tab: 'template', type: { template: '/u/{owner}{?state}' }, shows: ['/u/urikit?state=open'], copy: '/u/urikit?state=open' },
  { id: 'match', tab: 'template', type: { input: '/repos/a/b/issues?state=closed' }, shows: ['closed'], copy: 'a' },
  { id: 'pattern', tab: 'template', type: { input: 'https://shop.example.com/books/7' }, shows: ['shop', '7'], copy: 'https://*.example.com/books/:id(\\d+)' },
];

const TAB_ORDER = ['codec', 'inspect', 'resolve', 'normalize', 'edit', 'form', 'iri', 'domain', 'archive', 'file', 'urn', 'git', 'template'];

test('the API answers the records the page reads', async () => {
  for (const [route, body, want] of [
    ['/v1/check', { input: 'http://a@b/' }, ['input', 'severity', 'views', 'findings']],
    ['/v1/parse', { input: 'http://a/' }, ['input', 'scheme', 'userinfo', 'host', 'host_type', 'port', 'path', 'query', 'fragment']],
    ['/v1/parse', { input: 'http://a b/' }, ['input', 'error']],
    ['/v1/parse', { input: 'http://a\\b/', mode: 'whatwg' },
      ['input', 'href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin', 'findings']],
    ['/v1/encode', { input: 'a b' }, ['input', 'output']],
    ['/v1/decode', { input: '%zz', lenient: true }, ['input', 'output', 'findings']],
    ['/v1/form/decode', { input: 'a=1' }, ['input', 'pairs']],
  ]) {
    const { status, text } = await post(full.base, route, body);
    assert.equal(status, 200, route + ' answers');
    const rec = JSON.parse(text);
    assert.deepEqual(Object.keys(rec), want, route + ' ' + JSON.stringify(body) + ': ' + text);
  }
});

test('urikit serve sends the engine gzipped, with an ETag', async () => {
  const res = await fetch(full.base + '/engine/urikit.wasm', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-encoding'), 'gzip');
  assert.equal(res.headers.get('content-type'), 'application/wasm');
  const body = new Uint8Array(await res.arrayBuffer()); // fetch gunzips it
  assert.deepEqual([...body.slice(0, 4)], [0, 0x61, 0x73, 0x6d], 'a WebAssembly module');
  assert.deepEqual(body, new Uint8Array(readFileSync(path.join(site, 'engine', 'urikit.wasm'))), 'the engine of the static folder');
  const again = await fetch(full.base + '/engine/urikit.wasm', { headers: { 'If-None-Match': res.headers.get('etag') } });
  assert.equal(again.status, 304);
});

test('every tool answers in the browser, by keyboard, with copy buttons', async () => {
  const { page, seen } = await newPage();
  const t0 = Date.now();
  await page.goto(full.base + '/');
  assert.equal(await page.title(), 'urikit playground');
  // Never blank: the first tool shows its sample's answer at once.
  await waitFor(page, 'the first result', () => document.getElementById('codec-result').dataset.state === 'done');
  const firstMs = Date.now() - t0;
  await waitFor(page, 'the engine loads', () => document.body.dataset.wasm === 'ready');
  const status = await page.textContent('#engine-status');
  console.log(`# first result after ${firstMs} ms (page: ${status.trim()})`);

  // Keyboard: Tab reaches the skip link, the engine selector, the link
  // copier, then the selected tab; the arrow keys move between tabs.
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'skip');
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'engine');
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'share');
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'tab-codec');
  await page.keyboard.press('ArrowRight');
  assert.equal(await activeId(page), 'tab-inspect');
  assert.equal(await page.getAttribute('#tab-inspect', 'aria-selected'), 'true');
  assert.equal(await page.isVisible('#panel-codec'), false);
  await page.keyboard.press('End');
  assert.equal(await activeId(page), 'tab-template');
  await page.keyboard.press('Home');
  assert.equal(await activeId(page), 'tab-codec');
  // Tab goes on into the panel, with a visible focus ring.
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'panel-codec');
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'codec-input');
  const outline = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  assert.notEqual(outline.style, 'none');
  assert.ok(outline.width >= 2, 'outline at least 2px');

  // Every control of every tool has its label, and every tab its panel.
  const unlabelled = await page.$$eval('input, select, textarea', (cs) => cs.filter((c) => c.labels.length === 0).map((c) => c.id || c.outerHTML));
  assert.deepEqual(unlabelled, [], 'controls without a label');
  const tabs = await page.$$eval('[role=tab]', (ts) => ts.map((t) => document.getElementById(t.getAttribute('aria-controls'))?.getAttribute('aria-labelledby') === t.id));
  assert.ok(tabs.length === TAB_ORDER.length && tabs.every(Boolean), 'each tab controls its panel');

  let current = 'codec';
  for (const t of TOOLS) {
    // Move to the tool's tab with the arrow keys.
    if (t.tab !== current) {
      await page.focus('#tab-' + current);
      const steps = TAB_ORDER.indexOf(t.tab) - TAB_ORDER.indexOf(current);
      for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
      assert.equal(await activeId(page), 'tab-' + t.tab);
      current = t.tab;
    }
    // Its sample is there before anything is typed.
    await waitFor(page, t.id + ' shows its sample', (id) => document.getElementById(id + '-result').dataset.state === 'done', t.id,
      (id) => document.getElementById(id + '-result').innerText.slice(0, 300));
    for (const [field, text] of Object.entries(t.type)) await typeInto(page, `#${t.id}-${field}`, text);
    for (const s of t.shows) await resultHas(page, t.id, s);
    assert.equal(await engineOf(page, t.id), 'wasm', t.id + ' answered by the in-browser engine');
    if (t.id === 'expand') {
      // Each expression's part of the expansion is marked.
      await waitFor(page, 'expressions marked', () => document.querySelectorAll('#expand-out mark').length === 2);
      assert.deepEqual(await page.$$eval('#expand-out mark', (ms) => ms.map((m) => [m.title, m.textContent])),
        [['{owner}', 'urikit'], ['{?state}', '?state=open']]);
    }
    // Copy: the first copy button of the result puts its value on the
    // clipboard.
    const button = page.locator(`#${t.id}-result button.copy`).first();
    await button.click();
    await waitFor(page, t.id + ' copied', (id) => document.querySelector('#' + id + '-result button.copy.done') !== null, t.id);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, t.copy, t.id + ' copy');
    await page.locator('#tool-' + t.id).screenshot({ path: path.join(outDir, 'tool-' + t.id + '.png') });
  }
  checkClean(seen, full.base);
  // The in-browser engine answered: the page posted nothing to the API.
  assert.deepEqual(seen.requests.filter((r) => r.startsWith('POST')), [], 'no API requests');
  await page.context().close();
});

test('encode/decode: the error position is marked, lenient keeps and lists it', async () => {
  const { page, seen } = await newPage();
  await page.goto(full.base + '/');
  await typeInto(page, '#codec-input', 'x=100%');
  await resultHas(page, 'codec', 'x%3D100%25');
  await resultHas(page, 'codec', 'escape cut off by the end of the input');
  assert.equal(await page.textContent('#codec-result .marked mark.err'), '%');
  await page.locator('#tool-codec').screenshot({ path: path.join(outDir, 'tool-codec-error.png') });
  // The position link selects the bad byte in the input.
  await page.click('#codec-result button.offset');
  assert.deepEqual(await page.evaluate(() => {
    const f = document.getElementById('codec-input');
    return [document.activeElement.id, f.selectionStart, f.selectionEnd];
  }), ['codec-input', 5, 6]);
  await page.check('#codec-lenient');
  await resultHas(page, 'codec', 'kept as is: "%": escape cut off by the end of the input');
  // The set selector and plus.
  await page.selectOption('#codec-set', 'form');
  await typeInto(page, '#codec-input', 'a b&c');
  await resultHas(page, 'codec', 'a+b%26c');
  checkClean(seen, full.base);
  await page.context().close();
});

test('inspect: both readings side by side, the query decoded, findings reviewed', async () => {
  const { page, seen } = await newPage();
  await page.goto(full.base + '/#tab=inspect&inspect.input=' + encodeURIComponent('http://g\u043e\u043egle.com/a%20b?q=%E2%9C%93&x=1+2#top'));
  await resultHas(page, 'inspect', 'Query parameters, decoded');
  // WHATWG values as the getters give them, with their marks.
  const whatwg = (key) => page.textContent(`#inspect-whatwg tr[data-key="${key}"] td code`);
  assert.equal(await whatwg('scheme'), 'http:');
  assert.equal(await whatwg('query'), '?q=%E2%9C%93&x=1+2');
  assert.equal(await whatwg('fragment'), '#top');
  assert.match(await page.getAttribute('#inspect-rfc tr[data-key="host"]', 'class'), /differs/);
  assert.deepEqual(await page.$$eval('#inspect-query table.pairs tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.querySelector('code').textContent))),
    [['q', '\u2713'], ['x', '1 2']]);
  assert.deepEqual(await page.$$eval('#inspect-path ol.segments code', (cs) => cs.map((c) => c.textContent)), ['a b']);
  // Findings, as check words them: the lookalike names its characters
  // with their code points (once: the page adds no list of its own), the
  // host's Unicode and ASCII forms are given once (by the idn finding).
  const findings = await page.$$eval('#inspect-check li.finding', (ls) => ls.map((l) => l.innerText));
  const confusable = findings.find((f) => f.includes('idn-confusable'));
  assert.ok(confusable && confusable.includes('imitates "google": "\u043e" U+043E is not ASCII'), 'the lookalike says which characters: ' + confusable);
  assert.equal(confusable.split('U+043E').length - 1, 1, 'code point once: ' + confusable);
  assert.equal(findings.filter((f) => f.includes('xn--')).length, 1, 'the ASCII form once: ' + findings.join(' | '));
  assert.ok(findings.some((f) => f.includes('internationalized host "g\u043e\u043egle.com", sent as "xn--')), 'the idn finding gives both forms: ' + findings.join(' | '));
  assert.ok(findings.some((f) => f.includes('mixes Cyrillic and Latin letters')), 'mixed scripts named: ' + findings.join(' | '));
  await page.locator('#tool-inspect').screenshot({ path: path.join(outDir, 'tool-inspect-lookalike.png') });
  checkClean(seen, full.base);
  await page.context().close();
});

test('the state of every tool is in the fragment, and comes back from it', async () => {
  const { page, seen } = await newPage();
  await page.goto(full.base + '/');
  await waitFor(page, 'loaded', () => document.body.dataset.wasm === 'ready');
  await typeInto(page, '#codec-input', 'é?');
  await page.selectOption('#codec-set', 'query');
  await resultHas(page, 'codec', '%C3%A9?');
  await page.click('#tab-normalize');
  await typeInto(page, '#normalize-input', 'HTTP://A.example/x?b=1&a=2');
  await page.check('#normalize-sort_query');
  await resultHas(page, 'normalize', 'http://a.example/x?a=2&b=1');
  const hash = new URL(page.url()).hash;
  const p = new URLSearchParams(hash.slice(1));
  assert.equal(p.get('tab'), 'normalize');
  assert.equal(p.get('codec.input'), 'é?');
  assert.equal(p.get('codec.set'), 'query');
  assert.equal(p.get('normalize.sort_query'), '1');
  // Reload: the same tab, values and answer.
  await page.reload();
  assert.equal(await page.inputValue('#normalize-input'), 'HTTP://A.example/x?b=1&a=2');
  assert.equal(await page.isChecked('#normalize-sort_query'), true);
  await resultHas(page, 'normalize', 'http://a.example/x?a=2&b=1');
  await page.click('#tab-codec');
  await resultHas(page, 'codec', '%C3%A9?');
  // "Copy link" copies the page's address with all that state.
  await page.click('#share');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, page.url());
  assert.match(link, /codec\.set=query/);
  // A sample is one click away and replaces the tool's state.
  await page.click('#tool-codec button.sample[data-sample="1"]');
  await resultHas(page, 'codec', 'kept as is');
  assert.equal(await page.isChecked('#codec-lenient'), true);
  checkClean(seen, full.base);
  await page.context().close();
});

test('the engine switch: in the browser or the server, and which answered', async () => {
  const { page, seen } = await newPage();
  await page.goto(full.base + '/#tab=resolve');
  await waitFor(page, 'wasm answered', () => document.getElementById('resolve-result').dataset.engine === 'wasm');
  await page.selectOption('#engine', 'server');
  await waitFor(page, 'server answered', () => document.getElementById('resolve-result').dataset.engine === 'server');
  assert.match(await page.textContent('#engine-status'), /Answered by the urikit serve API/);
  assert.ok(seen.requests.some((r) => r === 'POST ' + full.base + '/v1/resolve'), 'the page posted to the API');
  assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('engine'), 'server');
  await page.selectOption('#engine', 'wasm');
  await waitFor(page, 'wasm answered again', () => document.getElementById('resolve-result').dataset.engine === 'wasm');
  assert.match(await page.textContent('#engine-status'), /Answered by the in-browser engine \(WebAssembly\)/);
  // An engine that stops (a Go program that exited) leaves the page to
  // the server, in the automatic mode.
  await page.selectOption('#engine', 'auto');
  await page.evaluate(() => { window.urikitEngine.answer = () => { throw new Error('Go program has already exited'); }; });
  await typeInto(page, '#resolve-input', 'x/y');
  await resultHas(page, 'resolve', 'http://a/b/c/x/y');
  assert.equal(await engineOf(page, 'resolve'), 'server');
  assert.match(await page.textContent('#engine-status'), /it stopped: Go program has already exited/);
  checkClean(seen, full.base, ['Go program has already exited']);
  await page.context().close();
});

test('urikit serve without the engine: the page answers with the API, and asks for no engine', async () => {
  const { page, seen } = await newPage();
  await page.goto(apiOnly.base + '/#tab=domain');
  await resultHas(page, 'domain', 'example.co.uk');
  assert.equal(await engineOf(page, 'domain'), 'server');
  const status = await page.textContent('#engine-status');
  assert.match(status, /Answered by the urikit serve API/);
  assert.doesNotMatch(status, /404|No WebAssembly|did not load/, 'nothing alarming: ' + status);
  // The server told the page: no request for the engine, no 404 logged.
  assert.deepEqual(seen.requests.filter((r) => r.includes('/engine/')), [], 'no request for the engine');
  assert.equal(await page.$eval('#engine option[value="wasm"]', (o) => o.disabled), true, 'the in-browser engine cannot be chosen');
  assert.ok(!apiOnly.logs.some((r) => r.msg === 'request' && r.status === 404), 'the server logged no 404');
  checkClean(seen, apiOnly.base);
  await page.context().close();
});

test('the first view: the encode sample is text to encode, not encoded text', async () => {
  const { page, seen } = await newPage();
  await page.goto(full.base + '/');
  await resultHas(page, 'codec', 'caf%C3%A9%20cr%C3%A8me%2Fa%20b%3Fx%3D1%26y%3D50');
  const encoded = await page.textContent('#codec-result [data-part="encoded"] output');
  assert.doesNotMatch(encoded, /%25/, 'no double encoding in the first view: ' + encoded);
  assert.equal(await page.$('#codec-result [data-hint="double-encoding"]'), null);
  // Encoded text encoded again says so, and how to keep its escapes.
  await typeInto(page, '#codec-input', 'caf%C3%A9');
  await resultHas(page, 'codec', 'caf%25C3%25A9');
  await resultHas(page, 'codec', 'already holds %XX escapes');
  await page.check('#codec-keep_escapes');
  await resultHas(page, 'codec', 'caf%C3%A9');
  assert.equal(await page.$('#codec-result [data-hint="double-encoding"]'), null);
  checkClean(seen, full.base);
  await page.context().close();
});

test('inspect: the worst finding is at the top; a 120 KB URL is quick', async () => {
  const { page, seen } = await newPage();
  await page.goto(full.base + '/#tab=inspect&inspect.input=' + encodeURIComponent('http://evil.com%2f@good.com/'));
  await resultHas(page, 'inspect', 'Check findings');
  const verdict = await page.locator('#inspect-verdict').boundingBox();
  const summary = await page.locator('#inspect-summary').boundingBox();
  assert.ok(verdict && verdict.y < summary.y, 'the verdict comes before the comparison');
  assert.ok(verdict.y + verdict.height < 1000, 'the verdict is in the first screen');
  assert.match(await page.textContent('#inspect-verdict'), /danger.*deceptive-userinfo/s);
  // A plain URL has no verdict.
  await typeInto(page, '#inspect-input', 'https://example.com/a');
  await resultHas(page, 'inspect', 'No findings.');
  assert.equal(await page.$('#inspect-verdict'), null);
  // 120 KB: thousands of parameters and segments.
  await waitFor(page, 'the engine loads', () => document.body.dataset.wasm === 'ready');
  const big = 'https://example.com/' + 'seg/'.repeat(6000) + '?' + Array.from({ length: 9000 }, (_, i) => 'k' + i + '=v' + i).join('&');
  assert.ok(big.length > 120000, 'the URL is ' + big.length + ' bytes');
  const t0 = Date.now();
  await page.fill('#inspect-input', big);
  await waitFor(page, 'the big URL inspected', (n) => {
    const r = document.getElementById('inspect-result');
    return r.dataset.state === 'done' && r.innerText.includes('of ' + n + ' query parameters');
  }, 9000, () => document.getElementById('inspect-result').innerText.slice(0, 300));
  const ms = Date.now() - t0;
  console.log(`# a ${big.length}-byte URL inspected in ${ms} ms`);
  assert.ok(ms < 3000, `a 120 KB URL took ${ms} ms in Inspect`);
  checkClean(seen, full.base);
  await page.context().close();
});

test('the tab bar is one row that scrolls, at 1280 px and on a 390 px phone', async () => {
  for (const width of [1280, 390]) {
    const { page, seen } = await newPage({ viewport: { width, height: 800 } });
    await page.goto(full.base + '/#tab=template');
    await resultHas(page, 'expand', '/');
    const tops = await page.$$eval('[role=tab]', (ts) => [...new Set(ts.map((t) => Math.round(t.getBoundingClientRect().top)))]);
    assert.equal(tops.length, 1, `tabs in ${tops.length} rows at ${width} px`);
    const layout = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    assert.ok(layout.scroll <= layout.width, `page is ${layout.scroll}px wide in a ${layout.width}px screen`);
    // The selected tab is scrolled into view.
    const sel = await page.locator('#tab-template').boundingBox();
    assert.ok(sel.x >= 0 && sel.x + sel.width <= width + 1, `the selected tab is in view at ${width} px: ${JSON.stringify(sel)}`);
    await page.screenshot({ path: path.join(outDir, 'tabs-' + width + '.png') });
    checkClean(seen, full.base);
    await page.context().close();
  }
});

test('the static folder alone, behind a plain file server: every tool', async () => {
  const { page, seen } = await newPage();
  const t0 = Date.now();
  await page.goto(staticBase + '/');
  await waitFor(page, 'the first result', () => document.getElementById('codec-result').dataset.state === 'done');
  console.log(`# static site: first result after ${Date.now() - t0} ms; ${(await page.textContent('#engine-status')).trim()}`);
  for (const tab of TAB_ORDER) {
    await page.click('#tab-' + tab);
    for (const t of TOOLS.filter((x) => x.tab === tab)) {
      for (const [field, text] of Object.entries(t.type)) await page.fill(`#${t.id}-${field}`, text);
      for (const s of t.shows) await resultHas(page, t.id, s);
      assert.equal(await engineOf(page, t.id), 'wasm', t.id);
    }
    await page.screenshot({ path: path.join(outDir, 'static-' + tab + '.png'), fullPage: true });
  }
  // Reload from the fragment, with no server behind the page.
  await page.reload();
  await resultHas(page, 'match', 'closed');
  // No server behind a static site: the page knows it, offers no API
  // and asks none, and says nothing of one.
  assert.equal(await page.$eval('#engine option[value="server"]', (o) => o.disabled), true, 'the API cannot be chosen');
  assert.deepEqual(seen.requests.filter((r) => r.startsWith('POST')), [], 'no API requests');
  const status = await page.textContent('#engine-status');
  assert.match(status, /Answered by the in-browser engine/);
  assert.doesNotMatch(status, /serve API|HTTP \d/, 'no contradiction: ' + status);
  checkClean(seen, staticBase);
  await page.context().close();
});

test('narrow screen, dark mode: one column, nothing wider than the screen', async () => {
  const { page, seen } = await newPage({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
  await page.goto(full.base + '/#tab=inspect');
  await resultHas(page, 'inspect', 'Check findings');
  const layout = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    bg: getComputedStyle(document.body).backgroundColor,
  }));
  assert.ok(layout.scroll <= layout.width, `page is ${layout.scroll}px wide in a ${layout.width}px screen`);
  assert.equal(layout.bg, 'rgb(15, 18, 22)', 'dark background');
  const rfc = await page.locator('#inspect-rfc').boundingBox();
  const whatwg = await page.locator('#inspect-whatwg').boundingBox();
  assert.ok(whatwg.y >= rfc.y + rfc.height, 'readings stacked');
  await page.screenshot({ path: path.join(outDir, 'playground-narrow-dark.png'), fullPage: true });
  checkClean(seen, full.base);
  await page.context().close();
});

// ---------------------------------------------------------------------
// The in-browser engine and the server give the same answers.

// rand is a small deterministic generator (mulberry32).
function rand(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// inputs returns n inputs made of URL parts, good and bad.
function inputs(n, seed) {
  const r = rand(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const schemes = ['http://', 'https://', 'HTTP://', 'file://', 'ftp://', 'mailto:', 'urn:', 'data:', 'ws://', 'a+b:', '', '//', 'javascript:'];
  const users = ['', '', 'user@', 'u:p@', 'a%40b@', 'x y@', 'a\\b@'];
  const hosts = ['example.com', 'EXAMPLE.com', 'bücher.de', 'xn--bcher-kva.de', '127.0.0.1', '0x7f.1', '[::1]', '[v1.x]', 'a..b', 'gοοgle.com',
    '例え.jp', 'www.example.co.uk', 'exa mple.com', '%65xample.com', 'ex%zzample', '', 'C:', 'isbn:0451450523', 'a@b.com', ',x', 'text/plain;base64,SGk='];
  const ports = ['', '', ':80', ':8080', ':', ':99999', ':x'];
  const paths = ['', '/', '/a/b', '/a/../b/./c', '/%7euser', '/a%2Fb', '/caf%C3%A9', '/café', '/a b', '/%zz', '/\\x', '/a//b', '/..', ';p'];
  const queries = ['', '?', '?q=1', '?a=1&b=x+y', '?q=%E2%9C%93', '?q=%zz', '?b=2&a=1', '?x=a b', '?subject=Hi%20you&body=x'];
  const frags = ['', '#', '#top', '#a b', '#%41', '#\u00e9'];
  const out = [];
  for (let i = 0; i < n; i++) {
    let s = pick(schemes) + pick(users) + pick(hosts) + pick(ports) + pick(paths) + pick(queries) + pick(frags);
    if (r() < 0.08) s = s.slice(0, Math.floor(r() * s.length));
    if (r() < 0.04) s = s.replace(/./, '\t');
    out.push(s);
  }
  return out;
}

// The options of each route sent with the inputs, several per route.
const DIFF = {
  '/v1/encode': [{}, { set: 'path', plus: true }, { set: 'whatwg-query', keep_escapes: true }],
  '/v1/decode': [{}, { lenient: true }, { plus: true, legacy_u: true, lenient: true }],
  '/v1/parse': [{}, { lenient: true }, { mode: 'whatwg' }, { mode: 'whatwg', base: 'https://example.org/a/b' }],
  '/v1/check': [{}],
  '/v1/resolve': [{ base: 'http://a/b/c/d;p?q' }],
  '/v1/relativize': [{ base: 'http://example.com/a/b' }],
  '/v1/normalize': [{}, { level: 'full', sort_query: true }, { whatwg: true }, { lenient: true, drop_fragment: true }],
  '/v1/equal': [{ other: 'http://example.com/' }],
  '/v1/form/decode': [{}],
  '/v1/form/encode': [{}],
  '/v1/iri': [{ to_uri: true }, { to_iri: true }],
  '/v1/idna': [{}, { to_unicode: true, profile: 'display' }, { profile: 'registration' }],
  '/v1/domain': [{}],
  '/v1/file': [{}, { to_path: true }, { to_path: true, windows: true }],
  '/v1/data': [{}, { body_base64: true }],
  '/v1/urn': [{}],
  '/v1/mailto': [{}, { lenient: true }],
  '/v1/template/expand': [{ template: '/x{/a}{?b,c}' }],
  '/v1/template/match': [{ template: '{+base}/b{?q}' }],
  '/v1/edit': [{ set: ['scheme=https'], delete: ['query=utm_*'] }, { rfc3986: true, sort_query: true }],
  '/v1/match': [{ pattern: 'https://*.example.com/:p*' }, { pattern: '/a/:b', base: 'https://example.org/', ignore_case: true }],
  '/v1/git': [{}, { scp: true }],
  '/v1/purl': [{}, { repo_url: true }],
  '/v1/surt': [{}, { scheme: true, keep_www: true, fragment: true }],
  '/v1/unwrap': [{}],
};

test('the WebAssembly engine answers as the server does, on a few hundred inputs per tool', async () => {
  // Run the engine in node, as the page runs it.
  await import(pathToFileURL(path.join(site, 'engine', 'wasm_exec.js')).href);
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(readFileSync(path.join(site, 'engine', 'urikit.wasm')), go.importObject);
  const ready = new Promise((resolve) => { globalThis.urikitEngineReady = resolve; });
  go.run(instance);
  await ready;
  const engine = globalThis.urikitEngine;
  // Every route the server has, the engine has.
  const routes = [...engine.routes];
  assert.deepEqual(routes.toSorted(), Object.keys(DIFF).toSorted(), 'the engine routes are the ones tested');
  let n = 0;
  let seed = 1;
  for (const [route, optionSets] of Object.entries(DIFF)) {
    for (const opts of optionSets) {
      let list = inputs(300, seed++);
      if (route === '/v1/form/encode') list = list.map((s, i) => (i % 3 === 0 ? s : JSON.stringify([[s, list[(i + 1) % list.length]]])));
      if (route === '/v1/template/expand') list = list.map((s, i) => (i % 4 === 0 ? s : JSON.stringify({ a: s, b: [s, 'x'], c: { k: s } })));
      const body = JSON.stringify(Object.assign({ inputs: list }, opts));
      const want = await post(apiOnly.base, route, body);
      const [status, text] = engine.answer(route, body);
      assert.equal(status, want.status, route + ' ' + JSON.stringify(opts) + ' status');
      if (text !== want.text) {
        const a = JSON.parse(text);
        const b = JSON.parse(want.text);
        for (let i = 0; i < a.length; i++) {
          assert.deepEqual(a[i], b[i], route + ' ' + JSON.stringify(opts) + ' input ' + JSON.stringify(list[i]));
        }
        assert.equal(text, want.text, route + ' ' + JSON.stringify(opts));
      }
      n += list.length;
      // One input alone, and a request the API refuses, alike too.
      for (const one of [JSON.stringify(Object.assign({ input: list[0] }, opts)), JSON.stringify(Object.assign({ input: 'a', nope: 1 }, opts))]) {
        const w = await post(apiOnly.base, route, one);
        const [s, t] = engine.answer(route, one);
        assert.deepEqual([s, t], [w.status, w.text], route + ' ' + one);
      }
    }
  }
  console.log(`# the engine and the server gave the same ${n} records`);
});
