#!/usr/bin/env bash
# Examples, docs and MSRV (issue 16; the doctests run in `cargo test --workspace`). Each example
# runs against real files and its output is checked against the CLI's (`lumpkit decode`,
# `extract`, `info --json`, `check --format json`), not just for exit 0. Needs ../shared/corpus for
# the real-world files (corpus/ alone otherwise, with a notice, unless
# LUMPKIT_REQUIRE_SHARED_CORPUS=1). About 5 minutes on 2 cores after the main steps.
set -euo pipefail
cd "$(dirname "$0")/../.."

started=$(date +%s)
SHARED=../shared/corpus
if [ ! -d "$SHARED" ]; then
  if [ "${LUMPKIT_REQUIRE_SHARED_CORPUS:-}" = 1 ]; then
    echo "error: $SHARED is missing and LUMPKIT_REQUIRE_SHARED_CORPUS=1" >&2
    exit 1
  fi
  echo "notice: $SHARED not found; the examples run against corpus/ only"
  SHARED=
fi
fail() { echo "FAILED: $*" >&2; exit 1; }
# Each part says how long the one before it took (this step is long; CI's budget is tight).
part_started=$SECONDS
part() { echo "   ($((SECONDS - part_started)) s)"; part_started=$SECONDS; echo "-- $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

part "MSRV"
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
pinned=$(sed -n 's/^channel = "\(.*\)"/\1/p' rust-toolchain.toml)
# The MSRV is the pinned toolchain (no older one is tested), so checking with the pinned toolchain
# is checking the MSRV (clippy and the tests above build every target with it); a different
# rust-version would need that toolchain here.
case "$pinned" in
  "$msrv" | "$msrv".*) echo "rust-version $msrv = pinned toolchain $pinned" ;;
  *) fail "rust-version $msrv differs from the pinned toolchain $pinned: check with +$msrv" ;;
esac
# No separate `cargo check`: clippy in .ci/run already type-checked every target with this toolchain.

part "examples: build"
cargo build --release --quiet -p lumpkit-cli -p lumpkit --examples
BIN=target/release/lumpkit
EX=target/release/examples

