# Sourced by run-all.sh and coverage.sh: which corpus folder a target's seeds come from, and the
# seeding itself, so that fuzzing and coverage start from the same inputs.

# Largest seed kept from a corpus file: the head of a large file (its header, tables and first
# level) is what mutation explores; the rest only makes every input slower.
SEED_BYTES=${SEED_BYTES:-65536}

# The corpus folder (corpus/<format>) a target's format lives in.
target_format() {
  local fmt=${1%%_*}
  case "$fmt" in lzss | lzo) fmt=lz ;; sevenz) fmt=7z ;; esac
  echo "$fmt"
}

# Seeds fuzz/corpus/TARGET (created when missing) from our generated corpus and the shared one
# when present, and prints its path. Structure-aware targets (`*_built`) take raw choices, not
# files: testgen writes them the same pseudo-random inputs on every machine (gen-fuzz-seeds), so a
# fresh checkout's coverage run starts where a campaign does.
seed_corpus() {
  local t=$1 root=$2 fmt d f dest
  fmt=$(target_format "$t")
  mkdir -p "corpus/$t"
  # A codec target's input is not a file (decompress: a method selector and a stream; the LZ
  # targets: an output size and a stream; `*_built`: choices): testgen writes seeds for it with
  # the encoders the tests use (gen-fuzz-seeds).
  case "$t" in decompress | lzss | lzo | dkrle | *_built)
    cargo run -q --manifest-path "$root/Cargo.toml" -p lumpkit-testgen --bin gen-fuzz-seeds -- \
      "$t" "corpus/$t" >/dev/null || echo "seeds.sh: no $t seeds written" >&2
    echo "corpus/$t"
    return ;;
  esac
  # Sniffing sees every format; a skin is in the M2 folders.
  local folders=("$fmt")
  case "$t" in
    sniff) mapfile -t folders < <(ls "$root/corpus") ;;
    skin_parse) folders=(m2) ;;
  esac
  for d in "${folders[@]/#/$root/corpus/}" "${folders[@]/#/$root/../shared/corpus/}"; do
    [ -d "$d" ] || continue
    while IFS= read -r -d '' f; do
      dest="corpus/$t/$(basename "$f")"
      [ -e "$dest" ] || head -c "$SEED_BYTES" "$f" > "$dest"
    done < <(find "$d" -maxdepth 1 -type f ! -name '*.tsv' ! -name '*.md' -print0 2>/dev/null)
  done
  echo "corpus/$t"
}
