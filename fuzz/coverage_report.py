#!/usr/bin/env python3
"""Writes fuzz/COVERAGE.md (to stdout) from the lcov exports coverage.sh makes, one per target
(coverage/TARGET/lcov.info): line coverage per crate, per module of lumpkit-formats and the facade,
per file of the codec crates, the lines never reached (as ranges, by file), and the lines that
only the structure-aware targets (`*_built`) reach. An export in coverage/tests/ (the instrumented
`cargo test --workspace`) is counted apart: each figure is given for the fuzz corpora alone and
for fuzzing and the tests together, over the lines the fuzz build holds (so test code itself is
never counted). fuzz/coverage-notes.md, when present, is
appended: the reasons for what stays unreached, which a regeneration must not lose."""

import argparse
import datetime
import os
import subprocess
import sys
from collections import defaultdict

# Crates the fuzz targets exist to explore; the test writers (lumpkit-testgen), which the
# structure-aware targets link, are tools, not the code under test.
SKIP_CRATES = {"lumpkit-testgen"}
# The share of every crate's lines the fuzz corpora alone must reach (issue 43).
GOAL = 0.9
# Crates summarised per module (first folder or file under src/) rather than per file.
BY_MODULE = {"lumpkit-formats", "lumpkit"}


def parse(path):
    """{file: {line: hits}} from one lcov file."""
    lines = defaultdict(dict)
    current = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for row in f:
            row = row.strip()
            if row.startswith("SF:"):
                current = row[3:]
            elif row.startswith("DA:") and current:
                number, hits = row[3:].split(",")[:2]
                number, hits = int(number), int(hits)
                table = lines[current]
                table[number] = max(table.get(number, 0), hits)
    return lines


def crate_and_rest(root, path):
    rel = os.path.relpath(path, root)
    parts = rel.split(os.sep)
    if len(parts) < 3 or parts[0] != "crates" or parts[1] in SKIP_CRATES:
        return None
    return parts[1], os.sep.join(parts[2:]), rel


def module_of(rest):
    # src/mpq/crypt.rs -> mpq; src/rules.rs -> rules
    # src/formats/blp.rs (the facade's format glue) -> formats/blp
    parts = rest.split(os.sep)
    if len(parts) >= 4 and parts[0] == "src" and parts[1] == "formats":
        return "formats/" + os.path.splitext(parts[2])[0]
    if len(parts) == 3 and parts[0] == "src" and parts[1] == "formats":
        return "formats/" + os.path.splitext(parts[2])[0]
    if len(parts) >= 3 and parts[0] == "src":
        return parts[1]
    return os.path.splitext(parts[-1])[0]


def ranges(table, want):
    """Runs of DA lines whose reached-ness is `want`, with no line of the other kind between."""
    out, start, end = [], None, None
    for number in sorted(table):
        if want(number, table[number]):
            if start is None:
                start = number
            end = number
        elif start is not None:
            out.append((start, end))
            start = None
    if start is not None:
        out.append((start, end))
    return out


def fmt_ranges(rs):
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in rs)


