// lumpkit for Node.js (ES module): the WebAssembly module is read from this package's own files
// and compiled synchronously when this module is first imported; nothing is fetched.
import { readFileSync } from 'node:fs';
import { initSync } from './pkg/lumpkit_wasm.js';

initSync({ module: readFileSync(new URL('./pkg/lumpkit_wasm_bg.wasm', import.meta.url)) });

export { inspect, check, decode, engines, limits } from './pkg/lumpkit_wasm.js';
