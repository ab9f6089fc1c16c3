#!/usr/bin/env bash
# Train Rubriq's shipped NLI cross-encoder from scratch and copy it into the package.
# Resumable: run it again after an interruption and training resumes from its last checkpoint.
#   bash training/nli/reproduce.sh            (from anywhere, with the project's venv active)
set -euo pipefail
cd "$(dirname "$0")/../.."
python training/nli/train.py --config training/nli/config.yaml
python training/nli/ship.py --run training/nli/runs/minilm_l6_nli_v1/best
