#!/usr/bin/env bash
# run.sh BUILD OUTDIR N SEED [run.py options: -j J, --cases K, --no-run, --check-only]
# The differential fuzzer (issue 24; docs/testing.md): N programs of 100 random cases from SEED,
# expected outputs from the NumPy oracle, compiled by BUILD/bin/gpyc, run and compared where a
# GPU is present.  Runs run.py with the Python the oracle uses ($ORACLE_PYTHON, else the first
# of python3 and /usr/bin/python3 that imports NumPy).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ $# -lt 4 ]; then
  sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
py=${ORACLE_PYTHON:-}
if [ -z "$py" ]; then
  for c in python3 /usr/bin/python3; do
    if command -v "$c" >/dev/null 2>&1 && "$c" -c 'import numpy' >/dev/null 2>&1; then
      py=$c
      break
    fi
  done
fi
if [ -z "$py" ]; then
  echo "run.sh: no python3 with NumPy found (set ORACLE_PYTHON)" >&2
  exit 2
fi
export ORACLE_PYTHON=$py
exec "$py" "$here/run.py" "$@"
