// End-to-end test of the playground page: starts the real urikit binary
// (URIKIT_BIN) on a loopback port, drives the page in headless Chromium
// with the keyboard, asserts what it shows, and saves screenshots in
// URIKIT_E2E_OUT. Run it with run.sh, which builds the binary and
// installs what is missing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.env.URIKIT_BIN;
const outDir = process.env.URIKIT_E2E_OUT || path.join(here, 'out');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

let server;
let base;
let browser;
const logLines = [];

// startServer runs "urikit serve" on a free loopback port and resolves to
// its base URL, read from the "listening" log record.
function startServer() {
  assert.ok(bin, 'URIKIT_BIN must name the urikit binary');
  server = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--log-format', 'json'], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('urikit serve did not start')), 15000);
    let buf = '';
    server.stderr.setEncoding('utf8');
    server.stderr.on('data', (chunk) => {
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
        logLines.push(rec);
        if (rec.msg === 'listening') {
          clearTimeout(timer);
          assert.match(rec.addr, /^127\.0\.0\.1:\d+$/);
          resolve('http://' + rec.addr);
        }
      }
    });
    server.on('exit', (code) => reject(new Error('urikit serve exited with ' + code)));
  });
}

before(async () => {
  mkdirSync(outDir, { recursive: true });
  base = await startServer();
  // Every route the page uses must exist and answer with a record object
  // (input first, error and findings last): a missing route fails the
  // test instead of turning its assertions into a log line.
  for (const [route, body, want] of [
    ['/v1/check', { input: 'http://a@b/' }, ['input', 'severity', 'views', 'findings']],
    ['/v1/parse', { input: 'http://a/' }, ['input', 'scheme', 'userinfo', 'host', 'host_type', 'port', 'path', 'query', 'fragment']],
    ['/v1/parse', { input: 'http://a b/' }, ['input', 'error']],
    ['/v1/parse', { input: 'http://a\\b/', mode: 'whatwg' },
      ['input', 'href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin', 'findings']],
    ['/v1/encode', { input: 'a b' }, ['input', 'output']],
    ['/v1/decode', { input: '%zz', lenient: true }, ['input', 'output', 'findings']],
  ]) {
    const res = await fetch(base + route, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, route + ' answers');
    const rec = await res.json();
    assert.deepEqual(Object.keys(rec), want, route + ' ' + JSON.stringify(body) + ': ' + JSON.stringify(rec));
    assert.equal(rec.input, body.input);
  }
  // A WHATWG validation error has its message.
  const w = await (await fetch(base + '/v1/parse', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ input: 'http://a\\b/', mode: 'whatwg' }),
  })).json();
  assert.deepEqual(w.findings, [{ offset: 8, code: 'invalid-reverse-solidus', message: '"\\" in a special URL, read as "/"' }]);
  browser = await chromium.launch({
    executablePath,
    headless: true,
    // Root in a container has no user namespace for the sandbox.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    const [code] = await once(server, 'exit');
    assert.equal(code, 0, 'urikit serve exits 0 on SIGTERM');
  }
  const requests = logLines.filter((r) => r.msg === 'request');
  assert.ok(requests.length > 0, 'the server logged the requests');
  for (const r of requests) assert.ok(r.status < 500, 'no 5xx: ' + JSON.stringify(r));
  assert.ok(logLines.some((r) => r.msg === 'stopped'), 'the server stopped cleanly');
});

