#!/usr/bin/env bash
# End-to-end tests of Rubriq's editor clients in real editors:
#   - the .prompt grammar, tokenized by VS Code's TextMate engine;
#   - the VS Code extension: type-check, lint, unit tests, the .vsix;
#   - Neovim 0.7.2 and 0.11.4, headless, with client-nvim (pytest: tests/e2e/test_nvim.py);
#   - VS Code 1.100 (code-server) in headless Chromium with the .vsix installed (tests/e2e/vscode/cs-e2e.js).
# Installs what it needs first (tests/e2e/setup.sh). The server runs with $RUBRIQ_PYTHON (default: <repo>/.venv).
# RUBRIQ_UPDATE_SCREENSHOTS=1 copies the VS Code screenshots to docs/images/.
# Usage: tests/e2e/run.sh [grammar] [client-vscode] [neovim] [vscode]   (no argument: all of them)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
export RUBRIQ_PYTHON="${RUBRIQ_PYTHON:-$REPO/.venv/bin/python}"
export RUBRIQ_E2E_HOME="${RUBRIQ_E2E_HOME:-$REPO/.e2e}"
# Arguments after the interpreter that start the server (stdio).
export RUBRIQ_SERVER_ARGS="${RUBRIQ_SERVER_ARGS:--m rubriq serve}"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
RESULTS="$HERE/results"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
failed=()
section() { echo; echo "== $* ($(( SECONDS ))s)"; }
ONLY=" ${*:-grammar client-vscode neovim vscode} "
want() { [[ "$ONLY" == *" $1 "* ]]; }

section "install editors"
"$HERE/setup.sh"

if want grammar; then
  section "grammar: tokenization test"
  (cd "$REPO/grammars" && npm ci --no-audit --no-fund --silent && npm test --silent) || failed+=("grammar")
fi

if want client-vscode; then
  section "VS Code extension: type-check, lint, unit tests, .vsix"
  (cd "$REPO/client-vscode" && npm ci --no-audit --no-fund --silent && npm run --silent check && npm run --silent package) \
    || failed+=("client-vscode")
fi

if want neovim; then
  section "Neovim 0.7.2 and 0.11.4"
  (cd "$REPO" && RUBRIQ_E2E=1 "$RUBRIQ_PYTHON" -m pytest -q -p no:cacheprovider tests/e2e/test_nvim.py) \
    || failed+=("neovim")
  if [ "${RUBRIQ_UPDATE_SCREENSHOTS:-0}" = 1 ]; then
    section "Neovim 0.11.4 in a terminal (screenshots for docs/neovim.md)"
    shots_ws="$(mktemp -d)"
    cp -r "$HERE/fixtures/workspace" "$shots_ws/ws"
    (cd "$REPO" && NVIM="$RUBRIQ_E2E_HOME/nvim011/bin/nvim" WORKSPACE="$shots_ws/ws" PAIR=summary E2E_FIX_CODE=IF001 \
      SCREENSHOTS="$RESULTS/images" E2E_PLUGIN="$REPO/client-nvim" \
      CS_MODULES="$RUBRIQ_E2E_HOME/cs/node_modules/code-server/lib/vscode/node_modules" \
      NODE_PATH="$RUBRIQ_E2E_HOME/node/node_modules" timeout 600 node "$HERE/nvim/screenshots.js") \
      || failed+=("neovim-screenshots")
    rm -rf "$shots_ws"
  fi
fi

