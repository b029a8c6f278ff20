#!/usr/bin/env bash
# The `lumpkit-check` pre-commit hook (.pre-commit-hooks.yaml): runs `lumpkit check` on the files
# pre-commit passes, from the root of the repository being committed to, so that its lumpkit.toml
# applies. The binary is, in order: $LUMPKIT_BIN when set; else the one built from this hook
# repository (pre-commit keeps its clone, so this happens once per hook version), built now with
# cargo if it is not there yet.
set -euo pipefail
hook_repo=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${LUMPKIT_BIN:-}" ]; then
  bin=$LUMPKIT_BIN
else
  target=${CARGO_TARGET_DIR:-$hook_repo/target}
  bin=$target/release/lumpkit
  if [ ! -x "$bin" ]; then
    if ! command -v cargo >/dev/null; then
      echo "lumpkit-check: cargo is needed to build lumpkit once (https://rustup.rs), or use the" >&2
      echo "  lumpkit-check-system hook with lumpkit installed (cargo install --path crates/lumpkit-cli)" >&2
      exit 2
    fi
    echo "lumpkit-check: building lumpkit from $hook_repo (once per hook version)..." >&2
    cargo build --release --locked --quiet -p lumpkit-cli --manifest-path "$hook_repo/Cargo.toml" >&2
  fi
fi
[ "$#" -gt 0 ] || exit 0
exec "$bin" check "$@"
