#!/usr/bin/env python3
"""Runs the composite GitHub Action (action.yml) the way a runner does, on a local checkout.

usage: action_steps.py ACTION_DIR WORKSPACE OUT_DIR [input=value ...]

Reads action.yml, and for each step in order evaluates its `if:` (the expression subset the action
uses: `inputs.*`, `steps.*.outputs.*`, `always()`, `==`, `!=`, `&&`), substitutes `${{ ... }}` in
its `run:` and `env:`, and runs `run:` steps with `shell: bash` and the runner's variables
(GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_PATH, GITHUB_STEP_SUMMARY,
RUNNER_TEMP; GITHUB_PATH's folders are prepended to PATH for the following steps). `uses:` steps
(the cache, the SARIF upload) are not run: their `with:` is printed, and a SARIF file they would
upload must be a SARIF 2.1.0 log. Prints each step, then `outputs: {...}` as JSON; exits with the
status of the first failing step (0 when all pass). Needs PyYAML.
"""
import json
import os
import re
import subprocess
import sys

import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def main():
    action_dir, workspace, out_dir, *pairs = sys.argv[1:]
    action = yaml.safe_load(open(os.path.join(action_dir, "action.yml")))
    given = dict(p.split("=", 1) for p in pairs)
    unknown = set(given) - set(action["inputs"])
    if unknown:
        sys.exit(f"unknown inputs {sorted(unknown)}")
    inputs = {k: str(given.get(k, v.get("default", ""))) for k, v in action["inputs"].items()}
    steps = {}
    os.makedirs(out_dir, exist_ok=True)
    path_file = os.path.join(out_dir, "github_path")
    open(path_file, "w").close()
    env_base = dict(os.environ,
                    GITHUB_ACTION_PATH=os.path.abspath(action_dir),
                    GITHUB_WORKSPACE=os.path.abspath(workspace),
                    GITHUB_PATH=path_file,
                    GITHUB_STEP_SUMMARY=os.path.join(out_dir, "summary.md"),
                    RUNNER_TEMP=out_dir)

    def value(expr):
        m = re.fullmatch(r"inputs\.([\w-]+)", expr)
        if m:
            return inputs[m.group(1)]
        m = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
        if m:
            return steps.get(m.group(1), {}).get(m.group(2), "")
        m = re.fullmatch(r"github\.action_path", expr)
        if m:
            return env_base["GITHUB_ACTION_PATH"]
        raise SystemExit(f"expression not simulated: {expr}")

    def condition(expr):
        if expr is None:
            return True
        py = re.sub(r"\$\{\{\s*(.*?)\s*\}\}", r"\1", str(expr))
        py = py.replace("always()", "True").replace("&&", " and ").replace("||", " or ")
        py = re.sub(r"(inputs\.[\w-]+|steps\.[\w-]+\.outputs\.[\w-]+)", lambda m: repr(value(m.group(1))), py)
        return bool(eval(py, {"__builtins__": {}}, {"True": True}))

    substitute = lambda text: EXPR.sub(lambda m: value(m.group(1)), str(text))

    def lenient(text):
        """For `uses:` steps, which are not run: expressions of the runner's own are shown as is."""
        def one(m):
            try:
                return value(m.group(1))
            except SystemExit:
                return m.group(0)
        return EXPR.sub(one, str(text))
    failed = 0
    for step in action["runs"]["steps"]:
        name = step.get("name", step.get("id", "?"))
        if not condition(step.get("if")) or (failed and "always()" not in str(step.get("if", ""))):
            print(f"[skip] {name}")
            continue
        if "uses" in step:
            with_ = {k: lenient(v) for k, v in step.get("with", {}).items()}
            print(f"[uses] {name}: {step['uses']} with {with_} (not run here)")
            if "sarif_file" in with_:
                log = json.load(open(os.path.join(os.path.abspath(workspace), with_["sarif_file"])))
                assert log["version"] == "2.1.0" and log["runs"][0]["tool"]["driver"]["name"] == "lumpkit", log
            continue
        out_file = os.path.join(out_dir, f"output_{step.get('id', len(steps))}")
        open(out_file, "w").close()
        env = dict(env_base, GITHUB_OUTPUT=out_file,
                   **{k: substitute(v) for k, v in step.get("env", {}).items()})
        extra = [l for l in open(path_file).read().splitlines() if l]
        env["PATH"] = os.pathsep.join(extra[::-1] + [env["PATH"]])
        print(f"[run] {name}", flush=True)
        code = subprocess.run(["bash", "-e", "-c", substitute(step["run"])], env=env, cwd=workspace).returncode
        outputs = dict(l.split("=", 1) for l in open(out_file).read().splitlines() if "=" in l)
        if "id" in step:
            steps[step["id"]] = outputs
        if code != 0:
            print(f"[failed] {name}: exit {code}")
            failed = failed or code
    print("outputs: " + json.dumps({k: substitute(v["value"]) for k, v in action.get("outputs", {}).items()}))
    sys.exit(failed)


if __name__ == "__main__":
    main()
