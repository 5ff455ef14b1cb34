import cupy as cp

cp.random.set_random_state(3)
