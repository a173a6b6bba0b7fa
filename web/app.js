// The web board: plays a game against an agent, steps through records and
// watches a match, all through the server's JSON API (docs/web.md). Plain
// JavaScript, no libraries: the board is drawn in SVG from the server's data.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const COLS = 'ABCDE';
const LABELS = { E: 'Eng 1', P: 'Lt 2', C: 'Cpt 3', J: 'Maj 4', R: 'Col 5', I: 'Brg 6', D: 'MGn 7',
  G: 'Gen 8', M: 'Mar 9', B: 'Bomb', L: 'Mine', F: 'Flag' };
const SYMBOLS = Object.keys(LABELS);
const $ = (id) => document.getElementById(id);

// ---- the server ----
// A shared link: ?join=TOKEN takes a seat, ?watch=ID watches (people.js); read
// before the token's address is cleaned.
const OPENED = (() => {
  const q = new URLSearchParams(location.search);
  return { join: q.get('join'), watch: q.get('watch') };
})();
// A server listening beyond 127.0.0.1 wants its token (printed when it starts,
// in the address as ?token=...): kept for the tab, sent with every request.
const TOKEN = (() => {
  const given = new URLSearchParams(location.search).get('token');
  if (given) {
    sessionStorage.setItem('junqi-token', given);
    history.replaceState(null, '', location.pathname);
  }
  return sessionStorage.getItem('junqi-token') || '';
})();
// A path for a link or an image, which cannot send a header: the token goes in the query.
const withToken = (path) => (TOKEN ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(TOKEN)}`
  : path);

async function api(method, path, body) {
  const options = { method, headers: TOKEN ? { 'X-Junqi-Token': TOKEN } : {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

// ---- points and the drawing of a board ----
const squareIndex = (name) => (parseInt(name.slice(1), 10) - 1) * 5 + COLS.indexOf(name[0]);
const squareName = (i) => COLS[i % 5] + (Math.floor(i / 5) + 1);

// Where a point is drawn; `flip` puts blue at the bottom.
function place(square, flip) {
  let col = square % 5, row = Math.floor(square / 5);
  if (flip) { col = 4 - col; row = 11 - row; }
  return { x: 50 + col * 80, y: 680 - row * 52 - (row >= 6 ? 28 : 0) };
}

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// The lines and points of the board, then the pieces; returns the pieces' layer.
function drawBoard(svg, geometry, flip) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', '0 0 420 720');
  svg.classList.remove('cross');  // four.js's square board
  const at = (name) => place(squareIndex(name), flip);
  for (const [a, b] of geometry.roads) {
    const p = at(a), q = at(b);
    el('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'road' }, svg);
  }
  for (const line of geometry.railways)
    for (let i = 1; i < line.length; i++) {
      const p = at(line[i - 1]), q = at(line[i]);
      el('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'rail' }, svg);
    }
  const camps = new Set(geometry.camps), hqs = new Set(geometry.headquarters);
  for (let s = 0; s < 60; s++) {
    const p = place(s, flip), name = squareName(s);
    if (camps.has(name)) el('circle', { cx: p.x, cy: p.y, r: 19, class: 'camp' }, svg);
    else if (hqs.has(name)) el('rect', { x: p.x - 32, y: p.y - 18, width: 64, height: 36, rx: 14, class: 'hq' }, svg);
    else el('rect', { x: p.x - 28, y: p.y - 14, width: 56, height: 28, class: 'point' }, svg);
    if ((flip ? 4 - (s % 5) : s % 5) === 0) el('text', { x: 10, y: p.y, class: 'coord' }, svg).textContent = name.slice(1);
  }
  for (let c = 0; c < 5; c++) {
    const p = place(c, flip);
    el('text', { x: p.x, y: 708, class: 'coord' }, svg).textContent = flip ? COLS[4 - c] : COLS[c];
  }
  return el('g', { class: 'pieces' }, svg);
}

// One piece: its side's colour, its label when known; `extra` for a heat map.
function drawPiece(layer, piece, flip, extra) {
  const p = place(squareIndex(piece.square), flip);
  const known = piece.symbol !== undefined;
  const g = el('g', { class: `piece ${piece.side}${extra ? ' heat' : known ? '' : ' hidden'}`, 'data-square': piece.square,
    'data-side': piece.side }, layer);
  const rect = el('rect', { x: p.x - 26, y: p.y - 13, width: 52, height: 26, rx: 4 }, g);
  if (extra && extra.fill) rect.style.fill = extra.fill;
  el('text', { x: p.x, y: p.y }, g).textContent = known ? LABELS[piece.symbol] : (extra ? extra.label : '?');
  if (extra && extra.title) el('title', {}, g).textContent = extra.title;
  return g;
}

// ---- play ----
const play = { geometry: null, layout: null, selected: null, game: null, poll: null, drag: null };

async function loadChoices() {
  const [presets, agents, records] = await Promise.all([api('GET', '/api/presets'), api('GET', '/api/agents'),
    api('GET', '/api/records')]);
  for (const p of presets) $('preset').add(new Option(p.name, p.name));
  for (const a of agents) $('agent').add(new Option(`${a.name}: ${a.help}`, a.name, false, a.name === 'heuristic'));
  for (const name of records.records) $('record-files').add(new Option(name, `records/${name}`));
  for (const name of records.games) $('record-files').add(new Option(`your game ${name}`, `games/${name}`));
  for (const s of SYMBOLS) $('heat').add(new Option(`P(${LABELS[s]})`, s));
}

const rules = () => $('preset').value;
const flipped = () => $('seat').value === 'blue';
const seatOf = (i) => ($('seat').value === 'red' ? i : 59 - i);  // a layout cell's point

function layoutText(cells) {
  const rows = [];
  for (let r = 5; r >= 0; r--) rows.push(cells.slice(r * 5, r * 5 + 5).join(''));
  return rows.join('/');
}

function parseLayoutText(text) {
  const rows = text.trim().split('/');
  if (rows.length !== 6 || rows.some((r) => r.length !== 5)) return null;
  const cells = [];
  for (let r = 5; r >= 0; r--) cells.push(...rows[r].split(''));
  return cells;
}

async function newLayout() {
  const asked = rules();
  if (isFlipPreset(asked) || isFourPreset(asked)) return;  // the server deals or lays out (a preset changed meanwhile)
  const seed = Math.floor(Math.random() * 1e9);
  const layout = await api('POST', '/api/layouts', { rules: asked, style: $('style').value, seed });
  if (rules() !== asked) return;  // the preset changed while the layout was made: the new one's is on its way
  play.layout = layout.cells;
  await showLayout();
}

// The layout on the board, and the rules' verdict on it.
// Each await may return after the preset changed: the answer is then stale,
// and a classic layout must not be checked against another game's rules.
async function showLayout() {
  const shown = rules();
  if (isFlipPreset(shown) || isFourPreset(shown)) return;
  $('layout-text').value = layoutText(play.layout);
  if (!play.geometry || play.geometryRules !== shown) {
    const geometry = await api('GET', `/api/board?rules=${encodeURIComponent(shown)}`);
    if (rules() !== shown) return;
    play.geometry = geometry;
    play.geometryRules = shown;
  }
  const layer = drawBoard($('board'), play.geometry, flipped());
  play.layout.forEach((symbol, i) => {
    if (symbol === '.') return;
    const g = drawPiece(layer, { square: squareName(seatOf(i)), side: $('seat').value, symbol }, flipped());
    g.dataset.cell = i;
    if (play.selected === i) g.classList.add('selected');
    g.addEventListener('mousedown', () => { play.drag = i; });
    g.addEventListener('mouseup', () => layoutClick(i));
  });
  const verdict = await api('POST', '/api/layouts/check', { rules: shown, layout: layoutText(play.layout) });
  if (rules() === shown) $('layout-error').textContent = verdict.ok ? '' : verdict.error;
}

// A click selects a piece, a second one swaps the two; a drag swaps at once.
function layoutClick(i) {
  const from = play.drag !== null && play.drag !== i ? play.drag : play.selected;
  play.drag = null;
  if (from === null || from === i) {
    play.selected = play.selected === i ? null : i;
  } else {
    [play.layout[from], play.layout[i]] = [play.layout[i], play.layout[from]];
    play.selected = null;
  }
  showLayout().catch(showError('layout-error'));
}

const showError = (id) => (e) => { $(id).textContent = e.message; };

async function startGame() {
  $('layout-error').textContent = '';
  const body = { rules: rules(), agent: $('agent').value, seat: $('seat').value };
  if (!isFlipPreset(rules()) && !isFourPreset(rules())) body.layout = layoutText(play.layout);  // flip.js, four.js
  if (peopleChosen().length) body.people = peopleChosen();  // people.js
  const game = await api('POST', '/api/games', body);
  play.seatToken = game.seatToken || null;
  enterGame(game);
  keepSeat();
}

// The game on the page: a seat's or, from a ?watch= link, a spectator's.
function enterGame(game) {
  $('setup').hidden = true;
  $('ingame').hidden = false;
  const others = game.players ? Object.entries(game.players).filter(([s]) => s !== game.seat)
    .map(([s, p]) => `${s}: ${p}`).join(', ') : game.agent;
  $('game-title').textContent = game.seat === 'spectator' ? `Watching (${others})` : `You (${game.seat}) vs ${others}`;
  showInvites(game);
  showGame(game);
}

function showGame(game) {
  drawGame(game);
  if (typeof liveAnalysisShown === 'function') liveAnalysisShown(game);  // analysis.js: the overlay again
}

function drawGame(game) {
  if (game.game === 'flip') return showFlipGame(game);  // flip.js
  if (game.game === 'four') return showFourGame(game);  // four.js
  const shown = play.game;  // an answer overtaken by a later one (a poll asked before a move or a resignation)
  if (shown && shown.id === game.id && (game.ply < shown.ply || (shown.outcome !== null && game.outcome === null))) return;
  play.game = game;
  const flip = game.seat === 'blue';
  const layer = drawBoard($('board'), play.geometry, flip);
  const over = game.outcome !== null;
  const pieces = over ? game.reveal : game.pieces;
  const last = game.events.filter((e) => e.from).pop();
  if (last) for (const s of [last.from, last.to]) {
    const p = place(squareIndex(s), flip);
    el('rect', { x: p.x - 30, y: p.y - 16, width: 60, height: 32, class: 'last' }, layer);
  }
  const mine = !over && !game.thinking && game.toMove === game.seat;
  for (const piece of pieces) {
    const g = drawPiece(layer, piece, flip);
    if (piece.square === play.selected) g.classList.add('selected');
    g.addEventListener('click', () => pieceClick(piece));
  }
  if (mine && play.selected)
    for (const m of game.legal.filter((m) => m.startsWith(`${play.selected}-`))) {
      const to = m.split('-')[1], p = place(squareIndex(to), flip);
      const dot = el('circle', { cx: p.x, cy: p.y, r: 9, class: 'target', 'data-target': to }, layer);
      dot.addEventListener('click', () => sendMove(m));
    }
  showGameText(game, over, mine);
  clearTimeout(play.poll);
  // While the agent thinks: ask soon (a quick agent), then less and less often.
  play.wait = mine || over ? 25 : Math.min(2 * (play.wait || 25), 800);
  if (!over && !mine) play.poll = setTimeout(refreshGame, play.wait);
}

function showGameText(game, over, mine) {
  const o = game.outcome;
  $('status').textContent = over
    ? `Game over: ${o.winner === null ? 'a draw' : o.winner === game.seat ? 'you win' : 'you lose'} (${o.reason})`
      + (game.note ? `. ${game.note}` : '')
    : mine ? `Your move (ply ${game.ply + 1}; ${game.quietPlies} of ${game.quietMoveLimit} quiet moves)`
      : waitingText(game);
  $('status').dataset.state = over ? 'over' : mine ? 'your-move' : 'waiting';
  showClock(game, over);
  $('draw-answer').hidden = over || game.drawOffer === null || game.drawOffer === game.seat;
  $('offer-draw').hidden = over || !game.agreedDraws || game.seat === 'spectator';
  $('resign').hidden = over || game.seat === 'spectator';
  $('download').hidden = !over;
  $('review').hidden = !over;
  $('again').hidden = !over;
  if (over) $('download').href = withToken(`/api/games/${game.id}/record`);
  $('events').replaceChildren(...game.events.map((e) => Object.assign(document.createElement('li'),
    { textContent: e.text })));
  $('events').scrollTop = $('events').scrollHeight;
}

// The preset's move clock: a countdown on the person's turn. The server
// applies the timeout (lazily, when asked): at the end of the countdown the
// page asks. The deadline is fixed when the state arrives, not at each redraw.
function showClock(game, over) {
  clearInterval(play.clockTimer);
  const c = game.clock;
  $('clock').hidden = !c || over;
  if (!c || over) return;
  const limit = c.timeoutPassesTurn && c.timeoutsToForfeit ? ` of ${c.timeoutsToForfeit}` : '';
  const timeouts = c.timeouts ? `; your timeouts: ${c.timeouts}${limit}` : '';
  if (c.secondsLeft === null) {
    $('clock').textContent = `Clock: ${c.moveSeconds} s a move${timeouts}`;
    $('clock').classList.remove('low');
    return;
  }
  if (game.deadline === undefined) game.deadline = Date.now() + c.secondsLeft * 1000;
  const tick = () => {
    const left = Math.max(0, (game.deadline - Date.now()) / 1000);
    $('clock').textContent = `Clock: ${Math.ceil(left)} s left for your move${timeouts}`;
    $('clock').classList.toggle('low', left <= 10);
    if (left > 0) return;
    clearInterval(play.clockTimer);
    play.poll = setTimeout(refreshGame, 250);  // a moment past the server's deadline
  };
  tick();
  play.clockTimer = setInterval(tick, 250);
}

function pieceClick(piece) {
  const game = play.game;
  if (piece.side !== game.seat) {  // an enemy piece: a target if the selected piece may go there
    const m = `${play.selected}-${piece.square}`;
    if (play.selected && game.legal.includes(m)) sendMove(m);
    return;
  }
  play.selected = play.selected === piece.square ? null : piece.square;
  showGame(game);
}

async function sendMove(move) {
  play.selected = null;
  $('move-error').textContent = '';
  try {
    showGame(await api('POST', `${gamePath()}/move`, { move }));
  } catch (e) {
    $('move-error').textContent = e.message;
    refreshGame();
  }
}

async function refreshGame() {
  try {
    showGame(await api('GET', gamePath()));
  } catch (e) {
    $('move-error').textContent = e.message;
  }
}

async function gameAction(path, body) {
  try {
    showGame(await api('POST', `${gamePath()}/${path}`, body || {}));
  } catch (e) {
    $('move-error').textContent = e.message;
  }
}

function backToSetup() {
  clearTimeout(play.poll);
  clearInterval(play.clockTimer);
  clearInterval(play.heartbeat);
  play.game = null;
  play.seatToken = null;
  $('invites').hidden = true;
  play.selected = null;
  $('setup').hidden = false;
  $('ingame').hidden = true;
  $('events').replaceChildren();
  presetChanged().catch(showError('layout-error'));
}

async function reviewGame() {
  const text = await (await fetch(withToken(`/api/games/${play.game.id}/record`))).text();
  await openRecord({ text });
  showTab('records');
}

// ---- records ----
const rec = { name: null, step: 0, steps: 0, view: null, geometry: null, geometryRules: null, live: null, liveTimer: null };

async function openRecord(body) {
  $('record-error').textContent = '';
  clearTimeout(rec.liveTimer);
  rec.live = body.folder === 'live' ? body.file : null;  // a match's game still being played
  try {
    const opened = await api('POST', '/api/records', body);
    setRecordSeats(opened.game, opened.seats);  // viewer.js
    analysisRecordOpened(opened.game);  // analysis.js
    Object.assign(rec, { name: opened.name, step: 0, steps: opened.steps });
    $('record-nav').hidden = false;
    await showStep(rec.live ? opened.steps : 0);
    if (rec.live) rec.liveTimer = setTimeout(refreshLive, 3000);
  } catch (e) {
    rec.live = null;
    $('record-error').textContent = e.message;
  }
}

// A live game is read again every 3 seconds, on the step shown (or
// following its end); once over (gone from the match's live list), its
// finished record (the match's games/) takes its place.
async function refreshLive() {
  const file = rec.live, name = rec.name, atEnd = rec.step === rec.steps;
  const match = await api('GET', '/api/match').catch(() => ({ live: [file] }));
  const folder = (match.live || []).includes(file) ? 'live' : 'match';
  const opened = await api('POST', '/api/records', { folder, file }).catch(() => null);
  if (rec.name !== name || rec.live !== file) return;  // another record was opened meanwhile
  if (folder === 'match') rec.live = null;
  if (opened) {
    Object.assign(rec, { name: opened.name, steps: opened.steps });
    await showStep(atEnd ? opened.steps : rec.step).catch(showError('record-error'));
  }
  if (rec.live === file) rec.liveTimer = setTimeout(refreshLive, 3000);
}

// Answers can arrive out of order (a step, then another seat at once): only the
// latest request is drawn, so the board always shows the seat chosen last.
let latestStepRequest = 0;

async function showStep(step) {
  const request = ++latestStepRequest;
  step = Math.max(0, Math.min(rec.steps, step));
  const view = await api('GET', `/api/records/${rec.name}?step=${step}&seat=${$('rec-seat').value}`);
  if (rec.geometryRules !== view.rules) {  // each game's board, and each classic preset's
    rec.geometry = await api('GET', `/api/board?rules=${encodeURIComponent(view.rules)}`);
    rec.geometryRules = view.rules;
  }
  if (request !== latestStepRequest) return;
  Object.assign(rec, { step: view.step, view });
  const shown = view.game === 'flip' ? showFlipStep(view, rec.geometry)  // viewer.js
    : view.game === 'four' ? showFourStep(view, rec.geometry) : showClassicStep(view, rec.geometry);
  $('rec-step').value = view.step;
  $('rec-step').max = view.steps;
  $('rec-steps').textContent = `of ${view.steps}`;
  $('rec-status').textContent = (rec.live ? 'Live: the game is being played (read again every 3 s). ' : '')
    + shown.status;
  $('rec-actions').replaceChildren(...shown.texts.map((text, i) => {
    const li = Object.assign(document.createElement('li'), { textContent: text });
    if (i === view.step - 1) li.className = 'current';
    li.addEventListener('click', () => showStep(i + 1));
    return li;
  }));
  searchNote(view.search);
  analysisStepShown();  // analysis.js
  const current = $('rec-actions').querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

// A classic step: the full board, or a seat's with its beliefs as a heat map.
function showClassicStep(view, geometry) {
  const flip = view.seat === 'blue';
  const layer = drawBoard($('rec-board'), geometry, flip);
  const last = view.actions[view.step - 1];
  if (last && last.from) for (const s of [last.from, last.to]) {
    const p = place(squareIndex(s), flip);
    el('rect', { x: p.x - 30, y: p.y - 16, width: 60, height: 32, class: 'last' }, layer);
  }
  for (const piece of view.pieces) drawPiece(layer, piece, flip, piece.beliefs ? heat(piece.beliefs) : null);
  const o = view.outcome;
  return {
    status: `${view.tags ? `${view.tags['red-player'] || 'red'} (red) vs ${view.tags['blue-player'] || 'blue'} (blue). ` : ''}`
      + (o ? `Result: ${o.winner || 'draw'} (${o.reason})` : `${view.toMove} to move`),
    texts: view.actions.map((a) => a.text),
  };
}

// Under the board: what the search of the side that made the step's move
// thought of it (the server sends it only to the full board and that side).
function searchNote(s) {
  let p = $('rec-search');
  if (!p) {  // the board and the note in one column
    const column = document.createElement('div');
    p = Object.assign(document.createElement('p'), { id: 'rec-search' });
    $('rec-board').before(column);
    column.append($('rec-board'), p);
  }
  p.textContent = !s ? '' : `${s.seat}'s search: value ${s.value >= 0 ? '+' : ''}${s.value.toFixed(2)}`
    + (s.simulations ? `, ${s.simulations} simulations` : '')
    + (s.line.length ? `; line ${s.line.join(' ')}` : '')
    + (s.shares.length ? `; visits ${s.shares.map((x) => `${x.move} ${Math.round(100 * x.share)}%`).join(', ')}` : '');
}

