#!/usr/bin/env bash
# The project's one test command (README; called by .ci/run):
# installs what the tests need (Debian chromium for the browser tests, the
# Python test extras), then lint, strict typing and every test.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

python3 -m pip install -q --disable-pip-version-check -e '.[test]'

echo "== ruff"
python3 -m ruff check src tests benchmarks
echo "== mypy --strict"
python3 -m mypy
echo "== pytest"
python3 -m pytest "$@"
