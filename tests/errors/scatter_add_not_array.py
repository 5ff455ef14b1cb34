import cupyx

a = [1, 2, 3]
cupyx.scatter_add(a, 0, 1)