// An enemy piece's colour and label from the seat's beliefs: the chosen
// identity's probability, or the most likely identity's.
function heat(beliefs) {
  const entries = Object.entries(beliefs).sort((a, b) => b[1] - a[1]);
  const chosen = $('heat').value;
  const [symbol, q] = chosen === 'best' ? entries[0] : [chosen, beliefs[chosen] || 0];
  const hue = 60 - 60 * q;  // yellow (unlikely) to red (certain)
  return {
    fill: `hsl(${hue}, 85%, ${75 - 35 * q}%)`,
    label: `${symbol} ${Math.round(100 * q)}%`,
    title: entries.map(([s, p]) => `${LABELS[s]}: ${(100 * p).toFixed(1)}%`).join('\n'),
  };
}

function stepBy(delta) { if (rec.name) showStep(rec.step + delta).catch(showError('record-error')); }

// ---- match ----
let matchTimer = null;
async function refreshMatch() {
  clearTimeout(matchTimer);
  try {
    const m = await api('GET', '/api/match');
    $('match-dir').textContent = m.dir;
    $('match-table').textContent = (m.table || '(no games finished yet)') + (m.teamTable ? `\n${m.teamTable}` : '');
    $('match-report').hidden = !m.report;
    if (m.report) $('match-report').src = withToken(`/api/match/report.svg?changed=${m.changed || 0}`);
    const item = (folder, name) => {
      const li = Object.assign(document.createElement('li'), { textContent: folder === 'live' ? `${name} (live)` : name,
        className: folder === 'live' ? 'link live' : 'link' });
      li.addEventListener('click', () => openRecord({ folder, file: name }).then(() => showTab('records')));
      return li;
    };
    $('match-live').replaceChildren(...(m.live || []).map((name) => item('live', name)));
    $('match-live-title').hidden = !(m.live || []).length;
    $('match-games').replaceChildren(...m.games.map((name) => item('match', name)));
  } catch (e) {
    $('match-dir').textContent = e.message;
    return;
  }
  if ($('match').classList.contains('active')) matchTimer = setTimeout(refreshMatch, 3000);
}

