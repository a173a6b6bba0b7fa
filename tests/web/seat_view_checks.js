// What a seat's page may be sent (docs/web.md, "What the player is shown"),
// checked on every JSON answer the page received: each check returns why an
// answer shows what its viewer may not see, or null. Classic: no identity of
// a piece not the viewer's (a shown flag aside). Flip Junqi: a face-down
// point is its square alone, no deal before the end. Four-player: an
// identity only of an army the seat's visibility shows (a shown flag aside),
// in its pieces and in the moves it is told. Any game: no token but the
// page's own. selfTest() shows that each check fails on a leak put into a
// real answer.
'use strict';

const TEAMS = { south: 0, north: 0, east: 1, west: 1 };
const seesArmy = (viewer, army, visibility) => viewer !== 'spectator'
  && (viewer === army || visibility === 'all' || (visibility === 'team' && TEAMS[viewer] === TEAMS[army]));

function classicLeak(state) {
  if (state.outcome !== null) return null;  // the end reveals, rightly
  if ('reveal' in state) return 'the reveal before the end';
  const wrong = state.pieces.find((p) => (p.type || p.symbol) && p.side !== state.seat && p.type !== 'flag');
  if (wrong) return `${state.seat} is shown ${JSON.stringify(wrong)}`;
  if (state.seat === 'spectator') {  // a seat's events name its own pieces ("your general"); a spectator's none
    const told = state.events.find((e) => /\byour /.test(e.text));
    if (told) return `the spectator is told ${JSON.stringify(told)}`;
  }
  return null;
}

function flipLeak(state) {
  if (state.outcome !== null) return null;
  if ('reveal' in state || 'deal' in state) return 'the deal before the end';
  const under = state.board.find((p) => p.hidden && Object.keys(p).sort().join() !== 'hidden,square');
  if (under) return `${state.seat} is shown what lies under ${JSON.stringify(under)}`;
  // A flip told of a point still face down would name what lies there.
  const down = new Set(state.board.filter((p) => p.hidden).map((p) => p.square));
  const told = state.history.find((h) => h.revealed && down.has(h.action));
  return told ? `${state.seat} is told ${JSON.stringify(told)} of a face-down point` : null;
}

// One four-player move as the seat was told it: "east H3-H4 defender-removed Mx? shown:north left:north".
function parseFourMove(text) {
  const w = text.split(' ');
  const [from, to] = w[1].split('-');
  const move = { army: w[0], from, to, combat: w[2], types: w[2] !== 'none' ? w[3] : null, shown: [], left: [] };
  for (const word of w.slice(move.types ? 4 : 3)) {
    const [key, list] = word.split(':');
    if (key === 'shown') move.shown = list.split(',');
    if (key === 'left' || key === 'flag-taken') move.left.push(...list.split(','));
  }
  return move;
}

// A four-player page's answers in the order they came: the board replayed
// through the moves it is told tells each battle's defending army, so an
// identity in a move is checked against the army it belongs to.
class FourSeatView {
  constructor(seat) { Object.assign(this, { seat, board: null, told: 0, shown: new Set() }); }

  sees(army, state) { return seesArmy(this.seat, army, state.visibility); }

  check(state) {
    if (state.seat !== this.seat) return `${this.seat}'s page is sent ${state.seat}'s view`;
    if (state.outcome !== null) return null;
    if ('record' in state) return 'the layouts before the end';
    if (state.history.length >= this.told) {
      const why = this.replay(state);
      if (why) return why;
    }
    const wrong = state.pieces.find((p) => p.type && !this.sees(p.army, state)
      && !(p.type === 'flag' && this.shown.has(p.army)));
    return wrong ? `${this.seat} is shown ${JSON.stringify(wrong)}` : null;
  }

  replay(state) {
    for (const text of state.history.slice(this.told)) {
      const m = parseFourMove(text);
      const defender = this.board && this.board.get(m.to);
      if (m.types && m.types[0] !== '?' && !this.sees(m.army, state)) return `${this.seat} is told ${text}`;
      if (m.types && !['?', 'F'].includes(m.types[2]) && this.board && !this.sees(defender, state))
        return `${this.seat} is told ${text} (${defender}'s piece)`;
      m.shown.forEach((a) => this.shown.add(a));
      if (this.board) this.play(m);
    }
    const now = new Map(state.pieces.map((p) => [p.point, p.army]));
    if (this.board) {
      for (const [point, army] of this.board) if (!state.armiesIn.includes(army)) this.board.delete(point);
      const differ = [...new Set([...now.keys(), ...this.board.keys()])].filter((p) => now.get(p) !== this.board.get(p));
      if (differ.length) return `${this.seat}'s moves do not lead to its board at ${differ.join(' ')}`;
    }
    this.board = now;
    this.told = state.history.length;
    return null;
  }

