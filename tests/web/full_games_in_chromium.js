// Whole games through the page (board_in_chromium.js runs them): Flip Junqi
// under a preset against an agent, a game of people (Flip Junqi or
// four-player, agents in the seats nobody took) between browser sessions
// of their own, each person clicking a legal action drawn from a seeded
// generator until the game's end. Every JSON answer each page receives is
// kept (watchAnswers) for seat_view_checks.js.
'use strict';
const assert = require('assert');

// A seeded generator (mulberry32): the same choices on every run.
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Every JSON answer of the API the page receives, in order; await the result's collect().
function watchAnswers(page) {
  const pending = [];
  page.on('response', (r) => {
    const url = r.url();
    if (!url.includes('/api/') || !(r.headers()['content-type'] || '').includes('json')) return;
    const created = r.request().method() === 'POST' && new URL(url).pathname === '/api/games';
    pending.push(r.text().then((text) => {
      let json = null;
      try { json = JSON.parse(text); } catch { /* checked as text */ }
      return { url, text, json, created };
    }, () => ({ url, text: '', json: null, unread: true })));
  });
  return { collect: () => Promise.all(pending) };
}

const stateOf = (page) => page.$eval('#status', (e) => e.dataset.state);

// A click on what `selector` finds; again if the page drew its board anew
// between the finding and the click (a poll's answer drawn twice).
async function clickOn(page, selector) {
  for (let tries = 1; ; tries++) {
    try {
      return await page.click(selector);
    } catch (e) {
      if (tries === 5 || !/detached|not clickable|not of type 'Element'/.test(e.message)) throw e;
      await page.waitForSelector(selector);
    }
  }
}

// One action by clicking: a point alone (a flip), or a piece then its lit target.
async function clickAction(page, action) {
  const ply = await page.evaluate(() => play.game.ply);
  const [from, to] = action.split('-');
  await clickOn(page, `#board .piece[data-square="${from}"]`);
  if (to) {
    await page.waitForSelector(`#board circle.target[data-target="${to}"]`);
    await clickOn(page, `#board circle.target[data-target="${to}"]`);
  }
  await page.waitForFunction((ply) => play.game.ply > ply || play.game.outcome, {}, ply);
}

// In the page: the person's legal actions, those that attack an enemy
// piece, and the moves that come nearest an enemy piece (a person who seeks
// fights ends the game sooner than one who wanders).
function actionsOf() {
  const g = play.game, team = { south: 0, north: 0, east: 1, west: 1 };
  const enemies = g.game === 'four'
    ? g.pieces.filter((p) => team[p.army] !== team[g.seat]).map((p) => p.point)
    : g.board.filter((p) => !p.hidden && g.colours[g.seat] && p.colour !== g.colours[g.seat]).map((p) => p.square);
  const at = (point) => (g.game === 'four' ? play.geometry.at[point]
    : { column: point.charCodeAt(0), row: parseInt(point.slice(1), 10) });
  const distance = (a, b) => Math.abs(at(a).column - at(b).column) + Math.abs(at(a).row - at(b).row);
  const moves = g.legal.filter((m) => m.includes('-'));
  const attacks = moves.filter((m) => enemies.includes(m.split('-')[1]));
  const nearness = (m) => Math.min(...enemies.map((e) => distance(m.split('-')[1], e)));
  const best = Math.min(...moves.map(nearness));
  return { legal: g.legal, attacks, nearer: enemies.length ? moves.filter((m) => nearness(m) === best) : [] };
}