// ---- tabs and wiring ----
function showTab(name) {
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', t.dataset.tab === name);
  for (const p of document.querySelectorAll('.page')) p.classList.toggle('active', p.id === name);
  if (name === 'match') refreshMatch();
}

function wire() {
  for (const t of document.querySelectorAll('.tab')) t.addEventListener('click', () => showTab(t.dataset.tab));
  const guard = (f, id) => () => f().catch(showError(id));
  $('new-layout').addEventListener('click', guard(newLayout, 'layout-error'));
  $('preset').addEventListener('change', guard(() => presetChanged(), 'layout-error'));  // flip.js
  $('seat').addEventListener('change', () => { if (!isFlipPreset(rules()) && !isFourPreset(rules())) showLayout().catch(showError('layout-error')); });
  $('layout-text').addEventListener('change', () => {
    const cells = parseLayoutText($('layout-text').value);
    if (!cells) { $('layout-error').textContent = 'a layout is six rows of five cells, front row first, split by /'; return; }
    play.layout = cells;
    showLayout().catch(showError('layout-error'));
  });
  $('start').addEventListener('click', guard(startGame, 'layout-error'));
  $('resign').addEventListener('click', () => gameAction('resign'));
  $('offer-draw').addEventListener('click', () => gameAction('draw', { answer: 'offer' }));
  $('accept-draw').addEventListener('click', () => gameAction('draw', { answer: 'accept' }));
  $('decline-draw').addEventListener('click', () => gameAction('draw', { answer: 'decline' }));
  $('again').addEventListener('click', backToSetup);
  $('review').addEventListener('click', guard(reviewGame, 'move-error'));
  $('record-files').addEventListener('change', () => {
    const [folder, file] = $('record-files').value.split('/');
    if (file) openRecord({ folder, file });
  });
  $('record-upload').addEventListener('change', async () => {
    const file = $('record-upload').files[0];
    if (file) openRecord({ text: await file.text() });
  });
  $('rec-first').addEventListener('click', () => stepBy(-Infinity));
  $('rec-prev').addEventListener('click', () => stepBy(-1));
  $('rec-next').addEventListener('click', () => stepBy(1));
  $('rec-last').addEventListener('click', () => stepBy(Infinity));
  $('rec-step').addEventListener('change', () => showStep(parseInt($('rec-step').value, 10) || 0));
  $('rec-seat').addEventListener('change', () => stepBy(0));
  $('heat').addEventListener('change', () => stepBy(0));
  document.addEventListener('keydown', (e) => {
    if (!$('records').classList.contains('active') || ['INPUT', 'SELECT'].includes(e.target.tagName)) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (e.key in moves) { e.preventDefault(); stepBy(moves[e.key]); }
  });
}

wire();
// After flip.js has loaded (it adds the flip presets' setup).
window.addEventListener('load', () => loadChoices()
  .then(async () => (await rejoinIfKnown()) || (await openSharedLink()) || newLayout())  // people.js
  .catch(showError('layout-error')));
