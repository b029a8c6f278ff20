#!/usr/bin/env bash
# The browser page (issue 18): build the wasm crate and the page, then test them end to end in
# headless Chromium (Debian's `chromium`, driven by playwright-core; no browser download).
# Installs what it needs; fails clearly when chromium, npm or wasm-bindgen-cli cannot be had.
# Everything it builds stays in the repository (target/, web/node_modules, web/dist).
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_INCREMENTAL=0
started=$SECONDS
lap() { echo "30-web: $* ($((SECONDS - started)) s)"; }
die() { echo "30-web: FAILED: $*" >&2; exit 1; }

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || die "cannot add the wasm32-unknown-unknown target"
command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed (apt-get install nodejs npm)"

if ! command -v chromium >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null \
      || die "apt-get install chromium failed"
  else
    die "chromium is not installed and this user cannot apt-get it (sudo apt-get install chromium)"
  fi
fi
export CHROMIUM=${CHROMIUM:-$(command -v chromium)}
lap "chromium: $("$CHROMIUM" --version 2>/dev/null | head -1)"

# wasm-bindgen-cli of exactly the version Cargo.lock holds (.ci/steps/wasm-bindgen.sh).
# shellcheck source=.ci/steps/wasm-bindgen.sh
. .ci/steps/wasm-bindgen.sh
want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
ensure_wasm_bindgen >/dev/null || die "cannot install wasm-bindgen-cli $want"
lap "wasm-bindgen-cli $want"

(cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent) || die "npm ci (playwright-core) failed"
lap "playwright-core"

cargo build --release -p lumpkit-cli
WASM_BINDGEN=target/tools/bin/wasm-bindgen web/build.sh
lap "wasm and page built"

node web/tests/e2e.mjs
lap "end-to-end test"
