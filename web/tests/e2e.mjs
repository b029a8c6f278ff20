// End-to-end test of the page in headless Chromium (Debian's `chromium`, driven by playwright-core).
//
// Serves web/dist with `python3 -m http.server` on localhost, gives the page the shared corpus
// files (file input) and the repository's corpus/ folder (folder input) and a malformed file (a
// synthesized drop), then asserts:
//   - the results table shows, per path, the status and codes `lumpkit check --json` prints;
//   - the canvas pixels of decoded textures hash to ../shared/corpus/<fmt>/expected.tsv's facts
//     (JPEG levels within conform.py's tolerance of ../shared/refs);
//   - the table is presented as the CLI prints for people: every row as bad as its worst
//     diagnostic, no ok row in the problems view, findings many members share folded into one
//     row, and one verdict line per dropped file or folder that agrees with the CLI;
//   - a malformed file shows its diagnostics and the page goes on working;
//   - nothing is logged as a console error.
// Saves screenshots under web/test-artifacts/. Needs `cargo build --release` and web/build.sh first.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(web, '..');
const shared = resolve(repo, '..', 'shared');
const cli = join(repo, 'target', 'release', 'lumpkit');
const artifacts = join(web, 'test-artifacts');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const requireShared = process.env.LUMPKIT_REQUIRE_SHARED_CORPUS === '1';

let failures = 0;
let cliSeconds = 0;
// Each part of the test prints how long it took, so that CI's time is visible per part.
let lapStarted = performance.now();
function lap(what) {
  const now = performance.now();
  console.log(`e2e: ${what} (${((now - lapStarted) / 1000).toFixed(1)} s)`);
  lapStarted = now;
}
function fail(message) {
  failures += 1;
  console.error(`FAIL ${message}`);
}
function check(condition, message) {
  if (!condition) fail(message);
  return condition;
}

for (const [what, path] of [['the page (run web/build.sh)', join(web, 'dist', 'index.html')],
  ['the release CLI (cargo build --release)', cli], ['chromium', chromiumPath]]) {
  if (!existsSync(path)) {
    console.error(`e2e: ${what} is missing: ${path}`);
    process.exit(2);
  }
}
const haveShared = existsSync(join(shared, 'corpus'));
if (!haveShared) {
  if (requireShared) {
    console.error(`e2e: ${shared}/corpus is missing and LUMPKIT_REQUIRE_SHARED_CORPUS=1`);
    process.exit(2);
  }
  console.log(`notice: ${shared}/corpus not found; the shared-corpus checks are skipped`);
}
mkdirSync(artifacts, { recursive: true });

// ---- the server: python3 -m http.server, as the README says -------------------------------------

const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
});
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', join(web, 'dist')],
  { stdio: ['ignore', 'ignore', 'pipe'] });
let serverLog = '';
server.stderr.on('data', (d) => { serverLog += d; });
const base = `http://127.0.0.1:${port}/`;
for (let i = 0; ; i++) {
  try { await fetch(base); break; } catch (e) {
    if (i > 100) { console.error('e2e: the http server did not start'); process.exit(2); }
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

const profile = mkdtempSync(join(tmpdir(), 'lumpkit-e2e-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1280, height: 900 },
  acceptDownloads: true,
});
const consoleErrors = [];
const page = context.pages()[0] || await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
page.on('pageerror', (e) => consoleErrors.push(`page error: ${e.message}`));
page.on('crash', () => consoleErrors.push('the page crashed'));
page.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`worker: ${m.text()}`); }));

