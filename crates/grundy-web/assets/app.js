// The Grundy playground: plain JavaScript, no library, no network beyond this server.
// Every answer comes from the JSON API; this file only draws. The page's state lives in the
// URL's fragment (#tab=...&expr=...), so that a position can be shared by its link.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

// Rule scripts checked in the Rules tab, sent with every request while they are in use.
let activeRules = [];

function withRules(body) {
  return activeRules.length ? Object.assign({ rules: activeRules }, body) : body;
}

// One POST to the API; errors are thrown with the contract's {kind, message, column}.
async function api(path, body, signal) {
  const r = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withRules(body)),
    signal,
  });
  let j;
  try {
    j = await r.json();
  } catch (_) {
    j = { error: { kind: 'http', message: 'the server answered ' + r.status } };
  }
  if (!r.ok) {
    const info = (j && j.error) || { kind: 'http', message: 'the server answered ' + r.status };
    const e = new Error(info.message);
    e.info = info;
    e.status = r.status;
    throw e;
  }
  return j;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c instanceof Node ? c : String(c));
  return e;
}

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Shows an error, with the text and a caret under its column when it has one.
function showError(box, err, text) {
  if (!err) {
    box.hidden = true;
    box.textContent = '';
    return;
  }
  if (err.name === 'AbortError') return;
  const info = err.info || { message: String(err.message || err) };
  let msg = info.message;
  if (info.column && text !== undefined && info.kind !== 'json') {
    const from = Math.max(0, info.column - 41);
    msg += '\n' + text.slice(from, info.column + 40) + '\n' + ' '.repeat(info.column - 1 - from) + '^';
  }
  box.textContent = msg;
  box.dataset.kind = info.kind || '';
  box.hidden = false;
}

// ---- URL state ----

const state = new URLSearchParams(location.hash.slice(1));

function saveState(changes) {
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === null || v === '' || v === false) state.delete(k);
    else state.set(k, v === true ? '1' : v);
  }
  history.replaceState(null, '', '#' + state.toString());
}

// ---- tabs ----

function showTab(name) {
  for (const b of document.querySelectorAll('#tabs button')) {
    b.classList.toggle('active', b.dataset.tab === name);
  }
  for (const s of document.querySelectorAll('.tab')) {
    s.classList.toggle('active', s.id === 'tab-' + name);
  }
  saveState({ tab: name });
}

for (const b of document.querySelectorAll('#tabs button')) {
  b.addEventListener('click', () => showTab(b.dataset.tab));
}

// ---- analyze ----

let analyzeAbort = null;
let analyzeTimer = null;

function outcomeWords(o, misere) {
  if (o === 'P') return 'P-position: the player to move loses';
  if (o === 'N') return 'N-position: the player to move wins';
  return 'D: a draw with best play';
}

async function analyzeNow() {
  const text = $('expr').value;
  const misere = $('misere').checked;
  saveState({ expr: text, misere });
  if (analyzeAbort) analyzeAbort.abort(); // the server stops the old computation
  analyzeAbort = new AbortController();
  const result = $('result');
  if (!text.trim()) {
    clearAnalysis();
    showError($('expr-error'), null);
    return;
  }
  result.classList.add('busy');
  try {
    const a = await api('/api/analyze', { expr: text, misere }, analyzeAbort.signal);
    showError($('expr-error'), null);
    renderAnalysis(a);
  } catch (e) {
    if (e.name === 'AbortError') return;
    clearAnalysis();
    showError($('expr-error'), e, text);
  } finally {
    result.classList.remove('busy');
  }
}

// Forgets the last answer (an input error, an empty box): no outcome, no moves, and no
// explanation of a position that is no longer the one typed.
function clearAnalysis() {
  const result = $('result');
  result.textContent = '';
  result.dataset.outcome = '';
  result.dataset.game = '';
  $('winning-moves').textContent = '';
  $('moves-note').textContent = '';
  $('moves-box').hidden = true;
  explainWanted = !$('explain').hidden || explainWanted;
  $('explain').hidden = true;
  $('explain').textContent = '';
}

// Whether the explanation was open: it comes back with the next good answer.
let explainWanted = false;

function renderAnalysis(a) {
  $('moves-box').hidden = false;
  const result = $('result');
  result.textContent = '';
  result.dataset.outcome = a.outcome;
  result.dataset.game = a.game;
  result.append(el('span', { class: 'outcome ' + a.outcome, id: 'outcome' }, a.outcome), ' ');
  result.append(outcomeWords(a.outcome, a.play === 'misere'));
  if (a.value !== undefined && a.value !== null) {
    result.append(' · value ', el('code', { id: 'value' }, a.value));
  }
  if (a.remoteness !== undefined && a.remoteness !== null) {
    result.append(el('span', { id: 'remoteness' }, ' · ends in ' + plural(a.remoteness, 'move') + ' with best play'));
  }
  if (a.method) result.append(' · ' + a.method);
  result.append(el('div', { class: 'hint' }, 'canonical form: ', el('code', {}, a.game)));
  const list = $('winning-moves');
  list.textContent = '';
  const moves = a.outcome === 'D' ? a.drawing_moves || [] : a.winning_moves || [];
  for (const m of moves) {
    list.append(el('li', {}, el('a', { 'data-to': m.to, onclick: () => followMove(m.to) }, m.to), ' — ' + m.move));
  }
  let note = '';
  const total = a.outcome === 'D' ? a.drawing_moves_total : a.winning_moves_total;
  if (total !== undefined && total !== null && total > moves.length) {
    note = moves.length + ' of ' + total + ' moves shown.';
  }
  if (a.winning_moves_note) note += ' ' + a.winning_moves_note;
  if (a.outcome === 'P') note = 'No winning move: every move leaves an N-position.';
  $('moves-note').textContent = note;
  if (!$('explain').hidden || explainWanted) explainNow();
}

