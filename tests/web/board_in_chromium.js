// The web board in headless Chromium (puppeteer-core): set up a layout (a
// swap, a swap the rules refuse and its message, the swap undone), play a
// whole game against `random` by clicking (resigning at a move cap), check
// the agent's pieces stay face down until the full reveal, download the
// record, step through it as a seat with its beliefs, and watch a match;
// then Flip Junqi against the heuristic under flip-kawu and
// flip-worldatplay, each to its end (the first reviewed in the record
// viewer as a seat and as the referee); a classic game between two browser
// sessions, watched by a third; a four-player game to its end, south and
// north people in browsers of their own, east and west the heuristic
// (reviewed as south and as the referee); a flip-kawu game between two
// browser sessions to its end. Every JSON answer every page received is
// checked for what its seat may not see (seat_view_checks.js), and the
// checks are shown to catch leaks put into real answers.
// The preset (hiddenfront) has a clock: its countdown is shown on the
// person's turn; the long game's events scroll in a box under the buttons.
// Any console error, page error or failed request fails the test.
// Usage: node board_in_chromium.js URL CHROMIUM OUT_DIR
'use strict';
const puppeteer = require('puppeteer-core');
const assert = require('assert');
const { leaksOf, selfTest } = require('./seat_view_checks.js');
const { clickOn, playFlipAgainst, playPeople, sessionPage, watchAnswers } = require('./full_games_in_chromium.js');

const [url, executablePath, out] = process.argv.slice(2);
const MOVE_CAP = 100;  // the person's moves before resigning
const errors = [];
const laps = [];  // each part's time

const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
const visible = (page, sel) => page.$eval(sel, (e) => !e.hidden && e.offsetParent !== null);

async function swapCells(page, a, b) {
  await page.click(`#board .piece[data-cell="${a}"]`);
  await page.waitForSelector(`#board .piece[data-cell="${a}"].selected`);
  await page.waitForNetworkIdle({ idleTime: 50 });
  await page.click(`#board .piece[data-cell="${b}"]`);
  await page.waitForFunction((a) => !document.querySelector(`#board .piece[data-cell="${a}"].selected`)
    && document.querySelector('#board .piece[data-cell]'), {}, a);
  await page.waitForNetworkIdle({ idleTime: 50 });
}

async function setUpLayout(page) {
  await page.waitForSelector('#board .piece[data-cell]');
  await page.select('#style', 'aggressive');
  await page.click('#new-layout');
  await page.waitForNetworkIdle({ idleTime: 50 });
  const before = await page.$eval('#layout-text', (e) => e.value);
  const cells = await page.evaluate(() => play.layout);
  // Two officers swap freely; the flag on a front point breaks a rule.
  const officers = cells.map((c, i) => ('EPCJRIDGM'.includes(c) ? i : -1)).filter((i) => i >= 0);
  const pair = officers.find((i) => cells[i] !== cells[officers[0]]);
  await swapCells(page, officers[0], pair);
  assert.notStrictEqual(await page.$eval('#layout-text', (e) => e.value), before, 'the swap changed the layout');
  assert.strictEqual(await text(page, '#layout-error'), '', 'a legal layout has no message');
  const flag = cells.indexOf('F'), front = 27;  // C6: a front point of one's own half
  await swapCells(page, flag, front);
  assert.match(await text(page, '#layout-error'), /flag/, 'the rules say why the flag cannot stand there');
  await swapCells(page, flag, front);
  assert.strictEqual(await text(page, '#layout-error'), '', 'the swap back is legal again');
}

// One move by clicking: the piece, then its lit target (clickOn: a board
// the heartbeat redrew between finding the piece and clicking it is clicked again).
async function clickAMove(page, n) {
  const { legal, ply } = await page.evaluate(() => ({ legal: play.game.legal, ply: play.game.ply }));
  const [from, to] = legal[(n * 7) % legal.length].split('-');
  await clickOn(page, `#board .piece[data-square="${from}"]`);
  await page.waitForSelector(`#board circle.target[data-target="${to}"]`);
  await clickOn(page, `#board circle.target[data-target="${to}"]`);
  await page.waitForFunction((ply) => play.game.ply > ply || play.game.outcome, {}, ply);
}

