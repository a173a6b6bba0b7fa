// Flip Junqi on the page (loaded after app.js, whose helpers it uses): the
// board of face-down points the server sends, a click on a face-down piece
// flips it, a click on one of your face-up pieces then on a target moves it.
// A face-down point comes from the server as its square alone: the page
// cannot know more than the person may.
'use strict';

const TYPE_SYMBOLS = { engineer: 'E', lieutenant: 'P', captain: 'C', major: 'J', colonel: 'R', brigadier: 'I',
  'major-general': 'D', general: 'G', marshal: 'M', bomb: 'B', landmine: 'L', flag: 'F' };
const isFlipPreset = (name) => name.startsWith('flip');
const identityWords = (id) => `${id.colour} ${id.type}`;

// One action as both seats saw it.
function flipActionText(h) {
  if (h.action === 'resign') return `seat ${h.seat} resigns`;
  let text = `seat ${h.seat}: ${h.action}`;
  if (h.revealed) text = `seat ${h.seat} flips ${h.action}: ${identityWords(h.revealed)}`;
  if (h.combat) text += ` (${identityWords(h.attacker)} attacks ${identityWords(h.defender)}: ${h.combat})`;
  if (h.coloursDecided) text += '; the colours are decided';
  if (h.flagCaptured) text += '; the flag is captured';
  return text;
}

function flipPieceOf(piece) {
  if (piece.hidden) return { square: piece.square, side: 'facedown' };
  return { square: piece.square, side: piece.colour, symbol: TYPE_SYMBOLS[piece.type] };
}

function showFlipGame(game) {
  const same = play.game !== null && play.game.id === game.id;
  // An answer overtaken by a later one (a poll asked before a move or a resignation) is not drawn over it.
  if (same && (game.ply < play.game.ply || (play.game.outcome !== null && game.outcome === null))) return;
  const moved = same && play.game.ply !== game.ply;
  play.game = game;
  const layer = drawBoard($('board'), play.geometry, false);
  const over = game.outcome !== null;
  const mine = !over && !game.thinking && game.toMove === game.seat;
  const myColour = game.colours[game.seat];
  const revealed = new Map((game.reveal || []).map((p) => [p.square, p]));
  for (const raw of game.board) {
    const piece = flipPieceOf(revealed.get(raw.square) || raw);
    const g = drawPiece(layer, piece, false);
    if (piece.square === play.selected) g.classList.add('selected');
    g.addEventListener('click', () => flipPieceClick(raw, myColour));
  }
  if (mine && play.selected)
    for (const m of game.legal.filter((m) => m.startsWith(`${play.selected}-`))) {
      const to = m.split('-')[1], p = place(squareIndex(to), false);
      const dot = el('circle', { cx: p.x, cy: p.y, r: 9, class: 'target', 'data-target': to }, layer);
      dot.addEventListener('click', () => sendMove(m));
    }
  showFlipText(game, over, mine, myColour);
  clearTimeout(play.poll);
  // Soon while the game moves (agents answer quickly), less and less often while it waits for a person.
  play.wait = mine || over || moved ? 25 : Math.min(2 * (play.wait || 25), 800);
  if (!over && !mine) play.poll = setTimeout(refreshGame, play.wait);
}

// A face-down piece flips; your face-up piece is selected; another piece is a target.
function flipPieceClick(piece, myColour) {
  const game = play.game;
  if (piece.hidden && game.legal.includes(piece.square)) return sendMove(piece.square);
  const m = `${play.selected}-${piece.square}`;
  if (play.selected && game.legal.includes(m)) return sendMove(m);
  if (!piece.hidden && piece.colour === myColour) {
    play.selected = play.selected === piece.square ? null : piece.square;
    showFlipGame(game);
  }
}

function showFlipText(game, over, mine, myColour) {
  const o = game.outcome;
  const colour = myColour ? `you play ${myColour}` : 'colours not decided yet';
  $('status').textContent = over
    ? `Game over: ${o.winner === null ? 'a draw' : o.winner === game.seat ? 'you win' : 'you lose'} (${o.reason})`
      + (game.note ? `. ${game.note}` : '')
    : mine ? `Your turn: flip a face-down piece or move (${colour}; ${game.quietPlies} of ${game.quietMoveLimit} quiet turns)`
      : waitingText(game);  // people.js
  $('status').dataset.state = over ? 'over' : mine ? 'your-move' : 'waiting';
  $('clock').hidden = true;
  $('draw-answer').hidden = true;
  $('offer-draw').hidden = true;
  $('resign').hidden = over || game.seat === 'spectator';
  $('download').hidden = !over;
  $('review').hidden = !over;
  $('again').hidden = !over;
  if (over) $('download').href = withToken(`/api/games/${game.id}/record`);
  $('events').replaceChildren(...game.history.map((h) => Object.assign(document.createElement('li'),
    { textContent: flipActionText(h) })));
  $('events').scrollTop = $('events').scrollHeight;
}

// The setup for a flip preset: no layout, seats 1 and 2, the flip agents, a face-down board.
async function showFlipSetup() {
  for (const id of ['style', 'layout-text']) $(id).parentElement.style.display = 'none';
  $('new-layout').hidden = true;
  document.querySelector('#setup .hint').hidden = true;
  $('layout-error').textContent = '';
  play.geometry = await api('GET', `/api/board?rules=${encodeURIComponent(rules())}`);
  play.geometryRules = rules();
  const layer = drawBoard($('board'), play.geometry, false);
  for (let s = 0; s < 60; s++)
    if (!play.geometry.camps.includes(squareName(s))) drawPiece(layer, { square: squareName(s), side: 'facedown' }, false);
}

// The page's choices follow the preset's game: seats and agents.
async function presetChanged() {
  const flip = isFlipPreset(rules()), four = isFourPreset(rules());  // four.js
  const seats = flip ? [['1', '1 (moves first)'], ['2', '2']]
    : four ? ['south', 'east', 'north', 'west'].map((a) => [a, a]) : [['red', 'red'], ['blue', 'blue']];
  if ($('seat').options[0].value !== seats[0][0])
    $('seat').replaceChildren(...seats.map(([v, t]) => new Option(t, v)));
  const agents = await api('GET', `/api/agents?game=${flip ? 'flip' : four ? 'four' : 'classic'}`);
  $('agent').replaceChildren(...agents.map((a) => new Option(`${a.name}: ${a.help}`, a.name, false,
    a.name === 'heuristic')));
  if (flip) return showFlipSetup();
  if (four) return showFourSetup();
  for (const id of ['style', 'layout-text']) $(id).parentElement.style.display = '';
  $('new-layout').hidden = false;
  document.querySelector('#setup .hint').hidden = false;
  return newLayout();
}
