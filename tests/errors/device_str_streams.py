import cupy as cp

ss = [cp.cuda.Stream()]
t = str(ss)
