// People against people: the setup's choice of seats left for people, the
// links to share once such a game is made (one per open seat, and one to
// watch), and the opening of such a link: ?join=TOKEN takes the seat (its own
// token, kept for the tab, then reaches the game), ?watch=ID watches.
'use strict';

// The seats a person may leave for friends: every seat but the person's own.
function renderPeopleChoices() {
  const own = $('seat').value;
  const seats = [...$('seat').options].map((o) => o.value).filter((s) => s !== own);
  $('people').replaceChildren(Object.assign(document.createElement('legend'),
    { textContent: 'Seats for people (you share a link for each)' }));
  for (const seat of seats) {
    const label = document.createElement('label');
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', value: seat });
    box.dataset.peopleSeat = seat;
    label.append(box, ` ${seat}`);
    $('people').append(label);
  }
}

const peopleChosen = () => [...$('people').querySelectorAll('input:checked')].map((b) => b.value);

// Where the page's game is reached: its seat's token in a game of people, its id otherwise.
function gamePath() {
  return play.seatToken ? `/api/seats/${play.seatToken}` : `/api/games/${play.game.id}`;
}

// The address to give a friend (with the server's token, if it wants one).
function shareableLink(path) {
  const link = `${location.origin}${path}`;
  return TOKEN ? `${link}&token=${encodeURIComponent(TOKEN)}` : link;
}

function showInvites(game) {
  const rows = (game.invites || []).map((i) => [`Seat ${i.seat}`, shareableLink(i.link), `invite-${i.seat}`]);
  if (game.watch) rows.push(['Spectators', shareableLink(game.watch), 'invite-watch']);
  $('invite-links').replaceChildren(...rows.map(([what, link, id]) => {
    const li = document.createElement('li');
    const input = Object.assign(document.createElement('input'), { readOnly: true, value: link, id });
    const copy = Object.assign(document.createElement('button'), { textContent: 'Copy' });
    copy.addEventListener('click', () => { input.select(); navigator.clipboard?.writeText(link); });
    li.append(`${what}: `, input, copy);
    return li;
  }));
  $('invites').hidden = rows.length === 0;
}

// Whose turn it is, in words, while it is not the viewer's.
function waitingText(game) {
  const player = game.players ? game.players[game.toMove] : game.agent;
  return player === 'person' ? `waiting for ${game.toMove} (a person) to move...` : `${player} is thinking...`;
}

// A person's page asks every few seconds even on its own turn: the other
// person may resign or offer a draw, and a seat that asks nothing for the
// server's seat timeout has left the game.
function keepSeat() {
  clearInterval(play.heartbeat);
  if (!play.seatToken) return;
  play.heartbeat = setInterval(() => {
    if (!play.game || play.game.outcome !== null) return clearInterval(play.heartbeat);
    api('GET', gamePath()).then((seen) => {
      // An answer overtaken by a move's (asked before it, answered after) is not drawn over it.
      if (!play.game || seen.ply < play.game.ply || (play.game.outcome !== null && seen.outcome === null)) return;
      if (seenChanged(play.game, seen)) showGame(seen);  // else the board stays as it is, mid-click
    }).catch(showError('move-error'));
  }, 3000);
}

const seenChanged = (was, now) => ['ply', 'toMove', 'drawOffer', 'thinking'].some((k) => was[k] !== now[k])
  || JSON.stringify(was.outcome) !== JSON.stringify(now.outcome);

// Opens the game a shared link names (after the choices are loaded); false when none.
async function openSharedLink() {
  if (!OPENED.join && !OPENED.watch) return false;
  let game;
  if (OPENED.join) {
    game = await api('POST', '/api/join', { join: OPENED.join });
    play.seatToken = game.seatToken;
    sessionStorage.setItem(`junqi-seat-${OPENED.join}`, game.seatToken);
  } else {
    game = await api('GET', `/api/games/${OPENED.watch}`);
  }
  play.geometry = await api('GET', `/api/board?rules=${encodeURIComponent(game.rules)}`);
  play.geometryRules = game.rules;
  enterGame(game);
  keepSeat();
  return true;
}

// A joined seat survives a reload of the tab: the join link is spent, the seat's token kept.
async function rejoinIfKnown() {
  const known = OPENED.join && sessionStorage.getItem(`junqi-seat-${OPENED.join}`);
  if (!known) return false;
  play.seatToken = known;
  const game = await api('GET', `/api/seats/${known}`);
  play.geometry = await api('GET', `/api/board?rules=${encodeURIComponent(game.rules)}`);
  enterGame(game);
  keepSeat();
  return true;
}

$('seat').addEventListener('change', renderPeopleChoices);
$('preset').addEventListener('change', renderPeopleChoices);
renderPeopleChoices();