  play(m) {
    const attacker = this.board.get(m.from);
    this.board.delete(m.from);
    if (m.combat === 'none' || m.combat === 'defender-removed') this.board.set(m.to, attacker);
    if (m.combat === 'both-removed') this.board.delete(m.to);
    for (const [point, army] of this.board) if (m.left.includes(army)) this.board.delete(point);
  }
}

// Every 32-hex-digit token in an answer that is not the page's own (the
// creator's answer holds the join links it is to share).
function tokenLeaks(answer, own, joins) {
  const found = answer.text.match(/\b[0-9a-f]{32}\b/g) || [];
  const mayHold = (t) => t === own || (answer.created && joins.includes(t));
  return found.filter((t) => !mayHold(t)).map((t) => `${answer.url} holds the token ${t}, not the page's`);
}

// Why any answer a page was sent shows what its viewer may not see; a
// page's seat in a game is the one of its first answer about it.
function leaksOf(answers, own, joins) {
  const seats = new Map(), fours = new Map();
  const leaks = [];
  for (const a of answers) {
    leaks.push(...tokenLeaks(a, own, joins));
    const s = a.json;
    if (!s || typeof s !== 'object' || !('outcome' in s) || !s.seat || /\/api\/records/.test(a.url)) continue;
    if (!seats.has(s.id)) seats.set(s.id, s.seat);
    if (s.game === 'four' && !fours.has(s.id)) fours.set(s.id, new FourSeatView(s.seat));
    const why = s.seat !== seats.get(s.id) ? `${seats.get(s.id)}'s page is sent ${s.seat}'s view`
      : s.game === 'flip' ? flipLeak(s) : s.game === 'four' ? fours.get(s.id).check(s) : classicLeak(s);
    if (why) leaks.push(`${a.url}: ${why}`);
  }
  return leaks;
}

// Each check catches a leak put into a real answer of the games played: the
// answers as sent must pass, and each injected one must fail.
function selfTest(answers) {
  const running = (game) => answers.find((a) => a.json && a.json.outcome === null && a.json.seat
    && a.json.seat !== 'spectator' && (a.json.game || 'classic') === game && a.json.ply > 4);
  const failed = [];
  const expectLeak = (what, answer) => { if (!leaksOf([answer], null, []).length) failed.push(what); };
  const copy = (a, change) => { const json = JSON.parse(a.text); change(json); return { ...a, json, text: JSON.stringify(json) }; };
  const classic = running('classic'), flip = running('flip'), four = running('four');
  if (!classic || !flip || !four) return ['no running answer of each game to inject into'];
  if (leaksOf([classic, flip, four], null, []).length) failed.push('the real answers pass');
  expectLeak('a classic enemy identity', copy(classic, (s) => {
    s.pieces.find((p) => p.side !== s.seat).type = 'marshal';
  }));
  expectLeak('a face-down flip piece\'s identity', copy(flip, (s) => {
    Object.assign(s.board.find((p) => p.hidden), { colour: 'red', type: 'bomb' });
  }));
  expectLeak('the flip deal before the end', copy(flip, (s) => { s.reveal = []; }));
  expectLeak('a four-player enemy identity', copy(four, (s) => {
    s.pieces.find((p) => !seesArmy(s.seat, p.army, s.visibility)).type = 'general';
  }));
  const other = copy(four, (s) => { s.seat = s.seat === 'south' ? 'east' : 'south'; });
  if (!leaksOf([four, other], null, []).length) failed.push('another seat\'s view');
  expectLeak('a battle\'s hidden attacker', copy(four, (s) => {
    const enemy = Object.keys(TEAMS).find((a) => !seesArmy(s.seat, a, s.visibility));
    s.history = [`${enemy} A1-A2 defender-removed Gx?`];
  }));
  expectLeak('another seat\'s token', copy(flip, (s) => { s.note = 'a'.repeat(32); }));
  return failed.map((f) => `the check misses ${f}`);
}

module.exports = { classicLeak, flipLeak, FourSeatView, leaksOf, selfTest, seesArmy };
