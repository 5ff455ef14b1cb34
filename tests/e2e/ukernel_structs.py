# Custom structs (lower/api/record.c): NumPy structured dtypes built at compile time (dict and
# list forms, packed, aligned, explicit offsets and itemsize, subarrays, nested), x.view(sd)
# passed by value to raw kernels as a struct (CUDA vector types and the script's own structs),
# templated kernels through a RawModule's name_expressions, kernel code built from constant
# pieces (str.format, +, %), loops over tuples of strings and dtypes.
# Expected output: twins/ukernel_structs.py.
import numpy
import cupy

double3 = numpy.dtype({'names': ['x', 'y', 'z'], 'formats': [numpy.float64] * 3})
packed = numpy.dtype({'names': ['a', 'b', 'c'], 'formats': [numpy.int8, numpy.float64, numpy.int16]})
aligned = numpy.dtype({'names': ['a', 'b', 'c'], 'formats': [numpy.int8, numpy.float64, numpy.int16]},
                      align=True)
spaced = numpy.dtype({'names': ['i', 'j'], 'formats': ['i4', 'i8'], 'offsets': [0, 8], 'itemsize': 24})
listed = numpy.dtype([('id', numpy.int32), ('m', numpy.float32, (2, 2)), ('v', double3)])
nested = numpy.dtype([('c', 'i1'), ('s', aligned)], align=True)
flagged = numpy.dtype({'names': ['c', 'z'], 'formats': ['u1', 'c16'], 'aligned': True})
for name, d in (('double3', double3), ('packed', packed), ('aligned', aligned), ('spaced', spaced),
                ('listed', listed), ('nested', nested), ('flagged', flagged)):
    print(name, d.itemsize, d.alignment, d.names)

# a CUDA vector type by value (CuPy's examples/custom_struct/builtin_vectors.py)
vec_code = '''
__device__ double3 operator+(const double3& lhs, const double3& rhs) {
    return make_double3(lhs.x + rhs.x, lhs.y + rhs.y, lhs.z + rhs.z);
}
extern "C" __global__ void add3(const double3* lhs, double3 rhs, double3* out) {
    int i = threadIdx.x;
    out[i] = lhs[i] + rhs;
}
'''
N = 5
lhs = cupy.arange(3 * N, dtype=cupy.float64).reshape(N, 3)
rhs = numpy.array([0.5, 10.0, 100.0])
out = cupy.empty_like(lhs)
args = (lhs, rhs.view(double3), out)
cupy.RawKernel(vec_code, 'add3')((1,), (N,), args)
print(out)

# the script's own struct, its layout given by offsets and itemsize, its code put together
struct_def = '''
struct spaced {
    int i;
    long long j;
    char tail[8];
};
'''
use_code = '''
{defn}
extern "C" __global__ void use_spaced(spaced s, long long *out, int scale) {{
    int t = threadIdx.x;
    out[t] = s.i * t + s.j * {k} + scale;
}}
'''.format(defn=struct_def, k=3)
sizes_code = struct_def + '''
extern "C" __global__ void sizes(long long *out) {
    out[0] = sizeof(spaced);
    out[1] = %s;
}
''' % 'alignof(spaced)'
s = numpy.array([7, -1, 5, 0, 0, 0], dtype=numpy.int32)
o = cupy.zeros(4, dtype=cupy.int64)
cupy.RawKernel(use_code, 'use_spaced')((1,), (4,), (s.view(spaced), o, cupy.int32(1000)))
print(o)
sz = cupy.zeros(2, dtype=cupy.int64)
cupy.RawKernel(sizes_code, 'sizes')((1,), (1,), (sz,))
print(sz, spaced.itemsize)

# templated kernels (CuPy's examples/custom_struct/packed_matrix.py, 2x2)
tmpl = '''
template<typename T>
struct Matrix {
    T value[2][2];
};

template<typename T>
__global__ void madd(const Matrix<T>* A, const Matrix<T> C, Matrix<T>* out) {
    int i = threadIdx.x;
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++)
            out[i].value[r][c] = A[i].value[r][c] * (r + 1) + C.value[r][c];
}
'''
module = cupy.RawModule(code=tmpl, name_expressions=('madd<float>', 'madd<double>'))
for (ctype, dtype) in zip(('float', 'double'), (numpy.float32, numpy.float64)):
    A = cupy.arange(4 * 3, dtype=dtype).reshape(3, 2, 2)
    C = numpy.array([0.25, 0.5, 0.75, 1.0], dtype=dtype)
    res = cupy.empty_like(A)
    Matrix = numpy.dtype({'names': ['value'], 'formats': [(dtype, (2, 2))]})
    kernel = module.get_function('madd<{}>'.format(ctype))
    kernel((1,), (3,), (A, C.view(Matrix), res))
    print(ctype, Matrix.itemsize, res.dtype)
    print(res)

# an ElementwiseKernel's operation put together from constants
affine = cupy.ElementwiseKernel('float64 x', 'float64 y', 'y = x * {a} + {b}'.format(a=2, b=1), 'affine')
print(affine(cupy.arange(4.0)))
