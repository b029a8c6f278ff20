#!/usr/bin/env bash
# The shell steps of the composite GitHub Action (action.yml), one subcommand per step:
#   install  find, fetch or build lumpkit and put it on PATH ($GITHUB_PATH), its path in outputs
#   check    run `lumpkit check` on $INPUT_PATHS from the repository root (its lumpkit.toml applies):
#            annotations in the log, a SARIF log at $INPUT_SARIF (default: the runner's temporary
#            folder), a summary; the exit status goes to outputs so that the SARIF upload runs
#            before the job fails
#   verdict  fail the job with check's exit status
# Uses only what the runner provides (bash, coreutils, curl/tar for binary-url, cargo to build).
set -euo pipefail
: "${GITHUB_OUTPUT:?run by the action (GITHUB_OUTPUT is not set)}"
: "${GITHUB_ACTION_PATH:?run by the action (GITHUB_ACTION_PATH is not set)}"
workspace=${GITHUB_WORKSPACE:-$PWD}

install() {
  local bin
  if [ -n "${INPUT_LUMPKIT:-}" ]; then
    bin=$(cd "$workspace" && realpath "$INPUT_LUMPKIT")
  elif [ -n "${INPUT_BINARY_URL:-}" ]; then
    [ -n "${INPUT_BINARY_SHA256:-}" ] || { echo "::error::binary-url needs binary-sha256"; exit 2; }
    local dir=${RUNNER_TEMP:-/tmp}/lumpkit-bin
    mkdir -p "$dir"
    curl -fsSL --retry 3 -o "$dir/download" "$INPUT_BINARY_URL"
    echo "$INPUT_BINARY_SHA256  $dir/download" | sha256sum -c --quiet - \
      || { echo "::error::binary-url: SHA-256 mismatch"; exit 2; }
    case "$INPUT_BINARY_URL" in
      *.tar.gz | *.tgz) tar -xzf "$dir/download" -C "$dir" && bin=$(find "$dir" -type f -name lumpkit | head -1) ;;
      *) mv "$dir/download" "$dir/lumpkit" && bin=$dir/lumpkit ;;
    esac
    chmod +x "$bin"
  else
    command -v cargo >/dev/null || { echo "::error::cargo is needed to build lumpkit (or give binary-url)"; exit 2; }
    echo "::group::Build lumpkit from the action's source"
    cargo build --release --locked -p lumpkit-cli --manifest-path "$GITHUB_ACTION_PATH/Cargo.toml"
    echo "::endgroup::"
    bin=${CARGO_TARGET_DIR:-$GITHUB_ACTION_PATH/target}/release/lumpkit
  fi
  "$bin" --version >/dev/null || { echo "::error::$bin does not run"; exit 2; }
  dirname "$bin" >> "${GITHUB_PATH:-/dev/null}"
  echo "path=$bin" >> "$GITHUB_OUTPUT"
  echo "lumpkit: $bin ($("$bin" --version))"
}

check() {
  local bin sarif code=0
  bin=$(command -v lumpkit || true)
  # GITHUB_PATH takes effect in the next step; read it here too so the script runs on its own.
  if [ -z "$bin" ] && [ -n "${GITHUB_PATH:-}" ] && [ -s "$GITHUB_PATH" ]; then
    bin=$(tail -1 "$GITHUB_PATH")/lumpkit
  fi
  [ -x "$bin" ] || { echo "::error::lumpkit is not on PATH (the install step did not run)"; exit 2; }
  cd "$workspace"
  sarif=${INPUT_SARIF:-${RUNNER_TEMP:-/tmp}/lumpkit.sarif}
  # shellcheck disable=SC2206 # paths and arguments are space-separated inputs
  local paths=(${INPUT_PATHS:-.}) args=(${INPUT_ARGS:-})
  # A mod repository holds scripts, configs and docs beside its assets: each would be a
  # "not a format lumpkit reads" note (and a code scanning alert) unless asked for.
  [ "${INPUT_REPORT_UNKNOWN:-false}" = true ] || args+=(--allow lumpkit-unknown-format)
  # Annotations on the files for people, then the SARIF log for code scanning.
  "$bin" check --format github "${args[@]}" "${paths[@]}" || code=$?
  if [ "$code" -le 1 ]; then
    local sarif_code=0
    "$bin" check --format sarif "${args[@]}" "${paths[@]}" > "${RUNNER_TEMP:-/tmp}/lumpkit.sarif.tmp" || sarif_code=$?
    # Code scanning wants paths relative to the repository root, without a leading `./`.
    sed 's#"uri":"\./#"uri":"#g' "${RUNNER_TEMP:-/tmp}/lumpkit.sarif.tmp" > "$sarif"
    rm -f "${RUNNER_TEMP:-/tmp}/lumpkit.sarif.tmp"
    [ "$sarif_code" = "$code" ] || { echo "::error::check gave $code, then $sarif_code for SARIF"; code=2; }
    echo "sarif=$sarif" >> "$GITHUB_OUTPUT"
  fi
  echo "exit-code=$code" >> "$GITHUB_OUTPUT"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    { echo "### lumpkit check"; echo; echo '```'; "$bin" check --quiet "${args[@]}" "${paths[@]}" 2>&1 || true; echo '```'; } >> "$GITHUB_STEP_SUMMARY"
  fi
}

verdict() {
  case "${EXIT_CODE:-2}" in
    0) echo "lumpkit: no errors" ;;
    1) echo "::error::lumpkit check found errors (see the annotations and the code scanning alerts)"; exit 1 ;;
    *) echo "::error::lumpkit check could not run (exit ${EXIT_CODE:-unknown})"; exit 2 ;;
  esac
}

case "${1:-}" in
  install | check | verdict) "$1" ;;
  *) echo "usage: github-action.sh install|check|verdict" >&2; exit 2 ;;
esac
