// The page: file intake, the results table, the viewer and the details. All lumpkit work is done by
// worker.js; this file only shows results.

const $ = (id) => document.getElementById(id);
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

// Requests to the worker, answered by id.
let nextId = 1;
const pending = new Map();
function ask(op, fields = {}, onProgress = null) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
    worker.postMessage({ id, op, ...fields });
  });
}
worker.onmessage = (event) => {
  const { id, progress, result, error } = event.data;
  const p = pending.get(id);
  if (!p) return;
  if (progress) { p.onProgress?.(progress); return; }
  pending.delete(id);
  if (error !== undefined) p.reject(new Error(error)); else p.resolve(result);
};
worker.onerror = (event) => showPageError(`worker: ${event.message || 'failed to start'}`);

function showPageError(text) {
  const el = $('page-error');
  el.textContent = text;
  el.hidden = false;
}

// State: every top-level file by its name, and every record check produced, in order.
const files = new Map();
const records = [];
let selected = null;
let busy = Promise.resolve();

const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v; else if (k === 'text') node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
};

// ---- intake -------------------------------------------------------------------------------------

/** Files of a drop, with their paths inside dropped folders (`folder/sub/x.blp`). */
async function droppedFiles(dataTransfer) {
  const entries = [...dataTransfer.items]
    .map((item) => item.webkitGetAsEntry && item.webkitGetAsEntry())
    .filter(Boolean);
  if (entries.length === 0) {
    return [...dataTransfer.files].map((file) => ({ name: file.name, file }));
  }
  const out = [];
  async function visit(entry, prefix) {
    if (entry.isFile) {
      const file = await new Promise((ok, fail) => entry.file(ok, fail));
      out.push({ name: prefix + entry.name, file });
    } else if (entry.isDirectory) {
      const reader = entry.createReader();
      const children = [];
      // readEntries returns the folder in batches until an empty one.
      for (;;) {
        const batch = await new Promise((ok, fail) => reader.readEntries(ok, fail));
        if (batch.length === 0) break;
        children.push(...batch);
      }
      children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const child of children) await visit(child, `${prefix}${entry.name}/`);
    }
  }
  for (const entry of entries) await visit(entry, '');
  return out;
}

function picked(input) {
  return [...input.files].map((file) => ({ name: file.webkitRelativePath || file.name, file }));
}

function addFiles(list) {
  // Files with the same name replace the earlier ones.
  list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  busy = busy.then(() => checkFiles(list)).catch((e) => showPageError(String(e)));
  return busy;
}

async function checkFiles(list) {
  if (list.length === 0) return;
  for (const f of list) {
    if (files.has(f.name)) removeRecordsOf(f.name);
    files.set(f.name, f.file);
  }
  $('results').hidden = false;
  const bar = $('progress-bar');
  const totalBytes = list.reduce((n, f) => n + f.file.size, 0) || 1;
  $('progress').hidden = false;
  document.body.dataset.state = 'checking';
  const started = performance.now();
  await ask('check', { files: list }, (p) => {
    bar.value = p.bytesDone / totalBytes;
    $('progress-text').textContent = `${p.done} / ${p.total} files`;
    for (const r of p.records) addRecord(r);
  });
  const seconds = (performance.now() - started) / 1000;
  $('progress-text').textContent = `checked ${list.length} files in ${seconds.toFixed(2)} s`;
  document.body.dataset.state = 'done';
  document.body.dataset.checkSeconds = seconds.toFixed(3);
  refreshFilters();
  summarize();
}

function removeRecordsOf(name) {
  for (let i = records.length - 1; i >= 0; i--) {
    if (records[i].location[0] === name) {
      records[i].row.remove();
      records.splice(i, 1);
    }
  }
}

// ---- the results table --------------------------------------------------------------------------

// As `lumpkit check` prints for people: problems first, one line for a rule that fires many times on
// one record, one row for a finding that many members of one file share, ok and info-only rows
// only when asked for, and one verdict line per dropped file or folder.

/** A finding shared by at least this many members of one file is one row (the CLI's FOLD_AT). */
const FOLD_AT = 4;
/** How many member names a folded row lists. */
const FOLD_NAMES = 3;
const RANK = { ok: 0, info: 1, warning: 2, error: 3 };