try {
  await run();
} catch (e) {
  fail(`the test itself failed: ${e.stack || e}`);
} finally {
  await context.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
check(consoleErrors.length === 0, `console errors:\n  ${consoleErrors.join('\n  ')}`);
console.log(failures === 0 ? 'e2e: all checks passed' : `e2e: ${failures} failure(s)`);
process.exit(failures === 0 ? 0 : 1);

// ---- the test -----------------------------------------------------------------------------------

async function run() {
  await page.goto(base);
  await page.waitForFunction(() => document.body.dataset.ready === 'yes', null, { timeout: 30000 });
  const wasmBytes = readFileSync(join(web, 'dist', 'pkg', 'lumpkit_wasm_bg.wasm')).length;
  console.log(`wasm: ${wasmBytes} bytes`);
  lap('page loaded');

  // 1. The shared corpus, every file picked at once, compared with the CLI on the same files.
  const expected = new Map();
  if (haveShared) {
    const picked = [];
    for (const fmt of readdirSync(join(shared, 'corpus')).sort()) {
      const dir = join(shared, 'corpus', fmt);
      const names = readdirSync(dir).filter((n) => !['expected.tsv', 'SOURCES.md'].includes(n)).sort();
      picked.push(...names.map((n) => join(dir, n)));
      const started = performance.now();
      addCli(expected, cliCheck(dir, names));
      cliSeconds += (performance.now() - started) / 1000;
    }
    const pageSeconds = await checkInPage(() => page.setInputFiles('#pick-files', picked));
    console.log(`shared corpus: ${picked.length} files; page ${pageSeconds.toFixed(2)} s, native CLI ${cliSeconds.toFixed(2)} s (one process per folder)`);
    lap('1. shared corpus checked');
  }

  // 2. The repository's corpus/ folder through the folder input.
  addCli(expected, cliCheck(repo, ['corpus']));
  await checkInPage(() => page.setInputFiles('#pick-folder', join(repo, 'corpus')));
  await compareTable(expected);
  await checkPresentation(expected);
  await page.screenshot({ path: join(artifacts, 'table.png'), fullPage: false });
  lap('2. corpus/ checked and compared with the CLI');

  // 3. A malformed file, dropped: it shows its diagnostics, and the page goes on working.
  await dropFile('broken.blp', [0x42, 0x4c, 0x50, 0x32, 1, 0, 0, 0, 9, 9]);
  const broken = await rowOf('broken.blp');
  if (check(broken, 'the dropped malformed file has no row')) {
    check(broken.status === 'error' && broken.codes.length > 0,
      `broken.blp: want an error with diagnostics, got ${JSON.stringify(broken)}`);
    await clickRow('broken.blp');
    await page.waitForFunction(() => document.querySelector('#info').textContent !== 'reading…');
  }

  // 4. Pixels: every rgba-sha256 fact of the shared corpus, read back from the canvas.
  if (haveShared) {
    await page.setInputFiles('#pick-palette', join(shared, 'palettes', 'quake.lmp'));
    await page.waitForFunction(() => document.body.dataset.palette === 'quake.lmp');
    await pixelFacts();
    lap('3, 4. malformed drop, pixel facts');
  }

  // 5. The viewer, for the screenshot: a texture at 4x with its details.
  const shot = haveShared ? 'blprs__to-png_a.blp' : 'corpus/blp/pal8.blp';
  if (await rowOf(shot)) {
    await clickRow(shot);
    await page.selectOption('#zoom', '2');
    await page.waitForFunction(() => document.body.dataset.viewer === 'ready');
    await page.locator('#detail').screenshot({ path: join(artifacts, 'viewer.png') });
  }
  const download = page.waitForEvent('download');
  await page.click('#export');
  const lines = readFileSync(await (await download).path(), 'utf8').trim().split('\n');
  check(lines.length === expected.size + 1, `export: ${lines.length} JSON lines, want ${expected.size + 1}`);

  // 7. A map's members grouped by kind: a header row per kind, each member under its kind.
  await page.check('#group-kind');
  const map = 'corpus/w3x/model_texture_missing.w3x';
  const groups = await page.evaluate((name) => {
    const rows = [...document.querySelectorAll('#table tbody tr')];
    const out = [];
    for (const r of rows.slice(rows.findIndex((x) => x.dataset.path === name) + 1)) {
      if (r.classList.contains('group')) continue; // a finding many members share, before the kinds
      if (r.classList.contains('kind-group')) out.push({ kind: r.dataset.kind, members: [] });
      else if (r.dataset.path.startsWith(`${name}!`) && out.length) out[out.length - 1].members.push(r.dataset.path);
      else break;
    }
    return out;
  }, map);
  check(groups.some((g) => g.kind === 'models' && g.members.some((p) => p.endsWith('.mdx')))
    && groups.some((g) => g.kind === 'map data' && g.members.some((p) => p.endsWith('war3map.w3i'))),
    `${map} grouped by kind: ${JSON.stringify(groups)}`);
  await page.uncheck('#group-kind');

  // 6. Target engines: picking OFP Elite re-checks the files; a PBO with `Cprs` entries (info by
  // default) is then an error, as `lumpkit check --target ofp-elite` says.
  const cprs = 'corpus/pbo/cprs.pbo';
  const options = await page.evaluate(() => [...document.querySelectorAll('#targets option')].map((o) => o.value));
  check(options.includes('ofp-elite') && options.includes('wow-3.3.5'), `targets: picker offers ${options}`);
  check((await rowOf(cprs))?.status === 'ok', `${cprs}: want ok without a target`);
  await checkInPage(() => page.selectOption('#targets', ['ofp-elite']));
  const targeted = await rowOf(cprs);
  const cli = cliCheck(repo, ['--target', 'ofp-elite', cprs]).find((r) => r.path === cprs);
  check(targeted && cli && targeted.status === 'error' && targeted.status === cli.status
    && targeted.codes.join() === cli.diagnostics.map((d) => d.code).sort().join(),
    `${cprs} --target ofp-elite: page ${JSON.stringify(targeted)}, CLI ${JSON.stringify(cli && cli.status)}`);
  lap('5, 6. viewer, export, target engines');
}


/** `lumpkit check --json NAMES` run in `cwd`: one record per file and member. */
function cliCheck(cwd, names) {
  let out;
  try {
    out = execFileSync(cli, ['check', '--json', '--no-config', ...names], { cwd, maxBuffer: 1 << 30 });
  } catch (e) {
    out = e.stdout; // exit 1 when a file has errors
  }
  return out.toString().trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

function addCli(map, records) {
  for (const r of records) map.set(r.path, { status: r.status, codes: r.diagnostics.map((d) => d.code).sort() });
}

/** Runs `give` (which hands files to the page) and waits until the page has checked them. */
async function checkInPage(give) {
  await page.evaluate(() => { document.body.dataset.state = 'waiting'; });
  await give();
  await page.waitForFunction(() => document.body.dataset.state === 'done', null, { timeout: 300000 });
  return Number(await page.evaluate(() => document.body.dataset.checkSeconds));
}

/** Every row of the results table: path, status and codes as shown. */
async function tableRows() {
  return page.evaluate(() => [...document.querySelectorAll('#table tbody tr[data-path]')].map((tr) => ({
    path: tr.dataset.path,
    status: tr.querySelector('.status').textContent,
    codes: [...tr.querySelectorAll('.diag code a')].map((a) => a.textContent.replace(/^\[|\]$/g, '')).sort(),
    link: tr.querySelector('.diag code a')?.getAttribute('href'),
  })));
}

/** The results row of `path` (an attribute selector: a scan of thousands of rows per look-up
 * was a tenth of the pixel facts' time). */
async function rowOf(path) {
  return page.evaluate((p) => {
    const tr = document.querySelector(`#table tbody tr[data-path="${CSS.escape(p)}"]`);
    return tr && { path: p, status: tr.dataset.status,
      codes: [...tr.querySelectorAll('.diag code a')].map((a) => a.textContent.replace(/^\[|\]$/g, '')).sort() };
  }, path);
}

async function compareTable(expected) {
  const rows = await tableRows();
  const shown = new Map(rows.map((r) => [r.path, r]));
  let same = 0; let known = 0;
  for (const [path, want] of expected) {
    const got = shown.get(path);
    if (!got) { fail(`table: no row for ${path}`); continue; }
    if (got.status !== want.status || got.codes.join() !== want.codes.join()) {
      // A browser has no folder to look in: BLP0's levels in sibling files (x.b00…) are not checked.
      const sibling = join(repo, path.replace(/\.blp$/i, '.b00'));
      // With no sibling files at all the CLI says they are missing (an error); the page cannot
      // tell missing from unreachable, and says "not checked".
      const lone = want.codes.join() === 'blp-external-mip-missing' && !existsSync(sibling);
      if (got.codes.join() === 'blp-external-mips-unreachable' && got.status === 'ok'
          && ((want.codes.length === 0 && existsSync(sibling)) || lone)) {
        console.log(`notice: ${path}: BLP0 levels in sibling files are not read in the browser (known gap)`);
        known += 1;
        continue;
      }
      // Nor the model beside a .skin (x00.skin next to x.m2): the checks against the model are not made.
      const model = join(repo, path.replace(/\d\d\.skin$/i, '.m2'));
      const needModel = new Set(['skin-batch-color-out-of-range', 'skin-batch-weight-out-of-range',
        'skin-bone-combo-out-of-range', 'skin-batch-material-out-of-range']);
      const missing = want.codes.filter((c) => !got.codes.includes(c));
      if (/\d\d\.skin$/i.test(path) && existsSync(model) && got.codes.every((c) => want.codes.includes(c))
          && missing.length > 0 && missing.every((c) => needModel.has(c))) {
        console.log(`notice: ${path}: the .m2 beside a .skin is not read in the browser (known gap)`);
        known += 1;
        continue;
      }
      fail(`table: ${path}: page ${got.status} [${got.codes}], CLI ${want.status} [${want.codes}]`);
    } else same += 1;
    if (got.link) check(/^diagnostics\.html#[a-z0-9-]+$/.test(got.link), `table: ${path}: link ${got.link}`);
  }
  for (const path of shown.keys()) check(expected.has(path), `table: ${path} is not in the CLI's output`);
  console.log(`table: ${same}/${expected.size} paths match lumpkit check --json (status and codes), ${known} known gap(s)`);
}

/** The table as the CLI presents results for people (issue 38): each row as bad as its worst
 *  diagnostic; in the default problems view no ok row shows, and a problem row is hidden only when
 *  a folded row of its file stands for every finding it has; one verdict line per dropped file or
 *  folder, as bad as the worst CLI record under it. */
async function checkPresentation(expected) {
  const state = await page.evaluate(() => ({
    view: document.getElementById('filter-status').value,
    rows: [...document.querySelectorAll('#table tbody tr[data-path]')].map((tr) => ({
      path: tr.dataset.path,
      file: window.lumpkitPage.records.find((r) => r.row === tr)?.location[0],
      status: tr.dataset.status,
      hidden: tr.hidden,
      severities: [...tr.querySelectorAll('.diag')].map((d) => d.className.replace(/^.*sev-/, '')),
      codes: [...tr.querySelectorAll('.diag')].filter((d) => !d.className.endsWith('sev-info')).map((d) => d.dataset.code),
    })),
    groups: [...document.querySelectorAll('#table tbody tr.group')].map((tr) => ({
      file: tr.dataset.file, code: tr.dataset.code, count: Number(tr.dataset.count) })),
    verdicts: [...document.querySelectorAll('#verdicts li')].map((li) => ({ name: li.dataset.name, status: li.dataset.status })),
  }));
  check(state.view === 'problems', `presentation: the default view is ${state.view}, want problems`);
  const rank = { ok: 0, info: 1, warning: 2, error: 3 };
  const word = ['ok', 'ok', 'warning', 'error'];
  for (const r of state.rows) {
    const worst = word[Math.max(0, ...r.severities.map((s) => rank[s]))];
    check(r.status === worst, `presentation: ${r.path} is ${r.status} with diagnostics as bad as ${worst}`);
    if (r.status === 'ok') check(r.hidden, `presentation: ${r.path} is ok and shown in the problems view`);
    else if (r.hidden) {
      const folded = r.codes.every((c) => state.groups.some((g) => g.file === r.file && g.code === c));
      check(folded, `presentation: ${r.path} (${r.status}) is hidden but not folded into a shared row`);
    }
  }
  for (const g of state.groups) check(g.count >= 4, `presentation: a row folds only ${g.count} members`);
  const want = new Map();
  for (const [path, v] of expected) {
    const top = path.split('!')[0];
    const slash = top.indexOf('/');
    const name = slash > 0 ? top.slice(0, slash + 1) : top;
    want.set(name, Math.max(want.get(name) ?? 0, rank[v.status]));
  }
  for (const v of state.verdicts) {
    check(want.has(v.name) && word[want.get(v.name)] === v.status,
      `presentation: verdict ${v.name} is ${v.status}, the CLI's worst is ${word[want.get(v.name)]}`);
  }
  check(state.verdicts.length === want.size, `presentation: ${state.verdicts.length} verdict lines for ${want.size} drops`);
  console.log(`presentation: ${state.rows.filter((r) => !r.hidden).length} of ${state.rows.length} rows shown, `
    + `${state.groups.length} folded rows, ${state.verdicts.length} verdict lines`);
}

async function dropFile(name, bytes) {
  await page.evaluate(([n, b]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(b)], n));
    document.body.dataset.state = 'waiting';
    document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, bytes]);
  await page.waitForFunction(() => document.body.dataset.state === 'done');
}

