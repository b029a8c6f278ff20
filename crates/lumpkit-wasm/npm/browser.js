// lumpkit for browsers and bundlers (ES module): the WebAssembly file is located relative to this
// module (`new URL(..., import.meta.url)`, which webpack 5, Vite, Parcel and Rollup's URL plugins
// emit as an asset) and instantiated with top-level await, so the functions are ready when the
// import resolves. Nothing is fetched from anywhere but the page's own origin.
import init from './pkg/lumpkit_wasm.js';

await init({ module_or_path: new URL('./pkg/lumpkit_wasm_bg.wasm', import.meta.url) });

export { inspect, check, decode, engines, limits } from './pkg/lumpkit_wasm.js';
