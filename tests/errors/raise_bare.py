# a bare raise re-raises the exception being handled: there is none without try
import cupy as cp

if cp.arange(3).sum() > 1:
    raise