// newPage opens the playground and records every request the page makes
// and every error it logs.
async function newPage(viewport) {
  const page = await browser.newPage({ viewport });
  const seen = { requests: [], errors: [] };
  page.on('request', (r) => seen.requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  return { page, seen };
}

// waitText waits until the element matched by selector has exactly text.
async function waitText(page, selector, text) {
  try {
    await page.waitForFunction(([s, t]) => {
      const e = document.querySelector(s);
      return e !== null && e.textContent.trim() === t;
    }, [selector, text], { timeout: 10000 });
  } catch (err) {
    const got = await page.evaluate((s) => document.querySelector(s)?.textContent, selector);
    assert.fail(`${selector}: want ${JSON.stringify(text)}, got ${JSON.stringify(got)}`);
  }
}

const cell = (table, key) => `#${table}-table tr[data-key="${key}"] td`;
const rowClass = (page, table, key) =>
  page.getAttribute(`#${table}-table tr[data-key="${key}"]`, 'class');
const activeId = (page) => page.evaluate(() => document.activeElement.id || document.activeElement.className);

// checkSelfContained checks that the page asked nothing of another host
// and logged no error.
async function checkSelfContained(page, seen) {
  for (const u of seen.requests) {
    assert.ok(u.startsWith(base + '/') || u.startsWith('data:'), 'request to another host: ' + u);
  }
  assert.deepEqual(seen.errors, [], 'no errors in the page console');
}

test('breakdowns side by side, differences highlighted, keyboard only', async () => {
  const { page, seen } = await newPage({ width: 1280, height: 1000 });
  await page.goto(base + '/');
  assert.equal(await page.title(), 'urikit playground');

  // Keyboard only: Tab goes through the skip link to the URL field.
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'skip');
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'url');
  await page.keyboard.type('HTTP://User@Example.COM:80/a/../b?q=1#top');

  await waitText(page, '#summary', 'RFC 3986 and WHATWG differ in 4 components: scheme, host, port, path.');
  await waitText(page, cell('rfc', 'host'), 'Example.COM');
  await waitText(page, cell('whatwg', 'host'), 'example.com');
  await waitText(page, cell('rfc', 'path'), '/a/../b');
  await waitText(page, cell('whatwg', 'path'), '/b');
  await waitText(page, cell('rfc', 'port'), '80');
  await waitText(page, cell('whatwg', 'port'), '(empty)');
  await waitText(page, cell('whatwg', 'href'), 'http://User@example.com/b?q=1#top');
  await waitText(page, cell('rfc', 'host_type'), 'reg-name');
  await waitText(page, '#rfc-status', 'Valid URI reference.');
  for (const key of ['scheme', 'host', 'port', 'path']) {
    for (const table of ['rfc', 'whatwg']) {
      assert.match(await rowClass(page, table, key), /differs/, `${table} ${key} is marked`);
      assert.match(await page.textContent(`#${table}-table tr[data-key="${key}"] th`), /differs/);
    }
  }
  for (const key of ['userinfo', 'query', 'fragment']) {
    assert.doesNotMatch(await rowClass(page, 'rfc', key), /differs/, `${key} is not marked`);
  }

  // Side by side on a wide screen.
  const rfc = await page.locator('#rfc').boundingBox();
  const whatwg = await page.locator('#whatwg').boundingBox();
  assert.ok(Math.abs(rfc.y - whatwg.y) < 2 && rfc.x + rfc.width <= whatwg.x, 'panels side by side');

  // Check findings: the credentials in the userinfo are found.
  await page.waitForFunction(() => document.getElementById('check-status').textContent !== 'Type a URL above.');
  const checkStatus = (await page.textContent('#check-status')).trim();
  {
    assert.match(checkStatus, /^\d+ findings?\.$/);
    const findings = await page.locator('#findings li').allTextContents();
    assert.ok(findings.length > 0, 'findings are listed');
    for (const f of findings) assert.match(f, /^(info|warn|danger) \S+ @\d+ /);
    assert.ok(findings.some((f) => f.startsWith('warn credentials @7 ')), 'credentials found: ' + findings.join(' | '));
    await waitText(page, '#target-href', 'http://User@example.com/b?q=1#top');
    await waitText(page, '#target-port', '80');
  }

  // Focus is visible: the next control gets a thick outline.
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'base');
  const outline = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  assert.notEqual(outline.style, 'none');
  assert.ok(outline.width >= 2, 'outline at least 2px');

  // A base URL resolves the WHATWG side; the RFC side shows the reference.
  await page.keyboard.type('https://example.org/dir/');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('../x?y');
  await waitText(page, cell('whatwg', 'href'), 'https://example.org/x?y');
  await waitText(page, cell('rfc', 'path'), '../x');
  await waitText(page, cell('rfc', 'scheme'), '(absent)');

  // The state is in the page's fragment, for sharing.
  assert.equal(new URL(page.url()).hash, '#url=..%2Fx%3Fy&base=https%3A%2F%2Fexample.org%2Fdir%2F');

  // Back to the first URL for the screenshot.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('http://user:pass@Example.COM:80/a/../b%2Fc?q=1#top');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await waitText(page, cell('whatwg', 'href'), 'http://user:pass@example.com/b%2Fc?q=1#top');
  await waitText(page, cell('whatwg', 'userinfo'), 'user:pass');
  await page.screenshot({ path: path.join(outDir, 'playground.png'), fullPage: true });
  await checkSelfContained(page, seen);
  await page.close();
});

