# Sourced by serve.sh and test.sh: makes or reuses the project's virtual environment (works where
# system-wide pip is refused, PEP 668, or missing) and puts it first on PATH.
# Usage: . scripts/venv.sh EXTRAS   (EXTRAS: "" for the program, "[test]" for the tests)

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
apt_install() {
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! command -v python3 >/dev/null 2>&1; then
  echo "dwz needs Python 3.11 or newer (python3 not found; on Debian/Ubuntu: apt install python3 python3-venv)" >&2
  exit 2
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "dwz needs Python 3.11 or newer; python3 is $(python3 -V 2>&1)" >&2
  exit 2
fi

VENV="${DWZ_VENV:-.venv}"
if [ ! -x "$VENV/bin/python" ]; then
  # Debian/Ubuntu ship venv without ensurepip unless python3-venv is installed
  python3 -m venv "$VENV" 2>/dev/null || { rm -rf "$VENV"; apt_install python3-venv; python3 -m venv "$VENV"; }
fi
case "$VENV" in /*) ;; *) VENV="$PWD/$VENV" ;; esac
export PATH="$VENV/bin:$PATH"   # the tests call the installed `dwz` console script too
python -m pip install -q --disable-pip-version-check -e ".$1"
