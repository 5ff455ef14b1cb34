# a vertical tab between tokens: Python's tokenizer error (tree-sitter takes it as a space)
import cupy as cp
x = cp.arange(3)
print(x)
