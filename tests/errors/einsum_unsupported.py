import cupy as cp

b = cp.ones((2, 2, 2, 2, 2))
# the first pairwise product keeps all ten letters for the operands after it
print(cp.einsum("abcde,fghij,abcde,fghij->",
                b, b, b, b))
