#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one at a time (a 2-core machine is not
# oversubscribed), seeded from corpus/, with the format's magic numbers and tag names as a dictionary
# (`lumpkit corpus` writes them from the parsers' constants; lumpkit.dict adds the tokens no constant
# covers yet).
# Seeds are kept small so that each input costs microseconds: a seed file over 64 KiB contributes only
# its first 64 KiB (its headers, tables and first level), which is what mutation explores anyway
# (fuzz/seeds.sh), and each target's corpus is minimised (`cargo fuzz cmin`) after its run.
# Structure-aware targets (`*_built`) start from the same pseudo-random choices on every machine
# (seeds.sh): their input is choices, not a file.
# Crashes, OOMs and timeouts are minimised and copied to corpus/<format>/regression/ as crash-<sha1>,
# oom-<sha1>, timeout-<sha1>, where `cargo test` replays them on stable (tests/regression.rs).
# Usage: fuzz/run-all.sh [--record|--smoke] [SECONDS] [TARGET...]     (needs nightly and cargo-fuzz)
#   --record  appends one row per target to fuzz/CAMPAIGNS.md (see fuzz/campaign.sh)
#   --smoke   CI's short run: the corpus is not minimised afterwards (a fresh checkout throws it
#             away, and minimising re-runs every input once more)
set -uo pipefail
cd "$(dirname "$0")"
# shellcheck source=fuzz/seeds.sh
. ./seeds.sh
record=0
minimise=1
case "${1:-}" in
  --record) record=1; shift ;;
  --smoke) minimise=0; shift ;;
esac
secs=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list)
root=$(cd .. && pwd)
status=0
cargo +nightly fuzz build -O >/dev/null 2>&1 || cargo +nightly fuzz build -O || exit 2
if [ $record = 1 ] && [ ! -f CAMPAIGNS.md ]; then
  printf '# Fuzz campaigns\n\nOne row per target per run of `fuzz/campaign.sh` (or `run-all.sh --record`), on the machine named.\n' > CAMPAIGNS.md
fi
if [ $record = 1 ]; then
  printf '\n## %s, %s s per target, commit %s, %s cores\n\n| target | executions | inputs/s | edges | findings |\n|---|---|---|---|---|\n' \
    "$(date -u +%Y-%m-%dT%H:%MZ)" "$secs" "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')" "$(nproc)" >> CAMPAIGNS.md
fi
dicts=$(mktemp -d)
trap 'rm -rf "$dicts"' EXIT
# A dev build (writing dictionaries is no work) reuses what `cargo test` has built.
cargo run -q --manifest-path "$root/Cargo.toml" -p lumpkit-cli -- corpus --format all \
  --out "$dicts/gen" >/dev/null || exit 2
# 1234567 -> 1,234,567
# (sed, not printf's %'d, which needs a locale the machine may not have)
commas() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }
for t in "${targets[@]}"; do
  fmt=$(target_format "$t")
  seeds=$(seed_corpus "$t" "$root")
  mkdir -p "artifacts/$t"
  case "$fmt" in skin) dictfmt=m2 ;; sniff) dictfmt='*' ;; *) dictfmt=$fmt ;; esac
  # shellcheck disable=SC2086  # `*` (sniff) is meant to expand to every format's dictionary
  cat "$dicts"/gen/$dictfmt.dict lumpkit.dict 2>/dev/null > "$dicts/$t.dict"
  echo "== $t ($secs s)"
  # Only what this run finds is reported: artifacts left by an interrupted earlier run would
  # otherwise be reported again as new findings.
  stamp=$(mktemp)
  log=$(mktemp)
  # A structure-aware input is choices and member content: 16 KiB builds five members of 3 KiB.
  case "$t" in *_built) max_len=16384 ;; *) max_len=$SEED_BYTES ;; esac
  cargo +nightly fuzz run -O "$t" "$seeds" -- -max_total_time="$secs" -rss_limit_mb=2048 \
    -timeout=10 -max_len="$max_len" -dict="$dicts/$t.dict" -print_final_stats=1 > "$log" 2>&1
  # Keep only the inputs that add coverage, so the corpus stays small and the next run (and
  # coverage.sh) starts fast: without this, fuzz/corpus grew to 29 MB of 64 KiB mutants.
  [ $minimise = 0 ] || cargo +nightly fuzz cmin -O "$t" "$seeds" >/dev/null 2>&1 || true
  tail -n 25 "$log" | grep -E "stat::|cov:|==|SUMMARY|Test unit" | tail -n 8
  found=0
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
    # A structure-aware target's reproducer is its raw input, which the replay builds first.
    case "$t" in *_built) kind="built-$kind" ;; esac
    cp "$min" "$root/corpus/$fmt/regression/$kind-$sha"
    echo "   found $kind -> corpus/$fmt/regression/$kind-$sha"
    rm -f "$a" "$min"
    found=$((found + 1))
    status=1
  done
  if [ $record = 1 ]; then
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    edges=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    printf '| %s | %s | %s/s | %s | %s |\n' "$t" "$(commas "${execs:-0}")" "$(commas "${rate:-0}")" \
      "${edges:-?}" "$found" >> CAMPAIGNS.md
  fi
  rm -f "$stamp" "$log"
done
exit $status
