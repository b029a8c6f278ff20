"""Shared helpers of the pytest suite: where the repository, the shared reference corpus and the
CLI binary are, and how a test that needs one of them skips (or, in CI, fails) without it."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO / "corpus"
SHARED = REPO.parent / "shared"
REQUIRE_SHARED = os.environ.get("LUMPKIT_REQUIRE_SHARED_CORPUS") == "1"


def shared_dir(*parts):
    """A folder of ../shared, or a skip with a notice (a failure with LUMPKIT_REQUIRE_SHARED_CORPUS=1)."""
    path = SHARED.joinpath(*parts)
    if path.is_dir():
        return path
    message = f"notice: {path} not found; shared-corpus test skipped"
    if REQUIRE_SHARED:
        pytest.fail(message + " (LUMPKIT_REQUIRE_SHARED_CORPUS=1)")
    pytest.skip(message)


@pytest.fixture(scope="session")
def cli():
    """The `lumpkit` binary: $LUMPKIT_BIN (which must then exist), else target/release/lumpkit.
    Tests comparing with it skip with a notice when neither is built."""
    given = os.environ.get("LUMPKIT_BIN")
    path = Path(given) if given else REPO / "target" / "release" / "lumpkit"
    if path.is_file():
        return str(path)
    if given:
        pytest.fail(f"LUMPKIT_BIN={given} does not exist")
    pytest.skip(f"notice: {path} not built (cargo build --release); CLI comparison skipped")


def run_cli(cli, *args):
    """Runs the CLI; returns (exit code, stdout bytes)."""
    done = subprocess.run([cli, *map(str, args)], capture_output=True, timeout=300)
    return done.returncode, done.stdout


def cli_json_lines(cli, *args):
    """The records `lumpkit check --json ARGS` prints, as text lines."""
    _, out = run_cli(cli, "check", "--json", "--no-config", *args)
    return out.decode("utf-8").splitlines()


def corpus_files():
    """Every file of the bundled corpus with its recorded expectation (status, codes), manifests
    left out."""
    files = []
    for manifest in sorted(CORPUS.glob("*/expect.tsv")):
        rows = {}
        star = None
        for line in manifest.read_text().splitlines()[1:]:
            name, status, codes = (line.split("\t") + [""])[:3]
            expectation = (status, frozenset(c for c in codes.split(",") if c))
            if name == "*":
                star = expectation
            else:
                rows[name] = expectation
        for path in sorted(manifest.parent.iterdir()):
            if path.is_file() and path.name != "expect.tsv":
                files.append((path, rows.get(path.name, star)))
    return files


def loads_lines(lines):
    return [json.loads(line) for line in lines]
