#!/usr/bin/env bash
# The Python package (crates/lumpkit-py): built and installed from this checkout the way the README
# says (`pip install ./crates/lumpkit-py`) into a fresh virtual environment, then its pytest suite:
# the API on the bundled corpus, the shared facts through Python, the Pillow plugin, and the Dask
# example on a local cluster of 2 workers, each compared with the CLI built by the main command.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)

python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null; then
  echo "error: $python not found: the Python package needs CPython >= 3.9 (apt-get install python3 python3-venv)"
  exit 1
fi
venv=target/ci-python-venv
rm -rf "$venv"
if ! "$python" -m venv "$venv"; then
  echo "error: '$python -m venv' failed: install the venv module (apt-get install python3-venv)"
  exit 1
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check --quiet)
if ! "${pip[@]}" install maturin pytest numpy pillow "dask[bag]" distributed; then
  echo "error: pip could not install maturin, pytest, numpy, pillow, dask and distributed from PyPI"
  exit 1
fi

echo "building and installing the wheel: pip install ./crates/lumpkit-py"
export CARGO_INCREMENTAL=0
"${pip[@]}" install ./crates/lumpkit-py
built=$(date +%s)
echo "wheel built and installed in $((built - start)) s"

# The tests compare with the CLI (`cargo run --release` above already built it).
cargo build --release --quiet -p lumpkit-cli
export LUMPKIT_BIN="$PWD/target/release/lumpkit"
# The installed package is imported: python/lumpkit is not on the path from here.
"$venv/bin/python" -m pytest -q -p no:cacheprovider crates/lumpkit-py/tests
echo "python step: $(($(date +%s) - start)) s (wheel $((built - start)) s, tests $(($(date +%s) - built)) s)"
