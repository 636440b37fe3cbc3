// urikit playground. Every tool is one declarative entry of TOOLS (its
// route, its fields, its samples, and how its records are shown); the
// page builds the tabs and panels from them. The answers are record
// objects, made by the in-browser engine (urikit compiled to WebAssembly,
// engine/urikit.wasm) or by the JSON API of "urikit serve". No framework,
// no build step, nothing from other hosts.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------- DOM

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) {
      if (c !== null && c !== undefined && c !== false) e.append(c);
    }
    return e;
  }

  // visible shows control characters as their Unicode control pictures.
  function visible(s) {
    return String(s).replace(/[\u0000-\u001f\u007f]/g, (c) =>
      String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
  }

  // codePoint is "U+03BF".
  function codePoint(ch) {
    return 'U+' + ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0');
  }

  // revealed is the text with every non-ASCII character marked and titled
  // with its code point, so that a lookalike is told from what it imitates.
  function revealed(s) {
    const out = [];
    let run = '';
    for (const ch of visible(s)) {
      if (ch.codePointAt(0) < 0x80) {
        run += ch;
        continue;
      }
      if (run) out.push(run);
      run = '';
      out.push(el('mark', { class: 'cp', title: codePoint(ch) }, ch));
    }
    if (run) out.push(run);
    return out;
  }

  // nonASCII lists the distinct non-ASCII characters of s with their code
  // points: "ο U+03BF", leaving out those s names already (check's
  // idn-confusable gives the code points of the characters it is about).
  function nonASCII(s) {
    const seen = new Set();
    for (const ch of s) if (ch.codePointAt(0) >= 0x80 && !s.includes(codePoint(ch))) seen.add(ch);
    return [...seen].map((ch) => ch + ' ' + codePoint(ch));
  }

  // utf8Len is the number of UTF-8 bytes of the character ch.
  function utf8Len(ch) {
    const c = ch.codePointAt(0);
    return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }

  // charIndex turns a byte offset into s (the records' offsets count
  // UTF-8 bytes) into an index of the JavaScript string.
  function charIndex(s, byteOff) {
    let b = 0;
    let i = 0;
    for (const ch of s) {
      if (b >= byteOff) break;
      b += utf8Len(ch);
      i += ch.length;
    }
    return i;
  }

  // copyText puts text on the clipboard.
  async function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return;
    }
    const ta = el('textarea', { class: 'visually-hidden', 'aria-hidden': 'true' });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }

  // copyButton copies what text() returns (or text); what names it for
  // screen readers; label is its text ("Copy").
  function copyButton(what, text, label = 'Copy') {
    const b = el('button', { type: 'button', class: 'copy', 'aria-label': 'Copy ' + what }, label);
    b.addEventListener('click', async () => {
      try {
        await copyText(typeof text === 'function' ? text() : text);
        b.textContent = 'Copied';
        b.classList.add('done');
      } catch (e) {
        b.textContent = 'Copy failed';
      }
      setTimeout(() => {
        b.textContent = label;
        b.classList.remove('done');
      }, 1500);
    });
    return b;
  }

  // value renders a value of a record: absent, empty, or the text, with a
  // copy button for text.
  function value(v, what) {
    if (v === null || v === undefined) return el('span', { class: 'absent' }, '(none)');
    if (v === '') return el('span', { class: 'absent' }, '(empty)');
    if (typeof v === 'boolean') return el('span', { class: 'bool' }, v ? 'yes' : 'no');
    if (typeof v === 'number') return el('code', {}, String(v));
    if (Array.isArray(v)) {
      if (v.length === 0) return el('span', { class: 'absent' }, '(none)');
      if (v.every((p) => Array.isArray(p) && p.length === 2)) return pairsTable(v, what);
      return [el('ol', { class: 'list' }, v.slice(0, MAX_ROWS).map((x, i) => el('li', {}, value(x, what + ' ' + (i + 1))))), more(v.length, 'items')];
    }
    if (typeof v === 'object') return fieldsTable(v, what);
    return el('span', { class: 'val' }, el('code', {}, visible(clip(v))),
      v.length > MAX_CHARS ? el('span', { class: 'hint' }, ' \u2026 ' + (v.length - MAX_CHARS) + ' more characters (Copy copies all)') : null,
      copyButton(what, v));
  }

  // MAX_CHARS is the most characters of one value shown: laying out a
  // value of 100 KB takes the browser seconds, and no one reads it there.
  const MAX_CHARS = 2000;

  // clip returns the first MAX_CHARS characters of v (never half of a
  // surrogate pair).
  function clip(v) {
    if (v.length <= MAX_CHARS) return v;
    const c = v.charCodeAt(MAX_CHARS - 1);
    return v.slice(0, c >= 0xd800 && c < 0xdc00 ? MAX_CHARS - 1 : MAX_CHARS);
  }

  // MAX_ROWS is the most rows a list or table shows: a URL of 100 KB
  // with thousands of parameters is shown at once, the rest is in the
  // JSON records.
  const MAX_ROWS = 200;

  // more says how many rows of n are not shown, or is null.
  function more(n, what) {
    return n > MAX_ROWS ? el('p', { class: 'hint' }, 'The first ' + MAX_ROWS + ' of ' + n + ' ' + what + '; all are in the JSON records.') : null;
  }

  function pairsTable(pairs, what) {
    return [el('table', { class: 'pairs' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Name'), el('th', { scope: 'col' }, 'Value'))),
      el('tbody', {}, pairs.slice(0, MAX_ROWS).map(([k, v]) => el('tr', {}, el('td', {}, value(k, what + ' name')), el('td', {}, value(v, what + ' ' + k)))))),
    more(pairs.length, what + 's')];
  }

  // fieldsTable shows the members of an object, one row each.
  function fieldsTable(obj, what, keys) {
    keys = keys || Object.keys(obj);
    return el('table', { class: 'fields' },
      el('tbody', {}, keys.map((k) => el('tr', { 'data-key': k },
        el('th', { scope: 'row' }, k.replace(/_/g, ' ')),
        el('td', {}, value(obj[k], (what ? what + ' ' : '') + k.replace(/_/g, ' ')))))));
  }

  // ------------------------------------------------------------ findings

  // tidyFindings returns the findings ready for display: a detail that the
  // message holds already is not shown twice. (check's texts say each
  // thing once; the records of other tools may carry a detail that repeats
  // part of their message.)
  function tidyFindings(findings) {
    return (findings || []).map((f) => {
      const g = Object.assign({}, f);
      if (g.detail && g.message && g.message.includes(g.detail)) delete g.detail;
      return g;
    });
  }

  // findingItem is one finding or error: severity, message (non-ASCII
  // characters marked, with their code points), code, offset, count.
  function findingItem(f, onOffset) {
    const cps = nonASCII(f.message);
    return el('li', { class: 'finding ' + (f.severity || ''), 'data-code': f.code },
      f.severity ? el('span', { class: 'severity' }, f.severity) : null, ' ',
      el('span', { class: 'message' }, revealed(f.message)),
      f.count > 1 ? el('span', { class: 'count' }, ' (\u00d7' + f.count + ')') : null,
      cps.length ? el('span', { class: 'cps' }, ' \u2014 ' + cps.join(', ')) : null,
      f.detail ? el('span', { class: 'detail' }, ' ' + f.detail) : null, ' ',
      el('code', { class: 'code' }, f.code + (f.component ? ' \u00b7 ' + f.component : '')), ' ',
      f.offset === undefined ? null : offsetLink(f.offset, onOffset));
  }

  function offsetLink(offset, onOffset) {
    if (!onOffset) return el('span', { class: 'offset' }, 'at byte ' + offset);
    const b = el('button', { type: 'button', class: 'offset link', title: 'Select it in the input' }, 'at byte ' + offset);
    b.addEventListener('click', () => onOffset(offset));
    return b;
  }

  // marked shows the input with the byte at offset marked (a whole %XX
  // for escape errors), for an error's position.
  function marked(input, offset, code) {
    const i = charIndex(input, offset);
    let n = 1;
    if (/escape/.test(code || '') && input[i] === '%') n = Math.min(3, input.length - i);
    const at = input.slice(i, i + n);
    return el('p', { class: 'marked', 'aria-label': 'the input, the error at byte ' + offset },
      el('code', {}, visible(input.slice(0, i)),
        el('mark', { class: 'err' }, at === '' ? '\u2038' : visible(at)),
        visible(input.slice(i + n))));
  }

  // selectIn selects byte offset (and what marked marks) in a field.
  function selectIn(field, offset) {
    const s = field.value;
    const i = charIndex(s, offset);
    let n = s[i] === '%' ? Math.min(3, s.length - i) : Math.min(1, s.length - i);
    field.focus();
    field.setSelectionRange(i, i + n);
  }

  // ------------------------------------------------------------- engine

  // offered: the engines this page has, as the server that sent it says
  // (<meta name="urikit-engines">): "wasm" when the in-browser engine is
  // next to the page, "server" when the urikit serve API is behind it.
  // The page never asks for what is not there.
  const offered = (document.querySelector('meta[name="urikit-engines"]')?.content || 'wasm').split(/\s+/);
  const hasWasm = offered.includes('wasm');
  const hasServer = offered.includes('server');

  const engine = {
    mode: 'auto',
    wasm: null, // the engine object once loaded
    wasmState: hasWasm ? 'loading' : 'none', // loading, ready, absent (failed to load), none (not in this build)
    wasmMs: 0,
    wasmError: '',
    last: '', // the engine that gave the last answer
    firstMs: 0, // time from navigation to the first result shown
  };

  const wasmReady = new Promise((resolve) => {
    const t0 = performance.now();
    const fail = (msg) => {
      engine.wasmState = 'absent';
      engine.wasmError = msg;
      resolve(null);
    };
    if (!hasWasm) {
      resolve(null);
      return;
    }
    fetch('engine/urikit.wasm', { method: 'HEAD' }).then((head) => {
      if (!head.ok) return fail('engine/urikit.wasm: HTTP ' + head.status);
      const s = el('script', { src: 'engine/wasm_exec.js' });
      s.onerror = () => fail('engine/wasm_exec.js did not load');
      s.onload = async () => {
        try {
          const go = new window.Go();
          const res = await fetch('engine/urikit.wasm');
          if (!res.ok) throw new Error('engine/urikit.wasm: HTTP ' + res.status);
          let inst;
          if (WebAssembly.instantiateStreaming && (res.headers.get('Content-Type') || '').startsWith('application/wasm')) {
            inst = await WebAssembly.instantiateStreaming(res, go.importObject);
          } else {
            inst = await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject);
          }
          const ready = new Promise((r) => { window.urikitEngineReady = r; });
          go.run(inst.instance);
          await ready;
          engine.wasm = window.urikitEngine;
          engine.wasmState = 'ready';
          engine.wasmMs = Math.round(performance.now() - t0);
          resolve(engine.wasm);
        } catch (e) {
          fail(String(e && e.message || e));
        }
      };
      document.head.append(s);
    }, (e) => fail(String(e)));
  });

  // pick returns the engine to ask: "wasm" or "server". Automatic is
  // the in-browser engine, once it has loaded, and the server when this
  // page has no engine.
  async function pick() {
    if (engine.mode === 'server' && hasServer || !hasWasm) return 'server';
    await wasmReady;
    if (engine.mode === 'wasm' || !hasServer) return 'wasm';
    return engine.wasmState === 'ready' ? 'wasm' : 'server';
  }

  class APIError extends Error {}

  // call answers body at route with a record object (or array of them),
  // from the engine pick chooses; it throws an APIError for an error
  // answer of the API (a request it refuses).
  async function call(route, body, signal) {
    const which = await pick();
    let status;
    let text;
    if (which === 'wasm') {
      if (!engine.wasm) throw new APIError('the in-browser engine is not available: ' + engine.wasmError);
      try {
        [status, text] = engine.wasm.answer(route, JSON.stringify(body));
      } catch (e) {
        // The Go program stopped (it cannot run out of memory and go
        // on): the page goes on with the server, if there is one.
        engine.wasm = null;
        engine.wasmState = 'absent';
        engine.wasmError = 'it stopped: ' + (e && e.message || e);
        console.error(e);
        if (engine.mode === 'auto') return call(route, body, signal);
        throw new APIError('the in-browser engine ' + engine.wasmError);
      }
    } else {
      const res = await fetch(route.slice(1), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      status = res.status;
      text = await res.text();
    }
    if (signal && signal.aborted) throw new DOMException('aborted', 'AbortError');
    let data = null;
    try {
      data = JSON.parse(text);
    } catch (e) {
      data = null;
    }
    if (status !== 200 && which === 'server' && !data) {
      // Not the API: no answer to show as one.
      engine.last = '';
      throw new APIError('no urikit serve API here (HTTP ' + status + ')');
    }
    engine.last = which;
    if (status !== 200 || !data || data.error && !('input' in data || 'input_hex' in data)) {
      const msg = data && data.error ? data.error.message : which === 'server' ? 'the server answered HTTP ' + status + ' (no urikit serve API here?)' : 'HTTP ' + status;
      const err = new APIError(msg);
      err.code = data && data.error ? data.error.code : '';
      throw err;
    }
    return data;
  }

  function showEngine() {
    const st = $('engine-status');
    const names = { wasm: 'the in-browser engine (WebAssembly)', server: 'the urikit serve API' };
    let text = engine.last ? 'Answered by ' + names[engine.last] + '.' : engine.wasmState === 'loading' ? 'Loading the engine…' : '';
    if (engine.wasmState === 'ready') text += ' WebAssembly engine loaded in ' + engine.wasmMs + ' ms.';
    else if (engine.wasmState === 'absent') text += ' The in-browser engine did not load (' + engine.wasmError + ').';
    if (engine.firstMs) text += ' First result after ' + engine.firstMs + ' ms.';
    st.textContent = text;
    document.body.dataset.engine = engine.last;
    document.body.dataset.wasm = engine.wasmState;
  }

  // ------------------------------------------------------------- tools

  const SETS = ['form', 'fragment', 'host', 'js-uri', 'js-uri-component', 'path', 'path-segment', 'query', 'query-value',
    'unreserved', 'userinfo', 'whatwg-component', 'whatwg-fragment', 'whatwg-path', 'whatwg-query', 'whatwg-special-query', 'whatwg-userinfo'];
  const LEVELS = ['syntax', 'scheme', 'full', 'none'];

  // TOOLS: each entry is a tool. id names its panel and its state in the
  // fragment; tab is the tab it is on (in TABS); fields are its inputs
  // (name is the API option unless api is false; kind text, area, select,
  // check; optional text is left out of the request when empty); samples
  // are inputs a click away (the first is the start state); request
  // returns the calls to make ({route, body}), by default one call of
  // route with the fields as options; render shows the records (by
  // default each record's fields, error and findings).
  //
  // A new capability is one more entry (the URL pattern tool below is
  // the simplest: a route and its fields), and its route named in
  // index.html's footer.
  const TOOLS = [
    {
      id: 'codec', tab: 'codec', title: 'Percent-encode and decode',
      help: 'Encodes the text with the chosen set and decodes it, as you type. A strict decode stops at the first bad escape and marks it; a lenient one keeps it and lists it.',
      fields: [
        { name: 'input', label: 'Text', kind: 'area' },
        { name: 'set', label: 'Encode set', kind: 'select', options: SETS, def: 'unreserved' },
        { name: 'plus', label: 'Space as + (form encoding; decode + as space)', kind: 'check' },
        { name: 'keep_escapes', label: 'Keep valid %XX escapes when encoding', kind: 'check' },
        { name: 'lenient', label: 'Lenient decode (keep bad escapes)', kind: 'check' },
        { name: 'legacy_u', label: 'Decode %uXXXX (legacy)', kind: 'check' },
      ],
      samples: [
        { input: 'café crème/a b?x=1&y=50' },
        { input: 'caf%C3%A9%20au%20lait%zz', lenient: true },
        { input: '50%off' },
        { input: 'q=caf%C3%A9+cr%C3%A8me', plus: true, set: 'form' },
        { input: 'caf%C3%A9 cr%C3%A8me/a b?x=1&y=100%25', keep_escapes: true },
      ],
      request: (v) => [
        { route: '/v1/encode', body: { input: v.input, set: v.set, plus: v.plus, keep_escapes: v.keep_escapes } },
        { route: '/v1/decode', body: { input: v.input, plus: v.plus, lenient: v.lenient, legacy_u: v.legacy_u } },
      ],
      render: renderCodec,
    },
    {
      id: 'inspect', tab: 'inspect', title: 'Inspect a URL',
      help: 'How RFC 3986 and browsers (WHATWG) read the URL, side by side, the query and path decoded, and what urikit check finds.',
      fields: [
        { name: 'input', label: 'URL', kind: 'text' },
        { name: 'base', label: 'Base URL for the WHATWG parser (optional)', kind: 'text', optional: true },
        { name: 'lenient', label: 'Lenient RFC 3986 parse (list every deviation)', kind: 'check' },
      ],
      samples: [
        { input: 'https://user@example.com:8080/a/../b%20c?q=caf%C3%A9&tag=a+b#top' },
        { input: 'http://gοοgle.com/login' },
        { input: 'HTTP://EXAMPLE.com:80\\a\\..\\b?x=%zz' },
        { input: '../g?q#f', base: 'http://a/b/c/d;p?q' },
      ],
      request: (v) => {
        const whatwg = { input: v.input, mode: 'whatwg' };
        if (v.base) whatwg.base = v.base;
        const calls = [
          { route: '/v1/parse', body: { input: v.input, lenient: true } },
          { route: '/v1/parse', body: whatwg },
          { route: '/v1/check', body: { input: v.input } },
        ];
        if (!v.lenient) calls.push({ route: '/v1/parse', body: { input: v.input } });
        return calls;
      },
      render: renderInspect,
    },
    {
      id: 'resolve', tab: 'resolve', title: 'Resolve or relativize a reference',
      help: 'Resolve: the target of a reference found in the document at the base (RFC 3986 section 5). Relativize: the shortest reference from the base to a target.',
      fields: [
        { name: 'base', label: 'Base URI', kind: 'text' },
        { name: 'input', label: 'Reference (resolve) or target URI (relativize)', kind: 'text' },
        { name: 'op', label: 'Operation', kind: 'select', options: ['resolve', 'relativize'], api: false },
      ],
      samples: [
        { base: 'http://a/b/c/d;p?q', input: '../g?x#s', op: 'resolve' },
        { base: 'http://a/b/c/d;p?q', input: 'http://a/b/g?x', op: 'relativize' },
        { base: 'https://example.com/docs/guide/', input: '//cdn.example.com/x.js', op: 'resolve' },
      ],
      request: (v) => [{ route: v.op === 'relativize' ? '/v1/relativize' : '/v1/resolve', body: { input: v.input, base: v.base } }],
    },
    {
      id: 'normalize', tab: 'normalize', title: 'Normalize and compare',
      help: 'Normalizes the URI at the chosen level; with a second URI, says whether both are equivalent at that level.',
      fields: [
        { name: 'input', label: 'URI', kind: 'text' },
        { name: 'other', label: 'Compare with (optional)', kind: 'text', optional: true },
        { name: 'level', label: 'Level', kind: 'select', options: LEVELS, def: 'scheme' },
        { name: 'mode', label: 'Read the URI as', kind: 'select', options: ['strict', 'lenient', 'whatwg'], def: 'strict', api: false },
        { name: 'sort_query', label: 'Sort the query parameters', kind: 'check' },
        { name: 'drop_fragment', label: 'Drop the fragment', kind: 'check' },
        { name: 'drop_empty_query', label: 'Drop an empty query', kind: 'check' },
      ],
      samples: [
        { input: 'HTTP://Example.COM:80/a/./b/../%7ec?b=2&a=1', other: 'http://example.com/a/~c?b=2&a=1' },
        { input: 'https://example.com/x?b=2&a=1#top', other: 'https://example.com/x?a=1&b=2', sort_query: true, drop_fragment: true },
      ],
      request: (v) => {
        const lvl = { level: v.level, sort_query: v.sort_query, drop_fragment: v.drop_fragment, drop_empty_query: v.drop_empty_query };
        const calls = [{ route: '/v1/normalize', body: Object.assign({ input: v.input, lenient: v.mode === 'lenient', whatwg: v.mode === 'whatwg' }, lvl) }];
        if (v.other) calls.push({ route: '/v1/equal', body: Object.assign({ input: v.input, other: v.other }, lvl) });
        return calls;
      },
    },
    {
      id: 'form', tab: 'form', title: 'HTML form data (application/x-www-form-urlencoded)',
      help: 'Decode: a query or form body into its name/value pairs, as URLSearchParams reads it. Encode: a JSON array of [name, value] pairs into a form body.',
      fields: [
        { name: 'input', label: 'Form data, or a JSON array of [name, value] pairs to encode', kind: 'area' },
        { name: 'op', label: 'Operation', kind: 'select', options: ['decode', 'encode'], api: false },
      ],
      samples: [
        { input: 'q=caf%C3%A9+cr%C3%A8me&tag=a&tag=b&empty=&flag', op: 'decode' },
        { input: '[["q", "café crème"], ["tag", "a&b"], ["x", "1+1=2"]]', op: 'encode' },
      ],
      request: (v) => [{ route: '/v1/form/' + (v.op === 'encode' ? 'encode' : 'decode'), body: { input: v.input } }],
    },
    {
      id: 'iri', tab: 'iri', title: 'IRI ⇄ URI (RFC 3987)',
      fields: [
        { name: 'input', label: 'IRI or URI', kind: 'text' },
        { name: 'dir', label: 'Convert', kind: 'select', options: ['to URI', 'to IRI'], api: false },
      ],
      samples: [
        { input: 'https://例え.jp/パス?q=値#片', dir: 'to URI' },
        { input: 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9', dir: 'to IRI' },
      ],
      request: (v) => [{ route: '/v1/iri', body: { input: v.input, to_uri: v.dir !== 'to IRI', to_iri: v.dir === 'to IRI' } }],
    },
    {
      id: 'idna', tab: 'iri', title: 'Domain names (IDNA, UTS #46)',
      fields: [
        { name: 'input', label: 'Domain name', kind: 'text' },
        { name: 'profile', label: 'Profile', kind: 'select', options: ['url', 'lookup', 'registration', 'display'], def: 'url' },
        { name: 'to_unicode', label: 'To Unicode (for display) rather than ASCII', kind: 'check' },
      ],
      samples: [
        { input: 'Bücher.Example' },
        { input: 'xn--bcher-kva.example', to_unicode: true },
        { input: 'faß.de', profile: 'registration' },
      ],
      route: '/v1/idna',
    },
    {
      id: 'domain', tab: 'domain', title: 'Registrable domain (Public Suffix List)',
      fields: [{ name: 'input', label: 'Host name or URL', kind: 'text' }],
      samples: [{ input: 'www.example.co.uk' }, { input: 'user.github.io' }, { input: 'https://shop.bücher.de/x' }],
      route: '/v1/domain',
    },
    {
      id: 'surt', tab: 'archive', title: 'SURT keys (web archive CDX)',
      fields: [
        { name: 'input', label: 'URL', kind: 'text' },
        { name: 'scheme', label: 'Keep the scheme', kind: 'check' },
        { name: 'keep_www', label: 'Keep "www"', kind: 'check' },
        { name: 'keep_query_order', label: 'Keep the query order', kind: 'check' },
        { name: 'fragment', label: 'Keep the fragment', kind: 'check' },
        { name: 'host_only', label: 'Host only', kind: 'check' },
        { name: 'fingerprint', label: 'Dedup fingerprint instead', kind: 'check' },
      ],
      samples: [
        { input: 'http://www.Example.com:80/a/b/?b=2&a=1#top' },
        { input: 'https://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&x=1', scheme: true },
        { input: 'https://example.com/post?id=7&utm_source=news&fbclid=abc', fingerprint: true },
      ],
      route: '/v1/surt',
    },
    {
      id: 'unwrap', tab: 'archive', title: 'Unwrap redirects, remove tracking parameters',
      fields: [{ name: 'input', label: 'URL', kind: 'text' }],
      samples: [
        { input: 'https://www.google.com/url?q=https%3A%2F%2Fexample.com%2Fa%3Futm_source%3Dx%26id%3D1&sa=D' },
        { input: 'https://shop.example/item?id=3&utm_medium=email&gclid=xyz#utm_campaign=spring' },
      ],
      route: '/v1/unwrap',
    },
    {
      id: 'file', tab: 'file', title: 'file: URLs',
      fields: [
        { name: 'input', label: 'file: URL, or a path to turn into one', kind: 'text' },
        { name: 'to_path', label: 'From URL to path (unchecked: path to URL)', kind: 'check' },
        { name: 'windows', label: 'Windows paths', kind: 'check' },
      ],
      samples: [
        { input: 'file:///C:/Users/me/a%20b.txt', to_path: true, windows: true },
        { input: '/home/me/notes #1.txt' },
        { input: 'file://server/share/x.txt', to_path: true, windows: true },
      ],
      route: '/v1/file',
    },
    {
      id: 'data', tab: 'file', title: 'data: URLs',
      fields: [
        { name: 'input', label: 'data: URL', kind: 'text' },
        { name: 'body_base64', label: 'Show the body in base64', kind: 'check' },
      ],
      samples: [{ input: 'data:text/plain;charset=utf-8;base64,SGVsbG8sIOS4lueVjA==' }, { input: 'data:,Hello%2C%20World%21' }],
      route: '/v1/data',
    },
    {
      id: 'urn', tab: 'urn', title: 'URNs (RFC 8141)',
      fields: [{ name: 'input', label: 'URN', kind: 'text' }],
      samples: [{ input: 'URN:ISBN:0-395-36341-1?+r?=q#f' }, { input: 'urn:ietf:rfc:8141' }],
      route: '/v1/urn',
    },
    {
      id: 'mailto', tab: 'urn', title: 'mailto: URLs (RFC 6068)',
      fields: [
        { name: 'input', label: 'mailto: URL', kind: 'text' },
        { name: 'lenient', label: 'Lenient (list what is wrong instead of stopping)', kind: 'check' },
      ],
      samples: [{ input: 'mailto:alice@example.com,bob@example.com?cc=carol@example.com&subject=Hello%20there&body=See%20you' }],
      route: '/v1/mailto',
    },
    {
      id: 'git', tab: 'git', title: 'Git remote addresses',
      help: 'Read as git clone reads it: a ":" before the first "/" makes it scp-like (ssh). The path is what git asks the server for.',
      fields: [
        { name: 'input', label: 'Remote address (scp-like, URL or path)', kind: 'text' },
        { name: 'scp', label: 'Also the scp-like form', kind: 'check' },
        { name: 'insteadof_config', label: 'insteadOf rules (git config text, optional)', kind: 'area', optional: true },
      ],
      samples: [
        { input: 'git@github.com:owner/repo.git', scp: true },
        { input: 'ssh://git@example.com:2222/~alice/repo.git', scp: true },
        { input: 'gh:owner/repo', insteadof_config: '[url "https://github.com/"]\n\tinsteadOf = gh:' },
      ],
      route: '/v1/git',
    },
    {
      id: 'purl', tab: 'urn', title: 'Package URLs (purl, ECMA-427)',
      help: 'The canonical form of a package URL and its decoded components; two spellings of one package give the same canonical purl.',
      fields: [
        { name: 'input', label: 'purl', kind: 'text' },
        { name: 'repo_url', label: "Show the package's repository URL", kind: 'check' },
      ],
      samples: [
        { input: 'pkg://NPM/@angular/animation@12.3.1', repo_url: true },
        { input: 'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?type=pom&classifier=sources' },
        { input: 'pkg:PYPI/Django_Allauth@0.61.1#/src/./allauth/' },
      ],
      route: '/v1/purl',
    },
    {
      id: 'expand', tab: 'template', title: 'Expand a URI Template (RFC 6570)',
      help: "Each expression's part of the result is marked; hover or focus it to see the expression.",
      fields: [
        { name: 'template', label: 'Template', kind: 'text' },
        { name: 'input', label: 'Variables (a JSON object: strings, numbers, lists, objects)', kind: 'area' },
      ],
      samples: [
        { template: '/repos/{owner}/{repo}/issues{?state,labels}', input: '{"owner": "urikit", "repo": "uri kit", "state": "open", "labels": ["bug", "good first issue"]}' },
        { template: '{+base}{/path*}{#frag}', input: '{"base": "http://example.com/", "path": ["a b", "c"], "frag": "top"}' },
      ],
      route: '/v1/template/expand',
      render: renderExpand,
    },
    {
      id: 'match', tab: 'template', title: 'Match a URL against a URI Template',
      fields: [
        { name: 'template', label: 'Template', kind: 'text' },
        { name: 'input', label: 'URL', kind: 'text' },
      ],
      samples: [{ template: '/repos/{owner}/{repo}/issues{?state}', input: '/repos/urikit/uri%20kit/issues?state=open' }],
      route: '/v1/template/match',
    },
    {
      id: 'pattern', tab: 'template', title: 'Match a URL pattern (URL Pattern Standard)',
      help: 'Each component of the pattern is matched against the WHATWG parse of the URL; the groups it captured are listed per component.',
      fields: [
        { name: 'pattern', label: 'Pattern', kind: 'text' },
        { name: 'input', label: 'URL', kind: 'text' },
        { name: 'ignore_case', label: 'Ignore case', kind: 'check' },
      ],
      samples: [
        { pattern: 'https://*.example.com/books/:id(\\d+)', input: 'https://shop.example.com/books/42' },
        { pattern: '/api/:version/*', input: 'https://example.com/api/v2/users/7' },
      ],
      route: '/v1/match',
    },
    {
      id: 'edit', tab: 'edit', title: 'Edit a URL, component by component',
      help: 'One operation per line. Values after = are encoded for you; := takes an already-encoded value; ?= sets only a missing component. Pairs and segments you do not touch stay byte for byte.',
      fields: [
        { name: 'input', label: 'URL (empty: build one from parts)', kind: 'text' },
        { name: 'set', label: 'Set (COMPONENT=VALUE per line)', kind: 'area' },
        { name: 'append', label: 'Append (path=SEGMENT or query=NAME=VALUE per line)', kind: 'area' },
        { name: 'delete', label: 'Delete (query=GLOB per line)', kind: 'area' },
        { name: 'trim', label: 'Strip tracking parameters (utm_*, fbclid, gclid, ...)', kind: 'check' },
        { name: 'sort_query', label: 'Sort the query', kind: 'check' },
      ],
      samples: [
        { input: 'http://shop.example/item?id=42&utm_source=mail&utm_medium=email', set: 'scheme=https', delete: 'query=utm_*' },
        { input: 'https://www.example.com:8443/api/v1/users?tab=1', set: 'hostname=staging.example.com' },
        { input: '', set: 'host=api.example.com\npath=/v1/search', append: 'query=q=café au lait\nquery=lang=fr' },
      ],
      request: (v) => [{
        route: '/v1/edit',
        body: { input: v.input, set: lines(v.set), append: lines(v.append), delete: lines(v.delete), trim: v.trim, sort_query: v.sort_query },
      }],
    },
  ];

  // lines returns the non-empty lines of a text area, trimmed.
  function lines(s) {
    return (s || '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
  }

  // TABS, most common job first.
  const TABS = [
    ['codec', 'Encode / decode'],
    ['inspect', 'Inspect'],
    ['resolve', 'Resolve'],
    ['normalize', 'Normalize / compare'],
    ['edit', 'Edit'],
    ['form', 'Forms'],
    ['iri', 'IRI / IDNA'],
    ['domain', 'Domain'],
    ['archive', 'Web archive'],
    ['file', 'File / data URLs'],
    ['urn', 'URN / mailto / purl'],
    ['git', 'Git remotes'],
    ['template', 'Templates / patterns'],
  ];

  // --------------------------------------------------------- renderers

  // renderRecord shows one record: its error (with its position marked
  // in the input), its result fields, its findings, and the record as
  // JSON.
  function renderRecord(tool, rec, label) {
    const parts = [];
    const input = tool.inputs.input;
    if (rec.error) {
      const e = rec.error;
      parts.push(el('p', { class: 'status bad' }, (label ? label + ': ' : '') + e.message,
        ' ', el('code', { class: 'code' }, e.code + (e.component ? ' \u00b7 ' + e.component : ''))));
      if (input && e.offset !== undefined && 'input' in rec && rec.input === input.value) {
        parts.push(marked(rec.input, e.offset, e.code), offsetLink(e.offset, (o) => selectIn(input, o)));
      }
    } else {
      const keys = Object.keys(rec).filter((k) => k !== 'input' && k !== 'input_hex' && k !== 'findings');
      if (label) parts.push(el('h3', {}, label));
      parts.push(fieldsTable(rec, label || tool.title, keys));
    }
    if (rec.findings && rec.findings.length) {
      parts.push(el('ul', { class: 'findings', 'aria-label': 'Findings' },
        tidyFindings(rec.findings).map((f) => findingItem(f, input && ((o) => selectIn(input, o))))));
    }
    return parts;
  }

  function rawJSON(records) {
    const text = records.map((r) => JSON.stringify(r)).join('\n');
    return el('details', { class: 'raw' }, el('summary', {}, 'Records as JSON'),
      el('pre', {}, el('code', {}, text)), copyButton('the JSON records', text));
  }

  function renderDefault(tool, records) {
    const labels = records.length > 1 ? tool.calls.map((c) => c.route.replace('/v1/', '')) : [];
    return [records.map((r, i) => renderRecord(tool, r, labels[i])), rawJSON(records)];
  }

  function renderCodec(tool, [enc, dec]) {
    const box = (title, rec, extra) => {
      let body;
      if (rec.error) {
        body = [el('p', { class: 'status bad' }, rec.error.message, ' ', el('code', { class: 'code' }, rec.error.code)),
          marked(rec.input, rec.error.offset || 0, rec.error.code),
          offsetLink(rec.error.offset || 0, (o) => selectIn(tool.inputs.input, o))];
      } else if (rec.output_hex !== undefined) {
        body = el('p', { class: 'out' }, el('code', {}, 'bytes (not UTF-8): ' + rec.output_hex), copyButton(title + ' bytes', rec.output_hex));
      } else {
        body = el('p', { class: 'out' }, rec.output === '' ? el('span', { class: 'absent' }, '(empty)') : el('output', {}, visible(rec.output)), copyButton(title.toLowerCase(), rec.output));
      }
      return el('div', { class: 'box', 'data-part': title.toLowerCase() }, el('h3', {}, title), body, extra);
    };
    const kept = dec.findings && dec.findings.length
      ? el('ul', { class: 'findings', 'aria-label': 'Decoding problems' },
        dec.findings.map((f) => findingItem(Object.assign({}, f, { message: 'kept as is: ' + f.message }), (o) => selectIn(tool.inputs.input, o))))
      : null;
    // Text that already holds escapes, encoded again, has its "%"
    // escaped: say so, and how to keep them.
    const again = !(tool.values && tool.values.keep_escapes) && !enc.error && /%[0-9A-Fa-f]{2}/.test(enc.input || '')
      ? el('p', { class: 'hint', 'data-hint': 'double-encoding' }, 'The text already holds %XX escapes, and encoding escapes their "%" again (%25): tick "Keep valid %XX escapes when encoding" to keep them, or read it decoded.')
      : null;
    return [el('div', { class: 'outputs' }, box('Encoded', enc, again), box('Decoded', dec, kept)), rawJSON([enc, dec])];
  }

  // The rows compared between the two parsers: the RFC 3986 component and
  // the WHATWG getter (whose value is shown as the getter returns it,
  // with its ":", "?" or "#"), compared without those marks. Absent and
  // empty compare equal, since the getters cannot tell them apart.
  const ROWS = [
    { key: 'scheme', rfc: 'scheme', whatwg: 'protocol', strip: (v) => v.replace(/:$/, '') },
    { key: 'userinfo', rfc: 'userinfo', whatwg: 'username:password', get: (w) => (w.password ? w.username + ':' + w.password : w.username) },
    { key: 'host', rfc: 'host', whatwg: 'hostname' },
    { key: 'port', rfc: 'port', whatwg: 'port' },
    { key: 'path', rfc: 'path', whatwg: 'pathname' },
    { key: 'query', rfc: 'query', whatwg: 'search', strip: (v) => v.replace(/^\?/, '') },
    { key: 'fragment', rfc: 'fragment', whatwg: 'hash', strip: (v) => v.replace(/^#/, '') },
  ];

  async function renderInspect(tool, [rfc, whatwg, check, strict], signal) {
    const ok = !whatwg.error;
    const rfcRows = [];
    const wRows = [];
    const differing = [];
    const cell = (v, what) => el('td', {}, value(v, what));
    for (const r of ROWS) {
      const a = rfc.error ? null : rfc[r.rfc];
      let shown = null;
      let cmp = null;
      if (ok) {
        shown = r.get ? r.get(whatwg) : whatwg[r.whatwg];
        cmp = r.strip ? r.strip(shown) : shown;
      }
      const differs = ok && !rfc.error && (a === null ? '' : a) !== cmp;
      if (differs) differing.push(r.key);
      const badge = () => (differs ? el('span', { class: 'badge', title: 'the two readings differ' }, '\u2260 differs') : null);
      rfcRows.push(el('tr', { 'data-key': r.key, class: differs ? 'differs' : null }, el('th', { scope: 'row' }, r.rfc, ' ', badge()), cell(a, 'RFC 3986 ' + r.rfc)));
      wRows.push(el('tr', { 'data-key': r.key, class: differs ? 'differs' : null }, el('th', { scope: 'row' }, r.whatwg, ' ', badge()), cell(shown, 'WHATWG ' + r.whatwg)));
    }
    if (!rfc.error) rfcRows.push(el('tr', { 'data-key': 'host_type' }, el('th', { scope: 'row' }, 'host type'), cell(rfc.host_type, 'host type')));
    if (ok) {
      wRows.push(el('tr', { 'data-key': 'href' }, el('th', { scope: 'row' }, 'href'), cell(whatwg.href, 'href')));
      wRows.push(el('tr', { 'data-key': 'origin' }, el('th', { scope: 'row' }, 'origin'), cell(whatwg.origin, 'origin')));
    }
    const problems = strict ? (strict.error ? [strict.error] : []) : (rfc.findings || []);
    const onOff = (o) => selectIn(tool.inputs.input, o);
    const relative = !rfc.error && rfc.scheme === null && tool.values.base;
    const summary = !ok
      ? 'Browsers reject this input (' + whatwg.error.message + '), so there is nothing to compare.'
      : relative ? 'A relative reference: RFC 3986 shows it as written, WHATWG as resolved against the base' +
        (differing.length ? ' (they differ in ' + differing.join(', ') + ').' : '.')
      : differing.length === 0 ? 'RFC 3986 and WHATWG agree on every component.'
        : 'RFC 3986 and WHATWG differ in ' + differing.length + ' component' + (differing.length === 1 ? '' : 's') + ': ' + differing.join(', ') + '.';
    const side = (id, title, status, good, rows, caption, errs) => el('section', { class: 'side', id: 'inspect-' + id, 'aria-labelledby': 'inspect-' + id + '-h' },
      el('h3', { id: 'inspect-' + id + '-h' }, title),
      el('p', { class: 'status ' + (good ? 'good' : 'bad') }, status),
      el('table', { class: 'fields' }, el('caption', { class: 'visually-hidden' }, caption), el('tbody', {}, rows)),
      errs.length ? el('ul', { class: 'findings' }, errs.map((e) => findingItem(e, onOff))) : null);
    const verrs = (whatwg.error ? [whatwg.error] : []).concat(whatwg.findings || []);

    // The query as a decoded table of its parameters, read as browsers
    // read it (URLSearchParams), and the path as decoded segments.
    const t = check.views && check.views.target;
    const query = ok ? whatwg.search.replace(/^\?/, '') : (rfc.query || '');
    let queryTable = el('p', { class: 'absent' }, '(no query)');
    if (query !== '') {
      try {
        const form = await call('/v1/form/decode', { input: query }, signal);
        if (form.pairs) queryTable = pairsTable(form.pairs, 'query parameter');
      } catch (e) {
        if (e.name === 'AbortError') throw e;
      }
    }
    const segs = t && t.ok ? (t.segments || []) : [];
    const findings = tidyFindings(check.findings);
    // The worst of what check found comes first, above the comparison:
    // a danger is not left a screen below.
    const rank = { danger: 3, warn: 2, info: 1 };
    const worst = findings.reduce((w, f) => ((rank[f.severity] || 0) > (rank[w && w.severity] || 0) ? f : w), null);
    const verdict = worst && rank[worst.severity] >= 2
      ? el('div', { class: 'verdict ' + worst.severity, id: 'inspect-verdict', role: 'note' },
        el('ul', { class: 'findings' }, findingItem(worst, onOff)),
        findings.length > 1 ? el('p', { class: 'hint' }, (findings.length - 1) + ' more finding' + (findings.length === 2 ? '' : 's') + ' under ',
          el('a', { href: '#inspect-check' }, 'Check findings'), '.') : null)
      : null;
    return [
      verdict,
      el('p', { class: 'summary' + (!ok || differing.length ? ' warn' : ''), id: 'inspect-summary' }, summary),
      el('div', { class: 'compare' },
        side('rfc', 'RFC 3986', problems.length ? 'Not a valid URI reference.' : 'A valid URI reference.', !problems.length, rfcRows,
          'RFC 3986 components, still percent-encoded', problems),
        side('whatwg', 'WHATWG URL (browsers)', ok ? 'A URL to browsers.' : 'Not a URL to browsers.', ok, wRows,
          "WHATWG URL components, as JavaScript's URL getters return them", verrs)),
      el('div', { class: 'compare' },
        el('section', { class: 'side', id: 'inspect-query', 'aria-labelledby': 'inspect-query-h' },
          el('h3', { id: 'inspect-query-h' }, 'Query parameters, decoded'), queryTable),
        el('section', { class: 'side', id: 'inspect-path', 'aria-labelledby': 'inspect-path-h' },
          el('h3', { id: 'inspect-path-h' }, 'Path segments, decoded'),
          segs.length ? [el('ol', { class: 'segments' }, segs.slice(0, MAX_ROWS).map((s, i) => el('li', {}, value(s, 'segment ' + (i + 1))))), more(segs.length, 'segments')] : el('p', { class: 'absent' }, '(no path)'),
          t && t.ok ? el('p', { class: 'target' }, 'A browser fetches ', value(t.href, 'the URL a browser fetches'),
            t.host_unicode && t.host_unicode !== t.host ? el('span', {}, ' \u2014 host shown as ', el('code', {}, revealed(t.host_unicode))) : null) : null)),
      el('section', { class: 'side', id: 'inspect-check', 'aria-labelledby': 'inspect-check-h' },
        el('h3', { id: 'inspect-check-h' }, 'Check findings' + (check.severity ? ' \u2014 ' + check.severity : '')),
        findings.length ? el('ul', { class: 'findings' }, findings.map((f) => findingItem(f, onOff))) : el('p', { class: 'status good' }, 'No findings.')),
      rawJSON([rfc, whatwg, check].concat(strict ? [strict] : [])),
    ];
  }

  // renderExpand expands the template, then each of its parts alone
  // (literal runs and expressions: the expansion of a template is theirs
  // end to end), to mark each expression's part of the result.
  async function renderExpand(tool, [whole], signal) {
    if (whole.error) return renderDefault(tool, [whole]);
    const src = tool.values.template;
    const vars = tool.values.input;
    const parts = src.match(/\{[^{}]*\}|[^{}]+/g) || [];
    const answers = await Promise.all(parts.map((p) =>
      call('/v1/template/expand', { template: p, input: vars }, signal).catch((e) => {
        if (e.name === 'AbortError') throw e;
        return null;
      })));
    const pieces = answers.map((a) => (a && !a.error ? a.output : null));
    let out;
    if (pieces.some((p) => p === null) || pieces.join('') !== whole.output) {
      out = visible(whole.output);
    } else {
      let n = 0;
      out = parts.map((p, i) => {
        if (!p.startsWith('{')) return visible(pieces[i]);
        return el('mark', { class: 'expr' + (n++ % 2), title: p, tabindex: '0', 'aria-label': p + ' gives ' + (pieces[i] || '(nothing)') }, visible(pieces[i]));
      });
    }
    return [el('h3', {}, 'Expansion'), el('p', { class: 'out' }, el('output', { id: 'expand-out' }, out), copyButton('the expansion', whole.output)), rawJSON([whole])];
  }

  // ------------------------------------------------------------- state

  // The state of every tool lives in the page's fragment ("tab", then
  // "tool.field" for each value that differs from the tool's start
  // state), so that a link shares it; the fragment never reaches a
  // server.
  let activeTab = TABS[0][0];

  function startValues(tool) {
    const v = {};
    for (const f of tool.fields) v[f.name] = f.kind === 'check' ? false : (f.def !== undefined ? f.def : f.kind === 'select' ? f.options[0] : '');
    return Object.assign(v, tool.samples[0]);
  }

  function readValues(tool) {
    const v = {};
    for (const f of tool.fields) {
      const c = tool.inputs[f.name];
      v[f.name] = f.kind === 'check' ? c.checked : c.value;
    }
    return v;
  }

  function setValues(tool, v) {
    for (const f of tool.fields) {
      const c = tool.inputs[f.name];
      const x = v[f.name];
      if (f.kind === 'check') c.checked = !!x;
      else c.value = x === undefined ? '' : x;
    }
  }

  function saveState() {
    const p = new URLSearchParams();
    if (activeTab !== TABS[0][0]) p.set('tab', activeTab);
    if (engine.mode !== 'auto') p.set('engine', engine.mode);
    for (const tool of TOOLS) {
      const start = startValues(tool);
      const now = readValues(tool);
      for (const f of tool.fields) {
        if (now[f.name] !== start[f.name]) p.set(tool.id + '.' + f.name, f.kind === 'check' ? (now[f.name] ? '1' : '0') : now[f.name]);
      }
    }
    const s = p.toString();
    history.replaceState(null, '', s ? '#' + s : location.pathname + location.search);
  }

  function loadState() {
    const p = new URLSearchParams(location.hash.slice(1));
    for (const tool of TOOLS) {
      const v = startValues(tool);
      for (const f of tool.fields) {
        const key = tool.id + '.' + f.name;
        if (p.has(key)) v[f.name] = f.kind === 'check' ? p.get(key) === '1' : p.get(key);
      }
      setValues(tool, v);
    }
    const tab = p.get('tab');
    activeTab = TABS.some(([id]) => id === tab) ? tab : TABS[0][0];
    const mode = p.get('engine');
    engine.mode = mode === 'wasm' && hasWasm || mode === 'server' && hasServer ? mode : 'auto';
    $('engine').value = engine.mode;
  }

  // ------------------------------------------------------------- build

  function fieldControl(tool, f) {
    const id = tool.id + '-' + f.name;
    let c;
    if (f.kind === 'select') {
      c = el('select', { id }, f.options.map((o) => el('option', { value: o }, o)));
    } else if (f.kind === 'area') {
      c = el('textarea', { id, rows: '3', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false' });
    } else if (f.kind === 'check') {
      c = el('input', { id, type: 'checkbox' });
      tool.inputs[f.name] = c;
      return el('div', { class: 'check' }, c, el('label', { for: id }, f.label));
    } else {
      c = el('input', { id, type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false' });
    }
    tool.inputs[f.name] = c;
    return el('div', { class: 'field' + (f.kind === 'select' ? ' narrow' : '') }, el('label', { for: id }, f.label), c);
  }

  function buildTool(tool) {
    tool.inputs = {};
    const texts = tool.fields.filter((f) => f.kind !== 'check' && f.kind !== 'select').map((f) => fieldControl(tool, f));
    const opts = tool.fields.filter((f) => f.kind === 'check' || f.kind === 'select').map((f) => fieldControl(tool, f));
    const samples = el('div', { class: 'samples' }, el('span', {}, 'Examples:'),
      tool.samples.map((s, i) => {
        const b = el('button', { type: 'button', class: 'sample', 'data-sample': String(i), title: Object.values(s).join('  ') }, 'Example ' + (i + 1));
        b.addEventListener('click', () => {
          setValues(tool, Object.assign(startValues(Object.assign({}, tool, { samples: [{}] })), s));
          run(tool);
        });
        return b;
      }));
    tool.out = el('div', { class: 'result', id: tool.id + '-result', 'aria-live': 'polite', 'data-state': 'empty' });
    const card = el('section', { class: 'card tool', id: 'tool-' + tool.id, 'aria-labelledby': tool.id + '-h' },
      el('h2', { id: tool.id + '-h' }, tool.title),
      tool.help ? el('p', { class: 'help' }, tool.help) : null,
      texts, opts.length ? el('div', { class: 'options' }, opts) : null, samples, tool.out);
    // Typing runs the tool at once with the in-browser engine, and once
    // typing pauses with the server.
    let timer = 0;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => run(tool), engine.last === 'server' || engine.mode === 'server' ? 120 : 0);
    };
    for (const c of Object.values(tool.inputs)) {
      c.addEventListener(c.tagName === 'SELECT' || c.type === 'checkbox' ? 'change' : 'input', later);
    }
    return card;
  }

  function buildPage() {
    const tablist = $('tabs');
    const main = $('panels');
    for (const [id, label] of TABS) {
      const tab = el('button', { type: 'button', role: 'tab', id: 'tab-' + id, 'aria-controls': 'panel-' + id, 'aria-selected': 'false', tabindex: '-1' }, label);
      tab.addEventListener('click', () => selectTab(id, true));
      tablist.append(tab);
      const panel = el('div', { role: 'tabpanel', id: 'panel-' + id, 'aria-labelledby': 'tab-' + id, tabindex: '0', hidden: true });
      for (const tool of TOOLS.filter((t) => t.tab === id)) panel.append(buildTool(tool));
      main.append(panel);
    }
    // Arrow keys, Home and End move between the tabs (the ARIA tabs
    // pattern); Tab moves on into the panel.
    tablist.addEventListener('keydown', (ev) => {
      const ids = TABS.map(([id]) => id);
      let i = ids.indexOf(activeTab);
      if (ev.key === 'ArrowRight') i = (i + 1) % ids.length;
      else if (ev.key === 'ArrowLeft') i = (i - 1 + ids.length) % ids.length;
      else if (ev.key === 'Home') i = 0;
      else if (ev.key === 'End') i = ids.length - 1;
      else return;
      ev.preventDefault();
      selectTab(ids[i], true);
      $('tab-' + ids[i]).focus();
    });
    // An engine this page does not have cannot be chosen.
    for (const opt of $('engine').options) {
      if (opt.value === 'wasm' && !hasWasm || opt.value === 'server' && !hasServer) {
        opt.disabled = true;
        opt.textContent += ' \u2014 not here';
      }
    }
    $('engine').addEventListener('change', () => {
      engine.mode = $('engine').value;
      saveState();
      runTab();
    });
    // The link holds the state of every tool (saveState keeps it there).
    const share = copyButton("a link to this page with every tool's state", () => location.href, 'Copy link');
    share.id = 'share';
    $('share').replaceWith(share);
    document.querySelector('.skip').addEventListener('click', (ev) => {
      ev.preventDefault();
      const first = $('panel-' + activeTab).querySelector('input, textarea, select');
      (first || $('panels')).focus();
    });
  }

  function selectTab(id, save) {
    activeTab = id;
    for (const [tid] of TABS) {
      const on = tid === id;
      const tab = $('tab-' + tid);
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      $('panel-' + tid).hidden = !on;
      if (on && tab.scrollIntoView) tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
    if (save) saveState();
    runTab();
  }

  function runTab() {
    for (const tool of TOOLS) if (tool.tab === activeTab) run(tool);
  }

  // ------------------------------------------------------------- run

  // run makes the tool's calls with its values and shows the answers;
  // a newer run aborts an older one of the same tool.
  async function run(tool) {
    if (tool.ctrl) tool.ctrl.abort();
    const ctrl = new AbortController();
    tool.ctrl = ctrl;
    saveState();
    const v = readValues(tool);
    tool.values = v;
    tool.out.dataset.state = 'busy';
    if (!tool.out.firstChild && engine.wasmState === 'loading' && engine.mode !== 'server') {
      tool.out.append(el('p', { class: 'absent' }, 'Loading the engine (urikit in WebAssembly)…'));
    }
    const calls = tool.request ? tool.request(v) : [{ route: tool.route, body: requestBody(tool, v) }];
    tool.calls = calls;
    try {
      const records = await Promise.all(calls.map((c) => call(c.route, c.body, ctrl.signal)));
      const nodes = await (tool.render || renderDefault)(tool, records, ctrl.signal);
      if (ctrl.signal.aborted) return;
      tool.out.replaceChildren(...[nodes].flat(3).filter((n) => n));
      tool.out.dataset.state = 'done';
      if (!engine.firstMs) engine.firstMs = Math.round(performance.now());
    } catch (e) {
      if (e.name === 'AbortError' || ctrl.signal.aborted) return;
      tool.out.replaceChildren(el('p', { class: 'status bad' }, e instanceof APIError ? e.message : 'Error: ' + e.message));
      tool.out.dataset.state = 'error';
      if (!(e instanceof APIError)) console.error(e);
    }
    tool.out.dataset.engine = engine.last;
    showEngine();
  }

  // requestBody is the default request: every field the API knows, text
  // fields marked optional left out when empty.
  function requestBody(tool, v) {
    const body = {};
    for (const f of tool.fields) {
      if (f.api === false || (f.optional && v[f.name] === '')) continue;
      body[f.name] = v[f.name];
    }
    return body;
  }

  buildPage();
  loadState();
  selectTab(activeTab, false);
  // Once the in-browser engine is there, the automatic choice is it: the
  // tool shown is answered again by it.
  wasmReady.then(() => {
    showEngine();
    if (engine.mode === 'auto' && engine.wasmState === 'ready' && engine.last !== 'wasm') runTab();
  });
  window.addEventListener('hashchange', () => {
    loadState();
    selectTab(activeTab, false);
  });
})();
