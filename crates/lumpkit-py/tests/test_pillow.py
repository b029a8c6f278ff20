"""The Pillow plugin: BLP (replacing Pillow's reader), PAA, WAL and WAD open through lumpkit and
give exactly lumpkit's pixels, on the bundled corpus and on the shared files."""

import pytest

PIL = pytest.importorskip("PIL")
from PIL import Image, UnidentifiedImageError  # noqa: E402

import lumpkit  # noqa: E402
import lumpkit.pillow  # noqa: E402
from conftest import CORPUS, SHARED, corpus_files, shared_dir  # noqa: E402

PALETTE = SHARED / "palettes" / "quake.lmp"
TEXTURES = (".blp", ".paa", ".wal", ".wad")


def pillow_frames(path):
    """Every frame Pillow opens, as (entry, RGBA bytes), or the exception it raised."""
    frames = []
    with Image.open(path) as im:
        assert isinstance(im, lumpkit.pillow.LumpkitImageFile)
        for frame in range(getattr(im, "n_frames", 1)):
            im.seek(frame)
            frames.append((im.info["entry"], im.convert("RGBA").tobytes(), im.size))
    return frames


def lumpkit_frames(path, palette=None):
    f = lumpkit.open(path, palette=palette)
    entries = [None] if f.width else [e["name"] for e in f.info.get("entries", [])
                                        if e.get("width") and e.get("height")]
    frames = []
    for entry in entries:
        picture = f.decode(entry=entry)
        frames.append((entry, picture.tobytes(), (picture.shape[1], picture.shape[0])))
    return frames


def compare(path, palette=None):
    """Pillow's frames equal lumpkit's, or both refuse the file; returns how many were compared."""
    lumpkit.pillow.set_palette(palette)
    try:
        try:
            theirs = lumpkit_frames(path, palette)
        except lumpkit.Error:
            theirs = None
        try:
            ours = pillow_frames(path)
        except (OSError, UnidentifiedImageError):
            ours = None
        if theirs is None or not theirs:
            assert not ours, f"{path}: Pillow decoded what lumpkit refuses"
            return 0
        assert ours is not None, f"{path}: Pillow failed where lumpkit decodes"
        assert ours == theirs, path
        return len(ours)
    finally:
        lumpkit.pillow.set_palette(None)


def test_lumpkit_replaces_pillows_blp_reader():
    path = CORPUS / "blp" / "blp0-indexed-a8.blp"
    with Image.open(path) as im:
        assert type(im) is lumpkit.pillow.BlpImageFile and im.format == "BLP"
        assert im.mode == "RGBA" and im.size == (8, 8) and im.info["mips"] == 4


CORPUS_TEXTURES = [p for p, _ in corpus_files() if p.suffix.lower() in TEXTURES]


@pytest.mark.parametrize("path", CORPUS_TEXTURES, ids=[str(p.relative_to(CORPUS)) for p in CORPUS_TEXTURES])
def test_corpus_textures_through_pillow(path):
    palette = PALETTE if PALETTE.is_file() else None
    compare(path, palette)


@pytest.mark.parametrize("fmt", ["blp", "paa", "wad"])
def test_shared_textures_through_pillow(fmt):
    corpus = shared_dir("corpus", fmt)
    files = sorted({line.split("\t")[0] for line in (corpus / "expected.tsv").read_text().splitlines()[1:]})
    compared = sum(compare(corpus / name, PALETTE) for name in files if name.lower().endswith(TEXTURES))
    assert compared > 0


def test_wad_frames_walk_the_textures():
    wads = [p for p in CORPUS_TEXTURES if p.suffix == ".wad" and lumpkit.open(p).status == "ok"
            and lumpkit.open(p).info.get("version") == "WAD3"]
    assert wads
    with Image.open(wads[0]) as im:
        names = []
        for frame in range(im.n_frames):
            im.seek(frame)
            assert im.tell() == frame
            names.append(im.info["entry"])
        assert names == [e["name"] for e in lumpkit.open(wads[0]).info["entries"]
                         if e.get("width") and e.get("height")]
        with pytest.raises(EOFError):
            im.seek(im.n_frames)


def test_files_lumpkit_cannot_read_are_left_to_other_plugins(tmp_path):
    junk = tmp_path / "junk.wal"
    junk.write_bytes(b"not a texture at all")
    with pytest.raises(UnidentifiedImageError):
        Image.open(junk)