// The long game's events: a bounded box that scrolls, wholly under the buttons.
async function eventsBelowTheButtons(page) {
  const box = await page.evaluate(() => {
    const events = document.querySelector('#events').getBoundingClientRect();
    const buttons = [...document.querySelectorAll('#ingame button, #ingame a')].filter((b) => b.offsetParent !== null);
    const list = document.querySelector('#events');
    return { top: events.top, height: events.height, items: list.children.length, scrolls: list.scrollHeight > events.height,
      framed: getComputedStyle(list).borderTopStyle !== 'none' && getComputedStyle(list).overflowY === 'auto',
      buttonsEnd: Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom)) };
  });
  // Framed: what scrolled off the top shows as the box's edge, not as text cut under the buttons.
  assert.ok(box.framed && box.top >= box.buttonsEnd, `the events start under the buttons: ${JSON.stringify(box)}`);
  assert.ok(box.height < 450 && (box.scrolls || box.items < 40), `the events scroll in a bounded box: ${JSON.stringify(box)}`);
}

async function playAGame(page) {
  await page.$eval('#agent', (e) => { e.value = 'random'; });
  await page.click('#start');
  await page.waitForSelector('#ingame:not([hidden])');
  for (let n = 0; n < MOVE_CAP; n++) {
    await page.waitForFunction(() => ['your-move', 'over'].includes(document.querySelector('#status').dataset.state));
    if (await page.$eval('#status', (e) => e.dataset.state) === 'over') break;
    const faces = await page.$$eval('#board .piece[data-side="blue"] text', (ts) => ts.map((t) => t.textContent));
    assert.ok(faces.length > 0 && faces.every((f) => f === '?'), `the agent's pieces are face down: ${faces}`);
    if (n === 0) assert.match(await text(page, '#clock'), /^Clock: \d+ s left for your move/, 'the move clock');
    if (n === 30) await page.screenshot({ path: `${out}/playing.png`, clip: { x: 0, y: 0, width: 830, height: 800 } });
    await clickAMove(page, n);
  }
  if (await page.$eval('#status', (e) => e.dataset.state) !== 'over') await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'over');
  const faces = await page.$$eval('#board .piece[data-side="blue"] text', (ts) => ts.map((t) => t.textContent));
  assert.ok(faces.every((f) => f !== '?'), 'the full reveal at the end');
  assert.ok(await visible(page, '#download'), 'the record can be downloaded');
  const href = await page.$eval('#download', (e) => e.href);
  const record = await page.evaluate((h) => fetch(h).then((r) => r.text()), href);
  assert.match(record, /^junqi-record 1\n/);
  await eventsBelowTheButtons(page);
  await page.screenshot({ path: `${out}/play.png` });
  return record.split('\n').filter((l) => /^\d+ (red|blue) /.test(l)).length;
}

async function stepThroughTheRecord(page) {
  await page.click('#review');
  await page.waitForSelector('#record-nav:not([hidden])');
  await page.waitForSelector('#rec-board .piece');
  const steps = parseInt((await text(page, '#rec-steps')).replace('of ', ''), 10);
  assert.ok(steps > 0, 'the record has actions');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft']) {
    await page.keyboard.press(key);
    await page.waitForNetworkIdle({ idleTime: 50 });
  }
  assert.strictEqual(await page.$eval('#rec-step', (e) => e.value), '2', 'two steps on by the arrow keys');
  await page.click('#rec-last');
  await page.waitForFunction((s) => document.querySelector('#rec-step').value === String(s), {}, steps);
  await page.$eval('#rec-step', (e) => { e.value = '1'; e.dispatchEvent(new Event('change')); });
  await page.waitForFunction(() => document.querySelector('#rec-step').value === '1');
  await page.select('#rec-seat', 'red');
  await page.waitForFunction(() => [...document.querySelectorAll('#rec-board .piece[data-side="blue"] text')]
    .every((t) => /%$/.test(t.textContent)));
  await page.select('#heat', 'F');
  await page.waitForFunction(() => [...document.querySelectorAll('#rec-board .piece[data-side="blue"] text')]
    .some((t) => /^F /.test(t.textContent)));
  await page.screenshot({ path: `${out}/record.png` });
  // A record of the server's folder, opened from the list.
  const option = await page.$eval('#record-files option[value^="records/"]', (o) => o.value);
  await page.select('#record-files', option);
  await page.waitForFunction(() => document.querySelector('#rec-step').value === '0');
}

