#!/usr/bin/env python3
"""Rebuilds the field sample (docs/field-sample.md) from repository snapshots.

The repositories, their commits, families and file counts are read from the table in
docs/field-sample.md, so the page stays the one list. Each repository must first be brought here
with the session's `fetch` tool (a bare snapshot under /work/.mirror/owner+name/). For each one this
lists the files of the family's extensions at the recorded commit (HEAD when the snapshot no longer
has it), skips Git LFS pointers and blobs the snapshot lacks, picks files round-robin over
extensions and folders up to the recorded count, and writes each to
FIELD/<family>/<owner>__<repo>[/<commit>]/<path>. FIELD/MANIFEST.tsv pins the bytes (sha256).

usage: collect.py [--docs docs/field-sample.md] [--mirror /work/.mirror] [--out /work/field]
"""

import argparse
import collections
import hashlib
import os
import re
import subprocess
import sys

# What a family's sample is made of (lower-case extensions).
EXTENSIONS = {
    "wc3": {"w3m", "w3x", "mdx", "blp", "mpq"},
    "sc2": {"sc2map", "sc2replay", "sc2mod"},
    "sc1": {"scm", "scx", "zip", "7z"},
    "wow": {"blp", "m2", "skin", "mpq", "zip"},
    "q3": {"bsp", "pk3", "md3", "skin"},
    "quake": {"bsp", "pak", "wad", "pk3"},
    "hexen2": {"bsp", "pak"},
    "halflife": {"bsp", "wad"},
    "quake2": {"bsp", "wal", "zip", "pak"},
    "arma": {"pbo", "paa"},
    "misc": {"zip", "dpk", "7z"},
    "dds": {"dds"},
}

ROW = re.compile(r"^\| ([\w.-]+/[\w.-]+) @ ([0-9a-f]{12})((?: and [0-9a-f]{12})*)[^|]*\|[^|]*\| ([^|]+)\|")


def git(repo, *args, binary=False):
    out = subprocess.run(["git", "-C", repo, *args], capture_output=True, check=False)
    if out.returncode != 0:
        return None
    return out.stdout if binary else out.stdout.decode("utf-8", "replace")


def rows(docs):
    """(repository, [commits], {family: count}) for each table row of the page."""
    for line in open(docs, encoding="utf-8"):
        m = ROW.match(line)
        if not m:
            continue
        commits = [m.group(2)] + re.findall(r"[0-9a-f]{12}", m.group(3))
        families = {f: int(n) for f, n in re.findall(r"(\w+) \((\d+)\)", m.group(4))}
        yield m.group(1), commits, families


def git_dir(mirror, repo):
    base = os.path.join(mirror, repo.replace("/", "+"), "repo")
    dot = os.path.join(base, ".git")
    return dot if os.path.isdir(dot) else base


def candidates(gd, commit, extensions):
    """(path, blob, size) of the wanted files at `commit`, blobs present and not LFS pointers."""
    listing = git(gd, "ls-tree", "-r", "-l", "-z", commit)
    if listing is None:
        return []
    found = []
    for entry in listing.split("\0"):
        if not entry:
            continue
        meta, _, path = entry.partition("\t")
        parts = meta.split()
        if len(parts) != 4 or parts[1] != "blob" or not parts[3].isdigit():
            continue  # not a file, or a blob the snapshot lacks (its size reads "-" or "BAD")
        ext = path.rsplit(".", 1)[-1].lower() if "." in os.path.basename(path) else ""
        if ext in extensions:
            found.append((path, parts[2], int(parts[3])))
    return found


def round_robin(files, cap):
    """Up to `cap` files, taken in turn from each extension and, within it, from each folder."""
    by_ext = collections.defaultdict(lambda: collections.defaultdict(list))
    for f in sorted(files):
        path = f[0]
        ext = path.rsplit(".", 1)[-1].lower()
        by_ext[ext][os.path.dirname(path)].append(f)
    queues = []
    for ext in sorted(by_ext):
        folders = [collections.deque(v) for _, v in sorted(by_ext[ext].items())]
        order = []
        while any(folders):
            for q in folders:
                if q:
                    order.append(q.popleft())
        queues.append(collections.deque(order))
    picked = []
    while len(picked) < cap and any(queues):
        for q in queues:
            if q and len(picked) < cap:
                picked.append(q.popleft())
    return picked


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", default="docs/field-sample.md")
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("--out", default="/work/field")
    a = ap.parse_args()
    manifest = []
    missing = []
    for repo, commits, families in rows(a.docs):
        taken = collections.Counter()  # a family's count is over all of the row's commits
        gd = git_dir(a.mirror, repo)
        if not os.path.isdir(gd):
            missing.append(repo)
            continue
        for commit in commits:
            full = git(gd, "rev-parse", "--verify", "-q", commit + "^{commit}")
            at = full.strip() if full else git(gd, "rev-parse", "HEAD").strip()
            if not full:
                print(f"{repo}: {commit} not in the snapshot, HEAD {at[:12]} instead", file=sys.stderr)
            for family, cap in families.items():
                files = []
                for path, blob, size in candidates(gd, at, EXTENSIONS.get(family, set())):
                    head = git(gd, "cat-file", "blob", blob, binary=True)
                    if head is None or head.startswith(b"version https://git-lfs"):
                        continue
                    files.append((path, blob, size, head))
                picked = round_robin([(p, b, s) for p, b, s, _ in files], cap - taken[family])
                taken[family] += len(picked)
                data = {p: d for p, _, _, d in files}
                sub = [family, repo.replace("/", "__")] + ([commit[:8]] if len(commits) > 1 else [])
                for path, _, size in picked:
                    dest = os.path.join(a.out, *sub, path)
                    os.makedirs(os.path.dirname(dest), exist_ok=True)
                    with open(dest, "wb") as f:
                        f.write(data[path])
                    digest = hashlib.sha256(data[path]).hexdigest()
                    manifest.append((family, repo, at, path, size, digest))
                print(f"{repo} {family}: {len(picked)} of {cap} (from {len(files)})")
    with open(os.path.join(a.out, "MANIFEST.tsv"), "w", encoding="utf-8") as f:
        f.write("family\trepository\tcommit\tpath\tsize\tsha256\n")
        for row in manifest:
            f.write("\t".join(map(str, row)) + "\n")
    print(f"{len(manifest)} files; repositories not fetched: {', '.join(missing) or 'none'}")


if __name__ == "__main__":
    main()