// The people's pages act in turn, each a legal action of its own drawn from
// `random` (mostly an attack, else a move nearer the enemy), until every page says the game is over; `shot` runs once, after
// `shotAt` actions. Returns the actions clicked.
async function playToTheEnd(pages, random, limit, shot, shotAt) {
  let clicked = 0;
  for (let idle = 0; ;) {
    const states = await Promise.all(pages.map(stateOf));
    if (states.every((s) => s === 'over')) return clicked;
    const mover = pages[states.indexOf('your-move')];
    if (!mover) {
      assert.ok(++idle < 3000, `nobody's turn for a minute: ${states}`);
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    idle = 0;
    const { legal, attacks, nearer } = await mover.evaluate(actionsOf);
    const draw = random();
    const pool = attacks.length && draw < 0.8 ? attacks : nearer.length && draw < 0.7 ? nearer : legal;
    await clickAction(mover, pool[Math.floor(random() * pool.length)]);
    assert.ok(++clicked < limit, `the game did not end in ${limit} actions`);
    if (clicked === shotAt && shot) await shot();
  }
}

// The setup of a game from the page: the preset, the agent, the seats left for people.
async function startFromSetup(page, preset, agent, people) {
  await page.waitForSelector('#setup:not([hidden])');
  await page.select('#preset', preset);
  await page.waitForFunction((a) => [...document.querySelectorAll('#agent option')].some((o) => o.value === a), {}, agent);
  await page.waitForNetworkIdle({ idleTime: 50 });
  await page.$eval('#agent', (e, a) => { e.value = a; }, agent);
  for (const seat of people) await page.click(`#people input[value="${seat}"]`);
  await page.click('#start');
  await page.waitForSelector('#ingame:not([hidden])');
}

// Flip Junqi against an agent under `preset`, to its end; face-down pieces show '?' alone.
async function playFlipAgainst(page, preset, agent, seed, shot) {
  await startFromSetup(page, preset, agent, []);
  const random = seeded(seed);
  const checkFaces = async () => {
    const faces = await page.$$eval('#board .piece[data-side="facedown"] text', (ts) => ts.map((t) => t.textContent));
    assert.ok(faces.every((f) => f === '?'), `face-down pieces show nothing: ${faces}`);
  };
  const actions = await playToTheEnd([page], random, 2000, async () => { await checkFaces(); await shot(); }, 12);
  const status = await page.$eval('#status', (e) => e.textContent);
  assert.match(status, /^Game over: (you win|you lose|a draw) \((flag-captured|immobilised|quiet-moves)/,
    `${preset} played to a result, not a resignation`);
  return { actions, status };
}

// A page of its own (a browser context: its own session storage) at `link`.
async function sessionPage(browser, link, errors) {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 1100, height: 900 });
  page.setDefaultTimeout(60000);  // under the sanitizers on a loaded machine an answer can take 20 s
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console (${link}): ${m.text()} ${m.location().url}`); });
  const answers = watchAnswers(page);
  await page.goto(link);
  return { page, answers };
}

// A game of people: the creator's page ticks `guests` at setup, each guest
// opens its seat's link in a session of its own, a spectator the watch
// link; agents take the other seats. Played to the end; returns each page
// with its answers and its own seat token.
async function playPeople(browser, url, { preset, agent, seat, guests, seed, errors, shot }) {
  const creator = await sessionPage(browser, url, errors);
  await creator.page.waitForSelector('#board');
  await creator.page.waitForNetworkIdle({ idleTime: 50 });
  await creator.page.select('#preset', preset);
  await creator.page.waitForNetworkIdle({ idleTime: 50 });
  if (seat) await creator.page.select('#seat', seat);
  await startFromSetup(creator.page, preset, agent, guests);
  const people = [{ ...creator, seat: seat || 'first' }];
  for (const guest of guests) {
    const join = await creator.page.$eval(`#invite-${guest}`, (e) => e.value);
    const page = await sessionPage(browser, join, errors);
    await page.page.waitForFunction((s) => play.game && play.game.seat === s, {}, guest);
    people.push({ ...page, seat: guest });
  }
  const spectator = await sessionPage(browser, await creator.page.$eval('#invite-watch', (e) => e.value), errors);
  await spectator.page.waitForFunction(() => play.game && play.game.seat === 'spectator');
  const actions = await playToTheEnd(people.map((p) => p.page), seeded(seed), 3000, shot && (() => shot(creator.page)), 40);
  await spectator.page.waitForFunction(() => document.querySelector('#status').dataset.state === 'over');
  for (const p of [...people, spectator]) p.token = await p.page.evaluate(() => play.seatToken || null);
  const status = await creator.page.$eval('#status', (e) => e.textContent);
  return { actions, status, pages: [...people, { ...spectator, seat: 'spectator' }] };
}

module.exports = { clickOn, seeded, watchAnswers, playFlipAgainst, playPeople, sessionPage };
