// Browser tests of the playground in a real headless Chromium, driven through chromedriver
// (WebDriver over HTTP with Node's own fetch: no npm package).
//
// Run by scripts/test-web, which installs chromium and chromium-driver and builds the binary:
//   GRUNDY_BIN=target/debug/grundy node --test crates/grundy-web/tests/browser/playground.test.mjs
// Screenshots go to $SCREENSHOT_DIR (default target/browser-screenshots).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(process.env.GRUNDY_BIN || 'target/debug/grundy');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMEDRIVER = process.env.CHROMEDRIVER || '/usr/bin/chromedriver';
const SHOTS = resolve(process.env.SCREENSHOT_DIR || 'target/browser-screenshots');
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

let server, driver, base, wd, session, profile;

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

// Starts `grundy serve` on a free port and resolves with its URL, read from its first line.
function startServer() {
  return new Promise((res, rej) => {
    server = spawn(BIN, ['serve', '--bind', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[0-9.:]+\//);
      if (m) res(m[0]);
    });
    server.on('exit', (c) => rej(new Error('grundy serve exited with ' + c + ': ' + out)));
    setTimeout(() => rej(new Error('grundy serve did not print its URL: ' + out)), 20000);
  });
}

async function call(method, path, body) {
  const r = await fetch(wd + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = await r.json();
  if (!r.ok) throw new Error(method + ' ' + path + ': ' + JSON.stringify(j.value).slice(0, 500));
  return j.value;
}

const s = (path) => '/session/' + session + path;
const go = (url) => call('POST', s('/url'), { url });
const find = async (css) => (await call('POST', s('/element'), { using: 'css selector', value: css }))[ELEMENT];
const findAll = async (css) => (await call('POST', s('/elements'), { using: 'css selector', value: css })).map((e) => e[ELEMENT]);
// The page re-renders as answers arrive (a typed position may answer after the one loaded
// with the page), so an element found may be replaced before the click: find it again.
async function click(css) {
  for (let tries = 0; ; tries++) {
    try {
      return await call('POST', s('/element/' + (await find(css)) + '/click'), {});
    } catch (e) {
      if (tries >= 5 || !/stale element/.test(e.message)) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
const run = (script, ...args) => call('POST', s('/execute/sync'), { script, args });

async function type(css, text) {
  const id = await find(css);
  await call('POST', s('/element/' + id + '/clear'), {});
  await call('POST', s('/element/' + id + '/value'), { text });
}

// Polls a script until it returns a truthy value (the page answers asynchronously).
async function until(script, what, ms = 20000) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    last = await run(script);
    if (last) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting for ' + what + ' (last: ' + JSON.stringify(last) + ')');
}

async function shot(name) {
  const png = await call('GET', s('/screenshot'));
  writeFileSync(join(SHOTS, name + '.png'), Buffer.from(png, 'base64'));
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  base = await startServer();
  const port = await freePort();
  driver = spawn(CHROMEDRIVER, ['--port=' + port], { stdio: 'ignore' });
  wd = 'http://127.0.0.1:' + port;
  await (async () => {
    for (let i = 0; i < 100; i++) {
      try {
        const r = await fetch(wd + '/status');
        if (r.ok && (await r.json()).value.ready) return;
      } catch (_) { /* not listening yet */ }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('chromedriver did not start');
  })();
  profile = mkdtempSync(join(tmpdir(), 'grundy-chromium-'));
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-dev-shm-usage', '--window-size=1280,1000', '--user-data-dir=' + profile];
  const caps = { alwaysMatch: { browserName: 'chrome', 'goog:chromeOptions': { binary: CHROMIUM, args } } };
  const v = await call('POST', '/session', { capabilities: caps });
  session = v.sessionId;
});

after(async () => {
  try {
    if (session) await call('DELETE', '/session/' + session);
  } catch (_) { /* the browser may be gone already */ }
  if (driver) driver.kill();
  if (server) server.kill('SIGINT');
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('type a position and read the answer; click a winning move', async () => {
  await go(base);
  await type('#expr', 'nim(3,4,5)');
  await until("return document.getElementById('result').dataset.game === 'nim(3,4,5)'", 'the analysis of nim(3,4,5)');
  assert.equal(await run("return document.getElementById('outcome').textContent"), 'N');
  assert.equal(await run("return document.getElementById('value').textContent"), '*2');
  // 3 XOR 4 XOR 5 = 2: the only winning move takes the heap of 3 to 1.
  const tos = await run("return [...document.querySelectorAll('#winning-moves a')].map(a => a.dataset.to)");
  assert.deepEqual(tos, ['nim(1,4,5)']);
  await shot('analyze');
  await click('#winning-moves a');
  await until("return document.getElementById('result').dataset.game === 'nim(1,4,5)'", 'the position after the move');
  assert.equal(await run("return document.getElementById('outcome').textContent"), 'P');
  assert.match(await run('return location.hash'), /expr=nim%281%2C4%2C5%29/);
  // The explanation shows the XOR columns.
  await click('#explain-btn');
  await until("return /XOR/.test(document.getElementById('explain').textContent)", 'the explanation');
  // A wrong expression shows its error with a caret under the column.
  await type('#expr', 'nim(3,4');
  const err = await until("const e = document.getElementById('expr-error'); return !e.hidden && e.textContent", 'the error');
  assert.match(err, /\^/);
  // Nothing of the last answer stays under the error: no explanation of another position,
  // no empty "Winning moves" heading.
  assert.equal(await run("return document.getElementById('explain').hidden"), true);
  assert.equal(await run("return document.getElementById('explain').textContent"), '');
  assert.equal(await run("return document.getElementById('moves-box').hidden"), true);
  assert.equal(await run("return document.getElementById('moves-box').getBoundingClientRect().height"), 0);
  await shot('analyze-error');
  // Mended, the position gets its answer and the explanation that was open comes back.
  await type('#expr', 'nim(3,4)');
  await until("return document.getElementById('result').dataset.game === 'nim(3,4)' && /XOR/.test(document.getElementById('explain').textContent) && !document.getElementById('moves-box').hidden", 'the mended position with its explanation');
});

test('a remoteness of one says "1 move"', async () => {
  await go(base + '#tab=analyze&expr=' + encodeURIComponent('nim(1)'));
  await until("return document.getElementById('result').dataset.game === 'nim(1)'", 'the analysis of nim(1)');
  const text = await run("return document.getElementById('result').textContent");
  // nim(1): one move ends the game.
  assert.match(text, /ends in 1 move with best play/);
  assert.doesNotMatch(text, /\b1 moves\b/);
  await type('#expr', 'nim(1,1)');
  await until("return document.getElementById('result').dataset.game === 'nim(1,1)'", 'the analysis of nim(1,1)');
  assert.match(await run("return document.getElementById('result').textContent"), /ends in 2 moves with best play/);
});

test('a shared link restores the position', async () => {
  await go(base + '#tab=analyze&expr=' + encodeURIComponent('wythoff(3,5)'));
  await until("return document.getElementById('result').dataset.game === 'wythoff(3,5)'", 'the analysis from the URL');
  // (3, 5) is a Wythoff P-position: floor(2 phi) = 3, 3 + 2 = 5.
  assert.equal(await run("return document.getElementById('outcome').textContent"), 'P');
});

test('open a plot of a sequence with its period marked', async () => {
  await go(base + '#tab=sequence&ruleset=' + encodeURIComponent('tb[0.07]') + '&to=300');
  // Dawson's Kayles (0.07) has period 34 from heap 53 (Winning Ways, ch. 4).
  await until("return document.getElementById('seq-summary').dataset.period === '34'", 'the period of 0.07');
  assert.equal(await run("return document.querySelectorAll('#seq-plot .period-mark').length"), 1);
  assert.ok(await run("return document.querySelector('#seq-plot .points').getAttribute('d').length > 1000"));
  assert.equal(await run("return document.querySelectorAll('#seq-table div').length"), 301);
  // The rule found under the plot: periodic, proven, with Python and C++ code to copy.
  await until("return document.getElementById('seq-pattern').dataset.kind === 'periodic'", 'the rule of 0.07');
  assert.equal(await run("return document.getElementById('seq-pattern').dataset.proven"), 'yes');
  assert.match(await run("return document.querySelector('#seq-pattern [data-lang=python] pre').textContent"), /def grundy\(n\)/);
  assert.match(await run("return document.querySelector('#seq-pattern [data-lang=cpp] pre').textContent"), /grundy\(unsigned long long n\)/);
  await shot('sequence');
});

test('a long sequence plot fits its box, its last heap in sight', async () => {
  await go(base + '#tab=sequence&ruleset=' + encodeURIComponent('tb[0.6]') + '&to=5000');
  await until("return document.getElementById('seq-table').children.length > 0 && /5001 values/.test(document.getElementById('seq-summary').textContent)", 'the table of Officers');
  const r = await run(`const wrap = document.querySelector('.plot-wrap').getBoundingClientRect();
    const plot = document.getElementById('seq-plot').getBoundingClientRect();
    const labels = [...document.querySelectorAll('#seq-plot text')].map((t) => [t.textContent, t.getBoundingClientRect().right]);
    return { wrapRight: wrap.right, plotRight: plot.right, scroll: document.querySelector('.plot-wrap').scrollWidth - document.querySelector('.plot-wrap').clientWidth, labels };`);
  assert.ok(r.plotRight <= r.wrapRight + 0.5, JSON.stringify(r));
  assert.equal(r.scroll, 0, 'the plot scrolls sideways');
  // The last tick is heap 5000, and it is drawn inside the box.
  const last = r.labels.find(([t]) => t === '5000');
  assert.ok(last, JSON.stringify(r.labels));
  assert.ok(last[1] <= r.wrapRight + 0.5, JSON.stringify(r));
  await shot('sequence-officers-5000');
});

test('draw the P-positions of Wythoff', async () => {
  await go(base);
  await click('#tabs button[data-tab=grid]');
  await type('#grid-size', '40');
  await click('#grid-go');
  const ps = Number(await until("return document.getElementById('grid-canvas').dataset.ppositions", 'the grid'));
  // Independent count: Wythoff's P-positions are (floor(k phi), floor(k phi) + k) and their
  // mirror images (Wythoff 1907).
  const phi = (1 + Math.sqrt(5)) / 2;
  let expected = 0;
  for (let k = 0; Math.floor(k * phi) < 40; k++) {
    const a = Math.floor(k * phi), b = a + k;
    if (b < 40) expected += k === 0 ? 1 : 2;
  }
  assert.equal(ps, expected);
  // The rule of the P-positions, by Wythoff's theorem.
  await until("return document.getElementById('grid-pattern').dataset.kind === 'p-positions'", 'the rule of Wythoff');
  assert.equal(await run("return document.getElementById('grid-pattern').dataset.proven"), 'yes');
  assert.match(await run("return document.querySelector('#grid-pattern [data-lang=python] pre').textContent"), /def first_player_wins\(a, b\)/);
  // The colours follow the values: a larger nim-value is a lighter colour (P-positions, value
  // 0, darkest), so the picture can be read; the legend names both ends of the scale.
  const cells = await run(`const c = document.getElementById('grid-canvas');
    const ctx = c.getContext('2d');
    const size = 40, cell = c.width / size;
    const out = [];
    for (let a = 0; a < size; a += 3) for (let b = 0; b < size; b += 2) {
      const d = ctx.getImageData(Math.floor((b + 0.5) * cell), Math.floor((a + 0.5) * cell), 1, 1).data;
      out.push([a, b, d[0], d[1], d[2]]);
    }
    return out;`);
  const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const byValue = new Map();
  for (const [a, b, r, g, bl] of cells) {
    // Wythoff's values from an independent mex over the three kinds of move.
    const v = wythoffValue(a, b);
    const lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
    if (byValue.has(v)) assert.ok(Math.abs(byValue.get(v) - lum) < 1e-9, 'value ' + v + ' has two colours');
    byValue.set(v, lum);
  }
  const sorted = [...byValue.entries()].sort((x, y) => x[0] - y[0]);
  assert.ok(sorted.length > 10, 'few distinct values: ' + sorted.length);
  for (let i = 1; i < sorted.length; i++) {
    assert.ok(sorted[i][1] > sorted[i - 1][1], 'value ' + sorted[i][0] + ' is not lighter than value ' + sorted[i - 1][0]);
  }
  const legend = await run(`return { p: !!document.querySelector('#grid-legend [data-key=P] .swatch'),
    max: (document.querySelector('#grid-legend .legend-max') || {}).textContent,
    canvasMax: document.getElementById('grid-canvas').dataset.max };`);
  assert.ok(legend.p, JSON.stringify(legend));
  assert.equal(legend.max, legend.canvasMax);
  assert.equal(Number(legend.max), Math.max(...Array.from({ length: 40 }, (_, a) => Math.max(...Array.from({ length: 40 }, (_, b) => wythoffValue(a, b))))));
  // Both axes are named and numbered, next to the cells they number.
  const axes = await run(`const box = (id) => document.getElementById(id).getBoundingClientRect();
    const ticks = (id) => [...document.querySelectorAll('#' + id + ' .tick')].map((t) => [t.textContent, t.getBoundingClientRect()]);
    return { a: document.getElementById('grid-caption-a').textContent, b: document.getElementById('grid-caption-b').textContent,
      capA: box('grid-caption-a'), capB: box('grid-caption-b'), canvas: box('grid-canvas'),
      ticksA: ticks('grid-ticks-a'), ticksB: ticks('grid-ticks-b') };`);
  assert.match(axes.a, /^a\b/);
  assert.match(axes.b, /^b\b/);
  assert.ok(axes.capA.width > 0 && axes.capB.width > 0);
  assert.ok(axes.ticksA.length >= 4 && axes.ticksB.length >= 4, JSON.stringify(axes));
  const cell = axes.canvas.height / 40;
  for (const [t, r] of axes.ticksA) {
    // A row's number sits left of the canvas, level with the middle of its row.
    assert.ok(r.right <= axes.canvas.left + 1, 'tick ' + t + ' of a overlaps the cells');
    assert.ok(Math.abs((r.top + r.bottom) / 2 - (axes.canvas.top + 1 + (Number(t) + 0.5) * cell)) < cell, 'tick ' + t + ' of a is not at its row');
  }
  for (const [t, r] of axes.ticksB) {
    assert.ok(r.bottom <= axes.canvas.top + 1, 'tick ' + t + ' of b overlaps the cells');
    assert.ok(Math.abs((r.left + r.right) / 2 - (axes.canvas.left + 1 + (Number(t) + 0.5) * cell)) < cell, 'tick ' + t + ' of b is not at its column');
  }
  await shot('wythoff');
});

// Wythoff's nim-value by the mex rule over every move (an independent brute force, memoised).
const wythoffMemo = new Map();
function wythoffValue(a, b) {
  const key = a + ',' + b;
  if (wythoffMemo.has(key)) return wythoffMemo.get(key);
  const seen = new Set();
  for (let k = 1; k <= a; k++) seen.add(wythoffValue(a - k, b));
  for (let k = 1; k <= b; k++) seen.add(wythoffValue(a, b - k));
  for (let k = 1; k <= Math.min(a, b); k++) seen.add(wythoffValue(a - k, b - k));
  let m = 0;
  while (seen.has(m)) m++;
  wythoffMemo.set(key, m);
  return m;
}

test('play a game to its end against the engine, with hint and undo', async () => {
  await go(base + '#tab=play&pexpr=' + encodeURIComponent('nim(2,3,4)') + '&first=you');
  await until("return document.querySelectorAll('#play-moves button').length > 0", 'the first move list');
  // Each move button says the move in words, not only the position it leaves.
  const buttons = await run("return [...document.querySelectorAll('#play-moves button')].map((b) => [b.textContent, b.dataset.to])");
  assert.equal(buttons.length, 2 + 3 + 4);
  for (const [text, to] of buttons) {
    assert.match(text, /take \d+ from the heap of \d+/, text);
    assert.ok(text.includes(to), text);
  }
  await shot('play-moves');
  // A hint names a winning move in the N-position nim(2,3,4) (2^3^4 = 5).
  await click('#play-hint');
  await until("return /Hint:/.test(document.getElementById('play-hint-text').textContent)", 'the hint');
  // A losing move, then undo: back to the start.
  await click('#play-moves button.lose');
  await until("return document.querySelectorAll('#play-log li').length === 2 && document.querySelectorAll('#play-moves button').length > 0", 'the engine reply');
  await click('#play-undo');
  await until("return document.querySelectorAll('#play-log li').length === 0 && document.getElementById('play-pos').textContent === 'nim(2,3,4)' && document.querySelectorAll('#play-moves button').length > 0", 'the undo');
  // Now play winning moves to the end.
  for (let turn = 0; turn < 40; turn++) {
    const over = await run("return document.getElementById('play-status').dataset.over === 'true'");
    if (over) break;
    await until("return document.getElementById('play-status').dataset.over === 'true' || document.querySelectorAll('#play-moves button.win').length > 0", 'a winning move to click');
    if (await run("return document.getElementById('play-status').dataset.over === 'true'")) break;
    const before = await run("return document.querySelectorAll('#play-log li').length");
    await click('#play-moves button.win');
    await until(`return document.querySelectorAll('#play-log li').length >= ${before + 2} || document.getElementById('play-status').dataset.over === 'true'`, 'the engine move');
  }
  assert.equal(await run("return document.getElementById('play-status').dataset.winner"), 'you');
  assert.equal(await run("return document.getElementById('play-pos').textContent"), 'nim(0,0,0)');
  assert.ok(await run("return document.querySelectorAll('#play-chart .rem-point').length >= 3"));
  // No two labels of the remoteness chart overlap (the top tick met the title).
  const boxes = await run("return [...document.querySelectorAll('#play-chart text')].map((t) => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.top, r.right, r.bottom]; })");
  assert.ok(boxes.length >= 3, JSON.stringify(boxes));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [p, q] = [boxes[i], boxes[j]];
      const apart = p[3] <= q[1] || q[3] <= p[1] || p[4] <= q[2] || q[4] <= p[2];
      assert.ok(apart, 'labels ' + JSON.stringify(p) + ' and ' + JSON.stringify(q) + ' overlap');
    }
  }
  await shot('play-over');
});

test('upload a graph file and see its vertex values', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'grundy-graph-'));
  const file = join(dir, 'loop.txt');
  writeFileSync(file, 'a b\nb c\nc a\nc d\n');
  await go(base);
  await click('#tabs button[data-tab=graph]');
  await call('POST', s('/element/' + (await find('#graph-file')) + '/value'), { text: file });
  await until("return document.querySelectorAll('#graph-svg .vertex').length === 4", 'the drawn graph');
  const values = await run("return Object.fromEntries([...document.querySelectorAll('#graph-svg .vertex')].map(v => [v.dataset.vertex, v.dataset.value]))");
  // By the mex rule (Smith's values agree, no vertex is a draw): d has no move, so 0; if
  // c = *2 then b (one option, c) = 0 and a (one option, b) = *, and c's options a and d have
  // values 1 and 0, whose mex is 2: consistent.
  assert.deepEqual(values, { a: '*', b: '0', c: '*2', d: '0' });
  await shot('graph');
  rmSync(dir, { recursive: true, force: true });
});

