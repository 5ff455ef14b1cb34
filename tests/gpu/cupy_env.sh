# cupy_env.sh — sourced by the tests/gpu scripts that compare gpyc's programs with CuPy's
# (random_vs_cupy.sh, misc_vs_cupy.sh).
#
# cupy_env_missing BUILD PY: prints why such a comparison cannot run here (no gpyc in BUILD, no
# GPU, no CuPy with a device under PY) and succeeds; prints nothing and fails when it can run.
cupy_env_missing() {
    if [ ! -x "$1/bin/gpyc" ]; then
        echo "no $1/bin/gpyc"
    elif ! nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
        echo "no GPU (nvidia-smi lists none)"
    elif ! "$2" -c 'import cupy; cupy.cuda.runtime.getDeviceCount()' >/dev/null 2>&1; then
        echo "cupy is not importable with a device under $2"
    else
        return 1
    fi
}

# cupy_env_line PY: the report's first line, "cupy VERSION, GPU 0: NAME (UUID: ...)"
cupy_env_line() {
    echo "cupy $("$1" -c 'import cupy; print(cupy.__version__)' 2>/dev/null), $(nvidia-smi -L | head -n 1)"
}
