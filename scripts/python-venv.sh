#!/usr/bin/env bash
# Prints the directory of a Python virtual environment with Pulumi's Python SDK (`pulumi` from PyPI at the version
# package.json pins as "pulumiSvc"."pulumiPython"), creating it first when it is not cached. Python programs of
# pulumi-svc (examples/python, test/engine/python-program.test.ts, test/toolchain/python-sdk-svc.test.ts) run with
# its bin/python; they add the generated SDK (sdks/python) themselves, with `pip install --target`, so the cached
# environment never changes after it is made and parallel tests can share it.
#
#   scripts/python-venv.sh           # prints the venv directory (stdout, last line)
#   scripts/python-venv.sh --pins    # prints pulumiPython=<version>
#
# Cache: ${PULUMI_SVC_PYTHON_VENV:-$HOME/.cache/pulumi-svc/python<X.Y>-pulumi-<version>}, keyed by the Python
# version and the pin (a new pin makes a new one). One creation at a time (flock); `.complete` marks a finished
# one, so an interrupted creation is redone. Needs python3 (3.9 or later) with the venv module, and PyPI.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
say() { echo "python-venv: $*" >&2; }
fail() {
  say "$*"
  exit 1
}

pin="$(sed -n 's/^ *"pulumiPython": *"\([^"]*\)".*/\1/p' "${here}/../package.json" | head -n1)"
[ -n "$pin" ] || fail "package.json has no \"pulumiSvc\": { \"pulumiPython\": \"<version>\" }"
if [ "${1:-}" = "--pins" ]; then
  echo "pulumiPython=${pin}"
  exit 0
fi

python="${PULUMI_SVC_PYTHON:-python3}"
command -v "$python" >/dev/null 2>&1 ||
  fail "${python} is not on PATH: install Python 3.9 or later (with its venv module) and run again"
pyver="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
dir="${PULUMI_SVC_PYTHON_VENV:-${HOME}/.cache/pulumi-svc/python${pyver}-pulumi-${pin}}"

if [ ! -f "${dir}/.complete" ]; then
  mkdir -p "$(dirname "$dir")"
  exec 9>"${dir}.lock"
  if command -v flock >/dev/null 2>&1; then flock 9; fi
  if [ ! -f "${dir}/.complete" ]; then
    started=$(date +%s)
    rm -rf "$dir"
    say "creating ${dir} (python ${pyver}, pulumi==${pin} from PyPI)"
    "$python" -m venv "$dir" || fail "${python} -m venv ${dir} failed: install Python's venv module (Debian: apt-get install python3-venv)"
    # setuptools and wheel: the SDK's wheel is built without build isolation (no PyPI round trip per build).
    if ! "${dir}/bin/python" -m pip install --quiet --disable-pip-version-check \
      "pulumi==${pin}" "setuptools>=69" wheel >&2; then
      fail "pip install pulumi==${pin} into ${dir} failed (see above)"
    fi
    touch "${dir}/.complete"
    say "created in $(($(date +%s) - started)) s"
  fi
  exec 9>&-
fi
echo "$dir"
