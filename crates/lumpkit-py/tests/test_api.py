"""The Python API on the bundled corpus: every file opens without a crash, verdicts match the
recorded ones, `info` and `check` equal the CLI's, and failures are lumpkit exceptions."""

import json
import re

import numpy as np
import pytest

import lumpkit
from conftest import CORPUS, SHARED, cli_json_lines, corpus_files, run_cli

FILES = corpus_files()
CODE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)+$")


def ids(files):
    return [str(p.relative_to(CORPUS)) for p, _ in files]


def assert_lumpkit_error(error):
    assert isinstance(error, lumpkit.Error)
    assert CODE.match(error.code), error.code
    assert error.offset is None or isinstance(error.offset, int)
    assert error.fault in ("file", "unsupported", "caller", "limit", "strict", None)


def check_picture(picture, width=None, height=None):
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 4
    if width is not None:
        assert picture.shape[:2] == (height, width)


@pytest.mark.parametrize("path,expected", FILES, ids=ids(FILES))
def test_every_corpus_file_opens_decodes_or_raises_a_lumpkit_error(path, expected):
    f = lumpkit.open(path)
    assert f.status in ("ok", "warning", "error")
    assert f.size == path.stat().st_size
    for d in f.diagnostics:
        assert CODE.match(d.code) and d.severity in ("error", "warning", "info") and d.message
        assert d.offset is None or isinstance(d.offset, int)
    try:
        check_picture(f.decode(), f.width, f.height)
    except lumpkit.Error as e:
        assert_lumpkit_error(e)
    try:
        children = f.children()
    except lumpkit.Error as e:
        assert_lumpkit_error(e)
        children = []
    for child in children[:8]:
        assert isinstance(child["name"], str)
        try:
            check_picture(f.decode(entry=child["name"]))
        except lumpkit.Error as e:
            assert_lumpkit_error(e)


@pytest.mark.parametrize("path,expected", FILES, ids=ids(FILES))
def test_check_gives_the_recorded_verdict(path, expected):
    if expected is None or expected[0] == "any":
        pytest.skip("no recorded verdict")
    first = next(iter(lumpkit.check(path)))
    assert first["path"] == str(path)
    codes = frozenset(d["code"] for d in first["diagnostics"])
    assert (first["status"], codes) == expected


def test_open_from_bytes_equals_open_from_path():
    for path, _ in FILES:
        # BLP0 reads its levels from sibling files, and a .skin is checked against the .m2 beside
        # it: bytes have no siblings.
        if path.suffix == ".blp" and path.read_bytes()[:4] == b"BLP0":
            continue
        if path.suffix == ".skin":
            continue
        by_path = lumpkit.open(path)
        by_bytes = lumpkit.open(path.read_bytes(), name=path.name)
        assert by_bytes.path is None
        assert (by_bytes.format, by_bytes.status, by_bytes.version) == (
            by_path.format, by_path.status, by_path.version), path
        assert [d.code for d in by_bytes.diagnostics] == [d.code for d in by_path.diagnostics]
        assert lumpkit.open(bytearray(path.read_bytes()), name=path.name).status == by_path.status
        assert lumpkit.open(memoryview(path.read_bytes()), name=path.name).status == by_path.status


def test_info_equals_cli_info_json(cli):
    for path, _ in FILES:
        _, out = run_cli(cli, "info", "--json", path)
        assert lumpkit.open(path).info == json.loads(out), path


def test_check_equals_cli_check_json_without_the_manifest_fields(cli):
    ours = [json.loads(line) for line in lumpkit.check(CORPUS, as_json=True)]
    theirs = [json.loads(line) for line in cli_json_lines(cli, CORPUS)]
    for record in theirs:
        record.pop("expected", None)
        record.pop("as_expected", None)
    assert len(ours) == len(theirs) > len(FILES)
    assert ours == theirs


def test_check_with_decode_and_palette_equals_cli(cli):
    palette = SHARED / "palettes" / "quake.lmp"
    extra = ["--palette", palette] if palette.is_file() else []
    ours = [json.loads(line) for line in lumpkit.check(
        CORPUS, decode=True, palette=palette if extra else None, as_json=True)]
    theirs = [json.loads(line) for line in cli_json_lines(cli, "--decode", *extra, CORPUS)]
    for record in theirs:
        record.pop("expected", None)
        record.pop("as_expected", None)
    assert ours == theirs