cs_e2e() {
  local work cs port pair expect fix
  work="$(mktemp -d)"
  cs="$RUBRIQ_E2E_HOME/cs/node_modules/.bin/code-server"
  port="${RUBRIQ_E2E_PORT:-8123}"
  cp -r "$HERE/fixtures/workspace" "$work/ws"
  mkdir -p "$work/data/User" "$work/exts" "$work/xdg"
  pair=summary
  read -r expect fix < <(cd "$REPO" && "$RUBRIQ_PYTHON" -c "
import json
from tests.e2e.expectations import expected_output_codes, fix_code_for, repaired_prompts
json.dump(repaired_prompts('$pair'), open('$RESULTS/expected-repairs.json', 'w'))
print(','.join(expected_output_codes('$pair')), fix_code_for('$pair'))")
  local server_args
  server_args="$("$RUBRIQ_PYTHON" -c 'import json, os, shlex; print(json.dumps(shlex.split(os.environ["RUBRIQ_SERVER_ARGS"])))')"
  cat > "$work/data/User/settings.json" <<JSON
{ "workbench.startupEditor": "none", "security.workspace.trust.enabled": false, "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false, "extensions.autoUpdate": false, "update.mode": "none",
  "workbench.enableExperiments": false, "workbench.tips.enabled": false, "editor.hover.delay": 200,
  "editor.wordWrap": "on", "editor.minimap.enabled": false, "workbench.editor.enablePreview": false,
  "rubriq.interpreter": "$RUBRIQ_PYTHON", "rubriq.serverArgs": $server_args, "rubriq.trace.server": "verbose" }
JSON
  XDG_CONFIG_HOME="$work/xdg" "$cs" --user-data-dir "$work/data" --extensions-dir "$work/exts" \
    --install-extension "$REPO/client-vscode/rubriq.vsix"
  XDG_CONFIG_HOME="$work/xdg" "$cs" --auth none --bind-addr "127.0.0.1:$port" --user-data-dir "$work/data" \
    --extensions-dir "$work/exts" --disable-telemetry --disable-update-check --disable-workspace-trust \
    "$work/ws" >"$RESULTS/code-server.log" 2>&1 &
  local cs_pid=$!
  for _ in $(seq 1 150); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.2; done
  local rc=0
  CS_URL="http://127.0.0.1:$port/?folder=$work/ws" WORKSPACE="$work/ws" PAIR="$pair" EXPECT="$expect" \
    EXPECTED_REPAIRS="$RESULTS/expected-repairs.json" USER_DATA="$work/data" PYTHON_WITHOUT_RUBRIQ="${RUBRIQ_E2E_BARE_PYTHON:-/usr/bin/python3}" \
    FIX_CODE="$fix" SCREENSHOTS="$RESULTS/images" \
    NODE_PATH="$RUBRIQ_E2E_HOME/node/node_modules" timeout 600 node "$HERE/vscode/cs-e2e.js" || rc=$?
  kill "$cs_pid" 2>/dev/null || true
  wait "$cs_pid" 2>/dev/null || true
  # The extension's log (server stderr and protocol trace) for a failed run.
  find "$work/data/logs" -name '*Rubriq.log' -exec cp {} "$RESULTS/vscode-rubriq.log" \; 2>/dev/null || true
  # The verbose protocol trace: summary.out was sent to the server, build.out (no build.prompt) never was.
  if grep -q "$pair.out" "$RESULTS/vscode-rubriq.log" && ! grep -q 'build.out' "$RESULTS/vscode-rubriq.log"; then
    echo "ok   build.out (no sibling .prompt) was never sent to the server"
  else
    echo "FAIL the protocol trace shows build.out sent to the server, or no trace"; rc=1
  fi
  rm -rf "$work"
  return $rc
}
if want vscode; then
  section "VS Code (code-server 4.100.3) in headless Chromium"
  [ -f "$REPO/client-vscode/rubriq.vsix" ] || (cd "$REPO/client-vscode" && npm run --silent vsix)
  cs_e2e || failed+=("vscode")
fi
if [ "${RUBRIQ_UPDATE_SCREENSHOTS:-0}" = 1 ] && [ -d "$RESULTS/images" ]; then
  mkdir -p "$REPO/docs/images"
  for shot in "$RESULTS"/images/vscode-{problems,hover,quickfix,repair,rule-page,status,sqb,install}.png \
              "$RESULTS"/images/neovim-{hover,quickfix,repair,status}.png; do  # the ones docs/*.md show
    if [ -f "$shot" ]; then cp "$shot" "$REPO/docs/images/"; fi
  done
fi

section "done"
if [ ${#failed[@]} -gt 0 ]; then
  echo "e2e FAILED: ${failed[*]} (logs and screenshots in $RESULTS)"
  exit 1
fi
echo "e2e passed:$ONLY"
