import cupy as cp

cp.show_config(full=True)
