#!/usr/bin/env python3
"""Check a tree of files with lumpkit on a Dask cluster, writing `lumpkit check --json` JSON Lines.

    python dask_check.py ROOT... [--out FILE] [--workers N] [--scheduler ADDRESS] [--files-per-task N]

The files are listed the way `lumpkit check` walks them (`lumpkit.walk`: recursive, sorted, a
folder's `expect.tsv` manifest left out), spread over a Dask bag, and checked one file at a time on
the workers (`lumpkit.check(path, jobs=1, as_json=True)`: archives member by member, each member a
line). Partitions are written in order as they finish, so the output is byte for byte what
`lumpkit check --json --no-config ROOT...` prints on one machine.

Without `--scheduler` it starts a local cluster of `--workers` processes (2 by default); with it, it
joins an existing cluster whose workers have lumpkit installed. The file list is built on the
client: for millions of files, hand the bag a list made by your own storage instead.
"""

import argparse
import sys

import dask.bag as db
from dask.distributed import Client, LocalCluster

import lumpkit


def check_file(path):
    """One file's records (its own and its members'), as `check --json` lines."""
    return list(lumpkit.check(path, jobs=1, as_json=True))


def check_tree(client, roots, out, files_per_task=64):
    """Checks every file under `roots` on `client`'s cluster and writes the lines to `out` in walk
    order. Returns the number of lines written."""
    files = lumpkit.walk(roots)
    if not files:
        return 0
    partitions = max(1, -(-len(files) // files_per_task))
    bag = db.from_sequence(files, npartitions=partitions).map(check_file).flatten()
    written = 0
    # One future per partition, all submitted at once; written in order as each one is ready.
    for future in client.compute(bag.to_delayed()):
        for line in future.result():
            out.write(line)
            out.write("\n")
            written += 1
        future.release()
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("roots", nargs="+", help="files and folders to check")
    parser.add_argument("--out", help="JSON Lines output (default: standard output)")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    parser.add_argument("--scheduler", help="address of an existing Dask scheduler")
    parser.add_argument("--files-per-task", type=int, default=64)
    args = parser.parse_args(argv)
    out = open(args.out, "w", encoding="utf-8", newline="\n") if args.out else sys.stdout
    try:
        if args.scheduler:
            with Client(args.scheduler) as client:
                check_tree(client, args.roots, out, args.files_per_task)
        else:
            with LocalCluster(
                n_workers=args.workers, threads_per_worker=1, processes=True,
                dashboard_address=None,
            ) as cluster, Client(cluster) as client:
                check_tree(client, args.roots, out, args.files_per_task)
    finally:
        if out is not sys.stdout:
            out.close()


if __name__ == "__main__":
    main()
