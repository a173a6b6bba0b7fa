// Four-player Junqi on the page (loaded after app.js and flip.js): the cross
// board drawn from the server's geometry (core/four/cross_board.cpp: each
// point's grid column and row), the person's army against three agents. A
// piece shows its identity only where the server sent one (the seat's
// FourObservation under the preset's visibility).
'use strict';

const isFourPreset = (name) => name.startsWith('four');
const ARMY_CLASSES = { south: 'red', north: 'red', east: 'blue', west: 'blue' };  // the two teams' colours

function crossPlace(geometry, name) {
  const step = 400 / geometry.columns, p = geometry.at[name];
  return { x: 10 + step * (p.column + 0.5), y: 10 + step * (geometry.rows - p.row - 0.5) };
}

// The cross board's lines and points; returns the pieces' layer.
function drawCrossBoard(svg, geometry) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', '0 0 420 420');
  svg.classList.add('cross');  // square, and larger: its 129 points are small
  geometry.at = Object.fromEntries(geometry.points.map((p) => [p.point, p]));
  const line = (a, b, cls) => {
    const p = crossPlace(geometry, a), q = crossPlace(geometry, b);
    el('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: cls }, svg);
  };
  for (const [a, b] of geometry.roads) line(a, b, 'road');
  for (const rail of geometry.railways) for (let i = 1; i < rail.length; i++) line(rail[i - 1], rail[i], 'rail');
  const camps = new Set(geometry.camps);
  for (const p of geometry.points) {
    const q = crossPlace(geometry, p.point);
    if (camps.has(p.point)) el('circle', { cx: q.x, cy: q.y, r: 8, class: 'camp' }, svg);
    else el('rect', { x: q.x - 9, y: q.y - 6, width: 18, height: 12, class: 'point' }, svg);
  }
  return el('g', { class: 'pieces' }, svg);
}

function drawFourPiece(layer, geometry, piece) {
  const p = crossPlace(geometry, piece.point);
  const known = piece.type !== undefined;
  const g = el('g', { class: `piece ${ARMY_CLASSES[piece.army]}${known ? '' : ' hidden'}`, 'data-square': piece.point,
    'data-side': piece.army }, layer);
  el('rect', { x: p.x - 10, y: p.y - 7, width: 20, height: 14, rx: 2 }, g);
  const label = el('text', { x: p.x, y: p.y }, g);
  label.textContent = known ? TYPE_SYMBOLS[piece.type] : '?';
  label.style.fontSize = '9px';
  el('title', {}, g).textContent = `${piece.army}${known ? ` ${piece.type}` : ''} on ${piece.point}`;
  return g;
}

function showFourGame(game) {
  const same = play.game !== null && play.game.id === game.id;
  // An answer overtaken by a later one (a poll asked before a move or a resignation) is not drawn over it.
  if (same && (game.ply < play.game.ply || (play.game.outcome !== null && game.outcome === null))) return;
  const moved = same && play.game.ply !== game.ply;
  play.game = game;
  const layer = drawCrossBoard($('board'), play.geometry);
  const over = game.outcome !== null;
  const mine = !over && !game.thinking && game.toMove === game.seat;
  for (const piece of game.pieces) {
    const g = drawFourPiece(layer, play.geometry, piece);
    if (piece.point === play.selected) g.classList.add('selected');
    g.addEventListener('click', () => fourPieceClick(piece));
  }
  if (mine && play.selected)
    for (const m of game.legal.filter((m) => m.startsWith(`${play.selected}-`))) {
      const to = m.split('-')[1], p = crossPlace(play.geometry, to);
      const dot = el('circle', { cx: p.x, cy: p.y, r: 4, class: 'target', 'data-target': to }, layer);
      dot.addEventListener('click', () => sendMove(m));
    }
  showFourText(game, over, mine);
  clearTimeout(play.poll);
  // Soon while the game moves (agents answer quickly), less and less often while it waits for a person.
  play.wait = mine || over || moved ? 25 : Math.min(2 * (play.wait || 25), 800);
  if (!over && !mine) play.poll = setTimeout(refreshGame, play.wait);
}

function fourPieceClick(piece) {
  const game = play.game, m = `${play.selected}-${piece.point}`;
  if (play.selected && game.legal.includes(m)) return sendMove(m);
  if (piece.army !== game.seat) return;
  play.selected = play.selected === piece.point ? null : piece.point;
  showFourGame(game);
}

function showFourText(game, over, mine) {
  const o = game.outcome;
  const team = game.seat === 'south' || game.seat === 'north' ? 'south-north' : 'east-west';
  $('status').textContent = over
    ? `Game over: ${o.winningTeam === null ? 'a draw' : o.winningTeam === team ? 'your team wins' : 'your team loses'}`
      + ` (${o.reason})${game.note ? `. ${game.note}` : ''}`
    : mine ? `Your move, ${game.seat} (${game.visibility} visibility; ${game.quietMoves} of ${game.quietMoveLimit}`
      + ` quiet moves; armies in: ${game.armiesIn.join(', ')})`
      : waitingText(game);  // people.js
  $('status').dataset.state = over ? 'over' : mine ? 'your-move' : 'waiting';
  for (const id of ['clock', 'draw-answer', 'offer-draw']) $(id).hidden = true;
  $('review').hidden = !over;
  $('resign').hidden = over || game.seat === 'spectator';
  $('download').hidden = !over;
  $('again').hidden = !over;
  if (over) $('download').href = withToken(`/api/games/${game.id}/record`);
  $('events').replaceChildren(...game.history.map((h) => Object.assign(document.createElement('li'),
    { textContent: h })));
  $('events').scrollTop = $('events').scrollHeight;
}

async function showFourSetup() {
  for (const id of ['style', 'layout-text']) $(id).parentElement.style.display = 'none';
  $('new-layout').hidden = true;
  document.querySelector('#setup .hint').hidden = true;
  $('layout-error').textContent = '';
  play.geometry = await api('GET', `/api/board?rules=${encodeURIComponent(rules())}`);
  play.geometryRules = rules();
  drawCrossBoard($('board'), play.geometry);
}