test('edit a rule script with an error', async () => {
  await go(base);
  await click('#tabs button[data-tab=rules]');
  await type('#rules-source', 'fn moves(n) {\n  let out = [;\n  out\n}');
  await click('#rules-check');
  const kind = await until("const e = document.getElementById('rules-error'); return !e.hidden && e.dataset.kind", 'the script error');
  if (kind === 'unsupported') {
    // This build has no script engine: the page says so instead of pretending.
    assert.match(await run("return document.getElementById('rules-error').textContent"), /script engine/);
  } else {
    assert.equal(kind, 'input');
    assert.equal(await run("return document.querySelector('#rules-gutter span.bad').dataset.line"), '2');
  }
  // Every line number sits level with its line, below the marked one too.
  const rows = await run(`const ta = document.getElementById('rules-source');
    const first = ta.getBoundingClientRect().top + parseFloat(getComputedStyle(ta).paddingTop) + ta.clientTop;
    const lh = parseFloat(getComputedStyle(ta).lineHeight);
    return [...document.querySelectorAll('#rules-gutter span')].map((s) => [Number(s.dataset.line), s.getBoundingClientRect().top - first, lh, s.getBoundingClientRect().height]);`);
  assert.equal(rows.length, 4);
  for (const [line, top, lh, h] of rows) {
    assert.ok(Math.abs(top - (line - 1) * lh) < 1.5, 'line number ' + line + ' is ' + (top - (line - 1) * lh) + 'px off its line: ' + JSON.stringify(rows));
    assert.ok(Math.abs(h - lh) < 1.5, 'line number ' + line + ' is ' + h + 'px high, a line is ' + lh);
  }
  await shot('rules-error');
});