test('encode/decode panel with the set selector, by keyboard', async () => {
  const { page, seen } = await newPage({ width: 1280, height: 1000 });
  await page.goto(base + '/');
  // The whole focus order, from the top.
  const order = [];
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    order.push(await activeId(page));
  }
  assert.deepEqual(order, ['skip', 'url', 'base', 'lenient', 'text', 'set', 'plus', 'keep', 'lenient-decode', 'legacy-u']);

  // The skip link goes straight to the panel.
  for (let i = 0; i < 9; i++) await page.keyboard.press('Shift+Tab');
  assert.equal(await activeId(page), 'skip');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'text');

  await page.keyboard.type('a b/你');
  await waitText(page, '#encoded', 'a%20b%2F%E4%BD%A0');
  await waitText(page, '#decoded', 'a b/你');

  // Choose the "path" set by typing its name on the focused selector.
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'set');
  await page.keyboard.type('path');
  assert.equal(await page.inputValue('#set'), 'path');
  await waitText(page, '#encoded', 'a%20b/%E4%BD%A0');

  // Space as "+": the checkbox toggles with the space bar.
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'plus');
  await page.keyboard.press('Space');
  await waitText(page, '#encoded', 'a+b/%E4%BD%A0');

  // A bad escape is an error with its offset, or kept when lenient.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await activeId(page), 'text');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('100%');
  await waitText(page, '#encoded', '100%25');
  await waitText(page, '#decoded', 'error at byte 3: "%": escape cut off by the end of the input');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'lenient-decode');
  await page.keyboard.press('Space');
  await waitText(page, '#decoded', '100%');
  await waitText(page, '#decode-problems', '@3 kept: "%": escape cut off by the end of the input');
  await page.locator('#codec').screenshot({ path: path.join(outDir, 'playground-codec.png') });
  await checkSelfContained(page, seen);
  await page.close();
});

test('template panel: live expansion, each expression marked', async () => {
  const { page, seen } = await newPage({ width: 1280, height: 1000 });
  await page.goto(base + '/');
  await page.focus('#tmpl-src');
  await page.keyboard.type('/repos/{owner}/{repo}/issues{?state,labels}');
  await waitText(page, '#tmpl-out', '/repos/urikit/uri%20kit/issues?state=open&labels=bug,good%20first%20issue');
  await page.waitForFunction(() => document.querySelectorAll('#tmpl-out mark').length === 3, null, { timeout: 10000 });
  const marks = await page.$$eval('#tmpl-out mark', (ms) => ms.map((m) => [m.title, m.textContent]));
  assert.deepEqual(marks, [
    ['{owner}', 'urikit'],
    ['{repo}', 'uri%20kit'],
    ['{?state,labels}', '?state=open&labels=bug,good%20first%20issue'],
  ]);
  // The variables are read as they are typed; a bad template says where.
  await page.focus('#tmpl-vars');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('{"owner": "o", "repo": "r/s"}');
  await waitText(page, '#tmpl-out', '/repos/o/r%2Fs/issues');
  await page.focus('#tmpl-src');
  await page.keyboard.press('End');
  await page.keyboard.type('{x');
  await page.waitForFunction(() => {
    const o = document.getElementById('tmpl-out');
    return o.className === 'bad' && o.textContent.includes('offset 43: expression not closed');
  }, null, { timeout: 10000 });
  await page.locator('#tmpl').screenshot({ path: path.join(outDir, 'playground-template.png') });
  // A malformed template is a bad option: the API answers 400, which the
  // browser logs; nothing else may be logged.
  seen.errors = seen.errors.filter((e) => !e.includes('status of 400 (Bad Request)'));
  await checkSelfContained(page, seen);
  await page.close();
});

test('narrow screen: one column, nothing wider than the screen', async () => {
  const { page, seen } = await newPage({ width: 360, height: 740 });
  const url = 'http://a\\b@c/d e?f#g';
  await page.goto(base + '/#url=' + encodeURIComponent(url));
  assert.equal(await page.inputValue('#url'), url);
  // Browsers read the backslash as a slash: the host is "a", not "c".
  await waitText(page, cell('whatwg', 'host'), 'a');
  await waitText(page, cell('whatwg', 'path'), '/b@c/d%20e');
  await waitText(page, '#rfc-status', 'Not a valid URI reference.');
  // The strict error, while the table shows the lenient reading.
  await waitText(page, '#rfc-errors', '@8 character not allowed here (invalid-char, userinfo)');
  await waitText(page, cell('rfc', 'userinfo'), 'a\\b');
  // WHATWG validation errors come with their message.
  await waitText(page, '#whatwg-errors li:first-child', '@8 "\\" in a special URL, read as "/" (invalid-reverse-solidus)');
  await page.waitForSelector('#findings li.danger');
  await waitText(page, '#target-host', 'a \u2014 domain');
  const layout = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  assert.ok(layout.scroll <= layout.width, `page is ${layout.scroll}px wide in a ${layout.width}px screen`);
  const rfc = await page.locator('#rfc').boundingBox();
  const whatwg = await page.locator('#whatwg').boundingBox();
  assert.ok(whatwg.y >= rfc.y + rfc.height, 'panels stacked');
  await page.screenshot({ path: path.join(outDir, 'playground-narrow.png'), fullPage: true });
  await checkSelfContained(page, seen);
  await page.close();
});
