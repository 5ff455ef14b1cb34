import cupy as cp

# NumPy's other names of a dtype and its codes with a byte order compare equal (lw_dtype_name)
for t in (cp.bool_, cp.int8, cp.uint8, cp.int16, cp.uint16, cp.int32, cp.uint32, cp.int64, cp.uint64,
          cp.float32, cp.float64, cp.complex64, cp.complex128):
    d = cp.dtype(t)
    print(d.name, d == 'int_', d == 'intp', d == 'p', d == 'long', d == 'longlong', d == 'uint', d == 'uintp',
          d == 'P', d == 'ulonglong', d == 'bool_', d == 'byte', d == 'ubyte', d == 'short', d == 'ushort',
          d == 'intc', d == 'uintc', d == 'float_', d == 'cfloat', d == 'cdouble', d == 'csingle', d == 'complex_')
    print(d == d.str)
f4 = cp.dtype('f4')
print(f4 == '=f4', f4 == '|f', f4 == '<f', f4 == '>f4', f4 != '<float32', cp.dtype('i1') == '>i1', cp.dtype('?') == '|?')
print(cp.dtype('intp').name, cp.dtype('>i1').name, cp.dtype('|b1').name, cp.dtype('=f8').itemsize)
