import cupy as cp
from cupyx.profiler import time_range

with time_range("r", color_id=1, argb_color=0xFF00FF00):
    x = cp.arange(3)
