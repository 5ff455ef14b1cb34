import cupy as cp


def total(*arrays):
    return arrays
