#!/usr/bin/env python3
"""Quake 3 maps: lumpkit beside bsp_tool 0.7.0 (PyPI `bsp-tool`), the Python reader the shared
corpus's facts were checked with. bsp_tool is a library with no command-line checker, so both sides
are timed two ways, side by side in one run:

- in process: bsp_tool's `load_bsp` plus every lump's length (it reads lumps lazily, so this is
  its header and directory), and the same with every record of every lump read (its full parse);
  the in-process lumpkit figures to set beside them are the criterion bench `q3bsp`
  (`lumpkit open`, `lumpkit open+validate`);
- as processes: `python3 -c 'load and count lumps'` against `lumpkit info --json FILE` (start-up
  included on both sides, as a mod site's pipeline would run them).

usage: q3bsp_bsp_tool.py LUMPKIT_BIN [MAP ...]   (default: every map of ../shared/corpus/q3bsp)
Needs `pip install bsp-tool==0.7.0`. Prints one row per map: median of RUNS runs each.
"""
import glob, os, statistics, subprocess, sys, time

RUNS = int(os.environ.get("RUNS", "7"))
LOAD = (
    "import bsp_tool,sys\n"
    "b=bsp_tool.load_bsp(sys.argv[1])\n"
    "n=sum(len(getattr(b,name)) for name in b.branch.LUMP.__members__ "
    "if hasattr(getattr(b,name,None),'__len__'))\n"
)


def median_seconds(fn):
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    lumpkit, maps = args[0], args[1:]
    if not maps:
        here = os.path.dirname(os.path.abspath(__file__))
        maps = sorted(glob.glob(os.path.join(here, "../../../../shared/corpus/q3bsp/*.bsp")))
    import bsp_tool  # noqa: E402  (after the usage check)

    def in_process(path):
        b = bsp_tool.load_bsp(path)
        return sum(
            len(getattr(b, name))
            for name in b.branch.LUMP.__members__
            if hasattr(getattr(b, name, None), "__len__")
        )

    def every_record(path):
        b = bsp_tool.load_bsp(path)
        n = 0
        for name in b.branch.LUMP.__members__:
            lump = getattr(b, name, None)
            if hasattr(lump, "__len__") and not isinstance(lump, (bytes, bytearray)):
                for _ in lump:
                    n += 1
        return n

    print(f"{'map':34} {'bsp_tool load':>14} {'bsp_tool every record':>22} {'bsp_tool process':>17} {'lumpkit info process':>21} {'ratio':>6}")
    for path in maps:
        name = os.path.basename(path)
        t_in = median_seconds(lambda: in_process(path))
        t_all = median_seconds(lambda: every_record(path))
        t_py = median_seconds(lambda: subprocess.run([sys.executable, "-c", LOAD, path], check=True, capture_output=True))
        t_lk = median_seconds(lambda: subprocess.run([lumpkit, "info", "--json", path], check=True, capture_output=True))
        print(f"{name:34} {t_in * 1000:11.1f} ms {t_all * 1000:19.1f} ms {t_py * 1000:14.1f} ms {t_lk * 1000:18.1f} ms {t_py / t_lk:5.0f}x")


main()
