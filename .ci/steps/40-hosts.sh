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
"$EX/list_pak_static" corpus/pak/"$(ls corpus/pak | grep '\.pak$' | head -1)" >/dev/null || die "the statically linked example failed"
echo '#include <lumpkit.h>
int main() { lumpkit_file *f = nullptr; return lumpkit_open_path("x", nullptr, &f) == LUMPKIT_STATUS_OK; }' > "$tmp/header.cpp"
if command -v c++ >/dev/null; then
  # shellcheck disable=SC2046
  c++ -std=c++11 -Wall -Wextra -Werror -fsyntax-only $(pkg-config --cflags lumpkit) "$tmp/header.cpp" \
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
python3 crates/lumpkit-capi/tests/make_mutants.py "$tmp/mutants" "${LUMPKIT_ABI_MUTANTS:-3}" corpus ${SHARED:+"$SHARED"}
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1
"$EX/abi_sweep_asan" $(corpus_files) || die "abi_sweep on the corpus"
find "$tmp/mutants" -type f | sort | xargs -n 500 "$EX/abi_sweep_asan" > "$tmp/sweep.txt" \
  || { cat "$tmp/sweep.txt"; die "abi_sweep on the mutants (see above)"; }
awk '{f+=$2; c+=$4; m+=$10; l+=$12; r+=$15} END {printf "abi_sweep over %d mutants: %d calls, %d members, %d levels decoded, %d check records: clean (ASan, UBSan, LeakSanitizer)\n", f, c, m, l, r}' "$tmp/sweep.txt"


part "npm package: the wasm build packed (npm pack), installed offline into a scratch project"
command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed (apt-get install nodejs npm)"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || die "cannot add the wasm32-unknown-unknown target"
# shellcheck source=.ci/steps/wasm-bindgen.sh
. .ci/steps/wasm-bindgen.sh
WASM_BINDGEN=$(ensure_wasm_bindgen) || die "cannot install wasm-bindgen-cli (the version in Cargo.lock)"
WASM_BINDGEN=$WASM_BINDGEN crates/lumpkit-wasm/npm/build.sh
tarball=$(cd target/npm && npm pack ./lumpkit --pack-destination "$tmp" --silent | tail -1)
echo "packed $tarball: $(stat -c %s "$tmp/$tarball") bytes, $(tar -tzf "$tmp/$tarball" | wc -l) files"
project=$tmp/npm-project
mkdir -p "$project/test"
(cd "$project" && npm init -y >/dev/null \
  && npm install --offline --no-audit --no-fund --silent "$tmp/$tarball") \
  || die "the packed tarball does not install offline (it must need no network at install)"
cp crates/lumpkit-wasm/npm/test/lumpkit.test.mjs crates/lumpkit-wasm/npm/test/types.test-d.ts "$project/test/"

part "npm package: Node's test runner on the shared corpus (records = check --json, pixels = decode)"
(cd "$project" && LUMPKIT_REPO=$repo LUMPKIT_BIN=$repo/$BIN node --test test/lumpkit.test.mjs) \
  || die "the npm package's tests"

part "npm package: the TypeScript declarations type-check a program using every call and record"
if (cd "$project" && npm install --no-save --no-audit --no-fund --silent typescript@5 >/dev/null 2>&1); then
  (cd "$project" && npx --no-install tsc --noEmit --strict --module nodenext --moduleResolution nodenext \
    --target es2022 --lib es2022,dom test/types.test-d.ts) || die "index.d.ts does not type-check test/types.test-d.ts"
  echo "tsc $(cd "$project" && npx --no-install tsc --version): types.test-d.ts type-checks"
else
  echo "notice: typescript could not be installed from the npm registry; the declarations are not type-checked"
fi