part "decode_level: the same PNG as lumpkit decode, for levels 0 and 1 of every BLP and PAA"
n=0
for f in corpus/blp/*.blp corpus/paa/*.paa ${SHARED:+$SHARED/blp/*.blp $SHARED/paa/*.paa}; do
  for level in 0 1; do
    if "$BIN" decode "$f" --mip "$level" --out "$tmp/cli.png" >/dev/null 2>&1; then
      "$EX/decode_level" "$f" "$level" "$tmp/ex.png" >"$tmp/out.txt" || fail "decode_level $f $level"
      cmp -s "$tmp/cli.png" "$tmp/ex.png" || fail "decode_level $f $level: PNG differs from lumpkit decode"
      grep -q "^wrote $tmp/ex.png: level $level" "$tmp/out.txt" || fail "decode_level $f: no summary"
      n=$((n + 1))
    elif "$EX/decode_level" "$f" "$level" "$tmp/ex.png" >/dev/null 2>&1; then
      fail "decode_level $f $level succeeded where lumpkit decode fails"
    fi
  done
done
[ "$n" -ge 20 ] || fail "decode_level: only $n levels decoded"
echo "$n levels identical"

part "q2_pvs: the visible count equals info --vis's pvs_visible for the point's cluster"
n=0
for f in corpus/bsp/*.bsp ${SHARED:+$SHARED/bsp/*.bsp}; do
  head -c 4 "$f" | grep -q IBSP || continue
  "$BIN" info --json --vis "$f" >"$tmp/info.json" 2>/dev/null || continue
  # A variant lumpkit does not read is "not checked" (info exits 0) and has no clusters to walk.
  grep -q '"clusters"' "$tmp/info.json" || continue
  for point in "" "0 0 0"; do
    # shellcheck disable=SC2086
    "$EX/q2_pvs" "$f" $point >"$tmp/pvs.txt" 2>&1 || { grep -q "no info_player_start" "$tmp/pvs.txt" && continue; fail "q2_pvs $f $point"; }
    python3 - "$tmp/info.json" "$tmp/pvs.txt" <<'PY' || fail "q2_pvs $f $point"
import json, re, sys
info = json.load(open(sys.argv[1]))
out = open(sys.argv[2]).read()
m = re.search(r"cluster (\d+): (\d+) of (\d+) clusters potentially visible", out)
if not m:
    if "every cluster is visible" in out or "outside the map" in out:
        sys.exit(0)
    sys.exit("no PVS line in: " + out)
cluster, visible, total = map(int, m.groups())
assert total == info["clusters"], (total, info["clusters"])
assert visible == info["pvs_visible"][cluster], (visible, info["pvs_visible"][cluster])
listed = json.loads(re.search(r"visible clusters: (\[.*\])", out).group(1))
assert len(listed) == visible and all(0 <= c < total for c in listed), listed
PY
    n=$((n + 1))
  done
done
[ -z "$SHARED" ] || [ "$n" -ge 2 ] || fail "q2_pvs: only $n maps walked"
echo "$n walks agree"

part "pbo_extract: the same files as lumpkit extract; a broken SHA-1 trailer is refused"
n=0
for f in corpus/pbo/*.pbo ${SHARED:+$SHARED/pbo/*.pbo}; do
  rm -rf "$tmp/ex" "$tmp/cli"
  if "$EX/pbo_extract" "$f" "$tmp/ex" >"$tmp/out.txt" 2>&1; then
    "$BIN" extract "$f" --out "$tmp/cli" >/dev/null 2>&1 || true
    diff -r "$tmp/ex" "$tmp/cli" >/dev/null || fail "pbo_extract $f: files differ from lumpkit extract"
    entries=$("$BIN" info --json "$f" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["entries"]))')
    grep -q "of $entries entries" "$tmp/out.txt" || fail "pbo_extract $f: listing is not $entries entries"
    n=$((n + 1))
  fi
done
[ "$n" -ge 1 ] || fail "pbo_extract: nothing extracted"
# The listing goes to a file, not a pipe into `grep -q`: grep exiting at the first match could
# kill the example with SIGPIPE, and under pipefail that failure ended this script silently.
signed=
for f in ${SHARED:+$SHARED/pbo/*.pbo} corpus/pbo/*.pbo; do
  rm -rf "$tmp/probe"
  if "$EX/pbo_extract" "$f" "$tmp/probe" >"$tmp/probe.txt" 2>/dev/null \
    && grep -q "SHA-1 .* ok" "$tmp/probe.txt"; then
    signed=$f
    break
  fi
done
if [ -n "$signed" ]; then
  cp "$signed" "$tmp/tampered.pbo"
  size=$(stat -c %s "$tmp/tampered.pbo")
  # Flip one byte in the middle of the data: the trailer no longer matches.
  printf '\xff' | dd of="$tmp/tampered.pbo" bs=1 seek=$((size / 2)) conv=notrunc status=none
  if "$EX/pbo_extract" "$tmp/tampered.pbo" "$tmp/tampered" >"$tmp/out.txt" 2>&1; then
    fail "pbo_extract extracted a PBO whose SHA-1 does not match"
  fi
  grep -q "SHA-1 trailer does not match" "$tmp/out.txt" || fail "pbo_extract: no SHA-1 refusal"
  echo "a tampered copy of $(basename "$signed") is refused"
elif [ -n "$SHARED" ]; then
  fail "pbo_extract: no signed PBO to tamper with"
fi
echo "$n archives identical"

part "m2_batches: each batch's blend state equals info --json's for the skin"
n=0
for m in corpus/m2/*.m2 ${SHARED:+$SHARED/m2/*.m2}; do
  for skin in "${m%.m2}"0[0-3].skin; do
    [ -f "$skin" ] || continue
    "$EX/m2_batches" "$m" >"$tmp/m2.txt" 2>&1 || fail "m2_batches $m"
    "$BIN" info --json "$skin" >"$tmp/skin.json" 2>/dev/null || true
    python3 - "$tmp/skin.json" "$tmp/m2.txt" "$skin" <<'PY' || fail "m2_batches $m"
import json, re, sys
info = json.load(open(sys.argv[1]))
out = open(sys.argv[2]).read()
# This skin's own lines: from its header to the next unindented line (the next skin's header).
section = re.split(r"^\S", out.split(sys.argv[3] + ":", 1)[1], maxsplit=1, flags=re.M)[0]
lines = re.findall(r"^  batch (\d+): submesh (\d+), material (\d+): (.*)$", section, re.M)
batches = info["batches"]
assert len(lines) == len(batches), (len(lines), len(batches))
for (i, submesh, material, state), b in zip(lines, batches):
    assert int(submesh) == b["submesh"] and int(material) == b["material"], (i, b)
    rs = b["render_state"]
    if "error" in rs:
        # A batch without render state: the same reason, word for word.
        assert state == "no render state: " + rs["error"], (i, state, rs)
    else:
        assert state.split()[0] == rs["blend_state"], (i, state, rs)
PY
    n=$((n + 1))
  done
done
[ "$n" -ge 1 ] || fail "m2_batches: no model with a skin"
echo "$n skins agree"

part "pipeline_check: fails on exactly the chosen codes, and on errors like check --format json"
set +e
"$EX/pipeline_check" corpus/blp --deny blp-magic-unknown >"$tmp/gate.txt"
rc=$?
set -e
[ "$rc" = 1 ] || fail "pipeline_check --deny blp-magic-unknown: exit $rc"
[ "$(grep -c '^FAIL' "$tmp/gate.txt")" = 1 ] || fail "pipeline_check: not one failure"
grep -q '^FAIL corpus/blp/bad-magic-blp3.blp: blp-magic-unknown' "$tmp/gate.txt" || fail "pipeline_check: wrong failure"
"$EX/pipeline_check" corpus/pbo --deny no-such-code >/dev/null || fail "pipeline_check failed with nothing denied"
set +e
"$EX/pipeline_check" corpus --deny-errors >"$tmp/gate.txt"
set -e
"$BIN" check corpus --all --no-config --format json >"$tmp/check.jsonl" 2>/dev/null || true
python3 - "$tmp/check.jsonl" "$tmp/gate.txt" <<'PY' || fail "pipeline_check --deny-errors"
import json, sys
erroring = {r["path"] for r in map(json.loads, open(sys.argv[1]))
            if any(d["severity"] == "error" for d in r["diagnostics"])}
failed = {line[5:].split(": ", 1)[0] for line in open(sys.argv[2]) if line.startswith("FAIL ")}
assert failed == erroring, (sorted(failed ^ erroring)[:5], len(failed), len(erroring))
print(len(failed), "results with errors, as check reports")
PY

part "no_std walk: built for x86_64-unknown-none (no std, no allocator), tested on the host"
rustup target add x86_64-unknown-none >/dev/null 2>&1 || true
cargo build --quiet -p lumpkit-formats --example no_std_walk --target x86_64-unknown-none
cargo test --quiet -p lumpkit-formats --example no_std_walk

# No separate doctest run: the README's `cargo test --workspace` in .ci/run already ran every
# library's doctests ("Doc-tests lumpkit", ... in its log); running them again here cost minutes.

part "cargo doc, warnings denied (broken intra-doc links included)"
# --lib: the CLI's binary is also called `lumpkit`, and its (private) docs would overwrite the
# library's (cargo issue 6313).
# --examples and the bench crate's feature: features resolve exactly as in .ci/run's clippy
# (`--all-targets`, dev-dependencies included), so every dependency clippy checked is reused.
# Without them, 13 dependencies (serde, zerocopy, num-traits, ...) resolve to other feature sets
# and are checked again with everything above them: run 2 of stop 29 spent about 230 s here.
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps --workspace --lib --examples \
  --features lumpkit-bench/checks

echo "   ($((SECONDS - part_started)) s)"
echo "examples and docs: $(($(date +%s) - started)) s"