def test_check_as_dicts_equals_as_json_in_any_worker_count():
    lines = list(lumpkit.check(CORPUS, as_json=True))
    assert list(lumpkit.check(CORPUS, jobs=1)) == [json.loads(line) for line in lines]
    assert list(lumpkit.check(CORPUS, jobs=3, as_json=True)) == lines


def test_check_takes_several_paths_and_walk_lists_its_files():
    paths = [CORPUS / "wal", CORPUS / "blp" / "blp0-indexed-a8.blp"]
    files = lumpkit.walk(paths)
    assert "expect.tsv" not in {p.rsplit("/", 1)[-1] for p in files}
    assert files[-1] == str(paths[1]) and files == sorted(files[:-1]) + files[-1:]
    tops = [r["path"] for r in lumpkit.check(paths) if len(r["location"]) == 1]
    assert tops == files


def test_check_of_a_missing_path_raises_file_not_found():
    with pytest.raises(FileNotFoundError):
        lumpkit.check(CORPUS / "no-such-folder")


def test_an_iterator_dropped_early_stops_cleanly():
    it = lumpkit.check(CORPUS, jobs=2)
    assert next(it)["path"]
    del it
    assert next(iter(lumpkit.check(CORPUS / "wal")))["format"] in ("wal", "unknown")


def test_decoded_pixels_are_handed_to_numpy_without_a_copy():
    path = CORPUS / "blp" / "blp0-indexed-a8.blp"
    picture = lumpkit.open(path).decode()
    # NumPy's array is a view of lumpkit's own buffer, not a copy made by NumPy.
    assert not picture.flags.owndata and picture.base is not None
    assert picture.flags.c_contiguous and picture.flags.writeable


def test_requests_for_what_is_not_there_raise_request_error():
    f = lumpkit.open(CORPUS / "blp" / "blp0-indexed-a8.blp")
    with pytest.raises(lumpkit.RequestError) as e:
        f.decode(mip=99)
    assert_lumpkit_error(e.value)
    assert isinstance(e.value, ValueError)
    wal = next(p for p, _ in FILES if p.suffix == ".wal" and lumpkit.open(p).status == "ok")
    with pytest.raises(lumpkit.RequestError) as e:
        lumpkit.open(wal).decode()
    assert e.value.code == "lumpkit-palette-required"
    wad = lumpkit.open(next(p for p, _ in FILES if p.suffix == ".wad" and lumpkit.open(p).status == "ok"))
    with pytest.raises(lumpkit.RequestError) as e:
        wad.decode(entry="no such texture")
    assert e.value.code == "lumpkit-no-such-entry"


def test_malformed_files_raise_format_error_with_code_and_offset():
    f = lumpkit.open(CORPUS / "blp" / "bad-magic-blp3.blp")
    assert f.status == "error" and [d.code for d in f.diagnostics] == ["blp-magic-unknown"]
    with pytest.raises(lumpkit.FormatError) as e:
        f.decode()
    assert (e.value.code, e.value.offset, e.value.fault) == ("blp-magic-unknown", 0, "file")
    with pytest.raises(lumpkit.FormatError) as e:
        lumpkit.open(b"definitely not a texture").decode()
    assert e.value.code == "lumpkit-unknown-format"


def test_a_bomb_raises_limit_error():
    f = lumpkit.open(CORPUS / "zip" / "bomb_declared_size.zip")
    with pytest.raises(lumpkit.LimitError) as e:
        f.decode(entry="zeros.bin")
    assert e.value.code == "limit-unpacked" and e.value.fault == "limit"


def test_exception_classes():
    for cls in (lumpkit.FormatError, lumpkit.LimitError, lumpkit.RequestError, lumpkit.InternalError):
        assert issubclass(cls, lumpkit.Error) and issubclass(cls, Exception)


def test_unreadable_paths_raise_os_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        lumpkit.open(tmp_path / "missing.blp")
    with pytest.raises(OSError):
        lumpkit.open(tmp_path)
    with pytest.raises(TypeError):
        lumpkit.open(42)


