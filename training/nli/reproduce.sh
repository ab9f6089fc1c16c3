#!/usr/bin/env bash
# Train Rubriq's NLI cross-encoder from scratch, both stages, then ship the result into the package.
# Resumable: run it again after an interruption and each stage resumes from its last checkpoint.
#   bash training/nli/reproduce.sh            (from the repository root, with the project's venv active)
set -euo pipefail
cd "$(dirname "$0")/../.."
python training/nli/train.py --config training/nli/config.yaml          # stage 1 -> runs/minilm_l6_nli_v1/best
python training/nli/train.py --config training/nli/config_stage2.yaml   # stage 2 -> runs/minilm_l6_nli_v2/best
python training/nli/ship.py --run training/nli/runs/minilm_l6_nli_v2/best
