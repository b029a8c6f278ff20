#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), seeded from corpus/, with the formats' magic
# numbers and tag names as a dictionary. Crashes, OOMs and timeouts are minimised and copied to
# corpus/<format>/regression/ as crash-<sha1>, oom-<sha1>, timeout-<sha1>, where `cargo test`
# replays them on stable (tests/regression.rs).
# Usage: fuzz/run-all.sh [SECONDS] [TARGET...]     (needs nightly and cargo-fuzz)
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list)
root=$(cd .. && pwd)
status=0
cargo +nightly fuzz build -O >/dev/null 2>&1 || cargo +nightly fuzz build -O || exit 2
for t in "${targets[@]}"; do
  fmt=${t%%_*}
  case "$fmt" in lzss|lzo) fmt=lz ;; sevenz) fmt=7z ;; esac
  seeds="corpus/$t"
  mkdir -p "$seeds" "artifacts/$t"
  # Seed with our generated corpus (and the shared one when present) for the target's format.
  for d in "$root/corpus/$fmt" "$root/../shared/corpus/$fmt"; do
    [ -d "$d" ] && find "$d" -maxdepth 1 -type f -size -2M -exec cp -n {} "$seeds/" \; 2>/dev/null
  done
  echo "== $t ($secs s)"
  # Only what this run finds is reported: artifacts left by an interrupted earlier run would
  # otherwise be reported again as new findings.
  stamp=$(mktemp)
  cargo +nightly fuzz run -O "$t" "$seeds" -- -max_total_time="$secs" -rss_limit_mb=2048 \
    -timeout=10 -dict=lumpkit.dict -print_final_stats=1 2>&1 | tail -n 25 | grep -E "stat::|cov:|==|SUMMARY|Test unit" | tail -n 8
  for a in artifacts/"$t"/*; do
    [ -f "$a" ] && [ "$a" -nt "$stamp" ] || continue
    kind=$(basename "$a" | cut -d- -f1)            # crash | oom | timeout | leak | slow-unit
    [ "$kind" = slow ] && continue
    min="$a.min"
    cargo +nightly fuzz tmin -O "$t" "$a" -- -exact_artifact_path="$min" >/dev/null 2>&1 || cp "$a" "$min"
    sha=$(sha1sum "$min" | cut -c1-40)
    mkdir -p "$root/corpus/$fmt/regression"
    # Reproducers promise only that they no longer crash or hang: any verdict is accepted by `check`.
    [ -f "$root/corpus/$fmt/regression/expect.tsv" ] || printf 'file\tstatus\tcodes\n*\tany\t\n' > "$root/corpus/$fmt/regression/expect.tsv"
    cp "$min" "$root/corpus/$fmt/regression/$kind-$sha"
    echo "   found $kind -> corpus/$fmt/regression/$kind-$sha"
    rm -f "$a" "$min"
    status=1
  done
  rm -f "$stamp"
done
exit $status
