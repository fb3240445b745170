#!/usr/bin/env bash
# The README's first command: installs dwz into the project's virtual environment (made if missing,
# so it works where `pip install` outside a venv is refused, PEP 668) and starts the web calculator.
# Arguments go to `dwz serve` (e.g. --port 8001).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh ""
exec dwz serve "$@"
