# Imported first by multi_import_helper.py, then by multi_import.py (runs once).
import cupy as cp

print("helper2 runs")
Pair = 7
NAME = __name__


def clipped(v):
    return cp.clip(v, -1, 1)
