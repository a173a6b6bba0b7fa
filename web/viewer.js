// The record viewer's Flip Junqi and four-player boards (loaded after
// app.js, flip.js and four.js, whose drawing it uses): a step of a .jqf or
// .jq4 record as the server sends it for the chosen view. A seat's view
// holds only what that seat saw (face-down points as points alone; in
// four-player Junqi '?' for the armies its visibility hides); the referee's
// ("all") adds the identities the seats did not see, drawn faded.
'use strict';

// The seats of the opened record's game in the "Seen by" list, "all" first.
function setRecordSeats(game, seats) {
  const select = $('rec-seat');
  const key = [game, ...seats].join(' ');
  if (select.dataset.seats === key) return;
  const chosen = select.value;
  select.replaceChildren(new Option(game === 'classic' ? 'the full board' : 'the referee (full board)', 'all'),
    ...seats.map((s) => new Option(game === 'flip' ? `seat ${s}` : s, s)));
  select.value = seats.includes(chosen) ? chosen : 'all';
  select.dataset.seats = key;
  $('heat').parentElement.style.display = game === 'classic' ? '' : 'none';  // beliefs: classic records only
}

// The two points of an action ("C3-C4", "C3" for a flip), to mark the last one.
function actionPoints(text) {
  const move = (text || '').split('-');
  return move.length === 2 ? move : [];
}

function markLast(layer, points, at, size) {
  for (const s of points) {
    const p = at(s);
    if (p) el('rect', { x: p.x - size.w / 2, y: p.y - size.h / 2, width: size.w, height: size.h, class: 'last' }, layer);
  }
}

// A Flip Junqi step: the public board; the referee's view adds the deal under the face-down points.
function showFlipStep(view, geometry) {
  const layer = drawBoard($('rec-board'), geometry, false);
  const last = view.actions[view.step - 1];
  markLast(layer, last ? actionPoints(last.action) : [], (s) => place(squareIndex(s), false), { w: 60, h: 32 });
  const dealt = new Map((view.deal || []).map((p) => [p.square, p]));
  for (const raw of view.board) {
    const under = dealt.get(raw.square);
    if (!under) {
      drawPiece(layer, flipPieceOf(raw), false);
      continue;
    }
    const g = drawPiece(layer, { square: raw.square, side: under.colour, symbol: TYPE_SYMBOLS[under.type] }, false);
    g.classList.add('dealt');
    g.dataset.facedown = 'true';
    el('title', {}, g).textContent = `face down: ${identityWords(under)}`;
  }
  const players = `${view.tags['seat1-player'] || view.tags.seat1 || 'seat 1'} (1) vs `
    + `${view.tags['seat2-player'] || view.tags.seat2 || 'seat 2'} (2). `;
  const colours = view.colours['1'] ? `Seat 1 plays ${view.colours['1']}. ` : 'Colours not decided yet. ';
  const o = view.outcome;
  return {
    status: players + colours + (o ? `Result: ${o.winner ? `seat ${o.winner} wins` : 'draw'} (${o.reason})`
      : `seat ${view.toMove} to move`),
    texts: view.actions.map(flipActionText),
  };
}

// A four-player step on the cross board, as the chosen army saw it or in full.
function showFourStep(view, geometry) {
  const layer = drawCrossBoard($('rec-board'), geometry);
  const last = view.actions[view.step - 1];
  markLast(layer, last ? actionPoints(last.split(' ')[1]) : [], (s) => (geometry.at[s] ? crossPlace(geometry, s) : null),
    { w: 24, h: 18 });
  for (const piece of view.pieces) drawFourPiece(layer, geometry, piece);
  const o = view.outcome;
  const players = ['south', 'east', 'north', 'west'].filter((a) => view.tags[a]).map((a) => `${a} ${view.tags[a]}`);
  return {
    status: (players.length ? `${players.join(', ')}. ` : '') + `${view.visibility} visibility; armies in: `
      + `${view.armiesIn.join(', ')}. ` + (o ? `Result: ${o.winningTeam || 'draw'} (${o.reason})`
      : `${view.toMove} to move`),
    texts: view.actions,
  };
}
