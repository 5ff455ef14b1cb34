import cupy as cp

cp.savetxt("/tmp/x.txt", cp.ones(3), fmt="%*d")
