#!/usr/bin/env bash
# The project's one test command (README; called by .ci/run): installs what the
# tests need — Debian's chromium for the browser tests, a virtual environment
# with the Python test extras (works where system-wide pip is refused, PEP 668) —
# then lint, strict typing and every test.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  SUDO=""; if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
. scripts/venv.sh "[test]"

echo "== ruff"
python -m ruff check src tests benchmarks
echo "== mypy --strict"
python -m mypy
echo "== pytest"
python -m pytest "$@"