def test_sniff():
    assert lumpkit.sniff((CORPUS / "blp" / "blp0-indexed-a8.blp").read_bytes()[:16]) == "blp"
    assert lumpkit.sniff(b"", name="x.wal") == "wal"
    assert lumpkit.sniff(b"\x89PNG\r\n\x1a\n") is None


def _targets_rows():
    """Every (file, engine, status) the corpus's targets.tsv manifests record."""
    rows = []
    for manifest in sorted(CORPUS.glob("*/targets.tsv")):
        for line in manifest.read_text().splitlines()[1:]:
            name, engine, status = line.split("\t")
            rows.append((manifest.parent / name, engine, status))
    return rows


@pytest.mark.parametrize("path,engine,status", _targets_rows())
def test_targets_give_each_engines_recorded_verdict(path, engine, status):
    assert lumpkit.open(path, targets=[engine]).status == status
    records = list(lumpkit.check(path, targets=[engine]))
    assert records[0]["status"] == status


def test_check_with_targets_equals_cli_check_json_with_target(cli):
    folder = CORPUS / "bsp"
    ours = [json.loads(line) for line in lumpkit.check(folder, as_json=True, targets=["quake", "goldsrc"])]
    theirs = [json.loads(line) for line in cli_json_lines(cli, "--target", "quake", "--target", "goldsrc", folder)]
    for record in theirs:
        record.pop("expected", None)
        record.pop("as_expected", None)
    assert ours == theirs
    assert any(d.get("refused_by") for r in ours for d in r["diagnostics"])


def test_an_unknown_target_is_a_value_error():
    with pytest.raises(ValueError, match="unknown engine"):
        lumpkit.open(CORPUS / "bsp" / "hl_valid.bsp", targets=["doom"])


def test_limits_are_those_of_the_cli_flags(cli):
    folder = CORPUS / "blp"
    limits = {"max_pixels": 64, "max_alloc": 1 << 16}
    ours = [json.loads(line) for line in lumpkit.check(folder, decode=True, as_json=True, limits=limits)]
    theirs = [
        json.loads(line)
        for line in cli_json_lines(cli, "--decode", "--max-pixels", "64", "--max-alloc", "65536", folder)
    ]
    for record in theirs:
        record.pop("expected", None)
        record.pop("as_expected", None)
    assert ours == theirs
    # The lowered limit is really applied: some file is refused by it that the defaults accept.
    codes = {d["code"] for r in ours for d in r["diagnostics"]}
    assert codes & {"limit-pixels", "limit-alloc"}


def test_a_lowered_limit_refuses_decoding_with_a_limit_error():
    path = CORPUS / "wad" / "decals.wad"
    assert lumpkit.open(path).decode(entry="{spray").shape == (16, 16, 4)
    tight = lumpkit.open(path, limits={"max_pixels": 255})
    with pytest.raises(lumpkit.LimitError) as caught:
        tight.decode(entry="{spray")
    assert caught.value.code == "limit-pixels"
    assert lumpkit.open(path, limits={"max_pixels": 256}).decode(entry="{spray").shape == (16, 16, 4)


def test_an_unknown_or_negative_limit_is_a_value_error():
    with pytest.raises(ValueError, match="unknown limit"):
        lumpkit.open(CORPUS / "bsp" / "hl_valid.bsp", limits={"max_pixel": 1})
    with pytest.raises(ValueError, match="max_alloc"):
        lumpkit.check(CORPUS / "bsp", limits={"max_alloc": -1})


def test_every_record_is_as_bad_as_its_worst_diagnostic():
    # DESIGN.md, errors and leniency: nothing is an error without an error diagnostic that says
    # why, and what lumpkit did not read is "not checked" (info), never broken.
    rank = {"info": 1, "warning": 2, "error": 3}
    status_of = {0: "ok", 1: "ok", 2: "warning", 3: "error"}
    records = 0
    for record in lumpkit.check(CORPUS):
        worst = max((rank[d["severity"]] for d in record["diagnostics"]), default=0)
        assert record["status"] == status_of[worst], record["path"]
        records += 1
    assert records > 1000