async function clickRow(path) {
  await page.evaluate((p) => {
    const row = document.querySelector(`#table tbody tr[data-path="${CSS.escape(p)}"]`);
    row.hidden = false;
    row.click();
  }, path);
}

/** The canvas's pixels and the decoded pixels put on it, hashed in the page. */
async function canvasPixels() {
  return page.evaluate(async () => {
    const { image } = window.lumpkitPage.view;
    const canvas = document.getElementById('canvas');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const hex = async (bytes) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
      .map((b) => b.toString(16).padStart(2, '0')).join('');
    // A 2D canvas stores premultiplied alpha: where alpha is below 255 the colours read back may
    // differ from the ones put in; fully opaque pixels must be exact.
    let opaqueSame = true;
    for (let i = 0; i < data.length; i += 4) {
      if (image.rgba[i + 3] === 255 && (data[i] !== image.rgba[i] || data[i + 1] !== image.rgba[i + 1]
        || data[i + 2] !== image.rgba[i + 2] || data[i + 3] !== 255)) { opaqueSame = false; break; }
    }
    const translucent = image.rgba.some((v, i) => i % 4 === 3 && v !== 255);
    return {
      width: canvas.width, height: canvas.height, opaqueSame, translucent,
      canvas: await hex(data), decoded: await hex(image.rgba),
    };
  });
}

