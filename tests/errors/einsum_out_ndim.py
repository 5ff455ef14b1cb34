import cupy as cp

cp.einsum("ij,jk->ik", cp.ones((2, 3)), cp.ones((3, 4)),
          out=cp.zeros(8))
