// The Web Worker that runs lumpkit (WebAssembly) so the page stays responsive on a large archive.
// Messages in: {id, op: 'check'|'inspect'|'decode'|'palette'|'targets'|'engines'|'limits', ...}; out: {id, progress?|result?|error?}.
import init, { check, inspect, decode, limits, engines } from './pkg/lumpkit_wasm.js';

const ready = init();
let palette = null;
// Engines chosen in the page's picker (`--target`); empty = the family-wide verdicts.
let targets = [];

async function bytesOf(file) {
  return new Uint8Array(await file.arrayBuffer());
}

async function run(msg) {
  await ready;
  switch (msg.op) {
    case 'limits':
      return limits();
    case 'engines':
      return engines();
    case 'targets':
      // Validated here (unknown names are refused) before any file is judged against them.
      inspect(new Uint8Array(0), 'probe', { targets: msg.names });
      targets = msg.names;
      return true;
    case 'palette':
      palette = msg.bytes ? new Uint8Array(msg.bytes) : null;
      // Parsed once here, so a bad palette is reported when it is chosen, not at the first decode.
      if (palette) inspect(new Uint8Array(0), 'probe', { palette });
      return true;
    case 'check': {
      const total = msg.files.length;
      let bytesDone = 0;
      for (let i = 0; i < total; i++) {
        const { name, file } = msg.files[i];
        let records;
        try {
          records = check([{ name, bytes: await bytesOf(file) }], { palette, targets });
        } catch (e) {
          records = [{ path: name, location: [name], format: 'unknown', status: 'error',
            diagnostics: [{ code: 'lumpkit-unreadable', severity: 'error', message: String(e) }] }];
        }
        bytesDone += file.size;
        postMessage({ id: msg.id, progress: { done: i + 1, total, bytesDone, records } });
      }
      return { total };
    }
    case 'inspect':
      return inspect(await bytesOf(msg.file), msg.name, { palette, targets, entry: msg.entry });
    case 'decode': {
      const image = decode(await bytesOf(msg.file), msg.name, {
        palette, entry: msg.entry, mip: msg.mip, storedAlpha: msg.storedAlpha,
      });
      return image;
    }
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

onmessage = async (event) => {
  const msg = event.data;
  try {
    const result = await run(msg);
    const transfer = result && result.rgba ? [result.rgba.buffer] : [];
    postMessage({ id: msg.id, result }, transfer);
  } catch (e) {
    postMessage({ id: msg.id, error: e && e.message ? e.message : String(e) });
  }
};
