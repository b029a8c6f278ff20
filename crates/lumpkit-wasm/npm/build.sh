#!/usr/bin/env bash
# Builds the npm package into target/npm/lumpkit: the wasm crate (release), wasm-bindgen's ES-module
# glue (--target web, used by both entries), the two entry modules, the types and the README, and a
# package.json with the workspace's version. `npm pack target/npm/lumpkit` makes the tarball.
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli of exactly the wasm-bindgen version in
# Cargo.lock (on PATH, in target/tools/bin, or named by $WASM_BINDGEN), as web/build.sh does.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."

want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
bindgen=${WASM_BINDGEN:-}
if [ -z "$bindgen" ]; then
  if [ -x target/tools/bin/wasm-bindgen ]; then bindgen=target/tools/bin/wasm-bindgen; else bindgen=wasm-bindgen; fi
fi
have=$("$bindgen" --version 2>/dev/null | awk '{print $2}') || true
if [ "$have" != "$want" ]; then
  echo "npm/build.sh: need wasm-bindgen-cli $want (Cargo.lock), found '${have:-none}' at $bindgen" >&2
  exit 1
fi

cargo build --quiet -p lumpkit-wasm --target wasm32-unknown-unknown --release
out=target/npm/lumpkit
rm -rf "$out"
mkdir -p "$out"
"$bindgen" --target web --no-typescript --out-dir "$out/pkg" \
  target/wasm32-unknown-unknown/release/lumpkit_wasm.wasm
cp "$here/node.js" "$here/browser.js" "$here/index.d.ts" "$here/README.md" LICENSE-MIT LICENSE-APACHE "$out/"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
sed "s/0.0.0-set-by-build/$version/" "$here/package.json" > "$out/package.json"
echo "target/npm/lumpkit: lumpkit@$version, lumpkit_wasm_bg.wasm $(stat -c %s "$out/pkg/lumpkit_wasm_bg.wasm") bytes"
