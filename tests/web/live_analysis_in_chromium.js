// "Analyse my position" on the Play tab in headless Chromium (puppeteer-core):
// a classic, a Flip Junqi and a four-player game against the heuristic, each
// analysed at its start; the seat's beliefs drawn on the live board (every
// piece it cannot see), the top moves listed (with their values where the
// search reports them) and drawn;
// no page error. Usage: NODE_PATH=.../node_modules node live_analysis_in_chromium.js URL CHROMIUM OUT_DIR
'use strict';
const puppeteer = require('puppeteer-core');
const assert = require('assert');

const [url, executablePath, out] = process.argv.slice(2);
const errors = [];

// `values`: the agent's search reports each move's value.
async function analyseAtStart(page, preset, beliefs, values) {
  await page.goto(url);
  await page.waitForSelector('#setup:not([hidden])');
  await page.waitForFunction((p) => [...document.querySelectorAll('#preset option')].some((o) => o.value === p), {}, preset);
  await page.waitForNetworkIdle({ idleTime: 200 });  // the first preset's layout and its check
  await page.select('#preset', preset);
  await page.waitForNetworkIdle({ idleTime: 100 });
  await page.waitForFunction(() => [...document.querySelectorAll('#agent option')].some((o) => o.value === 'heuristic'));
  await page.$eval('#agent', (e) => { e.value = 'heuristic'; });
  await page.click('#start');
  await page.waitForSelector('#ingame:not([hidden])');
  await page.waitForSelector('#an-live:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#an-live-agent option').length > 0);
  await page.click('#an-live-run');
  await page.waitForFunction(() => document.querySelectorAll('#an-live-result li').length > 0
    || /not to move|error/.test(document.querySelector('#an-live-status').textContent));
  const drawn = await page.$$eval('#board .an-belief', (g) => g.length);
  const moves = await page.$$eval('#board .an-move', (g) => g.length);
  const items = await page.$$eval('#an-live-result li', (li) => li.map((l) => l.textContent));
  const status = await page.$eval('#an-live-status', (e) => e.textContent);
  console.log(`${preset}: ${drawn} beliefs drawn, ${moves} moves drawn; ${status}; ${items.slice(0, 3).join(' | ')}`);
  assert.strictEqual(drawn, beliefs, `${preset}: beliefs drawn`);
  assert.ok(moves > 0, `${preset}: no move drawn`);
  assert.ok(items.length > 0 && items.every((t) => !values || /value [+-]\d/.test(t)), `${preset}: top moves with values: ${items}`);
  await page.screenshot({ path: `${out}/live-analysis-${preset}.png` });
}

(async () => {
  const browser = await puppeteer.launch({ executablePath, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  let failed = false;
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 900 });
    page.setDefaultTimeout(60000);  // under the sanitizers on a loaded machine an answer can take 20 s
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    page.on('response', (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.request().method()} ${r.url()}`); });
    await analyseAtStart(page, 'hiddenfront', 25, true);
    await analyseAtStart(page, 'flip-kawu', 50, true);
    await analyseAtStart(page, 'four-worldatplay', 75, true);
  } catch (e) {
    failed = true;
    console.error(e.message);
  }
  await browser.close();
  if (errors.length) console.error(errors.join('\n'));
  process.exit(failed || errors.length ? 1 : 0);
})();
