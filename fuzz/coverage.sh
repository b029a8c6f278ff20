#!/usr/bin/env bash
# Regenerates fuzz/COVERAGE.md: line coverage of the lumpkit crates reached by each fuzz target's
# corpus (fuzz/corpus/TARGET, seeded as run-all.sh seeds it when empty), from an instrumented build
# (`cargo fuzz coverage`, nightly, with its llvm-tools-preview component for llvm-cov). Summaries
# per crate and per format module, the lines never reached by file, and the lines only the
# structure-aware targets (`*_built`) reach.
# The issue-19 goal counts what the fuzz corpora *and* the test suite reach: with no TARGET given,
# `cargo test --workspace` also runs instrumented (coverage/tests/lcov.info), and the report gives
# both figures side by side, so what only a test reaches stays visible.
# "Fuzzing alone" means the seeds plus what fuzzing on this machine added: a target with no corpus
# yet (a fresh checkout, a newly landed format) is first fuzzed for COVERAGE_GROW seconds (default
# 60, one target at a time through run-all.sh; COVERAGE_GROW=0 measures the seeds alone), so that
# one command gives the figure a campaign's corpora would start from.
# Building instrumented takes a while on a small machine (once; later runs reuse it).
# Usage: fuzz/coverage.sh [--no-tests|--only-tests] [TARGET...]   (default: every target and the
# tests; the report always merges every export coverage/ holds)
set -uo pipefail
cd "$(dirname "$0")"
# shellcheck source=fuzz/seeds.sh
. ./seeds.sh
root=$(cd .. && pwd)
host=$(rustc +nightly -vV | sed -n 's/^host: //p')
tools="$(rustc +nightly --print sysroot)/lib/rustlib/$host/bin"
[ -x "$tools/llvm-cov" ] || { echo "coverage.sh: rustup component add llvm-tools-preview --toolchain nightly" >&2; exit 2; }
tests=1
only_tests=0
case "${1:-}" in
  --no-tests) tests=0; shift ;;
  --only-tests) only_tests=1; shift ;;
esac
targets=("$@")
[ ${#targets[@]} -gt 0 ] && tests=0
[ ${#targets[@]} -gt 0 ] || [ $only_tests = 1 ] || mapfile -t targets < <(cargo +nightly fuzz list)
grow=${COVERAGE_GROW:-60}
fresh=()
for t in "${targets[@]+"${targets[@]}"}"; do [ -d "corpus/$t" ] || fresh+=("$t"); done
if [ "$grow" -gt 0 ] && [ ${#fresh[@]} -gt 0 ]; then
  echo "== ${#fresh[@]} targets without a corpus: fuzzed $grow s each first (fuzz/run-all.sh --smoke)"
  # A finding is reported (and kept in corpus/<format>/regression/) by run-all.sh itself.
  ./run-all.sh --smoke "$grow" "${fresh[@]}" | grep -E '^(==|   found)' || true
fi
for t in "${targets[@]+"${targets[@]}"}"; do
  seeds=$(seed_corpus "$t" "$root")
  inputs=$(find "$seeds" -type f | wc -l)
  echo "== $t ($inputs inputs)"
  [ "$inputs" -gt 0 ] || { echo "   no inputs (fuzz/run-all.sh 60 $t makes some): skipped"; continue; }
  if ! cargo +nightly fuzz coverage "$t" "$seeds" > "coverage-$t.log" 2>&1; then
    tail -n 5 "coverage-$t.log"; echo "   coverage run failed" >&2; continue
  fi
  rm -f "coverage-$t.log"
  binary=$(find target -path "*/coverage/*" -type f -name "$t" -perm -u+x | head -n 1)
  "$tools/llvm-cov" export -format=lcov -instr-profile="coverage/$t/coverage.profdata" "$binary" \
    > "coverage/$t/lcov.info" || continue
done
if [ $tests = 1 ]; then
  echo "== tests (cargo test --workspace, instrumented)"
  # A target dir of its own: instrumented objects must not replace the normal build's.
  dir="$PWD/target/tests-coverage"
  rm -rf "$dir/prof" && mkdir -p "$dir/prof" coverage/tests
  # %4m: a pool of four files per binary, merged online, so the thousands of CLI runs the tests
  # spawn do not leave a file each.
  test_instrumented() {
    RUSTFLAGS="-C instrument-coverage" LLVM_PROFILE_FILE="$dir/prof/%4m.profraw" \
      cargo +nightly test --manifest-path "$root/Cargo.toml" --workspace --target-dir "$dir" "$@"
  }
  # A failing test still leaves its counts: export them, and say so.
  test_instrumented --no-fail-fast > coverage-tests.log 2>&1 ||
    { tail -n 20 coverage-tests.log; echo "   some tests failed (coverage-tests.log); their counts are kept" >&2; }
  # Every test binary and the CLI the tests spawn: llvm-cov needs each object whose counters the
  # profile holds (the first named plainly, the rest as -object=...).
  mapfile -t objects < <(test_instrumented --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json, sys
for row in sys.stdin:
    m = json.loads(row)
    if m.get("reason") == "compiler-artifact" and m.get("executable"):
        print(m["executable"])' |
    awk 'NR == 1 { print; next } { print "-object=" $0 }')
  if [ ${#objects[@]} -gt 0 ] &&
    "$tools/llvm-profdata" merge -sparse "$dir"/prof/*.profraw -o "$dir/tests.profdata" &&
    "$tools/llvm-cov" export -format=lcov -instr-profile="$dir/tests.profdata" \
      "${objects[0]}" "${objects[@]:1}" > coverage/tests/lcov.info; then
    echo "   $(find "$dir/prof" -name '*.profraw' | wc -l) profiles, ${#objects[@]} binaries"
  else
    echo "   no test coverage exported" >&2
  fi
fi
# Every target's latest export, so that `coverage.sh TARGET` refreshes one target's share.
python3 coverage_report.py --root "$root" coverage/*/lcov.info > COVERAGE.md
echo "wrote fuzz/COVERAGE.md"
