"""Every shared BLP/PAA/WAD/WAL fact (../shared/corpus/<fmt>/expected.tsv) checked through the Python
API, with ../shared/tools/conform.py's own reading of the facts: its functions are loaded (not
copied) and run with the CLI calls it makes answered in-process by the Python API. The result must
be the CLI's, fact for fact and pixel for pixel (the same RGBA hashes as `decode --out -`)."""

import ast
import contextlib
import hashlib
import io
import json
import re
import subprocess
import sys

import pytest

import lumpkit
from conftest import SHARED, shared_dir

FORMATS = ["blp", "paa", "wad"]  # the WAL facts live in wad/expected.tsv (Quake 2 textures)
MISMATCH = re.compile(r"^  (\S+) (\S+) (.*?): want (\S+) got (.*)$")


def python_cli(args, timeout=60):
    """What the CLI would answer to conform.py's `info --json`, `decode --out -`, through the
    Python API: (exit code, stdout, stderr)."""
    command, rest = args[1], list(args[2:])
    try:
        if command == "info":
            return 0, json.dumps(lumpkit.open(rest[1]).info).encode(), b""
        if command == "decode":
            path = rest[0]
            options = dict(zip(rest[1::2], rest[2::2]))
            f = lumpkit.open(path, palette=options.get("--palette"))
            picture = f.decode(mip=int(options.get("--mip", 0)), entry=options.get("--entry"))
            return 0, picture.tobytes(), b""
    except lumpkit.Error as e:
        return 1, b"", str(e).encode()
    return 2, b"", f"{command}: not part of the Python API".encode()


def conform_functions():
    """conform.py's definitions, without its closing `main()` call."""
    source = (SHARED / "tools" / "conform.py").read_text()
    tree = ast.parse(source)
    tree.body = [node for node in tree.body if not isinstance(node, ast.Expr)
                 or not isinstance(node.value, ast.Call)]
    namespace = {"__name__": "conform"}
    exec(compile(tree, "conform.py", "exec"), namespace)
    return namespace


def conform_args(fmt):
    corpus = shared_dir("corpus", fmt)
    args = [str(corpus / "expected.tsv"), "--palette", str(SHARED / "palettes" / "quake.lmp")]
    refs = SHARED / "refs" / fmt
    if refs.is_dir():
        args += ["--refs", str(refs)]
    return args


def run_conform_in_process(fmt):
    namespace = conform_functions()
    namespace["run"] = python_cli
    out = io.StringIO()
    saved = sys.argv
    sys.argv = ["conform.py", "lumpkit-python", *conform_args(fmt)]
    try:
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            namespace["main"]()
    finally:
        sys.argv = saved
    return out.getvalue()


def outcome(text):
    """(score line, {fact: got}) of a conform run; `got` only when it is a hash or a value, not an
    error message (those are worded differently by the CLI and by Python)."""
    lines = text.splitlines()
    facts = {}
    for line in lines:
        m = MISMATCH.match(line)
        if m:
            fname, kind, key, _, got = m.groups()
            facts[(fname, kind, key)] = None if got.startswith(("rc=", "error:")) else got
    return lines[-1], facts


@pytest.mark.parametrize("fmt", FORMATS)
def test_shared_facts_through_python_equal_the_clis(fmt, cli):
    args = conform_args(fmt)
    theirs = subprocess.run([sys.executable, str(SHARED / "tools" / "conform.py"), cli, *args],
                            capture_output=True, text=True, timeout=600).stdout
    ours = run_conform_in_process(fmt)
    print(ours.splitlines()[-1])
    score, facts = outcome(ours)
    assert score.startswith("conformance ") and " facts match" in score
    assert (score, facts) == outcome(theirs)


@pytest.mark.parametrize("fmt", FORMATS)
def test_shared_pictures_have_the_clis_pixels(fmt, cli):
    """Every picture a fact names, decoded by Python and by `decode --out -`: the same bytes."""
    corpus = shared_dir("corpus", fmt)
    palette = SHARED / "palettes" / "quake.lmp"
    compared = 0
    for line in (corpus / "expected.tsv").read_text().splitlines()[1:]:
        fname, kind, key = line.split("\t")[:3]
        if kind != "rgba-sha256":
            continue
        which, value = key.split("=", 1)
        path = corpus / fname
        flag = ["--mip", value] if which == "mip" else ["--entry", value]
        done = subprocess.run([cli, "decode", str(path), "--out", "-", *flag, "--palette", str(palette)],
                              capture_output=True, timeout=120)
        f = lumpkit.open(path, palette=palette)
        try:
            picture = f.decode(mip=int(value)) if which == "mip" else f.decode(entry=value)
        except lumpkit.Error as e:
            assert done.returncode != 0, f"{fname} {key}: Python raised {e}, the CLI decoded it"
            continue
        assert done.returncode == 0, f"{fname} {key}: the CLI failed, Python decoded it"
        assert hashlib.sha256(picture.tobytes()).hexdigest() == hashlib.sha256(done.stdout).hexdigest(), (fname, key)
        compared += 1
    assert compared > 0
