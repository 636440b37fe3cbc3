// urikit playground: calls the JSON API of "urikit serve" as you type and
// shows the answers. No framework, no build step, nothing from other hosts.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);

  // The rows compared between the two parsers: the RFC 3986 component and
  // the WHATWG getter that carry the same part of the URL. Absent (null)
  // and empty compare equal, since the WHATWG getters cannot tell them
  // apart; the tables still show which is which.
  const rows = [
    { key: 'scheme', rfc: 'scheme', whatwg: 'protocol', strip: (v) => v.replace(/:$/, '') },
    { key: 'userinfo', rfc: 'userinfo', whatwgLabel: 'username:password', whatwgValue: userinfo },
    { key: 'host', rfc: 'host', whatwg: 'hostname' },
    { key: 'port', rfc: 'port', whatwg: 'port' },
    { key: 'path', rfc: 'path', whatwg: 'pathname' },
    { key: 'query', rfc: 'query', whatwg: 'search', strip: (v) => v.replace(/^\?/, '') },
    { key: 'fragment', rfc: 'fragment', whatwg: 'hash', strip: (v) => v.replace(/^#/, '') },
  ];

  function userinfo(w) {
    if (!w.username && !w.password) return '';
    return w.password ? w.username + ':' + w.password : w.username;
  }

  // api posts body to path and returns the answer: for one input, its
  // record object ("input", the result fields, "error" when the record
  // failed, "findings" when there are some). It throws an Error with the
  // API's error code and message when the request itself fails.
  async function api(path, body, signal) {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    let data = null;
    try {
      data = await res.json();
    } catch (e) {
      data = null;
    }
    if (!res.ok || !data || !('input' in data || 'input_hex' in data)) {
      const err = new Error(data && data.error ? data.error.message : 'HTTP ' + res.status);
      err.status = res.status;
      err.code = data && data.error ? data.error.code : '';
      throw err;
    }
    return data;
  }

  // visible shows control characters as their Unicode control pictures.
  function visible(s) {
    return s.replace(/[\u0000-\u001f\u007f]/g, (c) =>
      String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else e.setAttribute(k, v);
    }
    for (const c of children) {
      if (c !== null && c !== undefined) e.append(c);
    }
    return e;
  }

  // value renders a component value: absent, empty, or the text.
  function value(v) {
    if (v === null || v === undefined) return el('span', { class: 'absent' }, '(absent)');
    if (v === '') return el('span', { class: 'absent' }, '(empty)');
    return el('code', {}, visible(v));
  }

  function clear(id) {
    $(id).replaceChildren();
  }

  function row(label, key, v, differs, otherName) {
    const th = el('th', { scope: 'row' }, label);
    if (differs) {
      th.append(' ', el('span', { class: 'badge', title: 'differs from ' + otherName }, '\u2260 differs'));
    }
    return el('tr', { 'data-key': key, class: differs ? 'differs' : '' }, th, el('td', {}, value(v)));
  }

  // times is " (×N)" for a finding merged from N occurrences.
  function times(count) {
    return count > 1 ? ' (×' + count + ')' : '';
  }

  function problem(text, offset, count) {
    return el('li', {}, offset === undefined ? '' : el('span', { class: 'offset' }, '@' + offset + ' '), text + times(count));
  }

  // problemText is the line of an error or finding: its message, code and
  // component.
  function problemText(e) {
    return e.message + ' (' + e.code + (e.component ? ', ' + e.component : '') + ')';
  }

  // render fills both breakdowns from the parse records: rfc, the lenient
  // RFC 3986 reading whose components the table shows; strict, the strict
  // parse (null when the lenient box is checked), whose error, if any,
  // makes the reference invalid; whatwg, the WHATWG parse.
  function render(rfc, strict, whatwg, whatwgErr) {
    const rfcBody = $('rfc-table').tBodies[0];
    const wBody = $('whatwg-table').tBodies[0];
    const ok = whatwg && !whatwg.error;
    const differing = [];
    const rfcRows = [];
    const wRows = [];
    for (const r of rows) {
      const a = rfc[r.rfc];
      let b = null;
      if (ok) {
        b = r.whatwgValue ? r.whatwgValue(whatwg) : whatwg[r.whatwg];
        if (r.strip) b = r.strip(b);
      }
      const differs = ok && (a === null ? '' : a) !== b;
      if (differs) differing.push(r.key);
      rfcRows.push(row(r.rfc, r.key, a, differs, 'WHATWG'));
      wRows.push(row(r.whatwgLabel || r.whatwg, r.key, ok ? b : null, differs, 'RFC 3986'));
    }
    rfcRows.push(row('host type', 'host_type', rfc.host_type, false));
    if (ok) {
      wRows.push(row('href', 'href', whatwg.href, false));
      wRows.push(row('origin', 'origin', whatwg.origin, false));
    }
    rfcBody.replaceChildren(...rfcRows);
    wBody.replaceChildren(...wRows);

    // Strictly, the one error; leniently, every finding.
    const problems = strict ? (strict.error ? [strict.error] : []) : (rfc.findings || []);
    const valid = problems.length === 0;
    $('rfc-status').textContent = valid ? 'Valid URI reference.' : 'Not a valid URI reference.';
    $('rfc-status').className = 'status ' + (valid ? 'good' : 'bad');
    $('rfc-errors').replaceChildren(...problems.map((e) => problem(problemText(e), e.offset, e.count)));

    if (whatwgErr) {
      $('whatwg-status').textContent = 'Error: ' + whatwgErr.message;
      $('whatwg-status').className = 'status bad';
      clear('whatwg-errors');
    } else {
      $('whatwg-status').textContent = ok ? 'A URL to browsers.' : 'Not a URL to browsers: ' + whatwg.error.message + '.';
      $('whatwg-status').className = 'status ' + (ok ? 'good' : 'bad');
      const verrs = (whatwg.error ? [whatwg.error] : []).concat(whatwg.findings || []);
      $('whatwg-errors').replaceChildren(...verrs.map((e) => problem(problemText(e), e.offset, e.count)));
    }

    const summary = $('summary');
    summary.className = 'summary';
    if (!ok) {
      summary.textContent = 'The WHATWG parser rejects this input, so there is nothing to compare.';
      summary.classList.add('warn');
    } else if (differing.length === 0) {
      summary.textContent = 'RFC 3986 and WHATWG agree on every component.';
    } else {
      const n = differing.length;
      summary.textContent = 'RFC 3986 and WHATWG differ in ' + n + ' component' + (n === 1 ? '' : 's') + ': ' + differing.join(', ') + '.';
      summary.classList.add('warn');
    }
  }

  function renderFindings(result, err) {
    const list = $('findings');
    const status = $('check-status');
    renderTarget(err ? null : result.views.target);
    if (err) {
      list.replaceChildren();
      status.textContent = err.status === 404 ? 'The check API is not available in this build.' : 'Error: ' + err.message;
      return;
    }
    const findings = result.findings || [];
    status.textContent = findings.length === 0
      ? 'No findings.'
      : findings.length + ' finding' + (findings.length === 1 ? '' : 's') + '.';
    list.replaceChildren(...findings.map((f) => el('li', { class: 'finding ' + f.severity },
      el('span', { class: 'severity' }, f.severity), ' ',
      el('code', { class: 'code' }, f.code), ' ',
      el('span', { class: 'offset' }, '@' + f.offset), ' ',
      el('span', { class: 'message' }, f.message + times(f.count)),
      f.detail ? el('span', { class: 'detail' }, ' ' + f.detail) : null)));
  }

  // renderTarget shows what the URL really points at: the WHATWG reading,
  // decoded and normalized, as package check reports it.
  function renderTarget(t) {
    const dl = $('target');
    if (!t || !t.ok) {
      dl.hidden = true;
      return;
    }
    dl.hidden = false;
    $('target-href').textContent = visible(t.href);
    let host = t.host || '';
    if (t.host_unicode && t.host_unicode !== t.host) host += ' (' + t.host_unicode + ')';
    if (t.host_type) host += ' \u2014 ' + t.host_type;
    $('target-host').textContent = visible(host);
    $('target-port').textContent = t.port < 0 ? 'none' : String(t.port);
    $('target-segments').replaceChildren(...(t.segments || []).map((seg, i) =>
      el('span', {}, i > 0 ? ' / ' : '', seg === '' ? el('span', { class: 'absent' }, '(empty)') : el('code', {}, visible(seg)))));
  }

  // debounced returns fn delayed until typing pauses; each call aborts the
  // requests of the previous one, so a slow answer never overwrites a
  // newer one.
  function debounced(fn, ms) {
    let timer = 0;
    let ctrl = null;
    return () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (ctrl) ctrl.abort();
        ctrl = new AbortController();
        fn(ctrl.signal).catch((e) => {
          if (e.name !== 'AbortError') console.error(e);
        });
      }, ms);
    };
  }

  async function analyse(signal) {
    const input = $('url').value;
    const base = $('base').value;
    saveState();
    if (input === '') {
      $('summary').textContent = 'Type a URL above.';
      $('summary').className = 'summary';
      for (const id of ['rfc-errors', 'whatwg-errors', 'findings']) clear(id);
      renderTarget(null);
      $('rfc-table').tBodies[0].replaceChildren();
      $('whatwg-table').tBodies[0].replaceChildren();
      $('rfc-status').textContent = '';
      $('whatwg-status').textContent = '';
      $('check-status').textContent = 'Type a URL above.';
      document.body.dataset.state = 'empty';
      return;
    }
    document.body.dataset.state = 'busy';
    const whatwgBody = { input, mode: 'whatwg' };
    if (base !== '') whatwgBody.base = base;
    const settle = (p) => p.then((r) => ({ r }), (e) => {
      if (e.name === 'AbortError') throw e;
      return { e };
    });
    // The table shows the lenient reading (a strict parse that fails has
    // no components); the strict parse, unless lenient is checked, says
    // whether the reference is valid.
    const lenient = $('lenient').checked;
    const [rfc, strict, whatwg, check] = await Promise.all([
      settle(api('/v1/parse', { input, lenient: true }, signal)),
      lenient ? Promise.resolve({ r: null }) : settle(api('/v1/parse', { input }, signal)),
      settle(api('/v1/parse', whatwgBody, signal)),
      settle(api('/v1/check', { input }, signal)),
    ]);
    const failed = rfc.e || strict.e;
    if (failed) {
      $('summary').textContent = 'Error: ' + failed.message;
      document.body.dataset.state = 'error';
      return;
    }
    render(rfc.r, strict.r, whatwg.r || { error: { message: 'no answer' } }, whatwg.e);
    renderFindings(check.r, check.e);
    document.body.dataset.state = 'done';
  }

  async function codec(signal) {
    const text = $('text').value;
    const plus = $('plus').checked;
    const codecState = $('codec');
    codecState.dataset.state = 'busy';
    const [enc, dec] = await Promise.all([
      api('/v1/encode', { input: text, set: $('set').value, plus, keep_escapes: $('keep').checked }, signal)
        .catch((e) => ({ error: { message: e.message } })),
      api('/v1/decode', { input: text, plus, lenient: $('lenient-decode').checked, legacy_u: $('legacy-u').checked }, signal)
        .catch((e) => ({ error: { message: e.message } })),
    ]);
    const show = (out, r) => {
      out.className = '';
      if (r.error) {
        out.textContent = 'error at byte ' + (r.error.offset || 0) + ': ' + r.error.message;
        out.className = 'bad';
      } else if (r.output_hex !== undefined) {
        out.textContent = 'bytes (not UTF-8): ' + r.output_hex;
      } else {
        out.textContent = visible(r.output);
      }
    };
    show($('encoded'), enc);
    show($('decoded'), dec);
    $('decode-problems').replaceChildren(...(dec.findings || []).map((f) => problem('kept: ' + f.message, f.offset, f.count)));
    codecState.dataset.state = 'done';
  }

  // expandTemplate expands the template with the variables, then each of
  // its parts alone (literal runs and expressions: the expansion of a
  // template is theirs end to end), to mark each expression's part of the
  // result.
  async function expandTemplate(signal) {
    const src = $('tmpl-src').value;
    const vars = $('tmpl-vars').value;
    const out = $('tmpl-out');
    const sec = $('tmpl');
    out.className = '';
    if (src === '') {
      out.replaceChildren();
      sec.dataset.state = 'empty';
      return;
    }
    sec.dataset.state = 'busy';
    let whole;
    try {
      whole = await api('/v1/template/expand', { template: src, input: vars }, signal);
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      out.className = 'bad';
      out.textContent = e.message;
      sec.dataset.state = 'error';
      return;
    }
    if (whole.error) {
      out.className = 'bad';
      out.textContent = 'error at byte ' + (whole.error.offset || 0) + ' of the ' +
        (whole.error.component ? 'template' : 'variables') + ': ' + whole.error.message;
      sec.dataset.state = 'error';
      return;
    }
    const parts = src.match(/\{[^{}]*\}|[^{}]+/g) || [];
    const answers = await Promise.all(parts.map((p) =>
      api('/v1/template/expand', { template: p, input: vars }, signal).catch((e) => {
        if (e.name === 'AbortError') throw e;
        return null;
      })));
    const pieces = answers.map((a) => (a && !a.error ? a.output : null));
    if (pieces.some((p) => p === null) || pieces.join('') !== whole.output) {
      out.textContent = visible(whole.output);
    } else {
      let n = 0;
      out.replaceChildren(...parts.map((p, i) => {
        if (!p.startsWith('{')) return document.createTextNode(visible(pieces[i]));
        return el('mark', { class: 'expr' + (n++ % 2), title: p, tabindex: '0', 'aria-label': p + ' gives ' + (pieces[i] || '(nothing)') }, visible(pieces[i]));
      }));
    }
    sec.dataset.state = 'done';
  }

  // The URL and base live in the page's fragment, so a breakdown can be
  // bookmarked or shared. The fragment never reaches the server.
  function saveState() {
    const p = new URLSearchParams();
    if ($('url').value) p.set('url', $('url').value);
    if ($('base').value) p.set('base', $('base').value);
    const s = p.toString();
    history.replaceState(null, '', s ? '#' + s : location.pathname);
  }

  function loadState() {
    const p = new URLSearchParams(location.hash.slice(1));
    $('url').value = p.get('url') || '';
    $('base').value = p.get('base') || '';
  }

  const runAnalyse = debounced(analyse, 120);
  const runCodec = debounced(codec, 120);
  for (const id of ['url', 'base']) $(id).addEventListener('input', runAnalyse);
  $('lenient').addEventListener('change', runAnalyse);
  $('text').addEventListener('input', runCodec);
  for (const id of ['set', 'plus', 'keep', 'lenient-decode', 'legacy-u']) $(id).addEventListener('change', runCodec);
  // The skip link moves focus without touching the fragment, which holds
  // the page's state.
  document.querySelector('.skip').addEventListener('click', (ev) => {
    ev.preventDefault();
    $('codec-h').focus();
  });
  $('codec').dataset.state = 'empty';
  const runTemplate = debounced(expandTemplate, 120);
  for (const id of ['tmpl-src', 'tmpl-vars']) $(id).addEventListener('input', runTemplate);
  $('tmpl').dataset.state = 'empty';
  loadState();
  if ($('url').value) runAnalyse();
  else document.body.dataset.state = 'empty';
})();