// "1 move", "3 moves".
function plural(n, word) {
  return n + ' ' + word + (Number(n) === 1 ? '' : 's');
}

function followMove(to) {
  $('expr').value = to;
  analyzeNow();
}

$('expr').addEventListener('input', () => {
  clearTimeout(analyzeTimer);
  analyzeTimer = setTimeout(analyzeNow, 200);
});
$('expr').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    clearTimeout(analyzeTimer);
    analyzeNow();
  }
});
$('misere').addEventListener('change', analyzeNow);

async function explainNow() {
  const box = $('explain');
  explainWanted = false;
  box.hidden = false;
  box.textContent = 'Working…';
  try {
    const r = await api('/api/explain', { expr: $('expr').value, misere: $('misere').checked });
    box.textContent = '';
    for (const part of r.explanations) {
      box.append(el('h3', {}, part.title));
      for (const b of part.blocks) box.append(renderBlock(b));
    }
  } catch (e) {
    box.textContent = '';
    const err = el('div', { class: 'error' });
    showError(err, e, $('expr').value);
    box.append(err);
  }
}

function renderBlock(b) {
  if (b.kind === 'para') return el('p', {}, b.text);
  if (b.kind === 'pre') return el('pre', {}, b.lines.join('\n'));
  if (b.kind === 'list') return el('ul', {}, ...b.items.map((i) => el('li', {}, i)));
  const t = el('table', {}, el('thead', {}, el('tr', {}, ...b.header.map((h) => el('th', {}, h)))));
  t.append(el('tbody', {}, ...b.rows.map((r) => el('tr', {}, ...r.map((c) => el('td', {}, c))))));
  return t;
}

$('explain-btn').addEventListener('click', explainNow);
$('play-this').addEventListener('click', () => {
  $('play-expr').value = $('expr').value;
  $('play-misere').checked = $('misere').checked;
  showTab('play');
  newGame();
});

async function loadFamilies() {
  try {
    const r = await fetch('/api/families');
    const fams = await r.json();
    const body = document.querySelector('#families tbody');
    for (const f of fams) {
      body.append(el('tr', {},
        el('td', {}, f.name), el('td', {}, el('code', {}, f.syntax)), el('td', {}, f.summary),
        el('td', {}, el('a', { href: '#', onclick: (e) => { e.preventDefault(); followMove(f.example); } }, f.example))));
    }
  } catch (_) { /* the list is a convenience */ }
}

// ---- sequence: table and scatter plot with the period marked ----

async function sequenceNow() {
  const ruleset = $('ruleset').value;
  const to = $('seq-to').value.trim();
  saveState({ ruleset, to });
  $('seq-summary').textContent = 'Working…';
  try {
    const t = await api('/api/table', { ruleset, to: /^\d+$/.test(to) ? Number(to) : to });
    showError($('seq-error'), null);
    renderSequence(t);
    showPattern($('seq-pattern'), ruleset, t.values.length - 1);
  } catch (e) {
    $('seq-summary').textContent = '';
    showError($('seq-error'), e, ruleset);
  }
}

function renderSequence(t) {
  const v = t.values;
  const n = v.length;
  const p = t.period;
  let summary = t.ruleset + ': ' + n + ' values, largest ' + Math.max(...v.slice(0, 100000)) + '. ';
  summary += p
    ? 'Period ' + p.period + (p.saltus ? ' with saltus ' + p.saltus : '') + ' from heap ' + p.preperiod +
      (p.proven ? ' (proven).' : ' (seen in these values, not proven).')
    : 'No period found in these values.';
  $('seq-summary').textContent = summary;
  $('seq-summary').dataset.period = p ? p.period : '';
  drawSequence(t);
  const table = $('seq-table');
  table.textContent = '';
  const shown = Math.min(n, 2000);
  for (let i = 0; i < shown; i++) {
    const cls = (v[i] === 0 ? 'zero ' : '') + (p && i >= p.preperiod ? 'periodic' : '');
    table.append(el('div', { class: cls, title: 'G(' + i + ') = ' + v[i] }, el('small', {}, i + ' '), v[i]));
  }
}

