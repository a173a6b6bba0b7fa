// The analysis panel of the record viewer (loaded last: it uses app.js,
// viewer.js and four.js): for the step shown, one seat's exact beliefs about
// every piece it cannot see, drawn on the board (the most likely identity and
// its probability; all of them on hover), an agent's top moves (visit share,
// value where the search gives one) drawn as arrows and listed, and a plot of
// the seat's value over the game. The seat is the one "Seen by" shows, or the
// side to move on the full board; the server computes it from that seat's
// view alone (POST /api/analysis, docs/web.md, "The analysis view"). On the Play tab,
// "Analyse my position" does the same for the person's own seat of the game
// in play (POST {game path}/analysis: the server answers for the asker's seat
// only), drawn on the live board.
'use strict';

const analysis = { game: null, result: null, values: new Map(), recorded: [], sweep: 0, plotSeat: null };

// The opened record's game: its agents in the list, the old results dropped.
async function analysisRecordOpened(game) {
  analysis.values = new Map();
  analysis.recorded = [];
  analysis.plotSeat = null;
  analysis.sweep++;
  $('an-result').replaceChildren();
  $('an-status').textContent = '';
  drawValuePlot();
  if (analysis.game === game) return;
  analysis.game = game;
  const agents = await api('GET', `/api/agents?game=${game}`).catch(() => []);
  $('an-agent').replaceChildren(...agents.map((a) => Object.assign(new Option(a.name, a.name), { title: a.help })));
  const searching = agents.find((a) => /ismcts|mcts/.test(a.name));
  if (searching) $('an-agent').value = searching.name;
}

// The seat analysed: the one the board is seen by, else the side to move.
function analysisSeat() {
  const seen = $('rec-seat').value;
  return seen !== 'all' ? seen : rec.view && rec.view.toMove;
}

// A step was drawn: the old overlay went with the board; analyse again when asked to follow.
function analysisStepShown() {
  analysis.result = null;
  $('an-result').replaceChildren();
  $('an-status').textContent = '';
  drawValuePlot();
  if ($('an-follow').checked) analyseStep().catch(showError('an-status'));
}

async function analyseStep() {
  if (!rec.name || !rec.view) return;
  const seat = analysisSeat(), step = rec.step, name = rec.name;
  $('an-status').textContent = `analysing step ${step} as ${seat}...`;
  const result = await api('POST', '/api/analysis', { record: name, step, seat, agent: $('an-agent').value });
  if (rec.name !== name || rec.step !== step || analysisSeat() !== seat) return;  // the viewer moved on
  analysis.result = result;
  analysis.recorded = result.values || [];
  analysis.plotSeat = seat;
  if (result.value !== null) analysis.values.set(`${seat} ${step}`, result.value);
  showAnalysis(result);
}

// Where a point is drawn on the board shown (classic boards turn for blue).
function analysisPlace(point) {
  const v = rec.view;
  if (v.game === 'four') return rec.geometry.at[point] ? crossPlace(rec.geometry, point) : null;
  return place(squareIndex(point), v.game === 'classic' && v.seat === 'blue');
}

function beliefWords(symbol) {
  const upper = symbol.toUpperCase(), side = symbol === upper ? '' : 'blue ';
  const red = analysis.game === 'flip' && symbol === upper ? 'red ' : '';
  return `${red}${side}${LABELS[upper] || symbol}`;
}

// Each piece's most likely identity and its probability, on the piece; all of
// them on hover. `placeOf(point)`: where the board shown draws a point.
function drawBeliefs(layer, beliefs, placeOf, small) {
  for (const b of beliefs) {
    const p = placeOf(b.square || b.point);
    if (!p) continue;
    const entries = Object.entries(b.beliefs).sort((x, y) => y[1] - x[1]);
    const [symbol, q] = entries[0];
    const g = el('g', { class: 'an-belief', 'data-square': b.square || b.point }, layer);
    const w = small ? 22 : 40, h = small ? 9 : 12, dy = small ? 9 : 15;
    el('rect', { x: p.x - w / 2, y: p.y + dy - h / 2, width: w, height: h, rx: 2 }, g);
    el('text', { x: p.x, y: p.y + dy, style: `font-size: ${small ? 6 : 9}px` }, g).textContent =
      `${symbol} ${Math.round(100 * q)}%`;
    el('title', {}, g).textContent = `${b.army ? `${b.army} ` : ''}${b.square || b.point}\n`
      + entries.map(([s, x]) => `${beliefWords(s)}: ${(100 * x).toFixed(1)}%`).join('\n');
  }
}

