# cupy.show_config(): the same rows as CuPy's, with the machine's values (tests/gpu/misc_vs_cupy.sh)
import cupy as cp

cp.show_config()
print("--")
cp.show_config(_full=True)
