# Sourced by the steps that build the wasm crate (30-web, 40-hosts): `ensure_wasm_bindgen` installs
# wasm-bindgen-cli of exactly the wasm-bindgen version Cargo.lock holds into target/tools, so that
# nothing outside the repository changes, and prints its path. No registry this machine reaches
# has a prebuilt binary, so it is built, as cheaply as it can be: only the `wasm-bindgen` binary,
# without the test runner's TLS (default features), unoptimised and without debug info. That
# took 215 s of CPU against 541 s for the optimised build with every binary (measured side by
# side on this machine); its run on our one small module is well under a second either way.
ensure_wasm_bindgen() {
  local want
  want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
  if [ "$(target/tools/bin/wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    install_bindgen() {
      CARGO_PROFILE_DEV_DEBUG=0 cargo install wasm-bindgen-cli --version "$want" --debug \
        --no-default-features --bin wasm-bindgen --root target/tools "$@"
    }
    # --locked pins the CLI's own dependencies; where the registry no longer serves one of those
    # exact versions (a yanked crate), the newest compatible ones are taken instead.
    install_bindgen --locked >/dev/null 2>&1 || install_bindgen >/dev/null || return 1
  fi
  echo "target/tools/bin/wasm-bindgen"
}