async function watchTheMatch(page) {
  await page.click('#tab-match');
  await page.waitForFunction(() => /random/.test(document.querySelector('#match-table').textContent)
    && /heuristic/.test(document.querySelector('#match-table').textContent));
  await page.waitForFunction(() => {
    const img = document.querySelector('#match-report');
    return !img.hidden && img.complete && img.naturalWidth > 0;
  });
  assert.ok((await page.$$('#match-games li')).length >= 2, 'the match games are listed');
  await page.screenshot({ path: `${out}/match.png`, fullPage: true });
}

// The finished flip game in the record viewer: as seat 1 every face-down
// point shows '?' alone; the referee's view shows what lies under each, faded.
async function reviewFlip(page) {
  await page.click('#review');
  await page.waitForSelector('#records.active #rec-board .piece');
  const seats = await page.$$eval('#rec-seat option', (os) => os.map((o) => o.value));
  assert.deepStrictEqual(seats, ['all', '1', '2'], 'a flip record is seen by seat 1, 2 or the referee');
  await page.click('#rec-first');
  await page.select('#rec-seat', '1');
  await page.waitForFunction(() => rec.view.seat === '1' && rec.view.step === 0);
  const faces = await page.$$eval('#rec-board .piece[data-side="facedown"] text', (ts) => ts.map((t) => t.textContent));
  assert.ok(faces.every((f) => f === '?'), `a seat sees no face-down piece: ${faces}`);
  assert.strictEqual((await page.$$('#rec-board .piece.dealt')).length, 0, 'no deal in a seat\'s view');
  await page.select('#rec-seat', 'all');
  await page.waitForFunction(() => rec.view.seat === 'all');
  assert.strictEqual((await page.$$('#rec-board .piece.dealt')).length, 50, 'the referee sees all 50 face down');
  const dealt = await page.$$eval('#rec-board .piece.dealt text', (ts) => ts.map((t) => t.textContent));
  assert.ok(dealt.every((f) => f !== '?'), `the referee sees the deal: ${dealt}`);
  await page.click('#rec-last');
  await page.waitForFunction(() => /seat \d wins|draw/.test(document.querySelector('#rec-status').textContent));
  await page.screenshot({ path: `${out}/flip-record.png` });
}

// The finished four-player game in the record viewer: as south (own
// visibility) east's pieces show '?'; the referee sees every identity.
async function reviewFour(page) {
  await page.click('#review');
  await page.waitForSelector('#records.active #rec-board .piece');
  const seats = await page.$$eval('#rec-seat option', (os) => os.map((o) => o.value));
  assert.deepStrictEqual(seats, ['all', 'south', 'east', 'north', 'west'], 'a four-player record\'s seats');
  await page.select('#rec-seat', 'south');
  await page.waitForFunction(() => rec.view.seat === 'south' && rec.view.step === 0);
  const east = await page.$$eval('#rec-board .piece[data-side="east"] text', (ts) => ts.map((t) => t.textContent));
  assert.ok(east.every((f) => f === '?'), `south does not see east's pieces: ${east}`);
  const south = await page.$$eval('#rec-board .piece[data-side="south"] text', (ts) => ts.map((t) => t.textContent));
  assert.ok(south.length > 0 && south.every((f) => f !== '?'), `south sees its own: ${south}`);
  await page.select('#rec-seat', 'all');
  await page.waitForFunction(() => rec.view.seat === 'all');
  const all = await page.$$eval('#rec-board .piece text', (ts) => ts.map((t) => t.textContent));
  assert.ok(all.length === 100 && all.every((f) => f !== '?'), `the referee sees every piece: ${all}`);
  await page.click('#rec-next');
  await page.waitForFunction(() => document.querySelector('#rec-step').value === '1');
  await page.screenshot({ path: `${out}/four-record.png` });
}

