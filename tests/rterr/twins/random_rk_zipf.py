# Stand-in for tests/rterr/random_rk_zipf.py under the NumPy oracle: CuPy's RandomState.zipf
# checks `cupy.any(a <= 1.0)` with its own message (NumPy's is "a <= 1 or a contains NaNs").
raise ValueError("'a' must be a valid float > 1.0")
