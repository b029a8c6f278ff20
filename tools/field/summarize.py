#!/usr/bin/env python3
"""Tallies a `check --json` run over the field sample (docs/field-sample.md): per family, the
files ok / warning / error (top-level files and archive members apart), the codes behind every
warning and error, and the files in error, so that each can be confirmed or fixed.

usage: summarize.py RUN.jsonl
"""

import collections
import json
import sys


def main():
    files = collections.defaultdict(collections.Counter)
    members = collections.Counter()
    codes = collections.Counter()
    errors = []
    for line in open(sys.argv[1], encoding="utf-8"):
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        path, status = rec.get("path"), rec.get("status")
        if not path or not status:
            continue
        for d in rec.get("diagnostics", []):
            if d.get("severity") in ("warning", "error"):
                codes[(d["severity"], d.get("code"))] += 1
        if "!" in path:
            members[status] += 1
            continue
        files[path.split("/", 1)[0]][status] += 1
        if status == "error":
            why = [d.get("code") for d in rec.get("diagnostics", []) if d.get("severity") == "error"]
            errors.append((path, ", ".join(why) or "(a member)"))
    total = collections.Counter()
    print(f"{'family':<10}{'ok':>7}{'warning':>9}{'error':>7}")
    for fam in sorted(files):
        c = files[fam]
        total.update(c)
        print(f"{fam:<10}{c['ok']:>7}{c['warning']:>9}{c['error']:>7}")
    print(f"{'all':<10}{total['ok']:>7}{total['warning']:>9}{total['error']:>7}")
    print(f"members: {members['ok']} ok, {members['warning']} warning, {members['error']} error")
    print("warnings and errors by code:")
    for (sev, code), n in codes.most_common():
        print(f"  {n:>5} {sev:<8}{code}")
    print("files in error:")
    for path, why in errors:
        print(f"  {path}: {why}")


if __name__ == "__main__":
    main()
