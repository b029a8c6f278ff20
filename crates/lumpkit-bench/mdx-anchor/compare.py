#!/usr/bin/env python3
"""lumpkit against mdx-m3-viewer's sanity test (the model check map sites run), side by side.

usage: compare.py [--repeat N] [--markdown] MODEL_OR_DIR...

Runs `sanity.mjs` (mdx-m3-viewer 5.12.0's parser and sanity test, in node; `npm install` in this
folder first) and `examples/mdx_times.rs` (lumpkit's MDX inspection) on every model, each in its
own process and timed inside it over N runs, and prints per model: what the viewer reports (its
errors and severe findings mapped onto lumpkit's codes), what lumpkit reports, the index errors
the viewer reports that lumpkit does not (must be none), whether both agree that the file loads,
and the mean time per model of each. The last line is the verdict: exit 1 when lumpkit misses an
index error, disagrees on a crash, or is slower in total.
"""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

# (words in the viewer's message, words in the object it is about) -> lumpkit code.
MAP = [
    ("Invalid material", "Geoset", "mdx-geoset-material"),
    ("Invalid material", "RibbonEmitter", "mdx-ribbon-material"),
    ("Invalid texture animation", "", "mdx-layer-texture-animation"),
    ("Invalid texture", "ParticleEmitter2", "mdx-emitter-texture"),
    ("Invalid texture", "", "mdx-layer-texture"),
    ("Invalid geoset animation", "", "mdx-bone-geoset"),
    ("Invalid geoset", "GeosetAnimation", "mdx-geoset-animation-geoset"),
    ("Invalid geoset", "Bone", "mdx-bone-geoset"),
    ("Invalid parent", "", "mdx-node-parent"),
    ("Same object and parent", "", "mdx-node-parent"),
    ("which does not exist", "vertex group", "mdx-vertex-group"),
    ("Attached to vertex group", "", "mdx-vertex-group"),
    ("Attached to object", "", "mdx-vertex-node"),
    ("there can only be 256 bones", "", "mdx-vertex-node"),
    ("Invalid global sequence", "", "mdx-global-sequence"),
    ("Zero tracks", "EventObject", "mdx-event-no-keys"),
    ("Version 900", "", "mdx-version-900"),
    ("Corrupted", "", "mdx-path-extension"),
    ("Invalid path", "", "mdx-path-extension"),
    ("replaceable ID", "", "mdx-replaceable-id"),
    ("Missing \"Stand\"", "", "mdx-sequence-names"),
    ("Missing \"Death\"", "", "mdx-sequence-names"),
    ("starts before sequence", "", "mdx-sequence-overlap"),
    ("starts at the same frame", "", "mdx-sequence-overlap"),
    ("Too many vertices", "", "mdx-geoset-too-many-vertices"),
    ("Not attached to anything", "", "mdx-vertex-group"),
    ("which is not a bone", "", "mdx-vertex-not-bone"),
    ("not normalized", "", "mdx-skin-weights"),
    ("squirt", "", "mdx-emitter-settings"),
    ("XY Quad", "", "mdx-emitter-settings"),
    ("time middle", "", "mdx-emitter-settings"),
    ("lower than the track before", "", "mdx-track-frames-decreasing"),
    ("Missing opening track", "", "mdx-track-opening-key"),
    ("geoset may be invisible", "", "mdx-bone-invisible-geoset"),
    ("visibility guide", "", "mdx-popcorn-guide"),
]


def code_of(message, at):
    for words, where, code in MAP:
        if words in message and (not where or where in at or where in message):
            return code
    return "?" + message[:40]


def models(args):
    out = []
    for a in args:
        if os.path.isdir(a):
            for dirpath, _, files in os.walk(a):
                out += [os.path.join(dirpath, f) for f in sorted(files) if f.lower().endswith(".mdx")]
        else:
            out.append(a)
    return out


def run_lines(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0 and not p.stdout:
        sys.exit(f"{cmd[0]} failed: {p.stderr[:400]}")
    return {json.loads(l)["path"]: json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")}


def main():
    args = sys.argv[1:]
    repeat, markdown = 20, False
    if "--repeat" in args:
        i = args.index("--repeat")
        repeat = int(args[i + 1])
        del args[i:i + 2]
    if "--markdown" in args:
        args.remove("--markdown")
        markdown = True
    files = models(args or [os.path.join(ROOT, "..", "shared", "corpus", "mdx")])
    if not os.path.isdir(os.path.join(HERE, "node_modules", "mdx-m3-viewer")):
        sys.exit(f"mdx-m3-viewer is not installed: run `npm install` in {HERE}")
    subprocess.run(["cargo", "build", "-q", "--release", "-p", "lumpkit-bench", "--example", "mdx_times"],
                   cwd=ROOT, check=True)
    viewer = run_lines(["node", os.path.join(HERE, "sanity.mjs"), str(repeat)] + files)
    ours = run_lines([os.path.join(ROOT, "target", "release", "examples", "mdx_times"), str(repeat)] + files)
    rows, missed, crash_disagreements = [], 0, 0
    total_v = total_l = 0.0
    for f in files:
        v, l = viewer.get(f, {}), ours.get(f, {})
        v_codes = {}
        for m in v.get("messages", []):
            c = code_of(m["message"], m.get("at", ""))
            v_codes.setdefault(c, m["type"])
        l_codes = {d["code"]: d["severity"] for d in l.get("diagnostics", [])}
        index_errors = {c for c, t in v_codes.items() if t == "error"}
        miss = sorted(c for c in index_errors if c not in l_codes)
        missed += len(miss)
        structural = {"mdx-bad-magic", "mdx-chunk-past-eof", "mdx-object-size", "mdx-geoset-tag",
                      "mdx-track-broken", "mdx-chunk-size-uneven"}
        l_crash = any(c in structural and s == "error" for c, s in l_codes.items())
        v_crash = not v.get("loaded", False)
        if l_crash != v_crash:
            crash_disagreements += 1
        total_v += v.get("ms", 0.0)
        total_l += l.get("ms", 0.0)
        rows.append((os.path.basename(f),
                     ("fails to load: " + v.get("exception", "")[:40]) if v_crash else
                     f"E{v.get('errors', 0)} S{v.get('severe', 0)} " + ",".join(f"{c}({t[0]})" for c, t in sorted(v_codes.items())),
                     f"{l.get('status')} " + ",".join(f"{c}({s[0]})" for c, s in sorted(l_codes.items())),
                     ",".join(miss) or "-",
                     "yes" if l_crash == v_crash else "NO",
                     v.get("ms", 0.0), l.get("ms", 0.0)))
    head = ("model", "mdx-m3-viewer sanity test", "lumpkit", "viewer errors lumpkit misses",
            "agree on load failure", "viewer ms", "lumpkit ms")
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for r in rows:
            print("| " + " | ".join(r[:5]) + f" | {r[5]:.3f} | {r[6]:.3f} |")
    else:
        for r in rows:
            print("\t".join(r[:5]) + f"\t{r[5]:.3f}\t{r[6]:.3f}")
    ratio = total_v / total_l if total_l else float("inf")
    print(f"models {len(files)}; viewer {total_v:.1f} ms, lumpkit {total_l:.1f} ms in total "
          f"(lumpkit {ratio:.1f}x faster); viewer index errors missed by lumpkit: {missed}; "
          f"load-failure disagreements: {crash_disagreements}")
    sys.exit(0 if missed == 0 and crash_disagreements == 0 and total_l < total_v else 1)


main()
