#!/usr/bin/env bash
# The project's one test command (README; called by .ci/run): installs what the
# tests need — Debian's chromium for the browser tests, a virtual environment
# with the Python test extras (works where system-wide pip is refused, PEP 668) —
# then lint, strict typing and every test.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
apt_install() {
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  apt_install chromium chromium-driver
fi

VENV="${DWZ_VENV:-.venv}"
if [ ! -x "$VENV/bin/python" ]; then
  # Debian/Ubuntu ship venv without ensurepip unless python3-venv is installed
  python3 -m venv "$VENV" 2>/dev/null || { rm -rf "$VENV"; apt_install python3-venv; python3 -m venv "$VENV"; }
fi
export PATH="$PWD/$VENV/bin:$PATH"   # the tests call the installed `dwz` console script too
python -m pip install -q --disable-pip-version-check -e '.[test]'

echo "== ruff"
python -m ruff check src tests benchmarks
echo "== mypy --strict"
python -m mypy
echo "== pytest"
python -m pytest "$@"