part "pre-commit: try-repo on a scratch repository, a broken file fails and good files pass"
venv=target/ci-hosts-venv
[ -x "$venv/bin/pre-commit" ] || {
  python3 -m venv "$venv" && "$venv/bin/python" -m pip install --disable-pip-version-check --quiet pre-commit
} || die "pre-commit could not be installed from PyPI (python3 -m venv, pip install pre-commit)"
mod=$tmp/mod-repo
mkdir -p "$mod/textures" "$mod/maps"
cp corpus/blp/bad-magic-blp3.blp "$mod/textures/broken.blp"
good_blp=$(grep -P '\tok\t' corpus/blp/expect.tsv | cut -f1 | grep '\.blp$' | grep -v '^blp0' | head -1)
good_pak=$(grep -P '\tok\t' corpus/pak/expect.tsv | cut -f1 | grep '\.pak$' | head -1)
cp "corpus/blp/$good_blp" "$mod/textures/good.blp"
cp "corpus/pak/$good_pak" "$mod/maps/good.pak"
printf 'deny-warnings = false\n' > "$mod/lumpkit.toml"
echo "# a mod" > "$mod/README.md"
(cd "$mod" && git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm mod)
# The hook builds lumpkit from its repository on first use; here it is given the one built above
# (a build in try-repo's fresh clone would recompile every workspace crate).
try_repo() { (cd "$mod" && LUMPKIT_BIN=$repo/$BIN "$repo/$venv/bin/pre-commit" try-repo "$repo" "$@" 2>&1); }
try_repo lumpkit-check --files textures/good.blp maps/good.pak README.md > "$tmp/good.txt" \
  || { cat "$tmp/good.txt"; die "pre-commit try-repo failed on the good files"; }
grep -q 'lumpkit check.*Passed' "$tmp/good.txt" || { cat "$tmp/good.txt"; die "the hook did not run on the good files"; }
if try_repo lumpkit-check --files textures/broken.blp textures/good.blp > "$tmp/broken.txt"; then
  cat "$tmp/broken.txt"; die "pre-commit try-repo passed a broken file"
fi
grep -q 'blp-magic-unknown' "$tmp/broken.txt" || { cat "$tmp/broken.txt"; die "the hook failed without naming the broken file's code"; }
(cd "$mod" && PATH=$repo/target/release:$PATH "$repo/$venv/bin/pre-commit" try-repo "$repo" lumpkit-check-system --all-files > "$tmp/system.txt" 2>&1) \
  && { cat "$tmp/system.txt"; die "lumpkit-check-system passed the broken file"; }
grep -q 'blp-magic-unknown' "$tmp/system.txt" || { cat "$tmp/system.txt"; die "lumpkit-check-system did not run"; }
echo "try-repo: good files passed; the broken file failed with blp-magic-unknown (lumpkit-check and lumpkit-check-system)"

part "GitHub Action: action.yml's steps run as a runner runs them, on scratch checkouts"
action_run() { "$venv/bin/python" .ci/action_steps.py "$repo" "$@"; }
action_run "$mod" "$tmp/action-broken" > "$tmp/action.txt" 2>&1 && { cat "$tmp/action.txt"; die "the action passed a broken file"; }
grep -q '"exit-code": "1"' "$tmp/action.txt" && grep -q '::error file=./textures/broken.blp,title=blp-magic-unknown' "$tmp/action.txt" \
  || { cat "$tmp/action.txt"; die "the action did not report the broken file"; }
"$venv/bin/python" - "$tmp/action-broken/lumpkit.sarif" <<'PY' || die "the action's SARIF log"
import json, sys
log = json.load(open(sys.argv[1]))
results = log["runs"][0]["results"]
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
assert [r["ruleId"] for r in results] == ["blp-magic-unknown"], results
assert uris == {"textures/broken.blp"}, uris
PY
rm "$mod/textures/broken.blp"
action_run "$mod" "$tmp/action-good" args=--deny-warnings > "$tmp/action.txt" 2>&1 || { cat "$tmp/action.txt"; die "the action failed on good files"; }
grep -q '"exit-code": "0"' "$tmp/action.txt" || { cat "$tmp/action.txt"; die "the action's exit-code output"; }
# The example workflow uses the action with inputs it has.
"$venv/bin/python" - <<'PY' || die "docs/github-action-example.yml"
import yaml
action = yaml.safe_load(open("action.yml"))
flow = yaml.safe_load(open("docs/github-action-example.yml"))
steps = [s for s in flow["jobs"]["check"]["steps"] if "lumpkit" in s.get("uses", "")]
assert steps and set(steps[0].get("with", {})) <= set(action["inputs"]), steps
assert flow["permissions"]["security-events"] == "write"
PY
echo "action: the broken checkout fails (exit-code 1, SARIF with textures/broken.blp), the good one passes"

echo "40-hosts: $((SECONDS - started)) s"