function diagnostic(d) {
  return el('div', { class: `diag sev-${d.severity}`, 'data-code': d.code },
    el('span', { class: `status-${d.severity}`, text: `${d.severity}: ` }),
    `${d.message}${d.offset !== undefined ? ` (at byte ${d.offset})` : ''} `,
    el('code', {}, el('a', { href: `diagnostics.html#${d.code}`, target: '_blank', text: `[${d.code}]` })));
}

function addRecord(r) {
  const diags = el('td');
  // Every diagnostic keeps its element (the exported records and the tests read them all); the
  // repeats of one rule at one severity beyond the first are hidden behind a count.
  const times = new Map();
  for (const d of r.diagnostics) times.set(`${d.severity} ${d.code}`, (times.get(`${d.severity} ${d.code}`) ?? 0) + 1);
  const shownOnce = new Set();
  for (const d of r.diagnostics) {
    const key = `${d.severity} ${d.code}`;
    const node = diagnostic(d);
    const n = times.get(key);
    if (n >= FOLD_AT) {
      if (shownOnce.has(key)) node.hidden = true;
      else {
        shownOnce.add(key);
        node.append(el('span', { class: 'more', text: ` and ${n - 1} more like it` }));
      }
    }
    diags.append(node);
  }
  const size = r.width !== undefined ? `${r.width}×${r.height}` : '';
  const row = el('tr', { 'data-path': r.path, 'data-status': r.status, 'data-format': r.format },
    el('td', { class: `status status-${r.status}`, text: r.status }),
    el('td', { class: 'path', text: r.path }),
    el('td', { text: r.format }),
    el('td', { text: size }),
    el('td', { text: r.mips ?? '' }),
    diags);
  const item = { ...r, row };
  row.addEventListener('click', () => select(item));
  records.push(item);
  $('table').tBodies[0].append(row);
  applyFilter(item);
}

// ---- archive members grouped by kind ------------------------------------------------------------

/** What a member is, for a map maker: models, textures, map data, object data, scripts, the rest. */
const KINDS = [
  ['models', /\.(mdx|mdl|m2|md3)$/i],
  ['textures', /\.(blp|tga|dds|paa|wal|png|jpe?g)$/i],
  ['map data', /(^|[\\/])war3map(units)?\.(w3i|w3e|doo|wpm|shd|mmp|imp|w3r|w3c|w3s|wtg|wct|wts)$/i],
  ['object data', /\.(w3u|w3t|w3b|w3d|w3a|w3h|w3q|w3o)$/i],
  ['scripts and text', /\.(j|lua|txt|slk|fdf|toc|ai)$/i],
  ['sounds', /\.(wav|mp3|ogg|flac)$/i],
];
const KIND_ORDER = [...KINDS.map(([k]) => k), 'other'];

function kindOf(record) {
  const own = record.location[record.location.length - 1];
  const hit = KINDS.find(([, re]) => re.test(own));
  return hit ? hit[0] : 'other';
}

/** A file's members kind by kind, each kind under a header row with its count and worst status
 *  (only kinds with a row to show). */
function byKind(members, body) {
  const worst = (list) => ['error', 'warning', 'ok'].find((st) => list.some((r) => r.status === st)) ?? 'ok';
  for (const kind of KIND_ORDER) {
    const group = members.filter((r) => kindOf(r) === kind);
    if (!group.length) continue;
    const status = worst(group);
    const header = el('tr', { class: 'kind-group', 'data-kind': kind, 'data-status': status },
      el('td', { class: `status status-${status}`, text: status }),
      el('td', { colspan: 5, text: `${kind} (${group.length})` }));
    body.append(header, ...group.map((r) => r.row));
    header.hidden = group.every((r) => r.row.hidden);
  }
}

/** Whether a record's row is shown under the chosen filters (before folding). */
function wanted(item) {
  const status = $('filter-status').value;
  const format = $('filter-format').value;
  const byStatus = status === 'problems' ? item.status !== 'ok' : !status || item.status === status;
  return byStatus && (!format || item.format === format);
}

function applyFilter(item) {
  item.row.hidden = !wanted(item);
}

/** The dropped file or folder a record belongs to: a top-level file, or the first folder of a
 *  dropped folder's paths. */
function dropped(item) {
  const name = item.location[0];
  const slash = name.indexOf('/');
  return slash > 0 ? name.slice(0, slash + 1) : name;
}

/** Lays the table out as the filters and folding say: files ordered by their worst status in the
 *  problems view, each file's own row before its members, findings many members share folded. */