// A classic game between two browser sessions and a spectator: the creator
// leaves blue to a person, the friend opens the seat's link in a browser of
// their own, the spectator the watch link; they move by clicking in turn,
// then blue resigns.
async function playBetweenTwoBrowsers(browser) {
  const red = await sessionPage(browser, url, errors);
  await red.page.waitForSelector('#board .piece[data-cell]');
  await red.page.waitForNetworkIdle({ idleTime: 50 });
  await red.page.click('#people input[value="blue"]');
  await red.page.click('#start');
  await red.page.waitForSelector('#invites:not([hidden]) #invite-blue');
  const join = await red.page.$eval('#invite-blue', (e) => e.value);
  const watch = await red.page.$eval('#invite-watch', (e) => e.value);
  assert.match(join, /\?join=[0-9a-f]{32}$/, 'the seat\'s link holds its join token');
  const blue = await sessionPage(browser, join, errors);
  await blue.page.waitForFunction(() => play.game && play.game.seat === 'blue');
  const spectator = await sessionPage(browser, watch, errors);
  await spectator.page.waitForFunction(() => play.game && play.game.seat === 'spectator');
  assert.strictEqual(await visible(spectator.page, '#resign'), false, 'a spectator cannot resign');
  for (let n = 0; n < 12; n++) {
    const page = n % 2 === 0 ? red.page : blue.page;
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'your-move');
    await clickAMove(page, n);
  }
  await red.page.waitForFunction(() => document.querySelector('#status').dataset.state === 'your-move');
  await blue.page.click('#resign');  // on red's turn: a person may resign whenever
  for (const { page } of [red, blue, spectator])
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'over');
  assert.match(await text(red.page, '#status'), /you win/, 'red wins when blue resigns');
  await spectator.page.screenshot({ path: `${out}/people-spectator.png` });
  for (const p of [red, blue, spectator]) p.token = await p.page.evaluate(() => play.seatToken || null);
  return [red, blue, spectator];
}

// Every answer each page of a game of people received: what its seat may
// see, and no token but its own (the creator's first answer holds the
// links it shares). Returns the answers checked.
async function checkSeatViews(pages) {
  const joins = pages.map((p) => p.token).filter((t) => t);
  let answered = 0;
  for (const p of pages) {
    const answers = await p.answers.collect();
    const creatorJoins = (answers.find((a) => a.created) || { json: { invites: [] } }).json.invites.map((i) => i.join);
    const leaks = leaksOf(answers, p.token, creatorJoins);
    assert.deepStrictEqual(leaks, [], `no answer to ${p.seat} shows what it may not see`);
    assert.ok(answers.filter((a) => a.json && a.json.seat).length > 3, `${p.seat}'s page was sent states`);
    assert.ok(answers.every((a) => !a.unread), 'every answer was read');
    answered += answers.length;
    all.push(...answers);
  }
  assert.ok(joins.length >= 2, 'each person had a seat token');
  return answered;
}
const all = [];  // every answer of every page, for the checks' self-test

// A whole four-player game of people and agents: south (the creator) and
// north (a guest, its ally) are people, east and west the heuristic; then
// south's record is stepped through.
async function playFourWithPeople(browser) {
  const shot = (page) => page.screenshot({ path: `${out}/four.png`, clip: { x: 0, y: 0, width: 1040, height: 770 } });
  const game = await playPeople(browser, url, { preset: 'four-worldatplay', agent: 'heuristic', seat: 'south',
    guests: ['north'], seed: 7, errors, shot });
  assert.match(game.status, /^Game over: your team (wins|loses)|^Game over: a draw/, 'the game\'s end');
  const states = await checkSeatViews(game.pages);
  await reviewFour(game.pages[0].page);
  return { ...game, states };
}

