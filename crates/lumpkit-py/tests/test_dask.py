"""The Dask example on a local cluster of 2 worker processes: its JSON Lines equal
`lumpkit check --json` over the same files."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dask.bag")
pytest.importorskip("distributed")

from conftest import CORPUS, cli_json_lines  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_check.py"


def test_dask_job_output_equals_cli_check_json(tmp_path, cli):
    # A tree without manifests (their `expected` fields are the CLI's alone), archives included.
    tree = tmp_path / "mods"
    shutil.copytree(CORPUS, tree, ignore=shutil.ignore_patterns("expect.tsv"))
    out = tmp_path / "out.jsonl"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(tree), "--out", str(out), "--workers", "2",
         "--files-per-task", "16"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    ours = out.read_text(encoding="utf-8").splitlines()
    theirs = cli_json_lines(cli, tree)
    assert len(ours) > 300
    assert ours == theirs