const open = new Set();
function render() {
  const body = $('table').tBodies[0];
  for (const g of [...body.querySelectorAll('tr.group, tr.kind-group')]) g.remove();
  const byFile = new Map();
  for (const r of records) {
    const key = r.location[0];
    if (!byFile.has(key)) byFile.set(key, []);
    byFile.get(key).push(r);
  }
  const problems = $('filter-status').value === 'problems';
  const worst = (list) => Math.max(...list.map((r) => RANK[r.status]));
  const order = [...byFile.values()];
  if (problems) order.sort((a, b) => worst(b) - worst(a));
  const kinds = $('group-kind').checked;
  for (const list of order) {
    const groups = problems ? sharedFindings(list) : [];
    const folded = new Set(groups.flatMap((g) => g.members));
    for (const r of list) {
      const inGroup = folded.has(r) && !groups.some((g) => g.members.includes(r) && open.has(g.key));
      r.row.hidden = !wanted(r) || inGroup;
    }
    const [own, ...members] = list;
    body.append(own.row);
    for (const g of groups) body.append(groupRow(g));
    if (kinds) byKind(members, body);
    else body.append(...members.map((r) => r.row));
  }
  verdicts(order);
}

/** Findings (one rule at one severity) that at least FOLD_AT members of one file share; a member
 *  is folded into them only when every finding it shows is shared. */
function sharedFindings(list) {
  const members = list.filter((r) => r.location.length > 1 && wanted(r));
  const at = new Map();
  for (const r of members) {
    for (const d of r.diagnostics) {
      if (d.severity === 'info') continue;
      const key = `${list[0].location[0]}\u0000${d.severity}\u0000${d.code}`;
      if (!at.has(key)) at.set(key, { key, severity: d.severity, code: d.code, first: d, members: [] });
      const g = at.get(key);
      if (g.members[g.members.length - 1] !== r) g.members.push(r);
    }
  }
  const groups = [...at.values()].filter((g) => g.members.length >= FOLD_AT);
  const keys = new Set(groups.map((g) => `${g.severity} ${g.code}`));
  for (const g of groups) {
    g.members = g.members.filter((r) => r.diagnostics.every((d) => d.severity === 'info' || keys.has(`${d.severity} ${d.code}`)));
  }
  return groups.filter((g) => g.members.length >= FOLD_AT)
    .sort((a, b) => RANK[b.severity] - RANK[a.severity] || b.members.length - a.members.length);
}