/** The decoded pixels themselves, for a JPEG level whose hash differs from the fact's: compared
 * within the tolerance of its reference. (Only then: serialising a large level out of the page
 * took most of this test's time when it was done for every JPEG fact.) */
async function decodedBytes() {
  return page.evaluate(() => [...window.lumpkitPage.view.image.rgba]);
}

async function pixelFacts() {
  let ok = 0; let total = 0; let viaDecoded = 0; let viaTolerance = 0;
  for (const fmt of readdirSync(join(shared, 'corpus')).sort()) {
    const tsv = join(shared, 'corpus', fmt, 'expected.tsv');
    if (!existsSync(tsv)) continue;
    const [head, ...lines] = readFileSync(tsv, 'utf8').split('\n').filter((l) => l.trim());
    const cols = head.split('\t');
    for (const line of lines) {
      const f = Object.fromEntries(line.split('\t').map((v, i) => [cols[i], v]));
      if (f.kind !== 'rgba-sha256') continue;
      total += 1;
      const [k, v] = f.key.split(/=(.*)/s);
      const path = k === 'mip' ? f.file : `${f.file}!${v}`;
      const mip = k === 'mip' ? v : '0';
      const where = `${fmt}/${f.file} ${f.key}`;
      if (!(await rowOf(path))) { fail(`pixels: ${where}: no row ${path}`); continue; }
      await clickRow(path);
      const hasMip = await page.evaluate((m) => [...document.querySelectorAll('#mip option')].some((o) => o.value === m), mip);
      if (!hasMip) { fail(`pixels: ${where}: the mip selector has no level ${mip}`); continue; }
      await page.waitForFunction(() => document.body.dataset.viewer === 'ready');
      if (mip !== '0') {
        await page.selectOption('#mip', mip);
        await page.waitForFunction((m) => document.body.dataset.viewer === 'ready'
          && document.getElementById('viewer-info').textContent.endsWith(`mip ${m}`), mip);
      }
      const err = await page.evaluate(() => !document.getElementById('viewer-error').hidden && document.getElementById('viewer-error').textContent);
      if (err) { fail(`pixels: ${where}: ${err}`); continue; }
      const px = await canvasPixels();
      if (!check(px.opaqueSame, `pixels: ${where}: the canvas differs from the decoded pixels on opaque pixels`)) continue;
      // Opaque pictures are hashed as the canvas holds them; translucent ones as the pixels that
      // were put on it (checked above to agree with the canvas wherever alpha is 255).
      const got = px.translucent ? px.decoded : px.canvas;
      if (px.translucent) viaDecoded += 1;
      let good = got === f.expected;
      const ref = join(shared, 'refs', fmt, `${f.file}.mip${v}.rgba.gz`);
      if (!good && f.reference === 'spec-ref-jpeg' && existsSync(ref)) {
        const want = gunzipSync(readFileSync(ref));
        const mine = await decodedBytes();
        viaTolerance += 1;
        if (want.length === mine.length) {
          let worst = 0; let sum = 0;
          for (let i = 0; i < want.length; i++) { const d = Math.abs(want[i] - mine[i]); worst = Math.max(worst, d); sum += d; }
          good = worst <= 3 && sum / want.length < 0.5;
        }
      }
      if (check(good, `pixels: ${where}: sha256 ${got}, want ${f.expected}`)) ok += 1;
    }
  }
  console.log(`pixels: ${ok}/${total} rgba-sha256 facts match the canvas (${viaDecoded} translucent, hashed as put on the canvas; ${viaTolerance} JPEG levels compared within tolerance)`);
}
