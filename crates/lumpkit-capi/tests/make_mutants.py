#!/usr/bin/env python3
"""Writes deterministic mutants of every file under the seed folders, for the ABI's sanitizer run.

usage: make_mutants.py OUT_DIR PER_FILE SEED_DIR...

Uses the shared campaign's mutation operators (../shared/tools/mutate.py: truncations, bit flips,
extreme 32-bit values in the header and anywhere, zeroed and duplicated regions) when that file is
there, and the same kinds of operators written here otherwise. Mutants keep their seed's extension
(formats are also recognised by it) and are named SEED.N.EXT.
"""
import ast
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_TOOLS = os.path.join(HERE, "..", "..", "..", "..", "shared", "tools")


def own_mutants(data, rnd, n):
    extremes = [0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFF, 0x10000]
    out = []
    for i in range(n):
        b = bytearray(data)
        op = i % 4
        if op == 0 and len(b) > 1:
            b = b[: rnd.randrange(len(b))]
        elif op == 1 and b:
            for _ in range(rnd.randint(1, 8)):
                b[rnd.randrange(len(b))] ^= 1 << rnd.randrange(8)
        elif op == 2 and len(b) >= 4:
            off = rnd.randrange(min(len(b) - 4, 512) + 1)
            b[off:off + 4] = struct.pack("<I", rnd.choice(extremes + [len(b), rnd.getrandbits(32)]))
        elif len(b) > 8:
            s = rnd.randrange(len(b))
            b[s:s] = b[s:min(len(b), s + rnd.randint(1, 512))]
        out.append(bytes(b))
    return out


def shared_operators(path):
    """mutate.py's `mutants` function (and the constants it uses), without running its campaign:
    that script runs its main() when imported, so only these definitions are taken from it."""
    tree = ast.parse(open(path).read(), path)
    keep = [node for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom))
            or (isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets))
            or (isinstance(node, ast.FunctionDef) and node.name == "mutants")]
    scope = {}
    exec(compile(ast.Module(body=keep, type_ignores=[]), path, "exec"), scope)
    return scope["mutants"]


def main():
    out_dir, per_file, *seeds = sys.argv[1:]
    per_file = int(per_file)
    mutants = own_mutants
    source = "operators of make_mutants.py"
    shared = os.path.join(SHARED_TOOLS, "mutate.py")
    if os.path.exists(shared):
        mutants = shared_operators(shared)
        source = "operators of ../shared/tools/mutate.py"
    os.makedirs(out_dir, exist_ok=True)
    rnd = random.Random(41)
    written = 0
    for seed in seeds:
        for root, _, files in os.walk(seed):
            for name in sorted(files):
                if name.endswith((".tsv", ".md", ".gz")):
                    continue
                path = os.path.join(root, name)
                data = open(path, "rb").read()
                stem, ext = os.path.splitext(name)
                tag = os.path.relpath(root, seed).replace(os.sep, "_")
                for i, m in enumerate(mutants(data, rnd, per_file)):
                    with open(os.path.join(out_dir, f"{tag}_{stem}.{i}{ext}"), "wb") as f:
                        f.write(m)
                    written += 1
    print(f"{written} mutants in {out_dir} ({source})")


if __name__ == "__main__":
    main()