test('rule scripts of several numbers declare their arity, and the help says so', async () => {
  await go(base);
  await click('#tabs button[data-tab=rules]');
  assert.match(await run("return document.getElementById('rules-help').textContent"), /const ARITY = k;/);
  assert.match(await run("return document.getElementById('rules-help').textContent"), /in Luau or Rhai/);
  assert.match(await run("return document.getElementById('rules-help').textContent"), /NAME\(a, b, c\) is the sum/);
  // Every template whose moves read p[1] (a position of several numbers) declares its arity;
  // a one-number template declares none.
  const templates = await run(`const sel = document.getElementById('rules-template');
    const out = [];
    for (const o of [...sel.options].filter((o) => o.value !== '')) {
      sel.value = o.value;
      sel.dispatchEvent(new Event('change'));
      out.push([o.textContent, document.getElementById('rules-name').value, document.getElementById('rules-source').value]);
    }
    return out;`);
  assert.ok(templates.length >= 3, JSON.stringify(templates));
  let several = 0;
  for (const [label, , source] of templates) {
    const reads = Math.max(0, ...[...source.matchAll(/p\[(\d+)\]/g)].map((m) => Number(m[1]) + 1));
    const declared = /const ARITY = (\d+);/.exec(source);
    if (reads > 1) {
      several++;
      assert.ok(declared, label + ' reads ' + reads + ' numbers and declares no ARITY');
      assert.equal(Number(declared[1]), reads, label);
    } else {
      assert.equal(declared, null, label);
    }
  }
  assert.ok(several >= 1);
  // The two-number template checks, and its suggested position is one queen, (3, 5): a
  // P-position of Wythoff's game.
  await run(`const sel = document.getElementById('rules-template');
    sel.value = [...sel.options].find((o) => /Queen/.test(o.textContent)).value;
    sel.dispatchEvent(new Event('change'));`);
  await click('#rules-check');
  await until("return document.getElementById('rules-try')", 'the checked script');
  assert.equal(await run("return document.getElementById('rules-try').textContent"), 'corner(3, 5)');
  assert.match(await run("return document.getElementById('rules-status').textContent"), /ARITY 2/);
  await shot('rules-arity');
  await click('#rules-try');
  await until("return document.getElementById('result').dataset.game === 'corner(3,5)' || document.getElementById('result').dataset.game === 'corner(3, 5)'", 'the analysis of corner(3, 5)');
  assert.equal(await run("return document.getElementById('outcome').textContent"), 'P');
});

test('a Luau script checks with its first values, and an endless loop is refused by the check', async () => {
  await go(base);
  await click('#tabs button[data-tab=rules]');
  await run(`const sel = document.getElementById('rules-template');
    sel.value = [...sel.options].find((o) => /Luau/.test(o.textContent)).value;
    sel.dispatchEvent(new Event('change'));`);
  await click('#rules-check');
  await until("return document.getElementById('rules-values')", 'the first values of the Luau script');
  // Lasker's Nim: G(4k+3) = 4k+4 and G(4k+4) = 4k+3, the rest G(n) = n.
  assert.match(await run("return document.getElementById('rules-values').textContent"), /Luau\): 0 1 2 4 3 5 6 8 7 9 10 12 11 /);
  await run(`const src = document.getElementById('rules-source');
    src.value = 'function moves(n)\\n  while true do end\\nend';
    src.dispatchEvent(new Event('input'));`);
  await click('#rules-check');
  await until("return document.getElementById('rules-error').textContent", 'the error of the endless loop');
  assert.match(await run("return document.getElementById('rules-error').textContent"), /operations/);
  assert.equal(await run("return document.getElementById('rules-try')"), null);
});
