# pad(mode='edge') (lower/api/manip.c): axis 0 copies its edge rows within columns 2:5, the
# original extent of axis 1 (NumPy's _view_roi), never reading columns 0:2 before axis 1 pads
# them (compute-sanitizer initcheck); then axis 1 copies its edge columns over every row
import cupy as cp
m = cp.arange(6).reshape(2, 3)
print(cp.pad(m, ((0, 1), (2, 0)), mode='edge'))
