#!/usr/bin/env bash
# Regenerates fuzz/COVERAGE.md: line coverage of the lumpkit crates reached by each fuzz target's
# corpus (fuzz/corpus/TARGET, seeded as run-all.sh seeds it when empty), from an instrumented build
# (`cargo fuzz coverage`, nightly, with its llvm-tools-preview component for llvm-cov). Summaries
# per crate and per format module, the lines never reached by file, and the lines only the
# structure-aware targets (`*_built`) reach.
# Building instrumented takes a while on a small machine (once; later runs reuse it).
# Usage: fuzz/coverage.sh [TARGET...]        (default: every target)
set -uo pipefail
cd "$(dirname "$0")"
# shellcheck source=fuzz/seeds.sh
. ./seeds.sh
root=$(cd .. && pwd)
host=$(rustc +nightly -vV | sed -n 's/^host: //p')
tools="$(rustc +nightly --print sysroot)/lib/rustlib/$host/bin"
[ -x "$tools/llvm-cov" ] || { echo "coverage.sh: rustup component add llvm-tools-preview --toolchain nightly" >&2; exit 2; }
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list)
for t in "${targets[@]}"; do
  seeds=$(seed_corpus "$t" "$root")
  inputs=$(find "$seeds" -type f | wc -l)
  echo "== $t ($inputs inputs)"
  # Targets with no corpus folder of their own (codecs) have inputs only once run-all.sh ran them.
  [ "$inputs" -gt 0 ] || { echo "   no corpus yet (fuzz/run-all.sh 60 $t makes one): skipped"; continue; }
  if ! cargo +nightly fuzz coverage "$t" "$seeds" > "coverage-$t.log" 2>&1; then
    tail -n 5 "coverage-$t.log"; echo "   coverage run failed" >&2; continue
  fi
  rm -f "coverage-$t.log"
  binary=$(find target -path "*/coverage/*" -type f -name "$t" -perm -u+x | head -n 1)
  "$tools/llvm-cov" export -format=lcov -instr-profile="coverage/$t/coverage.profdata" "$binary" \
    > "coverage/$t/lcov.info" || continue
done
# Every target's latest export, so that `coverage.sh TARGET` refreshes one target's share.
python3 coverage_report.py --root "$root" coverage/*/lcov.info > COVERAGE.md
echo "wrote fuzz/COVERAGE.md"