// Flip Junqi between two people in browsers of their own, with a spectator.
async function playFlipBetweenPeople(browser) {
  const game = await playPeople(browser, url, { preset: 'flip-kawu', agent: 'heuristic', seat: '1',
    guests: ['2'], seed: 11, errors });
  return { ...game, states: await checkSeatViews(game.pages) };
}

// Flip Junqi against an agent under both presets, each to its end; the first reviewed.
async function playFlipGames(page) {
  const played = [];
  for (const [preset, seed] of [['flip-kawu', 3], ['flip-worldatplay', 5]]) {
    await page.click('#tab-play');
    await page.click('#again');
    const shot = () => page.screenshot({ path: `${out}/${preset}.png`, clip: { x: 0, y: 0, width: 830, height: 800 } });
    const game = await playFlipAgainst(page, preset, 'heuristic', seed, shot);
    played.push(`${preset} in ${game.actions} clicks (${game.status.replace('Game over: ', '')})`);
    if (preset === 'flip-kawu') await reviewFlip(page);
  }
  return played;
}

(async () => {
  const started = Date.now();
  let last = started;
  const lap = (what) => { laps.push(`${what} ${((Date.now() - last) / 1000).toFixed(0)} s`); last = Date.now(); };
  const browser = await puppeteer.launch({ executablePath, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  let failed = false;
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1100, height: 900 });
    page.setDefaultTimeout(60000);  // under the sanitizers on a loaded machine an answer can take 20 s
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
    const answers = watchAnswers(page);
    await page.goto(url);
    await setUpLayout(page);
    const actions = await playAGame(page);
    await stepThroughTheRecord(page);
    await watchTheMatch(page);
    lap('classic');
    const flips = await playFlipGames(page);
    lap('flip');
    const classicPeople = await checkSeatViews(await playBetweenTwoBrowsers(browser));
    lap('classic people');
    const four = await playFourWithPeople(browser);
    lap('four people');
    const flipPeople = await playFlipBetweenPeople(browser);
    lap('flip people');
    const own = await answers.collect();
    assert.deepStrictEqual(leaksOf(own, null, []), [], 'no answer to the page against agents shows a hidden identity');
    all.push(...own);
    assert.deepStrictEqual(selfTest(all), [], 'each check catches a leak put into a real answer');
    assert.deepStrictEqual(errors, [], 'no console error');
    console.log(`ok: a game of ${actions} actions played by clicking, its record stepped through, the match `
      + `watched; Flip Junqi to the end: ${flips.join(', ')}; a classic game between two browsers; four-player `
      + `(south and north people, east and west heuristic) to the end in ${four.actions} clicks (${four.status}); `
      + `flip-kawu between two browsers in ${flipPeople.actions} clicks (${flipPeople.status}); `
      + `${all.length} answers checked (${classicPeople + four.states + flipPeople.states} to people and spectators), `
      + `none showing what its seat may not see; `
      + `times: ${laps.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed = true;
    console.log(`web_board_in_chromium failed: ${e.stack || e}`);
    console.log(`times: ${laps.join(', ')}`);
    if (errors.length) console.log(errors.join('\n'));
    // Where it stood: the page's messages, and a picture.
    const status = await page.evaluate(() => ['status', 'move-error', 'layout-error', 'record-error', 'rec-status']
      .map((id) => `${id}: ${document.getElementById(id).textContent}`).join('\n')).catch(() => '');
    console.log(status);
    await page.screenshot({ path: `${out}/failure.png` }).catch(() => {});
  } finally {
    await browser.close();
  }
  process.exit(failed ? 1 : 0);
})();