def pct(hit, total):
    return f"{100.0 * hit / total:.1f}%" if total else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("lcov", nargs="+")
    args = ap.parse_args()
    root = os.path.realpath(args.root)

    union = defaultdict(dict)     # rel -> line -> hits, every target
    plain = defaultdict(set)      # rel -> lines reached by the plain targets
    built = defaultdict(set)      # rel -> lines reached by *_built targets
    tested = defaultdict(set)     # rel -> lines the test suite reaches
    per_target = []
    crate_of = {}
    for path in args.lcov:
        target = os.path.basename(os.path.dirname(path))
        if target == "tests":
            for src, table in parse(path).items():
                where = crate_and_rest(root, os.path.realpath(src))
                if where is not None:
                    tested[where[2]].update(n for n, hits in table.items() if hits)
            continue
        reached_here = 0
        for src, table in parse(path).items():
            where = crate_and_rest(root, os.path.realpath(src))
            if where is None:
                continue
            crate, rest, rel = where
            crate_of[rel] = (crate, rest)
            for number, hits in table.items():
                union[rel][number] = max(union[rel].get(number, 0), hits)
                if hits:
                    reached_here += 1
                    (built if target.endswith("_built") else plain)[rel].add(number)
        per_target.append((target, reached_here))

    # Only lines of the fuzz build count: a test build also holds `#[cfg(test)]` code.
    either = {rel: {n for n, hits in table.items() if hits or n in tested.get(rel, ())}
              for rel, table in union.items()}
    has_tests = bool(tested)
    if has_tests:
        per_target.append(("tests (`cargo test --workspace`)",
                           sum(len(tested[rel] & set(union[rel])) for rel in union)))

    def totals(files):
        total = sum(len(union[f]) for f in files)
        hit = sum(1 for f in files for n in union[f].values() if n)
        return total, hit, sum(len(either[f]) for f in files)

    def row(name, total, hit, both):
        extra = f" {both} | {pct(both, total)} |" if has_tests else ""
        return f"| {name} | {total} | {hit} | {pct(hit, total)} |{extra}\n"

    def head(first):
        if has_tests:
            return (f"| {first} | lines | fuzzing | line % | fuzzing + tests | line % |\n"
                    "|---|---:|---:|---:|---:|---:|\n")
        return f"| {first} | lines | reached | line % |\n|---|---:|---:|---:|\n"

    by_crate = defaultdict(list)
    for rel, (crate, rest) in crate_of.items():
        by_crate[crate].append(rel)

    commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "?"
    w = sys.stdout.write
    w("# Fuzz coverage\n\n")
    w(f"Generated by `fuzz/coverage.sh` on {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M}Z "
      f"at commit {commit}: line coverage of the lumpkit crates when every fuzz target's corpus "
      f"(`fuzz/corpus/TARGET`: the seeds `run-all.sh` gives it plus what fuzzing on this machine "
      f"added) is run through an instrumented build. Lines are the lines llvm-cov counts (those "
      f"holding code). `lumpkit-testgen` (linked by the structure-aware targets) is left out.")
    if has_tests:
        w(" \"fuzzing + tests\" adds what the instrumented `cargo test --workspace` reaches, over the "
          "same lines (test code itself is not counted).")
    w("\n\n")

    w("## Per crate\n\n" + head("crate"))
    for crate in sorted(by_crate):
        w(row(crate, *totals(by_crate[crate])))
    w(row("**all**", *totals(list(union))) + "\n")
    # Issue 43's goal, checked on every regeneration (new crates included as they land).
    short = []
    for crate in sorted(by_crate):
        total, hit, _ = totals(by_crate[crate])
        if total and hit < GOAL * total:
            short.append(f"`{crate}` ({pct(hit, total)})")
    w(f"Goal: fuzzing alone reaches at least {GOAL:.0%} of the lines of every crate above. ")
    w("Met.\n\n" if not short else "Not met for " + ", ".join(short) + ".\n\n")
    if short:
        print("coverage_report.py: under the goal: " + ", ".join(short), file=sys.stderr)

    for crate in sorted(by_crate):
        files = by_crate[crate]
        if crate in BY_MODULE:
            groups = defaultdict(list)
            for rel in files:
                groups[module_of(crate_of[rel][1])].append(rel)
            w(f"## {crate}, per module\n\n" + head("module"))
        else:
            groups = {crate_of[rel][1]: [rel] for rel in files}
            w(f"## {crate}, per file\n\n" + head("file"))
        for name in sorted(groups):
            w(row(name, *totals(groups[name])))
        w("\n")

    w("## Per target\n\nLines of the crates above that each target's corpus reaches on its own.\n\n"
      "| target | lines reached |\n|---|---:|\n")
    for target, hit in sorted(per_target, key=lambda t: (t[0].startswith("tests"), t[0])):
        w(f"| {target} | {hit} |\n")
    w("\n")

    only_built = {rel: built[rel] - plain[rel] for rel in built if built[rel] - plain[rel]}
    w("## Reached only by the structure-aware targets\n\n")
    w(f"{sum(len(v) for v in only_built.values())} lines that no plain target's corpus reaches are "
      f"reached by the `*_built` targets (containers built with right checksums, keys and CRCs "
      f"around fuzzed content).\n\n")
    for rel in sorted(only_built):
        table = {n: 1 if n in only_built[rel] else 0 for n in union[rel]}
        w(f"- `{rel}` ({len(only_built[rel])}): {fmt_ranges(ranges(table, lambda n, h: h))}\n")
    w("\n")

    w("## Lines never reached, by file\n\n")
    if has_tests:
        w("Neither by a fuzz corpus nor by the tests.\n\n")
    for rel in sorted(union):
        reached = either[rel]
        rs = ranges(union[rel], lambda n, h: n not in reached)
        if rs:
            missing = len(union[rel]) - len(reached)
            w(f"- `{rel}` ({missing}): {fmt_ranges(rs)}\n")
    w("\n")

    w("## Lines no fuzz corpus reaches, by file\n\n")
    w("What fuzzing alone leaves (issue 43's measure); `fuzz/coverage-notes.md` says why, where "
      "no input can reach a line.\n\n")
    for rel in sorted(union):
        rs = ranges(union[rel], lambda n, h: not h)
        if rs:
            missing = sum(1 for h in union[rel].values() if not h)
            w(f"- `{rel}` ({missing}): {fmt_ranges(rs)}\n")
    w("\n")

    notes = os.path.join(os.path.dirname(os.path.abspath(__file__)), "coverage-notes.md")
    if os.path.exists(notes):
        with open(notes, encoding="utf-8") as f:
            w(f.read())


if __name__ == "__main__":
    main()
