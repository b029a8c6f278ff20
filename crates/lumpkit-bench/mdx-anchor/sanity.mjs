// Runs mdx-m3-viewer 5.12.0's MDX parser and sanity test on each model named on the command line,
// each REPEAT times (first argument), and prints one JSON line per model: whether it loaded, the
// sanity test's error/severe messages and counts, and the mean time per run in milliseconds.
// Used by compare.py; needs `npm install` in this folder (node_modules is not committed).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const viewer = require('mdx-m3-viewer/dist/cjs/index.js');
const Model = viewer.parsers.mdlx.Model;
const sanityTest = viewer.utils.mdlx.sanityTest;

function collect(node, out) {
  for (const n of node.nodes || []) {
    if (n.type === 'error' || n.type === 'severe') {
      out.push({ type: n.type, message: n.message, at: node.name });
    } else if (n.type === 'node') {
      collect(n, out);
    }
  }
}

const repeat = Number(process.argv[2]) || 1;
for (const path of process.argv.slice(3)) {
  const bytes = readFileSync(path);
  const row = { path };
  let result = null;
  const start = performance.now();
  try {
    for (let i = 0; i < repeat; i++) {
      const model = new Model();
      model.load(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      result = sanityTest(model);
    }
    row.loaded = true;
  } catch (e) {
    row.loaded = false;
    row.exception = String(e && e.message || e);
  }
  row.ms = (performance.now() - start) / repeat;
  if (result) {
    const messages = [];
    collect(result, messages);
    row.errors = result.errors;
    row.severe = result.severe;
    row.warnings = result.warnings;
    row.messages = messages;
  }
  console.log(JSON.stringify(row));
}