function drawSequence(t) {
  const plot = $('seq-plot');
  plot.textContent = '';
  const v = t.values;
  const n = v.length;
  // As wide as its box (the page's width), never wider: a wider plot was cut at its right
  // edge, and the last values were out of sight.
  const box = plot.parentElement.clientWidth;
  const W = Math.max(320, Math.floor(box > 0 ? box - 2 : 960));
  const H = 320;
  const L = 40, R = 12, T = 20, B = 30;
  const maxV = Math.max(1, ...v.slice(0, 200000));
  plot.setAttribute('width', W);
  plot.setAttribute('height', H);
  plot.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
  const x = (i) => L + (i / Math.max(1, n - 1)) * (W - L - R);
  const y = (g) => H - B - (g / maxV) * (H - T - B);
  const p = t.period;
  if (p) {
    // The periodic part is shaded; one period is bracketed from the preperiod on.
    plot.append(svg('rect', { x: x(p.preperiod), y: T, width: Math.max(1, x(n - 1) - x(p.preperiod)), height: H - T - B, fill: '#e8eefb', class: 'periodic-zone' }));
    plot.append(svg('line', { x1: x(p.preperiod), x2: x(p.preperiod), y1: T, y2: H - B, stroke: '#2b59c3', 'stroke-dasharray': '4 3', class: 'period-mark' }));
    const end = Math.min(n - 1, p.preperiod + p.period);
    plot.append(svg('line', { x1: x(p.preperiod), x2: x(end), y1: T + 6, y2: T + 6, stroke: '#2b59c3', 'stroke-width': 3 }));
    plot.append(svg('text', { x: x(p.preperiod) + 4, y: T + 2, fill: '#2b59c3', 'font-size': 12 }, 'period ' + p.period + ' from ' + p.preperiod));
  }
  // Axes and ticks.
  plot.append(svg('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: '#888' }));
  plot.append(svg('line', { x1: L, x2: L, y1: T, y2: H - B, stroke: '#888' }));
  for (let k = 0; k <= 4; k++) {
    const g = Math.round((maxV * k) / 4);
    plot.append(svg('text', { x: L - 4, y: y(g) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#555' }, g));
    const i = Math.round(((n - 1) * k) / 4);
    // The last heap's number ends at the right edge instead of running past it.
    plot.append(svg('text', { x: x(i), y: H - B + 16, 'text-anchor': k === 4 ? 'end' : 'middle', 'font-size': 11, fill: '#555' }, i));
  }
  // Points: one path of tiny squares, so that 10^5 values stay one element.
  const s = n > 2000 ? 1.5 : 3;
  let d = '';
  let dz = '';
  for (let i = 0; i < n; i++) {
    const part = 'M' + (x(i) - s / 2).toFixed(1) + ' ' + (y(v[i]) - s / 2).toFixed(1) + 'h' + s + 'v' + s + 'h' + -s + 'z';
    if (v[i] === 0) dz += part; else d += part;
  }
  plot.append(svg('path', { d, fill: '#1d2330', class: 'points' }));
  plot.append(svg('path', { d: dz, fill: '#c0392b', class: 'points zeros' }));
  plot.append(svg('text', { x: W - R, y: T - 6, 'text-anchor': 'end', 'font-size': 11, fill: '#555' }, 'heap n → G(n); red: P-positions'));
}

$('seq-go').addEventListener('click', sequenceNow);
for (const id of ['ruleset', 'seq-to']) {
  $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') sequenceNow(); });
}

// ---- the rule behind the values (grundy pattern), with code to copy ----

let patternAsked = 0;

async function showPattern(box, family, to) {
  const asked = ++patternAsked;
  box.textContent = 'Looking for the rule…';
  box.dataset.kind = '';
  try {
    const p = await api('/api/pattern', { family, to });
    if (asked === patternAsked) renderPattern(box, p);
  } catch (e) {
    // A family of neither one nor two integer arguments has no rule to find.
    if (asked === patternAsked) {
      box.textContent = 'No rule looked for: ' + ((e.info && e.info.message) || e.message || e);
      box.dataset.kind = 'error';
    }
  }
}

function renderPattern(box, p) {
  box.textContent = '';
  box.dataset.kind = p.kind;
  box.dataset.proven = p.proven ? 'yes' : 'no';
  const range = p.arity === 1 ? '0 ≤ n ≤ ' + p.checked_to : '0 ≤ a, b ≤ ' + p.checked_to;
  box.append(el('p', { class: 'pattern-rule' }, el('strong', {}, 'Rule (' + p.kind + '): '), p.formula));
  box.append(el('p', { class: 'pattern-status' },
    p.kind === 'none'
      ? 'Checked on ' + range + '.'
      : p.proven
        ? 'Proven for every size: ' + p.proof + '.'
        : 'Observed on ' + range
          + (p.checked_further_to ? ' and checked past it to ' + p.checked_further_to : '')
          + ', not proven: check it further before you rely on it.'));
  // The self-similar and interval rules: the base, and the first ends where the value changes.
  if (p.kind === 'self-similar') box.append(el('p', { class: 'pattern-shape' }, 'Base ' + p.base + ': G(n) from G(⌊n / ' + p.base + '⌋).'));
  if (p.kind === 'intervals') box.append(el('p', { class: 'pattern-shape' }, 'Ends: ' + p.ends.join(', ') + ' (each block of ' + p.block + ' times ' + p.ratio + ').'));
  if (p.kind === 'none' || !p.code) return;
  for (const [lang, label] of [['python', 'Python'], ['cpp', 'C++']]) {
    const code = p.code[lang];
    const copy = el('button', {
      class: 'copy',
      onclick: () => { if (navigator.clipboard) navigator.clipboard.writeText(code).catch(() => {}); },
    }, 'Copy');
    box.append(el('details', { class: 'pattern-code', 'data-lang': lang },
      el('summary', {}, label + ' code that answers any size '), copy, el('pre', {}, code)));
  }
}

// ---- two-heap grid (Wythoff's P-positions) ----

let gridData = null;

async function gridNow() {
  const game = $('grid-game').value;
  const size = Number($('grid-size').value);
  const misere = $('grid-misere').checked;
  saveState({ game, size, gmisere: misere });
  $('grid-info').textContent = 'Working…';
  try {
    gridData = await api('/api/grid', { game, size, misere });
    showError($('grid-error'), null);
    drawGrid();
    if (misere) $('grid-pattern').textContent = '';
    else showPattern($('grid-pattern'), game, size - 1);
  } catch (e) {
    $('grid-info').textContent = '';
    showError($('grid-error'), e, game);
  }
}

// A sequential scale (viridis): dark for small nim-values, light for large ones, so that
// the eye reads the order of the values; P-positions (value 0) are black, darker than all.
const SCALE = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
const P_COLOUR = [17, 17, 17];
const N_COLOUR = [213, 217, 226];
const D_COLOUR = [243, 217, 164];
const UNKNOWN_COLOUR = [255, 255, 255];

function scaleColour(t) {
  const x = Math.min(1, Math.max(0, t)) * (SCALE.length - 1);
  const i = Math.min(SCALE.length - 2, Math.floor(x));
  const f = x - i;
  return SCALE[i].map((c, k) => Math.round(c + f * (SCALE[i + 1][k] - c)));
}

// The colour of a cell: its value on the scale (normal play), or its outcome (misere play,
// where the grid has outcomes only).
function cellColour(outcome, value, maxV) {
  if (outcome === 'P') return P_COLOUR;
  if (value === null || value === undefined) return outcome === 'D' ? D_COLOUR : outcome === 'N' ? N_COLOUR : UNKNOWN_COLOUR;
  const v = Number(value);
  return scaleColour(maxV <= 1 ? 0 : (v - 1) / (maxV - 1));
}

const rgb = (c) => 'rgb(' + c.join(',') + ')';

function drawGrid() {
  const g = gridData;
  const c = $('grid-canvas');
  const cell = Math.max(2, Math.floor(640 / g.size));
  c.width = c.height = cell * g.size;
  const ctx = c.getContext('2d');
  let ps = 0;
  let maxV = 0;
  for (const row of g.values) for (const v of row) if (v !== null && v !== undefined) maxV = Math.max(maxV, Number(v));
  for (let a = 0; a < g.size; a++) {
    for (let b = 0; b < g.size; b++) {
      const o = g.outcomes[a][b];
      if (o === 'P') ps++;
      ctx.fillStyle = rgb(cellColour(o, g.values[a][b], maxV));
      ctx.fillRect(b * cell, a * cell, cell, cell);
    }
  }
  c.dataset.ppositions = ps;
  c.dataset.max = maxV;
  drawGridAxes(g.size, cell);
  drawGridLegend(g, maxV);
  $('grid-info').textContent = g.game + ': ' + ps + ' P-positions with both numbers below ' + g.size + '.';
}

// Tick labels along both sides: about eight per side, at round steps.
function drawGridAxes(size, cell) {
  const step = [1, 2, 5, 10, 20, 25, 50].find((s) => size / s <= 10) || 50;
  for (const [id, prop] of [['grid-ticks-b', 'left'], ['grid-ticks-a', 'top']]) {
    const box = $(id);
    box.textContent = '';
    if (prop === 'top') box.style.height = cell * size + 'px';
    else box.style.width = cell * size + 'px';
    for (let k = 0; k < size; k += step) {
      const t = el('span', { class: 'tick' }, k);
      t.style[prop] = (k + 0.5) * cell + 'px';
      box.append(t);
    }
  }
}

// The legend: what black means, and the scale of values with its ends (normal play), or the
// colours of the outcomes (misere play).
function drawGridLegend(g, maxV) {
  const box = $('grid-legend');
  box.textContent = '';
  const swatch = (colour, text, key) => {
    const s = el('span', { class: 'swatch' });
    s.style.background = rgb(colour);
    return el('span', { class: 'legend-item', 'data-key': key }, s, text);
  };
  box.append(swatch(P_COLOUR, 'P-position (value 0)', 'P'));
  if (g.play === 'misere') {
    box.append(swatch(N_COLOUR, 'N-position', 'N'));
    box.append(swatch(D_COLOUR, 'draw', 'D'));
    box.append(el('span', { class: 'hint' }, 'misère play: outcomes only'));
    return;
  }
  if (maxV < 1) return;
  const bar = el('canvas', { width: 160, height: 14, class: 'legend-scale' });
  const ctx = bar.getContext('2d');
  for (let x = 0; x < 160; x++) {
    const v = 1 + (x / 159) * (maxV - 1);
    ctx.fillStyle = rgb(cellColour('N', Math.round(v), maxV));
    ctx.fillRect(x, 0, 1, 14);
  }
  box.append(el('span', { class: 'legend-item', 'data-key': 'scale' },
    'nim-value ', el('span', { class: 'legend-min' }, '1'), ' ', bar, ' ', el('span', { class: 'legend-max' }, String(maxV))));
}

$('grid-go').addEventListener('click', gridNow);
$('grid-canvas').addEventListener('mousemove', (e) => {
  if (!gridData) return;
  const c = $('grid-canvas');
  const cell = c.width / gridData.size;
  const b = Math.floor(e.offsetX / cell), a = Math.floor(e.offsetY / cell);
  if (a < 0 || b < 0 || a >= gridData.size || b >= gridData.size) return;
  const v = gridData.values[a][b];
  $('grid-info').textContent = gridData.game + '(' + a + ',' + b + '): ' + gridData.outcomes[a][b] +
    (v === null || v === undefined ? '' : ', value *' + v);
});
$('grid-canvas').addEventListener('click', (e) => {
  if (!gridData) return;
  const cell = $('grid-canvas').width / gridData.size;
  const b = Math.floor(e.offsetX / cell), a = Math.floor(e.offsetY / cell);
  $('expr').value = gridData.game + '(' + a + ',' + b + ')';
  $('misere').checked = $('grid-misere').checked;
  showTab('analyze');
  analyzeNow();
});

// ---- play against the engine ----

// history[i] is the position before move i; movers[i] who made move i; rem[i] the remoteness
// of history[i] when known; good[i] whether move i left a P-position.
const game = { history: [], movers: [], rem: [], good: [], texts: [], first: 'you', misere: false, over: false };

function yourTurn() {
  const k = game.history.length - 1;
  return (k % 2 === 0) === (game.first === 'you');
}

function current() {
  return game.history[game.history.length - 1];
}

function saveGame() {
  saveState({ pexpr: game.history[0], first: game.first, pmisere: game.misere, moves: JSON.stringify(game.history.slice(1)) });
}

async function newGame(replay) {
  game.first = $('play-first').value;
  game.misere = $('play-misere').checked;
  game.history = [$('play-expr').value];
  game.movers = [];
  game.rem = [];
  game.good = [];
  game.texts = [];
  game.over = false;
  $('play-log').textContent = '';
  $('play-hint-text').textContent = '';
  showError($('play-error'), null);
  if (replay && replay.length) {
    for (const p of replay) {
      game.movers.push(yourTurn() ? 'you' : 'engine');
      game.texts.push('');
      game.good.push(null);
      game.history.push(p);
    }
    renderLog();
  }
  saveGame();
  await step();
}

// Shows the position; asks the engine to move when it is its turn.
async function step() {
  $('play-pos').textContent = current();
  let m;
  try {
    m = await api('/api/moves', { expr: current(), misere: game.misere });
  } catch (e) {
    showError($('play-error'), e, current());
    $('play-moves').textContent = '';
    return;
  }
  game.history[game.history.length - 1] = m.game;
  $('play-pos').textContent = m.game;
  if (m.remoteness !== null && m.remoteness !== undefined) game.rem[game.history.length - 1] = m.remoteness;
  drawChart();
  if (m.over) {
    game.over = true;
    // The player to move has no move: under normal play they lose, under misere they win.
    const moverWins = game.misere;
    const youWin = yourTurn() === moverWins;
    $('play-status').textContent = 'Game over: ' + (youWin ? 'you win!' : 'the engine wins.');
    $('play-status').dataset.over = 'true';
    $('play-status').dataset.winner = youWin ? 'you' : 'engine';
    $('play-moves').textContent = '';
    return;
  }
  $('play-status').dataset.over = 'false';
  if (!yourTurn()) {
    $('play-status').textContent = 'The engine is thinking…';
    $('play-moves').textContent = '';
    try {
      const r = await api('/api/engine', { expr: current(), misere: game.misere });
      if (!r.move) throw new Error('the engine found no move');
      record('engine', r.move.to, r.move.move, r.move.wins, r.move.remoteness_after);
    } catch (e) {
      showError($('play-error'), e, current());
      return;
    }
    return step();
  }
  const you = m.outcome === 'P' ? 'You are losing against perfect play; make it last.' : m.outcome === 'N' ? 'You can win: find a move to a P-position.' : 'Best play draws.';
  $('play-status').textContent = 'Your move. ' + you;
  const list = $('play-moves');
  list.textContent = '';
  const r0 = m.remoteness;
  for (const mv of m.moves) {
    const cls = mv.outcome === 'P' ? 'win' : mv.outcome === 'N' ? 'lose' : mv.outcome === 'D' ? 'draw' : 'unknown';
    let after = mv.to;
    if (mv.remoteness !== null && mv.remoteness !== undefined) {
      after += '  ' + mv.remoteness;
      if (r0 !== null && r0 !== undefined) {
        const par = r0 - 1;
        after += mv.remoteness < par ? ' ↓' : mv.remoteness > par ? ' ↑' : ' =';
      }
    }
    // The move in words first, then what it leaves: the position alone does not say which
    // heap changed.
    list.append(el('li', {}, el('button', {
      class: cls, title: mv.move + ' → ' + mv.to, 'data-to': mv.to, 'data-outcome': mv.outcome,
      'data-move': mv.move,
      onclick: () => { record('you', mv.to, mv.move, mv.outcome === 'P', mv.remoteness); step(); },
    }, el('span', { class: 'mv-text' }, mv.move), el('span', { class: 'mv-to' }, '→ ' + after))));
  }
  if (!m.complete) list.append(el('li', { class: 'hint' }, 'more moves exist than are listed'));
}

function record(who, to, text, good, remAfter) {
  game.movers.push(who);
  game.texts.push(text);
  game.good.push(good);
  game.history.push(to);
  if (remAfter !== null && remAfter !== undefined) game.rem[game.history.length - 1] = remAfter;
  $('play-hint-text').textContent = '';
  renderLog();
  saveGame();
}

function renderLog() {
  const log = $('play-log');
  log.textContent = '';
  for (let i = 0; i < game.movers.length; i++) {
    const who = game.movers[i];
    const mark = game.good[i] === null ? '' : game.good[i] ? ' ✓' : ' ✗';
    log.append(el('li', { class: who }, (who === 'you' ? 'You: ' : 'Engine: ') + (game.texts[i] || '') + ' → ',
      el('code', {}, game.history[i + 1]), el('span', { class: game.good[i] ? 'good' : 'bad' }, mark)));
  }
}

function drawChart() {
  const c = $('play-chart');
  c.textContent = '';
  // The title sits above the plotting area (T), so that the top tick never meets it.
  const W = 420, H = 200, L = 30, B = 24, T = 26, R = 10;
  const pts = [];
  for (let i = 0; i < game.history.length; i++) if (game.rem[i] !== undefined) pts.push([i, game.rem[i]]);
  c.append(svg('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: '#888' }));
  c.append(svg('line', { x1: L, x2: L, y1: T, y2: H - B, stroke: '#888' }));
  c.append(svg('text', { x: W - R, y: H - 6, 'text-anchor': 'end', 'font-size': 11, fill: '#555' }, 'move'));
  c.append(svg('text', { x: 4, y: 13, 'font-size': 11, fill: '#555', class: 'chart-title' }, 'moves left'));
  if (!pts.length) return;
  const maxR = Math.max(1, ...pts.map((p) => p[1]));
  const maxI = Math.max(1, game.history.length - 1, ...pts.map((p) => p[0]));
  const x = (i) => L + (i / maxI) * (W - L - R);
  const y = (r) => H - B - (r / maxR) * (H - T - B);
  c.append(svg('polyline', { points: pts.map((p) => x(p[0]) + ',' + y(p[1])).join(' '), fill: 'none', stroke: '#2b59c3' }));
  for (const [i, r] of pts) {
    const who = i === 0 ? 'start' : game.movers[i - 1];
    c.append(svg('circle', { cx: x(i), cy: y(r), r: 4, fill: who === 'you' ? '#1f8a4c' : who === 'engine' ? '#5d6678' : '#2b59c3', class: 'rem-point' }));
  }
  c.append(svg('text', { x: L - 4, y: y(maxR) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#555', class: 'chart-max' }, maxR));
}

$('play-start').addEventListener('click', () => newGame());
$('play-hint').addEventListener('click', async () => {
  if (game.over || !yourTurn()) return;
  try {
    const r = await api('/api/engine', { expr: current(), misere: game.misere, hint: true });
    $('play-hint-text').textContent = r.move
      ? 'Hint: ' + r.move.move + ' (to ' + r.move.to + ')'
      : 'No winning move here: every move leaves your opponent a winning position.';
  } catch (e) {
    showError($('play-error'), e, current());
  }
});
$('play-undo').addEventListener('click', () => {
  // Back to the last position where it was your turn, before your last move.
  if (game.movers.length === 0) return;
  do {
    game.history.pop();
    game.movers.pop();
    game.texts.pop();
    game.good.pop();
    game.rem.length = game.history.length;
  } while (game.movers.length && !yourTurn());
  if (!yourTurn() && game.movers.length === 0) return newGame();
  game.over = false;
  renderLog();
  saveGame();
  step();
});

// ---- graph upload ----

$('graph-file').addEventListener('change', () => {
  const f = $('graph-file').files[0];
  if (!f) return;
  if (f.size > 512 * 1024) {
    showError($('graph-error'), new Error('this file is larger than 512 KiB; the playground draws small graphs'));
    return;
  }
  const reader = new FileReader();
  reader.onload = () => {
    $('graph-text').value = reader.result;
    graphNow();
  };
  reader.readAsText(f);
});

async function graphNow() {
  $('graph-summary').textContent = 'Working…';
  try {
    const g = await api('/api/graph', { text: $('graph-text').value, misere: $('graph-misere').checked });
    showError($('graph-error'), null);
    drawGraph(g);
  } catch (e) {
    $('graph-summary').textContent = '';
    showError($('graph-error'), e);
  }
}

function drawGraph(g) {
  const s = $('graph-svg');
  s.textContent = '';
  $('graph-summary').textContent = g.vertices + ' vertices, ' + g.edges + ' arcs' +
    (g.acyclic === undefined ? '' : g.acyclic ? ', no cycle' : ', with cycles (values ∞ are draws)') + '.';
  if (!g.arcs) {
    s.append(svg('text', { x: 20, y: 30 }, 'too many vertices to draw; the values are listed below'));
  }
  const n = g.values.length;
  const W = 640, H = 480, cx = W / 2, cy = H / 2, rad = Math.min(W, H) / 2 - 50;
  const pos = g.values.map((_, i) => [cx + rad * Math.cos((2 * Math.PI * i) / n - Math.PI / 2), cy + rad * Math.sin((2 * Math.PI * i) / n - Math.PI / 2)]);
  const defs = svg('defs');
  // In user units, so that the tip stops at the circle's edge (radius 14).
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 24, refY: 5, markerWidth: 10, markerHeight: 10, markerUnits: 'userSpaceOnUse', orient: 'auto-start-reverse' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#777' }));
  defs.append(marker);
  s.append(defs);
  for (const [a, b] of g.arcs || []) {
    if (a === b) {
      s.append(svg('circle', { cx: pos[a][0], cy: pos[a][1] - 18, r: 10, fill: 'none', stroke: '#777' }));
      continue;
    }
    s.append(svg('line', { x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1], stroke: '#777', 'marker-end': 'url(#arrow)' }));
  }
  if (g.arcs) {
    g.values.forEach((v, i) => {
      const fill = v.outcome === 'P' ? '#c0392b' : v.outcome === 'N' ? '#1f8a4c' : '#b7791f';
      const node = svg('g', { class: 'vertex', 'data-vertex': v.vertex, 'data-value': v.value === undefined ? v.outcome : v.value });
      node.append(svg('circle', { cx: pos[i][0], cy: pos[i][1], r: 14, fill }));
      node.append(svg('text', { x: pos[i][0], y: pos[i][1] + 4, 'text-anchor': 'middle', 'font-size': 11, fill: '#fff' }, v.value === undefined ? v.outcome : v.value));
      node.append(svg('text', { x: pos[i][0], y: pos[i][1] - 20, 'text-anchor': 'middle', 'font-size': 12, fill: '#1d2330' }, v.vertex));
      s.append(node);
    });
  }
}

$('graph-go').addEventListener('click', graphNow);

// ---- rule-script editor ----

// Scripts to start from. A game whose position is several numbers declares its ARITY: without
// it, NAME(a, b) is the sum of two one-number positions.
const TEMPLATES = [
  {
    label: "Lasker's Nim (one heap a position)",
    name: 'lasker',
    source: `// Lasker's Nim: take any number from a heap, or split a heap into two non-empty heaps.
// One heap is one position (ARITY 1, the default): lasker(3, 5) is the sum of two heaps.
fn moves(n) {
    let out = [];
    for k in 1..=n { out.push(n - k); }
    for a in 1..n { if a <= n - a { out.push(sum([a, n - a])); } }
    out
}`,
  },
  {
    label: "Lasker's Nim in Luau (the faster language)",
    name: 'laskerl',
    source: `-- Lasker's Nim in Luau: take any number from a heap, or split a heap into two non-empty
-- heaps; sum({a, b}) is the two heaps a and b. A script is Luau when it defines its moves
-- with \`function\`; Rhai's is \`fn\`.
function moves(n)
    local out = {}
    for k = 1, n do out[#out + 1] = n - k end
    for a = 1, n // 2 do out[#out + 1] = sum({a, n - a}) end
    return out
end`,
  },
  {
    label: 'Take 1 to 3 (one heap a position)',
    name: 'bash',
    source: `// Take 1, 2 or 3 counters from a heap; bash(5, 9) is the sum of two heaps.
fn moves(n) {
    let out = [];
    for k in 1..=3 { if k <= n { out.push(n - k); } }
    out
}`,
  },
  {
    label: 'Queen to the corner (two numbers a position: ARITY 2)',
    name: 'corner',
    source: `// A queen moves left, up or diagonally towards the corner (Wythoff's game): a position
// is two numbers, so the script declares ARITY 2. corner(3, 5) is one position [3, 5];
// corner(3, 5, 1, 2) is the sum of two.
const ARITY = 2;

fn moves(p) {
    let a = p[0]; let b = p[1];
    let out = [];
    for k in 1..=a { out.push([a - k, b]); }
    for k in 1..=b { out.push([a, b - k]); }
    for k in 1..=min(a, b) { out.push([a - k, b - k]); }
    out
}`,
  },
  {
    label: "Euclid's game (two numbers a position: ARITY 2)",
    name: 'euclid',
    source: `// Euclid's game: subtract a positive multiple of the smaller number from the larger,
// leaving it not negative; whoever makes a number 0 wins (the game then ends). A position
// is two numbers: ARITY 2, so euclid(34, 12) is one position.
const ARITY = 2;

fn moves(p) {
    let a = p[0]; let b = p[1];
    if a < 1 || b < 1 { throw "both numbers must be positive"; }
    let big = max(a, b); let small = min(a, b);
    let out = [];
    for k in 1..=big / small {
        let r = big - k * small;
        if r == 0 { out.push(sum([])); } else { out.push([min(r, small), max(r, small)]); }
    }
    out
}`,
  },
];

// The arity a script declares (1 when it declares none): Rhai's `const ARITY = 2;`, Luau's
// `ARITY = 2`.
function declaredArity(source) {
  const m = /^\s*(?:const\s+)?ARITY\s*=\s*(\d+)\s*;?/m.exec(source);
  return m ? Number(m[1]) : 1;
}

// The script's language: Luau when it defines a function with `function` (Rhai writes `fn`).
function scriptLanguage(source) {
  return /^\s*(?:local\s+)?function\s+[A-Za-z_]\w*\s*\(/m.test(source) ? 'luau' : 'rhai';
}

// An example position of a family of that arity, to try in Analyze.
function examplePosition(name, arity) {
  const args = [3, 5, 7, 2, 4, 6, 8, 9].slice(0, Math.max(1, Math.min(8, arity)));
  return name + '(' + args.join(', ') + ')';
}

function fillTemplates() {
  const sel = $('rules-template');
  sel.textContent = '';
  sel.append(el('option', { value: '' }, '(your own script)'));
  TEMPLATES.forEach((t, i) => sel.append(el('option', { value: String(i), 'data-arity': declaredArity(t.source) }, t.label)));
  sel.value = '0';
}

$('rules-template').addEventListener('change', () => {
  const t = TEMPLATES[Number($('rules-template').value)];
  if (!t || $('rules-template').value === '') return;
  $('rules-name').value = t.name;
  $('rules-source').value = t.source;
  showError($('rules-error'), null);
  $('rules-status').textContent = '';
  drawGutter(0);
});

function drawGutter(bad) {
  const lines = $('rules-source').value.split('\n').length;
  const g = $('rules-gutter');
  g.textContent = '';
  // One block per line and nothing between them: a newline after a block (the marked line
  // was one) made an empty row, and every number below it moved down.
  for (let i = 1; i <= lines; i++) {
    g.append(el('span', { class: i === bad ? 'bad' : '', 'data-line': i }, i));
  }
}

async function rulesCheck() {
  const source = $('rules-source').value;
  const script = { name: $('rules-name').value.trim(), source, language: scriptLanguage(source) };
  $('rules-status').textContent = 'Checking…';
  try {
    const r = await fetch('/api/rules/check', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: [script] }),
    });
    const j = await r.json();
    if (!r.ok) {
      const e = new Error(j.error.message);
      e.info = j.error;
      throw e;
    }
    activeRules = [script];
    drawGutter(0);
    showError($('rules-error'), null);
    const arity = declaredArity(script.source);
    const example = examplePosition(script.name, arity);
    const status = $('rules-status');
    status.textContent = 'In use: ' + j.families.join(', ') + ' (' +
      (arity === 1 ? 'one number a position, ' + script.name + '(3, 5) is a sum' : plural(arity, 'number') + ' a position, ARITY ' + arity) + '). Try ';
    status.append(el('a', { href: '#', id: 'rules-try', onclick: (e) => { e.preventDefault(); $('expr').value = example; showTab('analyze'); analyzeNow(); } }, example), ' in Analyze.');
    const first = (j.scripts || [])[0];
    if (first && first.values && first.values.length) {
      status.append(el('div', { id: 'rules-values' }, 'First values (' + (script.language === 'luau' ? 'Luau' : 'Rhai') + '): ' + first.values.join(' ')));
    }
  } catch (e) {
    $('rules-status').textContent = '';
    const info = e.info || {};
    drawGutter(info.line || 0);
    showError($('rules-error'), Object.assign(e, { info: Object.assign({}, info, { message: (info.line ? 'line ' + info.line + (info.column ? ', column ' + info.column : '') + ': ' : '') + (info.message || e.message), column: undefined }) }));
  }
}

$('rules-source').addEventListener('input', () => {
  $('rules-template').value = '';
  drawGutter(0);
});
$('rules-source').addEventListener('scroll', () => { $('rules-gutter').scrollTop = $('rules-source').scrollTop; });
$('rules-check').addEventListener('click', rulesCheck);
$('rules-clear').addEventListener('click', () => {
  activeRules = [];
  $('rules-status').textContent = 'No scripts in use.';
});

// ---- start: restore the state of the URL ----

function restore() {
  if (state.has('expr')) $('expr').value = state.get('expr');
  $('misere').checked = state.get('misere') === '1';
  if (state.has('ruleset')) $('ruleset').value = state.get('ruleset');
  if (state.has('to')) $('seq-to').value = state.get('to');
  if (state.has('game')) $('grid-game').value = state.get('game');
  if (state.has('size')) $('grid-size').value = state.get('size');
  $('grid-misere').checked = state.get('gmisere') === '1';
  if (state.has('pexpr')) $('play-expr').value = state.get('pexpr');
  if (state.has('first')) $('play-first').value = state.get('first') === 'engine' ? 'engine' : 'you';
  $('play-misere').checked = state.get('pmisere') === '1';
  const tab = state.get('tab') || 'analyze';
  showTab(document.getElementById('tab-' + tab) ? tab : 'analyze');
  drawGutter(0);
  analyzeNow();
  if (tab === 'sequence') sequenceNow();
  if (tab === 'grid') gridNow();
  if (tab === 'play') {
    let moves = [];
    try {
      moves = JSON.parse(state.get('moves') || '[]');
    } catch (_) { moves = []; }
    newGame(Array.isArray(moves) ? moves.filter((m) => typeof m === 'string') : []);
  }
  drawChart();
}

// A link pasted or followed to this page with another fragment restores that state too.
window.addEventListener('hashchange', () => {
  for (const k of [...state.keys()]) state.delete(k);
  for (const [k, v] of new URLSearchParams(location.hash.slice(1))) state.set(k, v);
  restore();
});

fillTemplates();
loadFamilies();
restore();
