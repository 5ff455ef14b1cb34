import cupy as cp

print(cp.linalg.qr(cp.eye(3), mode="full"))