function groupRow(g) {
  const names = g.members.slice(0, FOLD_NAMES).map((r) => r.location.slice(1).join('!'));
  const more = g.members.length - names.length;
  const text = `${g.members.length} members: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const row = el('tr', { class: `group${open.has(g.key) ? ' open' : ''}`, 'data-file': g.members[0].location[0], 'data-code': g.code,
    'data-count': String(g.members.length), title: 'click to list them' },
    el('td', { class: `status status-${g.severity}`, text: g.severity }),
    el('td', { class: 'path', text }),
    el('td', { text: '' }), el('td', { text: '' }), el('td', { text: '' }),
    el('td', {}, diagnostic(g.first)));
  row.addEventListener('click', () => {
    if (open.has(g.key)) open.delete(g.key); else open.add(g.key);
    render();
  });
  return row;
}

/** One line per dropped file or folder: its worst status and what its members add up to. */
function verdicts(order) {
  const byDrop = new Map();
  for (const list of order) {
    for (const r of list) {
      const key = dropped(r);
      if (!byDrop.has(key)) byDrop.set(key, { files: new Set(), counts: { ok: 0, warning: 0, error: 0 }, worst: 0 });
      const v = byDrop.get(key);
      v.files.add(r.location[0]);
      v.counts[r.status] += 1;
      v.worst = Math.max(v.worst, RANK[r.status]);
    }
  }
  const word = ['ok', 'ok', 'warning', 'error'];
  const items = [...byDrop].map(([name, v]) => {
    const status = word[v.worst];
    const parts = [];
    if (v.counts.error) parts.push(`${v.counts.error} error${v.counts.error > 1 ? 's' : ''}`);
    if (v.counts.warning) parts.push(`${v.counts.warning} warning${v.counts.warning > 1 ? 's' : ''}`);
    const total = v.counts.ok + v.counts.warning + v.counts.error;
    const what = v.files.size > 1 ? `${v.files.size} files, ${total} results` : `${total} result${total > 1 ? 's' : ''}`;
    return el('li', { 'data-name': name, 'data-status': status },
      el('span', { class: `status status-${status}`, text: status }), ' ',
      el('span', { class: 'name', text: name }),
      ` — ${parts.length ? parts.join(', ') : 'no problem found'} (${what})`);
  });
  $('verdicts').replaceChildren(...items);
}

function refreshFilters() {
  const select = $('filter-format');
  const current = select.value;
  const formats = [...new Set(records.map((r) => r.format))].sort();
  select.replaceChildren(el('option', { value: '', text: 'all' }),
    ...formats.map((f) => el('option', { value: f, text: f })));
  select.value = formats.includes(current) ? current : '';
  render();
}

function summarize() {
  const count = (s) => records.filter((r) => r.status === s).length;
  $('summary').textContent =
    `${records.length} files and members: ${count('ok')} ok, ${count('warning')} warning, ${count('error')} error`;
}

function exportJsonLines() {
  const lines = records.map(({ row, ...r }) => JSON.stringify(r)).join('\n');
  const url = URL.createObjectURL(new Blob([`${lines}\n`], { type: 'application/x-ndjson' }));
  const a = el('a', { href: url, download: 'lumpkit-check.jsonl' });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- details and viewer -------------------------------------------------------------------------

/** The top-level file and the member path inside it (`check`'s `location` chain). */
function target(item) {
  const [name, ...members] = item.location;
  return { name, file: files.get(name), entry: members.join('!') || undefined };
}

const view = { item: null, image: null, mip: 0 };

async function select(item) {
  selected?.row.classList.remove('selected');
  selected = item;
  item.row.classList.add('selected');
  $('detail').hidden = false;
  $('detail-title').textContent = item.path;
  const t = target(item);
  const pictured = item.width !== undefined && item.height !== undefined && item.status !== 'error';
  $('viewer').hidden = !pictured;
  view.item = item;
  if (pictured) {
    const mips = Math.max(1, item.mips ?? 1);
    $('mip').replaceChildren(...Array.from({ length: mips }, (_, i) => el('option', { value: i, text: String(i) })));
    $('mip').value = '0';
    await showMip();
  }
  $('info').replaceChildren(el('p', { text: 'reading…' }));
  try {
    const info = await ask('inspect', { ...t });
    if (selected === item) $('info').replaceChildren(renderInfo(info));
  } catch (e) {
    if (selected === item) $('info').replaceChildren(el('p', { class: 'error-text', text: String(e.message || e) }));
  }
}

async function showMip() {
  const item = view.item;
  const t = target(item);
  const mip = Number($('mip').value);
  $('viewer-error').hidden = true;
  document.body.dataset.viewer = 'decoding';
  try {
    const image = await ask('decode', { ...t, mip, storedAlpha: $('stored-alpha').checked });
    if (view.item !== item) return;
    view.image = image;
    view.mip = mip;
    draw();
    $('viewer-info').textContent = `${image.width}×${image.height}, mip ${mip}`;
  } catch (e) {
    view.image = null;
    const canvas = $('canvas');
    canvas.width = 1; canvas.height = 1;
    $('viewer-error').textContent = `cannot decode: ${e.message || e}`;
    $('viewer-error').hidden = false;
  }
  document.body.dataset.viewer = 'ready';
}

/** Puts the decoded pixels on the canvas, with or without their alpha, at the chosen zoom. */
function draw() {
  const { image } = view;
  if (!image) return;
  const canvas = $('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  let pixels = image.rgba;
  if (!$('alpha').checked) {
    pixels = new Uint8ClampedArray(image.rgba);
    for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
  }
  if (image.width > 0 && image.height > 0) {
    canvas.getContext('2d').putImageData(new ImageData(pixels, image.width, image.height), 0, 0);
  }
  zoom();
}

function zoom() {
  const canvas = $('canvas');
  const z = Number($('zoom').value);
  canvas.style.width = `${canvas.width * z}px`;
  canvas.style.height = `${canvas.height * z}px`;
}

function downloadPng() {
  const item = view.item;
  if (!item || !view.image) return;
  $('canvas').toBlob((blob) => {
    const url = URL.createObjectURL(blob);
    const own = item.location[item.location.length - 1].split(/[\\/]/).pop().replace(/\.[^.]*$/, '');
    el('a', { href: url, download: `${own || 'picture'}.mip${view.mip}.png` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }, 'image/png');
}

/** The info object as tables: its plain facts, then each list (entries, lumps, materials…). */
function renderInfo(info) {
  const box = el('div');
  const facts = el('tbody');
  const lists = [];
  for (const [k, v] of Object.entries(info)) {
    if (k === 'diagnostics' || k === 'path') continue;
    if (Array.isArray(v) && v.length > 0 && typeof v[0] === 'object' && v[0] !== null) lists.push([k, v]);
    else if (v !== null && typeof v === 'object' && !Array.isArray(v)) lists.push([k, Object.entries(v).map(([name, value]) => ({ name, value }))]);
    else facts.append(el('tr', {}, el('th', { text: k }), el('td', { text: cell(v) })));
  }
  box.append(el('table', { class: 'facts' }, facts));
  const LIMIT = 1000;
  for (const [k, rows] of lists) {
    const columns = [...new Set(rows.slice(0, LIMIT).flatMap((r) => Object.keys(r)))];
    const body = el('tbody');
    for (const r of rows.slice(0, LIMIT)) body.append(el('tr', {}, ...columns.map((c) => el('td', { text: cell(r[c]) }))));
    box.append(el('h3', { text: `${k} (${rows.length}${rows.length > LIMIT ? `, first ${LIMIT} shown` : ''})` }),
      el('table', { 'data-list': k }, el('thead', {}, el('tr', {}, ...columns.map((c) => el('th', { text: c })))), body));
  }
  return box;
}

function cell(v) {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

// ---- wiring -------------------------------------------------------------------------------------

const drop = $('drop');
drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', async (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  addFiles(await droppedFiles(e.dataTransfer));
});
// A drop anywhere else must not make the browser navigate away to the file.
window.addEventListener('dragover', (e) => e.preventDefault());
window.addEventListener('drop', (e) => e.preventDefault());
$('pick-files').addEventListener('change', (e) => { addFiles(picked(e.target)); e.target.value = ''; });
$('pick-folder').addEventListener('change', (e) => { addFiles(picked(e.target)); e.target.value = ''; });
$('pick-palette').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  try {
    await ask('palette', { bytes: file ? await file.arrayBuffer() : null });
    $('palette-state').textContent = file ? file.name : 'none';
    document.body.dataset.palette = file ? file.name : '';
  } catch (err) {
    $('palette-state').textContent = `refused: ${err.message}`;
  }
});
// Target engines: the worker judges later checks against them; files already checked are checked
// again so that the table shows one verdict.
$('targets').addEventListener('change', async (e) => {
  const names = [...e.target.selectedOptions].map((o) => o.value);
  try {
    await ask('targets', { names });
    $('targets-state').textContent = names.length ? names.join(', ') : 'none';
    document.body.dataset.targets = names.join(',');
    const again = [...files].map(([name, file]) => ({ name, file }));
    if (again.length) await addFiles(again);
  } catch (err) {
    $('targets-state').textContent = `refused: ${err.message}`;
  }
});
ask('engines').then((names) => {
  for (const name of names) $('targets').append(el('option', { value: name, text: name }));
  $('targets').size = Math.min(names.length, 4);
}).catch((e) => showPageError(`lumpkit failed to list engines: ${e.message}`));
$('filter-status').addEventListener('change', render);
$('filter-format').addEventListener('change', render);
$('group-kind').addEventListener('change', render);
$('export').addEventListener('click', exportJsonLines);
$('clear').addEventListener('click', () => {
  records.splice(0).forEach((r) => r.row.remove());
  files.clear();
  open.clear();
  $('detail').hidden = true;
  refreshFilters();
  summarize();
});
$('mip').addEventListener('change', showMip);
$('stored-alpha').addEventListener('change', showMip);
$('alpha').addEventListener('change', draw);
$('zoom').addEventListener('change', zoom);
$('png').addEventListener('click', downloadPng);

ask('limits').then((l) => {
  $('limits').textContent = `limits: ${l.maxWidth}×${l.maxHeight} px, ${l.maxPixels / 2 ** 20} Mpx, ` +
    `${l.maxAlloc / 2 ** 20} MiB per allocation, ${l.maxUnpacked / 2 ** 20} MiB unpacked per file`;
  document.body.dataset.ready = 'yes';
}).catch((e) => showPageError(`lumpkit failed to load: ${e.message}`));

// For scripts and tests: the page's state, read-only.
window.lumpkitPage = { records, view, addFiles };