// The top moves as arrows, thicker for a larger share of the visits.
function drawTopMoves(layer, moves, placeOf) {
  for (const m of moves.slice(0, 3)) {
    const [a, b] = m.move.split('-');
    const p = a && placeOf(a), q = b && placeOf(b);
    if (!p) continue;
    if (!q) {  // a flip: a ring on the point
      el('circle', { cx: p.x, cy: p.y, r: 14, class: 'an-move', 'stroke-width': 1 + 5 * m.share }, layer);
      continue;
    }
    el('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'an-move', 'stroke-width': 1 + 6 * m.share }, layer);
    el('circle', { cx: q.x, cy: q.y, r: 4, class: 'an-move-end' }, layer);
  }
}

const signed = (v) => `${v >= 0 ? '+' : ''}${v.toFixed(2)}`;

function showAnalysis(r) {
  const layer = el('g', { class: 'an-layer' }, $('rec-board'));
  drawBeliefs(layer, r.beliefs, analysisPlace, rec.view.game === 'four');
  drawTopMoves(layer, r.moves, analysisPlace);
  $('an-status').textContent = `${r.seat} at step ${r.step}, ${r.agent}: `
    + (r.moves.length ? `${r.simulations} simulations, value ${signed(r.value)}, plays ${r.choice}`
      : r.choice ? `plays ${r.choice} (${r.note})` : r.note)
    + `. Beliefs on ${r.beliefs.length} pieces${r.beliefsExact === false ? ' (exact army by army)' : ''}.`;
  $('an-result').replaceChildren(...topMoveItems(r.moves));
  drawValuePlot();
}

// The top moves as list items: visit share, and the move's value where the search gives one.
const topMoveItems = (moves) => moves.slice(0, 8).map((m) => Object.assign(document.createElement('li'), {
  textContent: `${m.move} ${(100 * m.share).toFixed(1)}%${m.value !== undefined ? `, value ${signed(m.value)}` : ''}`,
}));

// The seat's value over the game: the record's searched values (its own
// moves, from the record's search notes) and the steps analysed here.
function drawValuePlot() {
  // The seat last analysed (on the full board the side to move changes every step).
  const svg = $('an-plot'), seat = analysis.plotSeat || analysisSeat(), steps = Math.max(1, rec.steps);
  svg.replaceChildren();
  const analysed = [...analysis.values].filter(([k]) => k.startsWith(`${seat} `))
    .map(([k, v]) => ({ step: Number(k.split(' ')[1]), value: v })).sort((a, b) => a.step - b.step);
  svg.hidden = !analysed.length && !analysis.recorded.length;
  if (svg.hidden) return;
  const x = (s) => 10 + 300 * s / steps, y = (v) => 60 - 50 * v;
  el('line', { x1: 10, y1: 60, x2: 310, y2: 60, class: 'an-axis' }, svg);
  el('line', { x1: x(rec.step), y1: 8, x2: x(rec.step), y2: 112, class: 'an-now' }, svg);
  const line = (points, cls) => {
    if (points.length) el('polyline', { points: points.map((p) => `${x(p.step)},${y(p.value)}`).join(' '), class: cls }, svg);
    for (const p of points) el('title', {}, el('circle', { cx: x(p.step), cy: y(p.value), r: 2, class: cls }, svg))
      .textContent = `step ${p.step}: ${signed(p.value)}`;
  };
  line(analysis.recorded, 'an-recorded');
  line(analysed, 'an-analysed');
}

// Every step of the seat's turns analysed in turn (one at a time, as the
// server allows), for the plot; stops when another record is opened.
async function analyseWholeGame() {
  const sweep = ++analysis.sweep, name = rec.name, seat = analysisSeat(), agent = $('an-agent').value;
  analysis.plotSeat = seat;
  for (let step = 0; step <= rec.steps && sweep === analysis.sweep && rec.name === name; step++) {
    $('an-status').textContent = `value over the game: step ${step} of ${rec.steps}...`;
    const r = await api('POST', '/api/analysis', { record: name, step, seat, agent }).catch((e) => ({ error: e.message }));
    if (r.error) { $('an-status').textContent = r.error; return; }
    if (r.value !== null) analysis.values.set(`${seat} ${step}`, r.value);
    if (step % 10 === 0) drawValuePlot();
  }
  drawValuePlot();
  if (sweep === analysis.sweep) $('an-status').textContent = `value over the game as ${seat}: done`;
}

$('an-run').addEventListener('click', () => analyseStep().catch(showError('an-status')));
$('an-whole').addEventListener('click', () => analyseWholeGame());
$('an-follow').addEventListener('change', () => { if ($('an-follow').checked) analyseStep().catch(showError('an-status')); });

// ---- The game in play: the person's own seat (never a spectator's). ----

const liveAnalysis = { game: null, result: null, ply: null, id: null };

// Where the live board draws a point (classic boards turn for blue; flip boards never turn).
function livePlace(point) {
  const g = play.game;
  if (g.game === 'four') return play.geometry.at[point] ? crossPlace(play.geometry, point) : null;
  return place(squareIndex(point), (g.game || 'classic') === 'classic' && g.seat === 'blue');
}

// After every drawing of the live board: the panel shown to a seat (not to a
// spectator), its agents those of the game's kind, and the last analysis drawn
// again while the position is the one analysed.
async function liveAnalysisShown(game) {
  const seated = game.seat !== 'spectator';
  $('an-live').hidden = !seated;
  if (!seated) return;
  if (liveAnalysis.id !== game.id) {
    Object.assign(liveAnalysis, { result: null, ply: null, id: game.id });
    $('an-live-result').replaceChildren();
    $('an-live-status').textContent = '';
  }
  if (liveAnalysis.result && liveAnalysis.ply === game.ply) drawLiveAnalysis(liveAnalysis.result);
  const kind = game.game || 'classic';
  if (liveAnalysis.game === kind) return;
  liveAnalysis.game = kind;
  const agents = await api('GET', `/api/agents?game=${kind}`).catch(() => []);
  $('an-live-agent').replaceChildren(...agents.map((a) => Object.assign(new Option(a.name, a.name), { title: a.help })));
  const searching = agents.find((a) => /ismcts|mcts/.test(a.name));
  if (searching) $('an-live-agent').value = searching.name;
}

function drawLiveAnalysis(r) {
  const layer = el('g', { class: 'an-layer' }, $('board'));
  drawBeliefs(layer, r.beliefs, livePlace, r.game === 'four');
  drawTopMoves(layer, r.moves, livePlace);
}

async function analyseMyPosition() {
  const game = play.game;
  if (!game || game.seat === 'spectator') return;
  $('an-live-status').textContent = 'analysing your position...';
  const r = await api('POST', `${gamePath()}/analysis`, { agent: $('an-live-agent').value });  // people.js: the seat's path
  if (play.game !== game && (!play.game || play.game.id !== game.id)) return;  // another game since
  Object.assign(liveAnalysis, { result: r, ply: r.ply });
  $('an-live-status').textContent = `${r.seat} at ply ${r.ply}, ${r.agent}: `
    + (r.moves.length ? `${r.simulations} simulations, value ${signed(r.value)}, suggests ${r.choice}`
      : r.choice ? `plays ${r.choice} (${r.note})` : r.note)
    + `. Beliefs on ${r.beliefs.length} pieces.`;
  $('an-live-result').replaceChildren(...topMoveItems(r.moves));
  if (play.game && play.game.ply === r.ply) drawLiveAnalysis(r);
}

$('an-live-run').addEventListener('click', () => analyseMyPosition().catch(showError('an-live-status')));
