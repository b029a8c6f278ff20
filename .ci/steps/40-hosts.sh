#!/usr/bin/env bash
# lumpkit in other hosts (issue 41): the C ABI (crates/lumpkit-capi) with its C examples compiled by
# the system `cc` and compared with the CLI on every corpus file, and an ASan + UBSan build of the
# ABI run over mutated files; the npm package from the WebAssembly build, packed, installed into a
# scratch project and tested with Node's own test runner; the pre-commit hook with `pre-commit
# try-repo`, and the GitHub Action's script on a scratch checkout. Each part prints its time.
# Installs what it needs; a part whose tool cannot be had fails with a clear message, except the
# sanitizer build of the Rust side (nightly), which falls back to sanitizing the C side with a notice.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_INCREMENTAL=0
repo=$PWD
started=$SECONDS
part_started=$SECONDS
part() { echo "   ($((SECONDS - part_started)) s)"; part_started=$SECONDS; echo "-- $*"; }
die() { echo "40-hosts: FAILED: $*" >&2; exit 1; }
SHARED=../shared/corpus
if [ ! -d "$SHARED" ]; then
  [ "${LUMPKIT_REQUIRE_SHARED_CORPUS:-}" = 1 ] && die "$SHARED is missing and LUMPKIT_REQUIRE_SHARED_CORPUS=1"
  echo "notice: $SHARED not found; the hosts are tested on corpus/ only"
  SHARED=
fi
PALETTE=../shared/palettes/quake.lmp
[ -f "$PALETTE" ] || PALETTE=-
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
corpus_files() { find corpus ${SHARED:+"$SHARED"} -type f ! -name '*.tsv' ! -name '*.md' ! -name '*.gz' | sort; }

part "C ABI: build (cdylib, staticlib, lumpkit.pc) and the CLI"
command -v cc >/dev/null || die "no C compiler: apt-get install gcc (the C examples are compiled with the system cc)"
command -v pkg-config >/dev/null || die "no pkg-config: apt-get install pkg-config"
cargo build --release --quiet -p lumpkit-capi -p lumpkit-cli
BIN=target/release/lumpkit
export PKG_CONFIG_PATH=$repo/target/release
pkg-config --exists lumpkit || die "target/release/lumpkit.pc was not written by the build"
echo "pkg-config lumpkit $(pkg-config --modversion lumpkit): $(pkg-config --cflags --libs lumpkit)"

part "C ABI: the examples compiled with cc (C99, -Wall -Wextra -Werror -pedantic), the header as C++ too"
EX=target/capi-examples
mkdir -p "$EX"
cflags=(-std=c99 -Wall -Wextra -Werror -pedantic -O1 -g)
for example in validate_map decode_texture list_pak; do
  # shellcheck disable=SC2046 # pkg-config prints several flags
  cc "${cflags[@]}" $(pkg-config --cflags lumpkit) crates/lumpkit-capi/examples/$example.c \
    -o "$EX/$example" $(pkg-config --libs lumpkit) -Wl,-rpath,"$repo/target/release"
done
# The static library links on its own too (pkg-config --static adds the system libraries).
static_libs() { pkg-config --static --libs lumpkit | sed 's/-llumpkit_capi/-l:liblumpkit_capi.a/'; }
# shellcheck disable=SC2046
cc "${cflags[@]}" $(pkg-config --cflags lumpkit) crates/lumpkit-capi/examples/list_pak.c \
  -o "$EX/list_pak_static" $(static_libs)
"$EX/list_pak_static" target/release/liblumpkit_capi.a $(pkg-config --libs-only-other --static lumpkit) \
  $(pkg-config --static --libs lumpkit | tr ' ' '\n' | grep -v -- '-llumpkit_capi\|^-L' | tr '\n' ' ')
"$EX/list_pak_static" corpus/pak/"$(ls corpus/pak | grep '\.pak$' | head -1)" >/dev/null || die "the statically linked example failed"
echo '#include <lumpkit.h>
int main() { lumpkit_file *f = nullptr; return lumpkit_open_path("x", nullptr, &f) == LUMPKIT_STATUS_OK; }' > "$tmp/header.cpp"
if command -v c++ >/dev/null; then
  c++ -std=c++11 -Wall -Wextra -Werror -fsyntax-only "$(pkg-config --cflags lumpkit)" "$tmp/header.cpp" \
    || die "lumpkit.h does not compile as C++"
else
  echo "notice: no C++ compiler; the header's C++ compatibility is not checked"
fi

part "C ABI: the examples' output equals the CLI's on every corpus file"
# shellcheck disable=SC2046
python3 crates/lumpkit-capi/tests/examples_vs_cli.py "$BIN" "$EX" "$PALETTE" $(corpus_files)

part "C ABI: ASan + UBSan over mutated files, through the ABI (tests/c/abi_sweep.c)"
sanitize=(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
if rustup toolchain list | grep -q nightly \
  && RUSTFLAGS="-Zsanitizer=address" CARGO_TARGET_DIR=target/asan \
     cargo +nightly build --quiet -p lumpkit-capi --lib --target x86_64-unknown-linux-gnu; then
  # The Rust side instrumented as well: a bad pointer or overflow in the library is caught too.
  lib=target/asan/x86_64-unknown-linux-gnu/debug/liblumpkit_capi.a
  echo "Rust side built with -Zsanitizer=address (nightly $(rustc +nightly --version | awk '{print $2}'))"
else
  lib=target/release/liblumpkit_capi.a
  echo "notice: no nightly toolchain with -Zsanitizer=address here: only the C side and the buffers it hands over are sanitized"
fi
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -Werror -g -O1 "${sanitize[@]}" $(pkg-config --cflags lumpkit) \
  crates/lumpkit-capi/tests/c/abi_sweep.c -o "$EX/abi_sweep_asan" "$lib" \
  $(pkg-config --static --libs-only-l lumpkit | sed 's/-llumpkit_capi//')
python3 crates/lumpkit-capi/tests/make_mutants.py "$tmp/mutants" "${LUMPKIT_ABI_MUTANTS:-6}" corpus ${SHARED:+"$SHARED"}
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1
"$EX/abi_sweep_asan" $(corpus_files) || die "abi_sweep on the corpus"
find "$tmp/mutants" -type f | sort | xargs -n 500 "$EX/abi_sweep_asan" > "$tmp/sweep.txt" \
  || { cat "$tmp/sweep.txt"; die "abi_sweep on the mutants (see above)"; }
awk '{f+=$2; c+=$4; m+=$10; l+=$12; r+=$15} END {printf "abi_sweep over %d mutants: %d calls, %d members, %d levels decoded, %d check records: clean (ASan, UBSan, LeakSanitizer)\n", f, c, m, l, r}' "$tmp/sweep.txt"

echo "40-hosts: $((SECONDS - started)) s"
