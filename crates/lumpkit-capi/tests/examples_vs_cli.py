#!/usr/bin/env python3
"""The C examples (crates/lumpkit-capi/examples) against the CLI, file by file.

usage: examples_vs_cli.py LUMPKIT_BIN EXAMPLES_DIR PALETTE_OR_- FILE...

For every file:
  validate_map FILE           = `info --json`'s format, status and diagnostics, printed as `info`
                                prints them, then `check --json`'s counts; exit 1 iff an error
  validate_map --records FILE = `check --json --no-config FILE`, record for record (less the
                                `expected`/`as_expected` fields a folder's expect.tsv adds)
  list_pak FILE               = `check --json`'s paths and formats, in order; the file's size, and
                                the sizes `info --json` lists for its entries (where names are unique)
  decode_texture FILE M OUT   = `decode FILE --mip M --out -`, byte for byte, for levels 0 and 1
                                of the file and of up to 4 pictures inside it (`--entry`), or both fail
Prints one line per kind of comparison and exits 1 on the first difference's file (all are listed).
"""
import json
import os
import subprocess
import sys
import tempfile


def run(args, **kw):
    return subprocess.run(args, capture_output=True, timeout=120, **kw)


def lines(data):
    return data.decode("utf-8", errors="replace").splitlines()


def info_text(info):
    """What validate_map prints for the file, from `info --json`."""
    out = [f"{info['path']}: {info['format']} ({info['status']})"]
    for d in info["diagnostics"]:
        at = f" (at byte {d['offset']})" if "offset" in d else ""
        out.append(f"  {d['severity']}: {d['message']}{at}  [{d['code']}]")
    return out


def strip_expectation(record):
    record.pop("expected", None)
    record.pop("as_expected", None)
    return record


def main():
    cli, examples, palette, *files = sys.argv[1:]
    ex = lambda name: os.path.join(examples, name)
    pal = [] if palette == "-" else ["--palette", palette]
    failures = []
    counts = {"validate": 0, "records": 0, "list": 0, "sizes": 0, "cli-gap": 0, "decode": 0, "decode-refused": 0}
    tmp = tempfile.mkdtemp()
    out = os.path.join(tmp, "level.rgba")

    def differ(path, what, want, got):
        failures.append(path)
        print(f"DIFFERS {path}: {what}\n  cli:     {want!r}\n  example: {got!r}")

    for path in files:
        info_run = run([cli, "info", "--json", path])
        if info_run.returncode not in (0, 1):
            continue  # not a file the CLI reads (it says why); the examples are not asked either
        info = json.loads(info_run.stdout)
        check_run = run([cli, "check", "--json", "--no-config", path])
        records = [strip_expectation(json.loads(l)) for l in lines(check_run.stdout)]
        errors = sum(r["status"] == "error" for r in records)

        # validate_map: the handle's report, then the check summary.
        got = run([ex("validate_map"), path])
        summary = (f"checked {len(records)} files and members: "
                   f"{sum(r['status'] == 'ok' for r in records)} ok, "
                   f"{sum(r['status'] == 'warning' for r in records)} warning, {errors} error: "
                   + ("do not load it" if errors else "safe to load"))
        want = info_text(info) + [summary]
        if lines(got.stdout) != want:
            differ(path, "validate_map", want, lines(got.stdout))
        elif got.returncode != (1 if errors else 0):
            differ(path, "validate_map exit status", 1 if errors else 0, got.returncode)
        counts["validate"] += 1

        # validate_map --records: the check callback's JSON lines.
        got = run([ex("validate_map"), "--records", path])
        mine = [json.loads(l) for l in lines(got.stdout)]
        if mine != records:
            first = next((i for i, (a, b) in enumerate(zip(records, mine)) if a != b),
                         min(len(records), len(mine)))
            differ(path, f"check records (record {first} of {len(records)})",
                   records[first] if first < len(records) else None,
                   mine[first] if first < len(mine) else None)
        counts["records"] += len(records)

        # list_pak: the member walk.
        got = run([ex("list_pak"), path])
        listed = [l.split("\t") for l in lines(got.stdout)]
        want = [[r["path"], r["format"]] for r in records]
        if [row[:2] for row in listed] != want:
            differ(path, "list_pak paths and formats", want, [row[:2] for row in listed])
        else:
            # Sizes: the file's own, and each first-level member's where `info --json` lists one
            # entry of that name with a size and the ABI gives the member bytes of its own (a
            # WAD's textures have none: `-`).
            # (`entries` is a count in some formats' info, e.g. war3map.imp's: no list to compare.)
            listed_entries = info.get("entries")
            if not isinstance(listed_entries, list):
                listed_entries = []
            entries = [e for e in listed_entries if isinstance(e, dict)]
            names = [e.get("name") for e in entries]
            sizes = {e["name"]: e["size"] for e in entries
                     if isinstance(e.get("size"), int) and names.count(e.get("name")) == 1}
            if listed and listed[0][2] != str(os.path.getsize(path)):
                differ(path, "list_pak file size", os.path.getsize(path), listed[0][2])
            for row, rec in zip(listed[1:], records[1:]):
                name = rec["location"][1] if len(rec["location"]) == 2 else None
                if name in sizes and row[2].isdigit():
                    counts["sizes"] += 1
                    if row[2] != str(sizes[name]):
                        differ(path, f"list_pak size of {name}", sizes[name], row[2])
        counts["list"] += len(listed)

        # decode_texture: the file's own levels and a few pictures inside it.
        targets = [[]]
        targets += [r["location"][1:] for r in records[1:] if "width" in r][:4]
        for chain in targets:
            for mip in (0, 1):
                entry = ["--entry", "!".join(chain)] if chain else []
                want = run([cli, "decode", path, "--mip", str(mip), "--out", "-", *pal, *entry])
                if os.path.exists(out):
                    os.remove(out)
                got = run([ex("decode_texture"), *pal, path, str(mip), out, *chain])
                label = f"decode_texture mip {mip}" + (f" of {'!'.join(chain)}" if chain else "")
                if want.returncode == 0:
                    pixels = open(out, "rb").read() if os.path.exists(out) else None
                    if got.returncode != 0 or pixels != want.stdout:
                        differ(path, label, f"{len(want.stdout)} bytes",
                               got.stderr.decode(errors="replace").strip() or
                               f"{len(pixels or b'')} bytes, not the same")
                    else:
                        counts["decode"] += 1
                elif got.returncode == 0 and chain and b"blp-external-mips-unreachable" in want.stderr:
                    # A BLP0 inside an archive: `check` and the ABI read its levels from the
                    # archive (Context::container); `decode --entry` does not pass the archive on
                    # yet and refuses it. Counted and shown, not failed: the ABI is the right one.
                    counts["cli-gap"] += 1
                    print(f"notice: {path}: {label}: decoded through the ABI; "
                          "`lumpkit decode --entry` cannot reach a BLP0's levels in its archive yet")
                elif got.returncode == 0:
                    differ(path, label + " (the CLI refuses it)", want.stderr.decode().strip(),
                           got.stdout.decode().strip())
                else:
                    counts["decode-refused"] += 1
    print(f"{len(files)} files: validate_map {counts['validate']}, check records {counts['records']}, "
          f"list_pak lines {counts['list']} (member sizes {counts['sizes']}), levels decoded identically {counts['decode']}, "
          f"refused by both {counts['decode-refused']}, BLP0 levels in archives only the ABI reaches "
          f"{counts['cli-gap']}; {len(set(failures))} files differ")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
