#!/usr/bin/python3
"""Generates the LZO1X test vectors in this folder with a second, independent implementation.

Provenance: liblzo2 2.10 (Debian bookworm `liblzo2-2`) through python-lzo 1.14 (`python3-lzo`),
`lzo.compress(data, level, False)`: level 1 = lzo1x_1_compress, level 9 = lzo1x_999_compress, no
header. Each vector is `<name>.raw` (the original) and `<name>.l1` / `<name>.l9` (the streams).
The inputs are deterministic (seeded), so rerunning reproduces the files byte for byte.
Run: /usr/bin/python3 crates/lumpkit-lz/tests/data/gen_lzo_vectors.py
"""
import os, random, lzo

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lzo")
rnd = random.Random(1234)

def blocks(n):
    """DXT1-like blocks: few distinct 8-byte blocks, as flat texture regions compress."""
    palette = [bytes(rnd.getrandbits(8) for _ in range(8)) for _ in range(6)]
    return b"".join(rnd.choice(palette) if rnd.random() < 0.8 else bytes(rnd.getrandbits(8) for _ in range(8)) for _ in range(n))

inputs = {
    "one": b"x",
    "three": b"abc",
    "short": b"hello, world",
    "zeros": bytes(70000),
    "random": bytes(rnd.getrandbits(8) for _ in range(5000)),
    "text": (b"The quick brown fox jumps over the lazy dog. " * 200) + b"tail",
    "dxt_like": blocks(4096),
    "far_matches": bytes(rnd.getrandbits(8) for _ in range(20000)) * 3,
    "mixed": b"".join(bytes([i % 7]) * (i % 300) + bytes(rnd.getrandbits(8) for _ in range(i % 19)) for i in range(400)),
}
for name, data in inputs.items():
    open(os.path.join(here, name + ".raw"), "wb").write(data)
    for level in (1, 9):
        stream = lzo.compress(data, level, False)
        assert lzo.decompress(stream, False, len(data)) == data
        open(os.path.join(here, f"{name}.l{level}"), "wb").write(stream)
print(f"{len(inputs)} vectors written to {here}")
