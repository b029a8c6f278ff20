#!/usr/bin/env bash
# Builds the page into web/dist: the wasm crate (release), wasm-bindgen's JS glue, the page files
# and diagnostics.html (docs/diagnostics.md, bundled so the code links work offline).
# Needs the wasm32-unknown-unknown target, node, and wasm-bindgen-cli of exactly the wasm-bindgen
# version in Cargo.lock (on PATH, in target/tools/bin, or named by $WASM_BINDGEN).
set -euo pipefail
cd "$(dirname "$0")/.."

want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
bindgen=${WASM_BINDGEN:-}
if [ -z "$bindgen" ]; then
  if [ -x target/tools/bin/wasm-bindgen ]; then bindgen=target/tools/bin/wasm-bindgen; else bindgen=wasm-bindgen; fi
fi
have=$("$bindgen" --version 2>/dev/null | awk '{print $2}') || true
if [ "$have" != "$want" ]; then
  echo "web/build.sh: need wasm-bindgen-cli $want (Cargo.lock), found '${have:-none}' at $bindgen" >&2
  echo "  cargo install wasm-bindgen-cli --version $want --locked --root target/tools" >&2
  exit 1
fi

cargo build -p lumpkit-wasm --target wasm32-unknown-unknown --release
rm -rf web/dist
mkdir -p web/dist
"$bindgen" --target web --no-typescript --out-dir web/dist/pkg \
  target/wasm32-unknown-unknown/release/lumpkit_wasm.wasm
node web/build.mjs
echo "web/dist: $(du -sh web/dist | cut -f1); lumpkit_wasm_bg.wasm $(stat -c %s web/dist/pkg/lumpkit_wasm_bg.wasm) bytes"
