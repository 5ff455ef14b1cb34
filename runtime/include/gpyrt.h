/*
 * gpyrt.h — the gpyc runtime's public header: the one contract between generated code and the
 * runtime.  Generated code calls only what this header (and gpyrt_device.cuh for kernels)
 * declares.  The runtime knows nothing of the compiler.
 *
 * C11, usable from C and from CUDA C++ (nvcc).  Ownership is stated at each function:
 *   "new reference"  the caller owns one reference and must rt_release it;
 *   "borrowed"       the callee does not keep the argument beyond the call (or retains it).
 * Errors never return: they print a Python-style traceback (rt_raise) and exit with status 1.
 *
 * Sections, one per file: errors.c · array.c · views.c · launch.c · streams.c · format.c ·
 * print.c · list.c · host.c · random.cu · nprand.c · npgen.c · cpgen.cu · blas.c · manip.c · scan.cu · median.cu · indexing.cu ·
 * sort.cu · fft.c · solver.c · hist.cu · graph.c
 * (libgpu/libgpu.h holds device selection, the stream and the memory pool; libgpu/check.h the
 * status checks of CUDA and its libraries.)
 */
#ifndef GPYRT_H
#define GPYRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- dtypes
 * The kinds, modes and flags below are rows of gpyrt_kinds.def, which the compiler reads too.  */
typedef enum gp_dtype {
#define GPK_DTYPE(id, name, ctype, size) GP_##id,
#include "gpyrt_kinds.def"
    GP_NDTYPES
} gp_dtype;

const char *rt_dtype_name(gp_dtype d);   /* "float32" */
size_t rt_dtype_size(gp_dtype d);

#define GP_MAXDIM 8

/* ---------------------------------------------------------------- errors.c
 * Frames give tracebacks their lines.  Generated code keeps one gp_frame per call on its C
 * stack, enters it at function entry, sets .line before each statement, and leaves it on every
 * return path.                                                                              */
typedef struct gp_frame {
    const char *func;          /* "<module>" or the Python function name */
    int line;                  /* current script line */
    struct gp_frame *prev;
    const char *file;          /* the module's file name ("helper.py"); NULL: the script */
} gp_frame;

/* Called first by main(): records argv and the script's name (for tracebacks) and installs the
 * module frame's file name.  Does not touch the GPU (that happens at the first device use). */
void rt_init(int argc, char **argv, const char *script_name);
/* Called last by main(): waits for the device, checks for late errors, flushes stdout.
 * Returns the process exit status (0). */
int rt_finish(void);
/* sys.exit() and argparse's exits: rt_finish, every live allocation freed, msg (if not NULL)
 * on stderr, then exit(status).  Does not return. */
#ifdef __cplusplus
[[noreturn]]
#else
_Noreturn
#endif
void rt_sys_exit(int status, const char *msg);
void rt_frame_enter(gp_frame *f);
void rt_frame_leave(gp_frame *f);

/* Prints, to stderr, after flushing stdout:
 *     Traceback (most recent call last):
 *       File "script.py", line 14, in <module>
 *       File "script.py", line 3, in f
 *     EXC: message
 * and exits with status 1.  exc is the Python exception name as it should appear
 * ("ValueError", "IndexError", "numpy.linalg.LinAlgError", "cupy.cuda.memory.OutOfMemoryError"). */
#ifdef __cplusplus
[[noreturn]]
#else
_Noreturn
#endif
void rt_raise(const char *exc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* After every kernel launch: raises RuntimeError (CUDA's message) if the launch failed. */
void rt_check_launch(void);

/* ---------------------------------------------------------------- array.c
 * A gp_array is a reference-counted header over a reference-counted device buffer; views share
 * the buffer.  data points at element [0, ..., 0] (buffer base + offset); strides are in bytes
 * and may be zero or negative.  size is the product of shape (1 for ndim 0).               */
typedef struct gp_buffer gp_buffer;    /* opaque: device memory from the pool, refcounted */

typedef struct gp_array {
    int refcnt;
    gp_dtype dtype;
    int ndim;
    int64_t size;
    int64_t shape[GP_MAXDIM];
    int64_t strides[GP_MAXDIM];
    char *data;
    gp_buffer *buf;
} gp_array;

/* A row view of an array, as a sibling-reduction kernel reads it (codegen/kernels/siblings.c):
 * element (i, o) at p + i * s0 + o * s1; a dimension of one (or a 1-d array read as the
 * columns of one row, rank 2) is broadcast with stride 0. */
typedef struct gp_srow {
    const char *p;
    int64_t s0, s1;
} gp_srow;
static inline gp_srow gp_srow_of(const gp_array *a, int rank)
{
    gp_srow r = {a->data, 0, 0};
    if (a->ndim == rank) {
        if (a->shape[0] != 1) r.s0 = a->strides[0];
        if (rank == 2 && a->shape[1] != 1) r.s1 = a->strides[1];
    } else if (a->ndim == 1 && rank == 2 && a->shape[0] != 1) {
        r.s1 = a->strides[0];
    }
    return r;
}

/* A new C-contiguous array, uninitialised.  New reference.  Raises ValueError for a negative
 * dimension ("negative dimensions are not allowed"). */
gp_array *rt_empty(gp_dtype dt, int ndim, const int64_t *shape);
/* A view sharing base's buffer: new reference; base is borrowed. */
gp_array *rt_view(const gp_array *base, int ndim, const int64_t *shape, const int64_t *strides,
                  char *data);
gp_array *rt_retain(gp_array *a);      /* NULL-safe; returns a */
void rt_release(gp_array *a);          /* NULL-safe */
bool rt_is_contiguous(const gp_array *a);   /* C order */

/* New C-contiguous array from host memory holding size elements of dt in C order. */
gp_array *rt_from_host(gp_dtype dt, int ndim, const int64_t *shape, const void *host);
/* Copies a's elements in C order into host memory (size * itemsize bytes); synchronises. */
void rt_to_host(const gp_array *a, void *dst);
/* New C-contiguous copy of a (any strides).  New reference. */
gp_array *rt_copy(const gp_array *a);
/* True when a and b may share memory (same buffer and overlapping byte ranges):
 * np.may_share_memory. */
bool rt_may_overlap(const gp_array *a, const gp_array *b);
/* np.shares_memory(a, b): true when an element of a and one of b have a byte in common (exact:
 * their elements' byte ranges compared, n log n in the sizes, without reading the data). */
bool rt_shares_memory(const gp_array *a, const gp_array *b);
/* True when a kernel writing dst while reading src at the same index must read a copy of src:
 * they may overlap and src is not exactly dst (same data, shape, strides, item size). */
bool rt_store_needs_copy(const gp_array *dst, const gp_array *src);

/* Python scalars from arrays of size 1 (float(x), int(x), bool(x), complex(x)): synchronise.
 * TypeError "only length-1 arrays can be converted to Python scalars" otherwise;
 * bool() of a larger array: ValueError "The truth value of an array with more than one
 * element is ambiguous. Use a.any() or a.all()". */
double rt_item_f64(const gp_array *a);
int64_t rt_item_i64(const gp_array *a);   /* floats truncate toward zero, as int() */
bool rt_item_bool(const gp_array *a);
void rt_item_c128(const gp_array *a, double *re, double *im);

/* ---------------------------------------------------------------- views.c
 * Broadcasting and the kernels' view of arrays.                                            */
typedef struct gp_shape {
    int ndim;
    int64_t size;
    int64_t dim[GP_MAXDIM];
    /* Set by rt_ew_mode for elementwise kernels' 32-bit index path: i / dim[d] ==
     * (i * dmul[d]) >> dshr[d] (a 64-bit product) for every i < 2^31; 0 otherwise. */
    uint32_t dmul[GP_MAXDIM];
    uint8_t dshr[GP_MAXDIM];
} gp_shape;

/* The broadcast shape of n arrays (NULL entries are scalars and are skipped).  Raises
 * ValueError "operands could not be broadcast together with shapes (3,) (4,) ". */
void rt_broadcast(gp_shape *out, int n, const gp_array *const *arrs);
/* The shape of a (as gp_shape). */
gp_shape rt_shape_of(const gp_array *a);
/* Builds a shape from dims; raises ValueError on a negative dimension. */
gp_shape rt_shape_make(int ndim, const int64_t *dims);
/* An elementwise kernel's launch mode over s (codegen/kernels/ewise.c): bit 0 `fast` (every
 * operand contiguous or constant), bit 1 the size fits a 32-bit index (< 2^31), in which
 * case s's division multipliers (dmul, dshr) are set for the kernel's index arithmetic. */
int rt_ew_mode(gp_shape *s, bool fast);

/* How a kernel reads array a over iteration shape s (a broadcast to s, right-aligned):
 * data, and byte strides per dimension of s (0 where a has size 1 or lacks the dimension). */
typedef struct gp_kin {
    char *data;
    int64_t st[GP_MAXDIM];
} gp_kin;
gp_kin rt_kin(const gp_array *a, const gp_shape *s);
/* The host side of an elementwise launch over s, in one call (codegen/kernels/ewise.c):
 * k[i] = rt_kin(arr[i], s) for the n arrays, whose elements have itemsize[i] bytes; when
 * coalesce, merges the dimensions every k walks alike and drops those of size 1 (NumPy's
 * iterator; the linear order is unchanged); then the mode of rt_ew_mode, `fast` when every
 * array is C-contiguous over s or reads one element everywhere (their last stride is then
 * the element step: itemsize or 0), plus bit 2 (the vector path of vec elements) when vec > 1,
 * the mode is 3 and every array that steps is aligned to vec * itemsize bytes. */
int rt_ew_setup(gp_shape *s, int n, const gp_array *const *arr, const uint8_t *itemsize, gp_kin *k,
                bool coalesce, int vec);

/* A user kernel's raw array argument (CuPy's CArray, read by gpyrt_device.cuh's gp_carray):
 * the whole array, which the kernel's own code indexes. */
typedef struct gp_raw {
    char *data;
    int ndim;
    int64_t size;
    int64_t shape[GP_MAXDIM];
    int64_t strides[GP_MAXDIM];
} gp_raw;
static inline gp_raw gp_raw_of(const gp_array *a)
{
    gp_raw r = { a->data, a->ndim, a->size, { 0 }, { 0 } };
    for (int d = 0; d < a->ndim; d++) {
        r.shape[d] = a->shape[d];
        r.strides[d] = a->strides[d];
    }
    return r;
}

/* Reductions: the iteration shape s split into kept ("outer") and reduced ("inner")
 * dimensions.  axes: naxes normalised ascending axes of s; naxes == 0 means all axes.       */
typedef struct gp_rshape {
    int64_t nout, nin;                 /* numbers of output elements and of reduced elements */
    int ond, ind;
    int64_t odim[GP_MAXDIM], idim[GP_MAXDIM];
} gp_rshape;
typedef struct gp_rkin {
    char *data;
    int64_t ost[GP_MAXDIM], ist[GP_MAXDIM];   /* byte strides over odim and idim */
} gp_rkin;
/* Fills rs and the output shape (with size-1 dims kept when keepdims). */
void rt_reduce_setup(const gp_shape *s, int naxes, const int *axes, bool keepdims,
                     gp_rshape *rs, gp_shape *out);
gp_rkin rt_rkin(const gp_array *a, const gp_shape *s, int naxes, const int *axes);
/* The host side of a reduction launch over rs (set up by rt_reduce_setup from s, naxes and
 * axes) in one call (codegen/kernels/reduce.c): k[i] = rt_rkin(arr[i], ...) for the n inputs,
 * whose elements have itemsize[i] bytes; kept dimensions merged among themselves and reduced
 * ones among themselves where every k walks them alike; *col the mode: 0 rows, 1 columns (one
 * thread per output, when colmode >= 1 and the layout pays), V column vectors (colmode 2 and
 * every input's V adjacent outputs load as one aligned vector); *vec rows mode's vector path of
 * V elements (V > 1, one contiguous reduced dimension, rows aligned).  Returns how many parts
 * each output's reduced range is split into (partials combined by gp_reduce_finish). */
int64_t rt_red_setup(gp_rshape *rs, const gp_shape *s, int naxes, const int *axes, int n,
                     const gp_array *const *arr, const uint8_t *itemsize, gp_rkin *k, int colmode,
                     int V, int *col, bool *vec);
/* ValueError "zero-size array to reduction operation maximum which has no identity". */
void rt_reduce_check_nonempty(const gp_rshape *rs, const char *opname);

/* Basic indexing (integers, slices, None, ...).  New reference to a view; IndexError
 * "index 10 is out of bounds for axis 0 with size 5", "too many indices for array: array is
 * 1-dimensional, but 2 were indexed". */
typedef enum gp_idx_kind { GP_IDX_INT, GP_IDX_SLICE, GP_IDX_NEWAXIS, GP_IDX_ELLIPSIS } gp_idx_kind;
typedef struct gp_index {
    gp_idx_kind kind;
    int64_t i;                          /* GP_IDX_INT */
    int64_t start, stop, step;          /* GP_IDX_SLICE; step != 0 */
    bool has_start, has_stop;           /* false where the slice omits them */
} gp_index;
gp_array *rt_index(const gp_array *a, int n, const gp_index *ix);
/* reshape: one dim may be -1.  A view when a is contiguous, else a copy.  New reference.
 * ValueError "cannot reshape array of size 6 into shape (4,)". */
gp_array *rt_reshape(const gp_array *a, int ndim, const int64_t *shape);
/* Whether an elementwise kernel over reshape(src[k], shapes[k*nd .. k*nd+nd-1]) (k < n) may
 * walk the sources in their own shape instead (compiler/passes/reshapes.c): every source has
 * src[0]'s shape, and every target shape is the first, of src[0]'s size.  A -1 of a target
 * shape that reshape would resolve is replaced by its value (reshape then gives the same). */
bool rt_reshape_agree(int n, const gp_array *const *src, int nd, int64_t *shapes);
/* transpose by perm (NULL: reverse the axes).  New reference to a view. */
gp_array *rt_transpose(const gp_array *a, const int *perm);
/* broadcast_to: new reference to a view with zero strides.  ValueError as NumPy. */
gp_array *rt_broadcast_to(const gp_array *a, int ndim, const int64_t *shape);
/* NumPy's assignment broadcast: src may be broadcast to dst's shape (leading size-1
 * dimensions of src beyond dst's rank are dropped).  ValueError otherwise:
 * "could not broadcast input array from shape (3,) into shape (4,)". */
void rt_check_store_shape(int dnd, const int64_t *dshape, int snd, const int64_t *sshape);
/* Does a broadcast into shape[0..ndim-1] without making it larger: at most ndim dimensions,
 * each (right-aligned) 1 or equal?  Never raises (a store fused into a reduction runs only
 * when every operand does: codegen/kernels/reduce.c). */
static inline bool gp_fits_shape(const gp_array *a, int ndim, const int64_t *shape)
{
    if (a->ndim > ndim) return false;
    for (int i = 0; i < a->ndim; i++) {
        const int64_t e = a->shape[i], d = shape[ndim - a->ndim + i];
        if (e != 1 && e != d) return false;
    }
    return true;
}
/* The view of src that a store into an array of shape[0..ndim-1] reads: src broadcast to it
 * after rt_check_store_shape (its leading size-1 dims beyond ndim dropped).  New reference. */
gp_array *rt_store_view(const gp_array *src, int ndim, const int64_t *shape);
/* lib.stride_tricks.as_strided: new reference to a view of a's data (its element [0, ...])
 * with the given shape and byte strides, unchecked against a's memory, as CuPy's (a negative
 * dim: CuPy's ValueError). */
gp_array *rt_as_strided(const gp_array *a, int ndim, const int64_t *shape, const int64_t *strides);
/* a.real (imag 0) or a.imag (imag 1) of a complex array: a view of the real dtype with a's
 * shape and byte strides (writing through it changes a).  New reference. */
gp_array *rt_complex_part(const gp_array *a, int imag);
/* a.view(dtype): a view of a's bytes as dtype (ndim: a's).  Another itemsize rescales the last
 * axis, which must be contiguous (NumPy's ValueErrors otherwise; a 0-d array keeps its
 * itemsize).  New reference. */
gp_array *rt_view_dtype(const gp_array *a, gp_dtype dtype, int ndim);
/* Metadata of a as NumPy reports it: what (gp_info_kind) | axis << 8.  GP_INFO_STRIDE: the
 * byte stride of that axis; the flags (c_contiguous, f_contiguous, writeable: no broadcast
 * axis) as 0 or 1. */
typedef enum gp_info_kind {
#define GPK_INFO(id) GP_INFO_##id,
#include "gpyrt_kinds.def"
} gp_info_kind;
int64_t rt_array_info(const gp_array *a, int what);

/* ---------------------------------------------------------------- launch.c · streams.c
 * Launch grids, and the one stream every launch and copy goes on.                           */
/* Grid size for n elements with blocks of `block` threads (capped from the SM count). */
unsigned rt_grid_for(int64_t n, unsigned block);
/* rt_grid_for, also capped at the blocks of `kernel` (a __global__ function) that the GPU
 * holds at once with `smem` dynamic shared bytes per block. */
unsigned rt_grid_fit(int64_t n, unsigned block, const void *kernel, size_t smem);
/* Grid of an elementwise kernel over n items: on the vector path (vec; n vectors) a thread
 * per vector in one pass, else rt_grid_fit's grid-stride grid. */
unsigned rt_grid_ew(int64_t n, bool vec, unsigned block, const void *kernel);
/* The program's stream (libgpu's). */
cudaStream_t rt_stream(void);

/* ---------------------------------------------------------------- CuPy's device API
 * The GPK_DEV rows of gpyrt_kinds.def (IR_DEVICE calls): objects are int64 handles.
 * streams.c: Stream (0: Stream.null) and Event objects; devices.c: Device objects (an id),
 * cupy.cuda.runtime's queries, the memory pool's figures; random.cu: RandomState objects. */
int64_t rt_stream_new(bool non_blocking, bool null, bool ptds);
int64_t rt_stream_current(void);
int64_t rt_stream_enter(int64_t s);       /* makes s current; returns the stream it replaces */
void rt_stream_set(int64_t s);
void rt_stream_sync(int64_t s);
bool rt_stream_done(int64_t s);
int64_t rt_stream_ptr(int64_t s);
int64_t rt_stream_record(int64_t s, int64_t event);   /* event -1: a new one; returns it */
void rt_stream_wait_event(int64_t s, int64_t event);
/* graph.c: Graph objects (handles) of stream captures; mode -1: CuPy's default (relaxed) */
void rt_stream_begin_capture(int64_t s, int64_t mode);
int64_t rt_stream_end_capture(int64_t s);             /* returns the Graph */
bool rt_stream_is_capturing(int64_t s);
void rt_graph_launch(int64_t graph, int64_t stream);  /* stream -1: the current one */
void rt_graph_upload(int64_t graph, int64_t stream);
/* profile.c: NVTX ranges and markers (id_color -1: none; argb -1: none, else it wins), the CUDA
 * profiler, cupyx.profiler.benchmark's records */
void rt_nvtx_push(const char *msg, int64_t id_color, int64_t argb);
void rt_nvtx_pop(void);
void rt_nvtx_mark(const char *msg, int64_t id_color, int64_t argb);
int64_t rt_range_new(const char *msg, int64_t id_color, int64_t argb, bool sync);   /* time_range */
void rt_range_enter(int64_t range);
void rt_range_exit(int64_t range);
void rt_profiler_start(void);
void rt_profiler_stop(void);
int64_t rt_bench_new(const char *name);               /* after the warm-up calls */
void rt_bench_start(int64_t bench);                   /* before a timed call */
bool rt_bench_stop(int64_t bench, double max_duration);   /* after it; true: stop repeating */
const char *rt_bench_str(int64_t bench, bool show_gpu);   /* CuPy's _PerfCaseResult.to_str */
const char *rt_bench_name(int64_t bench);
gp_array *rt_bench_times(int64_t bench, int64_t gpu); /* seconds: (n,) CPU or (1, n) GPU */
int64_t rt_event_new(bool block, bool disable_timing, bool interprocess);
void rt_event_record(int64_t event, int64_t stream);  /* stream -1: the current one */
void rt_event_sync(int64_t event);
bool rt_event_done(int64_t event);
double rt_event_elapsed(int64_t start, int64_t end);  /* milliseconds; waits for end */
int64_t rt_device_new(int64_t id);        /* -1: the current device */
int64_t rt_device_id(int64_t dev);
int64_t rt_device_get(void);
int64_t rt_device_count(void);
int64_t rt_device_use(int64_t id);        /* returns the device it replaces */
void rt_device_sync(int64_t id);          /* Device.synchronize(), runtime.deviceSynchronize() */
const char *rt_device_cc(int64_t id);     /* compute_capability: "90" */
int64_t rt_device_mem(int64_t id, int64_t which);     /* bytes: 0 free, 1 total */
int64_t rt_device_attr(int64_t id, int64_t attr);     /* Device.attributes[...]: cudaDeviceAttr */
int64_t rt_device_prop(int64_t id, int64_t row, int64_t i);   /* a GPK_PROP row's element i */
const char *rt_device_name(int64_t id);
int64_t rt_driver_version(void);
int64_t rt_runtime_version(void);
void rt_show_config(bool full);           /* cupy.show_config(_full=full): config.c */
int64_t rt_pool_used(void);
int64_t rt_pool_total(void);
int64_t rt_pool_n_free(void);
void rt_pool_free_all(int64_t stream);    /* stream -1: every stream's kept blocks */
void rt_pool_set_limit(int64_t bytes);    /* 0: no limit */
int64_t rt_pool_get_limit(void);
int64_t rt_random_state_new(int64_t seed, bool seeded);
int64_t rt_random_use(int64_t state);     /* selects state's generator; returns the previous one */
/* testing.c: cupy.testing's checks (kind: gp_assert_kind).  x, y are the arrays compared
 * (printed in the message); xd, yd the same values as contiguous float64 (or complex128)
 * arrays.  On failure NumPy's AssertionError message. */
typedef enum gp_assert_kind {
#define GPK_ASSERT(id) GP_ASSERT_##id,
#include "gpyrt_kinds.def"
} gp_assert_kind;
void rt_assert_arrays(int64_t kind, const gp_array *x, const gp_array *y, const gp_array *xd,
                      const gp_array *yd, double rtol, double atol, int64_t decimal, const char *err_msg);

/* ---------------------------------------------------------------- kernels.c
 * The program's kernels, compiled by gpyc into fatbins embedded in the executable.  Generated
 * host code declares one static gp_kernel per kernel ({"name", &fatbin}: fn starts NULL) and launches
 * it with rt_launch on rt_stream(). */
typedef struct gp_kernel {
    const char *name;          /* the extern "C" __global__ function */
    const int *fatbin;         /* which of the program's fatbins holds it (a symbol the build's
                                  assembly file defines: gpyk_fb_<unit hash>) */
    const void *fn;            /* its handle (a cudaKernel_t) once looked up */
} gp_kernel;
/* Called by main() before anything launches: the program's n fatbins (static data). */
void rt_kernels_register(const void *const *fatbins, int n);
/* k's handle, for launches and occupancy queries (rt_grid_fit): looked up on first use in
 * its fatbin, loading that as needed.  RuntimeError when the fatbin does not have it or has no
 * code for this GPU. */
const void *rt_kernel_fn(gp_kernel *k);
/* Launches k on rt_stream() over a grid of gx x gy blocks of `block` threads with `smem`
 * dynamic shared bytes; args points at each argument, in parameter order (cudaLaunchKernel).
 * RuntimeError (CUDA's message) when the launch fails. */
void rt_launch(gp_kernel *k, unsigned gx, unsigned gy, unsigned block, size_t smem, void **args);
/* A user's raw kernel launched as CuPy's RawKernel.__call__: a gx x gy x gz grid of
 * bx x by x bz blocks, smem dynamic shared bytes, args as rt_launch's.  A failed launch is
 * CuPy's cupy_backends.cuda.api.driver.CUDADriverError ("CUDA_ERROR_INVALID_VALUE: invalid
 * argument"). */
void rt_launch_raw(gp_kernel *k, int64_t gx, int64_t gy, int64_t gz, int64_t bx, int64_t by, int64_t bz,
                   int64_t smem, void **args);
struct gp_list;
/* x.view(sd) for a structured dtype of itemsize bytes: NumPy's checks of the view (ValueError),
 * then gpyc's form of a structured array of shape S: a uint8 view of x's bytes of shape
 * S + (itemsize,) (one more axis than S; lower/api/record.c). */
gp_array *rt_struct_view(gp_array *a, int64_t itemsize);
/* A structured array (that form) as a raw kernel's argument, passed by value as CuPy passes a
 * NumPy array: its one element's bytes (at most cap) copied into buf; another size than one
 * element is CuPy's TypeError. */
void rt_struct_arg(const gp_array *a, int64_t cap, void *buf);
/* str() of a structured array (that form) as NumPy prints it: desc the dtype's fields, an int64
 * list: n, then per field its offset, count (a subarray's elements, else 1) and gp_dtype (-1:
 * a structured dtype, whose own description follows). */
const char *rt_struct_str(const gp_array *a, const struct gp_list *desc);

/* ---------------------------------------------------------------- format.c / print.c
 * A string builder and Python's / NumPy's formatting of values.  All output that a program
 * prints goes through rt_sb_print.                                                          */
typedef struct gp_sb {
    char *s;
    size_t len, cap;
} gp_sb;
void rt_sb_putc(gp_sb *sb, char c);
void rt_sb_puts(gp_sb *sb, const char *s);
void rt_sb_free(gp_sb *sb);
/* Writes sb then `end` to stdout and empties sb. */
void rt_sb_print(gp_sb *sb, const char *end);
void rt_sb_eprint(gp_sb *sb, const char *end);  /* print(..., file=sys.stderr) */
/* str() of Python values */
void rt_sb_bool(gp_sb *sb, bool v);               /* True / False */
void rt_sb_i64(gp_sb *sb, int64_t v);
void rt_sb_f64(gp_sb *sb, double v);              /* repr(float): 0.1, 1.0, 1e-05, 1e+16, inf, nan */
void rt_sb_c128(gp_sb *sb, double re, double im); /* repr(complex): (1+2j), 2j, (-0-1j) */
void rt_sb_none(gp_sb *sb);                       /* None */
/* NumPy's str() and repr() of an array (any ndim; 0-d prints as its scalar), byte-identical to
 * NumPy 2 under the current print options (defaults: precision 8, line width 75, threshold
 * 1000, edgeitems 3). */
void rt_sb_array_str(gp_sb *sb, const gp_array *a);
void rt_sb_array_repr(gp_sb *sb, const gp_array *a);
/* str() of a poly1d of coefficients c (1-d) and variable var: NumPy's text, the powers on a line
 * above the terms; repr: "poly1d(" + repr(c)[6:-1] + ")". */
void rt_sb_poly1d(gp_sb *sb, const gp_array *c, const char *var, bool repr);
/* NumPy's print options (print.c).  rt_printopts_new: a handle of the options whose
 * GP_PRINT_* bits are in given (the other arguments are ignored), checked as NumPy checks
 * them (ValueError for a negative precision, a NaN threshold, a sign other than '-', '+', ' ',
 * an unknown floatmode); a threshold above every size (inf) never summarises.
 * rt_printopts_apply(h): makes h's options current (on top of the current ones); returns a
 * handle that restores the options it replaced.  rt_array2string: array2string, array_str or
 * array_repr (kind: gp_text_kind) of a under the current options with handle h's on top
 * (h < 0: none); sep, prefix and suffix are array2string's (the others ignore them). */
enum {
#define GPK_PRINT(id, bit) GP_PRINT_##id = bit,
#include "gpyrt_kinds.def"
};
typedef enum gp_text_kind {
#define GPK_TEXT(id) GP_TEXT_##id,
#include "gpyrt_kinds.def"
} gp_text_kind;
int64_t rt_printopts_new(int64_t given, int64_t precision, double threshold, int64_t edgeitems,
                         int64_t linewidth, bool suppress, const char *sign, const char *floatmode);
int64_t rt_printopts_apply(int64_t h);
const char *rt_array2string(const gp_array *a, int64_t h, int64_t kind, const char *sep, const char *prefix,
                            const char *suffix);
/* np.base_repr(number, base, padding): ValueError "Bases greater than 36 not handled in
 * base_repr." / "Bases less than 2 not handled in base_repr."; np.binary_repr(num, width)
 * (two's complement of a negative num when width is given; NumPy 2's ValueError "Insufficient
 * bit width=W provided for binwidth=B" when it is too narrow). */
const char *rt_base_repr(int64_t number, int64_t base, int64_t padding);
const char *rt_binary_repr(int64_t num, int64_t width, bool has_width);
/* np.format_float_positional(x, precision, unique, fractional, trim, sign, pad_left, pad_right,
 * min_digits) of x read as a float of kind (0 float16, 1 float32, 2 float64): given holds the
 * GP_FFP_* bits of the arguments that are not None (the others are ignored); NumPy's
 * ValueErrors for a negative one, precision 0 without fractional and min_digits > precision;
 * trim is 'k', '.', '0' or '-'. */
enum { GP_FFP_PRECISION = 1, GP_FFP_PAD_LEFT = 2, GP_FFP_PAD_RIGHT = 4, GP_FFP_MIN_DIGITS = 8 };
const char *rt_format_float_positional(double x, int64_t kind, int64_t given, int64_t precision, bool unique,
                                       bool fractional, int64_t trim, bool sign, int64_t pad_left,
                                       int64_t pad_right, int64_t min_digits);
void rt_sb_dtype(gp_sb *sb, gp_dtype d);          /* float32 */
/* str() of a shape tuple: (2, 3), (5,), () */
void rt_sb_shape(gp_sb *sb, int ndim, const int64_t *shape);
/* format(value, spec): Python's format-spec mini-language ([[fill]align][sign][z][#][0]
 * [width][grouping][.precision][type]).  ValueError "Unknown format code 'd' for object of
 * type 'float'" as Python. */
void rt_sb_fmt_i64(gp_sb *sb, int64_t v, const char *spec);
void rt_sb_fmt_f64(gp_sb *sb, double v, const char *spec);
void rt_sb_fmt_bool(gp_sb *sb, bool v, const char *spec);
void rt_sb_fmt_c128(gp_sb *sb, double re, double im, const char *spec);
void rt_sb_fmt_str(gp_sb *sb, const char *v, const char *spec);
/* format() of an array: a 0-d array formats as its scalar; other arrays accept only "". */
void rt_sb_fmt_array(gp_sb *sb, const gp_array *a, const char *spec);
/* The builder's contents as a new str (see strings below); sb is emptied. */
const char *rt_sb_take(gp_sb *sb);

/* who.c: cupy.who()'s table, built by one rt_who_add per array (n: the rows added so far, 0
 * for the first, which starts a new table; returns n + 1; sview: a is the uint8 bytes of a
 * structured array), printed by rt_who_print(n). */
int64_t rt_who_add(int64_t n, const char *name, gp_array *a, bool sview);
void rt_who_print(int64_t n);

/* ---------------------------------------------------------------- host.c
 * Strings are immutable, NUL-terminated, owned by the runtime for the program's lifetime.   */
const char *rt_str_concat(int n, const char *const *parts);
int64_t rt_str_to_i64(const char *s);     /* int("12"); ValueError as Python */
int64_t rt_str_to_int_base(const char *s, int64_t base); /* int("ff", 16); ValueError as Python */
double rt_str_to_f64(const char *s);      /* float("1.5") */
bool rt_str_eq(const char *a, const char *b);
bool rt_same_object(const void *a, const void *b); /* `a is b` of two lists, dicts or sets */
/* a == b of two lists of numbers, bools or str, compared by their run-time kinds (lowering did
 * not know their item type); NotImplementedError for lists of other items */
bool rt_list_eq(const void *a, const void *b);
int64_t rt_str_len(const char *s); /* len(s): code points of UTF-8 s */
int rt_argc(void);
const char *rt_argv(int64_t i);           /* IndexError "list index out of range" */
double rt_perf_counter(void);             /* time.perf_counter() */
/* Python scalar arithmetic that can fail: ZeroDivisionError "division by zero",
 * "integer division or modulo by zero", "float floor division by zero" ... */
int64_t rt_i64_floordiv(int64_t a, int64_t b);
int64_t rt_i64_mod(int64_t a, int64_t b);
double rt_f64_truediv(double a, double b);
double rt_f64_floordiv(double a, double b);
double rt_f64_mod(double a, double b);
double rt_i64_truediv(int64_t a, int64_t b);
int64_t rt_i64_pow(int64_t a, int64_t b); /* b < 0 is handled by the compiler (float result) */

/* ---------------------------------------------------------------- list.c
 * Homogeneous lists.  Elements are stored by value (esize bytes); a list of arrays holds a
 * reference to each element; a list of str holds the pointers.                             */
typedef enum gp_list_kind { GP_LIST_BOOL, GP_LIST_I64, GP_LIST_F64, GP_LIST_C128, GP_LIST_STR,
                            GP_LIST_ARRAY, GP_LIST_OTHER } gp_list_kind;
typedef struct gp_list {
    int refcnt;
    gp_list_kind kind;
    size_t esize;
    int64_t len, cap;
    char *data;
    /* GP_LIST_OTHER elements that hold references (tuples holding arrays or lists, lists):
     * refs(elem, +1) retains them, refs(elem, -1) releases them; NULL when they hold none.
     * The list owns one set per element: the caller takes it before append/set (the generated
     * code retains what it stores), the list drops it on set and on its release. */
    void (*refs)(void *elem, int delta);
} gp_list;
gp_list *rt_list_new(gp_list_kind kind, size_t esize);        /* new reference */
gp_list *rt_list_new_refs(size_t esize, void (*refs)(void *elem, int delta)); /* GP_LIST_OTHER */
void rt_list_refs_array(void *elem, int delta); /* refs of a gp_array * element */
void rt_list_refs_list(void *elem, int delta); /* refs of a gp_list * element */
gp_list *rt_list_retain(gp_list *l);
void rt_list_release(gp_list *l); /* releases array elements, refs */
void rt_list_append(gp_list *l, const void *elem);            /* copies; retains arrays */
/* Address of element i (negative counts from the end); IndexError "list index out of range". */
void *rt_list_at(gp_list *l, int64_t i);
void rt_list_set(gp_list *l, int64_t i, const void *elem); /* retains/releases arrays; refs */
gp_list *rt_list_sorted(const gp_list *l, bool reverse);      /* scalars and str; new reference */
/* A 1-d array of a list of Python numbers (bool, int64, float64 or complex128 by the list's
 * kind): np.fromiter's values.  New reference. */
gp_array *rt_list_array(const gp_list *l);
/* items (scalars, str or arrays) in the order of sorted(keys) (as many; scalars or str): sorted(
 * items, key=f) with keys[i] = f(items[i]); new reference */
gp_list *rt_list_sorted_by(const gp_list *items, const gp_list *keys, bool reverse);
/* str() of a list: [1, 2.5, 'a'] with repr() of each element (arrays as NumPy's repr). */
void rt_sb_list(gp_sb *sb, const gp_list *l);
/* collections.deque on a gp_list: element 0 is the left end; maxlen < 0 for none.  A push
 * stores as rt_list_append does (at the right, or at the left), then drops (and releases) the
 * elements at the other end beyond maxlen; extend pushes src's elements in order (retaining
 * what they hold; src may be l).  A pop moves the end element into *out, the caller taking its
 * references (IndexError "pop from an empty deque").  rotate(n) moves n elements from the
 * right end to the left (n < 0: the other way). */
void rt_deque_push(gp_list *l, const void *elem, bool left, int64_t maxlen);
void rt_deque_extend(gp_list *l, const gp_list *src, bool left, int64_t maxlen);
void rt_deque_pop(gp_list *l, void *out, bool left);
void rt_deque_rotate(gp_list *l, int64_t n);
void rt_deque_clear(gp_list *l);
/* ---------------------------------------------------------------- dict.c
 * Dicts and sets keyed at run time.  A key is stored by value (ksize bytes) as kdesc describes
 * it: 'b' bool, 'i' int64, 'f' double, 's' str, '(' fields ')' a tuple (C struct layout).
 * A dict keeps insertion order and stores values by value (vsize bytes); vrefs(v, +1/-1), when
 * the values hold references, is called by the dict as it stores and drops them.  A set keeps
 * CPython's table order (CPython's hashes of bool, int and float).                           */
typedef struct gp_dict {
    int refcnt;
    int64_t len;           /* live entries: len(d) */
    int64_t n, cap;        /* entries used (live or deleted), allocated */
    const char *kdesc;
    size_t ksize, vsize;
    char *keys, *vals;     /* entry i: keys + i * ksize, vals + i * vsize */
    int64_t *hashes;
    bool *live;
    int64_t *index, mask;  /* open addressing over entry numbers */
    void (*vrefs)(void *v, int delta);
} gp_dict;
typedef struct gp_set {
    int refcnt;
    int64_t used, fill, mask; /* len(s); active + dummy slots; table size - 1 */
    const char *kdesc;
    size_t ksize;
    char *keys;
    int64_t *hashes;
    unsigned char *state;     /* per slot: unused, active, dummy */
} gp_set;
gp_dict *rt_dict_new(const char *kdesc, size_t ksize, size_t vsize, void (*vrefs)(void *v, int delta));
gp_dict *rt_dict_retain(gp_dict *d);
void rt_dict_release(gp_dict *d);
void rt_dict_refs(void *elem, int delta); /* refs of a gp_dict * element (a list's) */
void rt_set_refs(void *elem, int delta);  /* refs of a gp_set * element */
void *rt_dict_find(const gp_dict *d, const void *key);     /* the value's address, or NULL */
void *rt_dict_at(const gp_dict *d, const void *key);       /* d[key]: KeyError repr(key) */
void rt_dict_set(gp_dict *d, const void *key, const void *val);  /* d[key] = val */
void *rt_dict_setdefault(gp_dict *d, const void *key, const void *dflt);
/* d.pop(key): the value moved to out (the caller owns its references; NULL: dropped); false
 * when absent (KeyError when must). */
bool rt_dict_pop(gp_dict *d, const void *key, void *out, bool must);
/* The next live entry from *pos on, in insertion order; false at the end. */
bool rt_dict_next(const gp_dict *d, int64_t *pos, void **key, void **val);
void rt_dict_update(gp_dict *d, const gp_dict *o);
gp_dict *rt_dict_copy(const gp_dict *o);                    /* new reference */
/* A copy of d (int64 values: a Counter) in most_common() order: counts descending, ties in
 * insertion order; new reference. */
gp_dict *rt_dict_by_count(const gp_dict *d);
/* Appends d's keys (what 0), values (1) or (key, value) tuples (2: the value at offset voff of
 * the list's element) to l, in order. */
void rt_dict_list(const gp_dict *d, gp_list *l, int what, size_t voff);
gp_set *rt_set_new(const char *kdesc, size_t ksize);
gp_set *rt_set_retain(gp_set *s);
void rt_set_release(gp_set *s);
void rt_set_add(gp_set *s, const void *key);
bool rt_set_has(const gp_set *s, const void *key);
bool rt_set_discard(gp_set *s, const void *key, bool must);  /* must: remove(), KeyError */
bool rt_set_next(const gp_set *s, int64_t *pos, void **key); /* table order */
void rt_set_add_list(gp_set *s, const gp_list *l);
void rt_set_add_keys(gp_set *s, const gp_dict *d); /* set(d): CPython's one resize first */
gp_set *rt_set_copy(const gp_set *o);                         /* new reference */
enum { GP_SETOP_OR, GP_SETOP_AND, GP_SETOP_SUB, GP_SETOP_XOR };
gp_set *rt_set_op(int op, const gp_set *a, const gp_set *b);  /* a | b ...: new reference */
void rt_set_iop(int op, gp_set *s, const gp_set *o);          /* s |= o ... */
bool rt_set_le(const gp_set *a, const gp_set *b);             /* a <= b: subset */
bool rt_set_eq(const gp_set *a, const gp_set *b);
void rt_set_list(const gp_set *s, gp_list *l);                /* appends the keys in order */
/* x.tolist() of a 1-d array: a new list of Python scalars (bool; int64 for every integer
 * dtype, uint64 wrapping past 2**63-1; float64 for every float dtype; complex128).  Syncs. */
gp_list *rt_tolist(const gp_array *a);
/* str(x.tolist()) of an array of any ndim: nested lists as Python prints them ([[1, 2], [3,
 * 4]]; uint64 unsigned; a 0-d array as its scalar).  Syncs. */
const char *rt_tolist_str(const gp_array *a);

/* ---------------------------------------------------------------- pystr.c, pymod.c, pyargs.c
 * Python's str methods and standard modules: the GPK_PY rows of gpyrt_kinds.def (IR_PYLIB
 * calls), whose comments say what each argument means.  Strings are runtime-owned (host.c). */
const char *rt_str_strip(const char *s, const char *chars, int64_t which);
gp_list *rt_str_split(const char *s, const char *sep, int64_t maxsplit, int64_t flags);
const char *rt_str_join(const char *sep, const gp_list *l);
const char *rt_str_repeat(const char *s, int64_t n);
const char *rt_str_replace(const char *s, const char *old, const char *new_, int64_t count);
bool rt_str_affix(const char *s, const char *fix, int64_t which);
const char *rt_str_case(const char *s, int64_t kind);
const char *rt_str_pad(const char *s, int64_t width, const char *fill, int64_t kind);
const char *rt_str_zfill(const char *s, int64_t width);
int64_t rt_str_find(const char *s, const char *sub, int64_t kind, int64_t start, int64_t end, int64_t given);
bool rt_str_is(const char *s, int64_t kind);
const char *rt_str_item(const char *s, int64_t i);
const char *rt_str_slice(const char *s, int64_t start, int64_t stop, int64_t step, int64_t given);
const char *rt_str_partition(const char *s, const char *sep, int64_t kind);
gp_list *rt_str_chars(const char *s);
const char *rt_str_remove_affix(const char *s, const char *fix, int64_t which);
gp_list *rt_str_splitlines(const char *s, int64_t keepends);
const char *rt_str_chr(int64_t i);
const char *rt_str_pct_c(const char *s, int64_t i, int64_t is_int);
int64_t rt_str_ord(const char *s);
const char *rt_path_join(const char *a, const char *b);
bool rt_path_test(const char *p, int64_t kind);
const char *rt_path_part(const char *p, int64_t kind);
const char *rt_getcwd(void);
const char *rt_env_get(const char *name, const char *dflt, bool has_dflt);
void rt_makedirs(const char *p, bool exist_ok);
void rt_sleep(double secs);
int64_t rt_math_comb(int64_t n, int64_t k, int64_t kind);
int64_t rt_math_factorial(int64_t n);
int64_t rt_math_gcd(int64_t a, int64_t b, int64_t kind);
int64_t rt_math_isqrt(int64_t n);
int64_t rt_py_powmod(int64_t base, int64_t exp, int64_t mod);
bool rt_math_isclose(double a, double b, double rel_tol, double abs_tol);
double rt_math_fsum(const gp_list *l);
double rt_math_hypot(const gp_list *l);
double rt_math_dist(const gp_list *p, const gp_list *q);
void rt_pyrand_seed(int64_t n);
double rt_pyrand_random(void);
int64_t rt_pyrand_bits(int64_t k);
int64_t rt_pyrand_range(int64_t start, int64_t stop, int64_t step, bool has_stop);
double rt_pyrand_real(double a, double b, int64_t kind);
int64_t rt_pyrand_index(int64_t len);
void rt_pyrand_shuffle(gp_list *l);
gp_list *rt_pyrand_sample(const gp_list *l, int64_t k);
int64_t rt_argparse(const char *spec, const gp_list *args, bool has_args);
const char *rt_argparse_text(const char *spec, int64_t kind);
const char *rt_args_str(int64_t h, int64_t i);
int64_t rt_args_int(int64_t h, int64_t i);
double rt_args_float(int64_t h, int64_t i);
bool rt_args_bool(int64_t h, int64_t i);
gp_list *rt_args_list(int64_t h, int64_t i);
int64_t rt_file_open(const char *path, const char *mode);
const char *rt_file_read(int64_t h, int64_t size, bool line);
gp_list *rt_file_readlines(int64_t h);
int64_t rt_file_write(int64_t h, const char *s);
void rt_file_close(int64_t h, int64_t kind);
bool rt_file_closed(int64_t h);
const char *rt_file_name(int64_t h);
/* print(..., file=f) of an open() file h: sb, then end (flushed with flush); sb is emptied. */
void rt_file_print(int64_t h, gp_sb *sb, const char *end, bool flush);
int64_t rt_pathlib_new(const char *s);
const char *rt_pathlib_str(int64_t h);
int64_t rt_pathlib_join(int64_t h, const char *s);
const char *rt_pathlib_part(int64_t h, int64_t kind);
int64_t rt_pathlib_parent(int64_t h);
void rt_pathlib_mkdir(int64_t h, bool parents, bool exist_ok);
const char *rt_pathlib_read(int64_t h);
int64_t rt_pathlib_write(int64_t h, const char *data);

/* ---------------------------------------------------------------- random.cu
 * CuPy's legacy generator (cp.random.*, CuPy's RandomState): cuRAND's XORWOW with CuPy's
 * seeding and CuPy's calls in CuPy's order, so a seeded program draws the same numbers as
 * CuPy.  Programs that use these link -lcurand.  Unseeded, the generator is seeded from
 * $CUPY_SEED when set (as CuPy), else from the clock (CuPy: os.urandom).  The distributions CuPy computes from these draws with its
 * own elementwise kernels are IR elementwise ops in the compiled program (lower/api/random.c).
 */
void rt_random_seed(uint64_t seed);
typedef enum gp_rand_kind {
#define GPK_RAND(id) GP_RAND_##id,
#include "gpyrt_kinds.def"
} gp_rand_kind;
/* A new array of dtype dt (GP_FLOAT32/GP_FLOAT64; GP_INT32 for GP_RAND_BITS) and the given
 * shape drawn as kind says; a and b: the normal's parameters, ignored otherwise. */
gp_array *rt_random_draw(gp_rand_kind kind, gp_dtype dt, int ndim, const int64_t *shape, double a, double b);
/* randint(low, high, size, dtype) with Python int bounds (CuPy's RandomState.randint and
 * _interval): ValueError "low >= high" and "low/high is out of bounds for DTYPE"; 32-bit
 * draws (two per value when high - 1 - low exceeds 2**32 - 1), masked when the interval's
 * length is a power of two, else rejection with CuPy's redraws, then low added in dt. */
gp_array *rt_random_randint(gp_dtype dt, int64_t low, int64_t high, int ndim, const int64_t *shape);
typedef enum gp_rk_kind {
#define GPK_RK(id) GP_RK_##id,
#include "gpyrt_kinds.def"
} gp_rk_kind;
/* One of CuPy's legacy per-element kernels (kind): element i of a new array of shape drawn from
 * a randomkit state seeded with the selected RandomState's rk seed + i, which then advances by
 * the array's size (mod 2**64 - 1); a, b, c: the kind's parameters (C-contiguous float64 arrays
 * of the shape) or NULL.  The dtype is the kind's (gpyrt_kinds.def). */
gp_array *rt_random_rk(gp_rk_kind kind, int ndim, const int64_t *shape, const gp_array *a, const gp_array *b,
                       const gp_array *c);
/* set_random_state(rs) for h >= 0 (cupy.random's functions then draw from RandomState h);
 * returns the one they draw from (get_random_state()). */
int64_t rt_random_global(int64_t h);

/* ---------------------------------------------------------------- nprand.c
 * NumPy's legacy global generator (np.random.*, NumPy's RandomState) drawn on the host, bit
 * for bit NumPy's numbers, copied to the device.  Unseeded: seeded from the clock. */
enum { RT_NP_UNIFORM, RT_NP_GAUSS, RT_NPG_RANDOM, RT_NPG_NORMAL, RT_NPG_UNIFORM, RT_NPG_EXPONENTIAL };
/* np.random.seed(seed): ValueError "Seed must be between 0 and 2**32 - 1" outside that range. */
void rt_np_seed(int64_t seed);
/* A new float64 array: RT_NP_UNIFORM a + (b - a) * random_sample(), RT_NP_GAUSS a + b * gauss. */
gp_array *rt_np_draw(int kind, int ndim, const int64_t *shape, double a, double b);
/* The same with float64 array parameters a, b (normal(loc, scale), uniform(low, high) given
 * arrays) as NumPy's cont_broadcast_2: size NULL draws the parameters' broadcast shape (ndim
 * dims; NULL with ndim 0 is size ()); NumPy's ValueError "scale < 0", OverflowError "Range
 * exceeds valid bounds", ValueError "shape mismatch: ..." and "Output size ... is not
 * compatible ...". */
gp_array *rt_np_draw_arr(int kind, int ndim, const int64_t *size, const gp_array *a, const gp_array *b);
/* numpy.random.RandomState(seed): a state of its own, seeded as np.random.seed seeds (the
 * clock when not seeded); at most RT_NP_STATES - 1 of them (NotImplementedError past that). */
#define RT_NP_STATES 64
int64_t rt_np_state_new(int64_t seed, bool seeded);
/* Selects state h for the np.random draws that follow (0: the global one); returns the
 * previous selection. */
int64_t rt_np_use(int64_t h);
/* The legacy shuffle's permutation of arange(n), int64 (no draws unless draw). */
gp_array *rt_np_perm(int64_t n, bool draw);
/* choice's indices (int64, shape) into a population of pop (an int a when is_int, else an
 * array's length) with the legacy algorithms; p (any real dtype, or NULL) checked with
 * NumPy's messages ('p' must be 1-dimensional, probabilities do not sum to 1, ...). */
gp_array *rt_np_choice(int64_t pop, bool is_int, int ndim, const int64_t *shape, bool replace,
                       const gp_array *p);
/* randint(low, high, size, dtype) of an integer dtype: ValueError "low >= high". */
gp_array *rt_np_randint(gp_dtype dt, int64_t low, int64_t high, int ndim, const int64_t *shape);

/* ---------------------------------------------------------------- npgen.c
 * NumPy's Generator (np.random.default_rng(seed): SeedSequence, PCG64 and the Generator's
 * algorithms) drawn on the host, bit for bit NumPy's numbers, copied to the device.  Every draw
 * uses the Generator that rt_npg_use selected. */
/* default_rng(seed): a new Generator (ValueError "expected non-negative integer"; unseeded:
 * from the clock); as many as the program makes. */
int64_t rt_npg_new(int64_t seed, bool seeded);
/* Selects Generator h (-1: none) for the draws that follow; returns the previous selection. */
int64_t rt_npg_use(int64_t h);
/* A new array of shape: RT_NPG_RANDOM random() (dt float64 or float32), RT_NPG_NORMAL a + b *
 * standard_normal(), RT_NPG_UNIFORM a + (b - a) * random(), RT_NPG_EXPONENTIAL a *
 * standard_exponential() (float64); NumPy's checks ("scale < 0", "high - low < 0",
 * OverflowError "high - low range exceeds valid bounds").  rt_np_draw_arr takes the RT_NPG_* kinds too (normal,
 * uniform, exponential with array parameters; exponential's scale is a, b ignored). */
gp_array *rt_npg_draw(int kind, gp_dtype dt, int ndim, const int64_t *shape, double a, double b);
/* integers(low, high, size, dtype, endpoint) of an integer dtype with NumPy's checks ("low is
 * out of bounds for int8", "high <= 0", "low >= high", ...; none for an empty size). */
gp_array *rt_npg_integers(gp_dtype dt, int64_t low, int64_t high, bool endpoint, int ndim,
                          const int64_t *shape);
/* The shuffle's permutation of arange(n), int64 (no draws unless draw): shuffle, permutation. */
gp_array *rt_npg_perm(int64_t n, bool draw);
/* choice's indices (int64, shape) into a population of pop (an int a when is_int, else the
 * array's length) with the Generator's algorithms (integers, p's cdf, Floyd's or the tail
 * shuffle, rounds with p); NumPy's messages. */
gp_array *rt_npg_choice(int64_t pop, bool is_int, int ndim, const int64_t *shape, bool replace,
                        const gp_array *p, bool shuffle);
/* permuted(x, axis): a new array, x's elements shuffled along axis (-1: all of them as one
 * lane, in C order) lane by lane. */
gp_array *rt_npg_permuted(const gp_array *x, int axis);

/* ---------------------------------------------------------------- cpgen.cu
 * CuPy's Generator API (cupy.random.default_rng, Generator of XORWOW, MRG32k3a or
 * Philox4x3210) on cuRAND's device API: CuPy's seeding, state count and kernels, so the numbers
 * are CuPy's on a GPU of the same SM count.  Every draw uses the Generator rt_cpg_use selected. */
enum { RT_CPG_XORWOW, RT_CPG_MRG32K3A, RT_CPG_PHILOX };
enum {
    RT_CPG_RANDOM,
    RT_CPG_RANDOM_F32,
    RT_CPG_NORMAL,
    RT_CPG_NORMAL_F32,
    RT_CPG_EXPONENTIAL,
    RT_CPG_GAMMA,
    RT_CPG_BETA,
    RT_CPG_POISSON, /* this one and those below: int64 */
    RT_CPG_GEOMETRIC,
    RT_CPG_BINOMIAL,
    RT_CPG_HYPERGEOMETRIC,
    RT_CPG_LOGSERIES
};
/* A new Generator of BitGenerator kind (RT_CPG_XORWOW ...) seeded as CuPy seeds it (NumPy's
 * SeedSequence; ValueError "expected non-negative integer"; unseeded: the clock). */
int64_t rt_cpg_new(int kind, int64_t seed, bool seeded);
/* Selects Generator h (-1: none) for the draws that follow; returns the previous selection. */
int64_t rt_cpg_use(int64_t h);
/* A new array of shape drawn by CuPy's kernel of kind: float64 (float32 for the _F32 kinds,
 * int64 from RT_CPG_POISSON on); a, b, c: the parameters (C-contiguous float64 arrays of the
 * output's shape) or NULL. */
gp_array *rt_cpg_draw(int kind, int ndim, const int64_t *shape, const gp_array *a, const gp_array *b,
                      const gp_array *c);
/* integers(low, high, size, dtype, endpoint) of an integer dtype as CuPy: ValueError "low >=
 * high", "low is out of bounds for int8", "high is out of bounds for int8"; masked rejection
 * on 32-bit draws (two per value past 2**32 - 1), then low added in dt. */
gp_array *rt_cpg_integers(gp_dtype dt, int64_t low, int64_t high, bool endpoint, int ndim,
                          const int64_t *shape);

/* ---------------------------------------------------------------- blas.c
 * Matrix products (NumPy's rules and messages): cuBLAS for float16/32/64 and complex64/128
 * (float32 in true FP32, no TF32; float16 accumulates in FP32), a runtime kernel for bool and
 * integer dtypes (int64 accumulation, wrapped to the dtype; bool: or of ands).  Programs that
 * use these link -lcublas.  One cuBLAS handle per stream, created at first use.           */
typedef enum gp_mm_mode {
#define GPK_MM(id) GP_MM_##id,
#include "gpyrt_kinds.def"
} gp_mm_mode;
/* a and b (borrowed) have the same dtype, which the result keeps; new reference, C order.
 * ValueError with NumPy's text on shape mismatches ("matmul: Input operand 1 has a mismatch
 * in its core dimension 0, ...", "shapes (2,3) and (4,5) not aligned: ..."); matrix_power of
 * a non-square matrix: numpy.linalg.LinAlgError. */
gp_array *rt_matmul(const gp_array *a, const gp_array *b, gp_mm_mode mode, int64_t param);
/* dst[...] = matmul(a, b), or = reshape(matmul(a, b), rshape[0..rnd-1]) when rnd >= 0 (a, b of
 * dst's dtype, ndim >= 1 each): NumPy's errors in its order (matmul's, the reshape's, the
 * store's broadcast).  The product is written straight into dst when dst is C-contiguous, has
 * the stored value's shape and shares no memory with a or b; else into a new array, then
 * copied (compiler/passes/mmstore.c). */
void rt_matmul_store(gp_array *dst, const gp_array *a, const gp_array *b, int rnd, const int64_t *rshape);

/* ---------------------------------------------------------------- fft.c
 * cupy.fft on cuFFT.  Programs that use these link -lcufft.  Plans are cached by (transform
 * type, length, layout, batch), at most 16, least recently used out; transforms run on
 * rt_stream().                                                                              */
typedef enum gp_fft_kind {
#define GPK_FFT(id) GP_FFT_##id,
#include "gpyrt_kinds.def"
} gp_fft_kind;
/* The unnormalised DFT of x (borrowed) along axes[0..naxes-1] (normalised, distinct, naxes
 * >= 1), each of transform length n[i] (x is zero-padded or truncated to it, as NumPy's n=/s=).
 * R2C: the real transform runs along the last of the axes, first; C2R: along the last, after
 * the others.  New reference, C order.  ValueError "Invalid number of FFT data points (0)
 * specified." when some n[i] < 1. */
gp_array *rt_fft(const gp_array *x, gp_fft_kind kind, int naxes, const int *axes, const int64_t *n);

/* ---------------------------------------------------------------- solver.c
 * cupy.linalg's factorisations on cuSOLVER's dense API.  Programs that use these link
 * -lcusolver and -lcublas (solve and inv end with cuBLAS's triangular solves, blas.c).  One
 * cuSOLVER handle per stream; leading dimensions are batches (one call per matrix).        */
typedef enum gp_la_kind {
#define GPK_LA(id) GP_LA_##id,
#include "gpyrt_kinds.def"
} gp_la_kind;
typedef enum gp_qr_mode {
#define GPK_QR(id) GP_QR_##id,
#include "gpyrt_kinds.def"
} gp_qr_mode;
enum {
#define GPK_EIGH(id, bit) GP_EIGH_##id = bit,
#include "gpyrt_kinds.def"
};
typedef enum gp_svd_mode {
#define GPK_SVD(id) GP_SVD_##id,
#include "gpyrt_kinds.def"
} gp_svd_mode;
/* Runs kind on a (ndim >= 2; float32/64 or complex64/128, the computation dtype) and b (solve
 * only, a's dtype, else NULL), both borrowed; writes its results, new references in C order,
 * to out[0..r-1] in NumPy's tuple order and returns r (1 to 3).  numpy.linalg.LinAlgError with
 * NumPy's text: "Singular matrix" (solve, inv), "Matrix is not positive definite",
 * "Eigenvalues did not converge", "SVD did not converge", "Last 2 dimensions of the array
 * must be square", "%d-dimensional array given. ..."; ValueError for solve's shape mismatches
 * (gufunc wording).  Synchronises (the factorisations' info words are read back). */
int rt_linalg(gp_la_kind kind, const gp_array *a, const gp_array *b, int64_t param, gp_array **out);

/* ---------------------------------------------------------------- sparse.c
 * cupyx.scipy.sparse's matrices on cuSPARSE (sorts, conversions, SpMV/SpMM through the generic
 * API).  Programs that use these link -lcusparse.  One cuSPARSE handle per stream.  Values are
 * float32/64 or complex64/128, indices int32 (the compiler casts).                          */
typedef enum gp_sp_kind {
#define GPK_SP(id) GP_SP_##id,
#include "gpyrt_kinds.def"
} gp_sp_kind;
/* Runs kind (gpyrt_kinds.def says what each takes) on the arrays a[] (borrowed, 1-d unless
 * said) and the ints v[]; writes its results, new C-contiguous references, to out[] and
 * returns their count.  ValueError with CuPy's text where the arrays do not fit the shape. */
int rt_sparse(gp_sp_kind kind, gp_array *const *a, const int64_t *v, gp_array **out);

/* ---------------------------------------------------------------- manip.c
 * Run-time pieces of the manipulation routines the compiler builds from views and copies. */
/* Checks the shapes of concatenate's (what = "concatenate") or stack's (what = "stack")
 * inputs; raises NumPy's ValueError on a mismatch.  arrs are borrowed. */
void rt_concat_check(const char *what, int axis, int n, const gp_array *const *arrs);
/* squeeze: a view without the given (normalised) axes, each of which must have size 1
 * (ValueError "cannot select an axis to squeeze out which has size not equal to one").
 * New reference. */
gp_array *rt_squeeze(const gp_array *a, int naxes, const int *axes);
/* The diagonal of axes p < q (of one size) as a view: axis q dropped, axis p stepping by the sum
 * of both strides (NumPy's einsum 'ii->i', a writeable view).  New reference. */
gp_array *rt_diag_view(const gp_array *a, int p, int q);
/* repeat with an array of counts (size 1 or a->shape[axis]) along axis: a new array.
 * ValueError "repeats may not contain negative values." as NumPy. */
gp_array *rt_repeat(const gp_array *a, const gp_array *repeats, int axis);
/* concatenate (what = "concatenate") or stack (what = "stack") of a list of arrays of one
 * dtype (a list whose length is known only at run time) along axis (normalised against the
 * result's ndim).  New reference; l is borrowed. */
gp_array *rt_concat_list(const char *what, int axis, gp_list *l);

/* ---------------------------------------------------------------- scan.cu
 * cumsum / cumprod / ufunc.accumulate: the inclusive scan of x (any strides; its dtype is the
 * result's) along axis, or over the flattened array in C order when axis is -1 (1-d result).
 * op (gp_scan_op): add, multiply, maximum or minimum.  New reference; x is borrowed.  CUB
 * (DeviceScan) on rt_stream(). */
typedef enum gp_scan_op {
#define GPK_SCAN(id) GP_SCAN_##id,
#include "gpyrt_kinds.def"
} gp_scan_op;
gp_array *rt_scan(const gp_array *x, int op, int axis);

/* ---------------------------------------------------------------- median.cu
 * median of a real array x along axis (-1: over all elements), NumPy's: the middle element of
 * each sorted line, or the mean of the two middle ones; NaN where a line holds a NaN or is
 * empty.  out: the result dtype (float64 for integer and bool x, else x's).  keepdims keeps the
 * reduced axes as 1.  New reference; x is borrowed.  CUB segmented sort on rt_stream(). */
gp_array *rt_median(const gp_array *x, int axis, bool keepdims, gp_dtype out);
/* quantile / percentile / nanquantile / nanpercentile / nanmedian of a real array x over the
 * axes[0..naxes-1] (distinct, normalised; naxes 0: all axes), NumPy's 'linear' method.  q: a
 * float64 array of fractions (GP_Q_PERCENT: of percentages), or NULL for the median (the mean of
 * the two middle elements); ValueError ("Quantiles must be in the range [0, 1]" / "Percentiles
 * must be in the range [0, 100]") when one is outside (synchronises to check).  The result has
 * q's shape followed by x's unreduced axes (reduced ones kept as 1 with keepdims), dtype out.
 * A line holding a NaN gives NaN, unless GP_Q_NAN: NaNs are skipped and an all-NaN line gives
 * NaN.  New reference; x and q are borrowed.  CUB segmented sort on rt_stream(). */
enum {
#define GPK_Q(id, bit) GP_Q_##id = bit,
#include "gpyrt_kinds.def"
};
gp_array *rt_quantile(const gp_array *x, const gp_array *q, int naxes, const int *axes, bool keepdims, int flags,
                      gp_dtype out);

/* ---------------------------------------------------------------- indexing.cu
 * NumPy's advanced indexing.  An index is n items: ix[k] as for rt_index, except where
 * arrs[k] is non-NULL: then item k is that index array (borrowed; integer dtype, or bool:
 * equivalent to its nonzero() coordinates) and ix[k] is ignored.  Integers mixed with index
 * arrays follow NumPy's placement rule (adjacent advanced items keep their place, otherwise the
 * broadcast index dims come first).  Boolean arrays and integer-array bounds checks
 * synchronise.  IndexError "index 10 is out of bounds for axis 0 with size 5", "boolean index
 * did not match indexed array along axis 0; size of axis is 3 but size of corresponding boolean
 * axis is 2", "shape mismatch: indexing arrays could not be broadcast together with shapes
 * (2,) (3,) ", "arrays used as indices must be of integer (or boolean) type". */
/* a[index]: a new C-contiguous array (a copy).  New reference. */
gp_array *rt_adv_get(const gp_array *a, int n, const gp_index *ix, const gp_array *const *arrs);
/* a[index] = v: v (borrowed, a's dtype) broadcasts to the indexing result's shape; with
 * repeated indices one of the writes wins.  ValueError "shape mismatch: value array of shape
 * (3,) could not be broadcast to indexing result of shape (2,)"; for a single boolean index of
 * a's ndim, NumPy's "NumPy boolean array indexing assignment cannot assign 3 input values to
 * the 2 output values where the mask is true". */
void rt_adv_set(gp_array *a, int n, const gp_index *ix, const gp_array *const *arrs, const gp_array *v);
/* a[mask] for a boolean mask of a's ndim, rewritten by the compiler as a select or a masked
 * reduction over the whole array (compiler/passes/masked.c): the shape check rt_adv_get and
 * rt_adv_set make, without the gather.  IndexError "boolean index did not match indexed array
 * along axis 0; size of axis is 3 but size of corresponding boolean axis is 2".  Reads shapes
 * only: no synchronisation, no allocation. */
void rt_mask_check(const gp_array *a, const gp_array *mask);
/* A masked max or min (masked.c) whose selection may be empty: when the 0-d bool `any` is
 * false on the device, sets the runtime's flag (op 0 maximum, 1 minimum), and the next
 * synchronising read of device data on the host (rt_to_host, a Python scalar, the end of the
 * program) raises NumPy's ValueError "zero-size array to reduction operation maximum which
 * has no identity".  One one-thread launch; no synchronisation. */
void rt_reduce_flag_empty(const gp_array *any, int64_t op);
/* cupyx.scatter_add / scatter_max / scatter_min (NumPy's add.at, maximum.at, minimum.at):
 * as rt_adv_set, but every element of v is combined into its place with an atomic op, so
 * repeated indices accumulate.  op: GP_SCATTER_*.  max/min propagate NaN as NumPy's
 * maximum/minimum; complex values only add. */
typedef enum gp_scatter_op {
#define GPK_SCATTER(id) GP_SCATTER_##id,
#include "gpyrt_kinds.def"
} gp_scatter_op;
void rt_adv_scatter(gp_array *a, int n, const gp_index *ix, const gp_array *const *arrs, const gp_array *v,
                    int op);
/* The C-order coordinates of a's nonzero elements as int64 (synchronises).  New reference.
 * mode 0: shape (a->ndim, N) (row d: nonzero()[d]); 1: argwhere, (N, a->ndim);
 * 2: flatnonzero, (N,). */
gp_array *rt_nonzero(const gp_array *a, int mode);

/* ---------------------------------------------------------------- sort.cu
 * Sorting, searching and sets, NumPy's order for every real dtype: stable, -0.0 equal to 0.0,
 * NaNs last (tied with each other).  CUB radix sorts on rt_stream(); arguments are borrowed,
 * results are new references.  Complex arrays raise TypeError (the compiler rejects them). */
/* sort (arg false) or argsort (arg true, int64 positions along the axis) of x along axis
 * (normalised; x->ndim >= 1; the compiler ravels x for axis=None).  has_kth: partition's check
 * of kth against the axis length (ValueError "kth(=7) out of bounds (5)"); the result is the
 * full sort, a valid partition. */
gp_array *rt_sort(const gp_array *x, int axis, bool arg, bool has_kth, int64_t kth);
/* searchsorted(a, v, side): a 1-d and sorted, v any shape, both of one dtype; int64 insertion
 * points of v's shape (right: after equal elements). */
gp_array *rt_searchsorted(const gp_array *a, const gp_array *v, bool right);
/* One output of unique(x) over the flattened x (equal NaNs collapse, as NumPy 2): part 0: the
 * sorted unique values (1-d), 1: the index of each one's first occurrence, 2: the inverse
 * (int64, x's shape: x == values[inverse]), 3: the counts.  Synchronises (the count). */
gp_array *rt_unique(const gp_array *x, int part);
/* isin(e, t, invert): bool of e's shape, whether each element of e equals one of t (same
 * dtype); NaN is never in t. */
gp_array *rt_isin(const gp_array *e, const gp_array *t, bool invert);
/* NumPy's 1-d set routines of a and b (one dtype, any shapes, flattened): sorted, unique
 * results. */
typedef enum gp_setop {
#define GPK_SET(id) GP_SET_##id,
#include "gpyrt_kinds.def"
} gp_setop;
gp_array *rt_setop(const gp_array *a, const gp_array *b, gp_setop op);

/* ---------------------------------------------------------------- hist.cu
 * Counting: bincount, digitize, histogram, histogram2d (NumPy 2's rules and messages).  Inputs
 * of any real dtype (bool as 0/1), compared in float64; NumPy's bins: e[i] <= x < e[i+1], the
 * last bin closed.  Arguments are borrowed, results are new references; routines whose checks
 * depend on the data (and bincount, whose length does) synchronise. */
/* bincount(x, w, minlength): x 1-d of a signed int dtype, bool or uint8..uint32 (else TypeError,
 * NumPy's 'safe' cast message); int64 counts, or float64 sums of w (1-d, x's length, any real
 * dtype; NULL for none).  ValueError "'list' argument must have no negative elements". */
gp_array *rt_bincount(const gp_array *x, const gp_array *w, int64_t minlength);
/* digitize(x, bins, right): x and bins of one real dtype, bins 1-d and monotonic (increasing or
 * decreasing, else ValueError); int64 of x's shape. */
gp_array *rt_digitize(const gp_array *x, const gp_array *bins, bool right);
/* The nbins + 1 edges of histogram(a, bins=nbins, range): over [lo, hi] when has_range, else
 * a's minimum and maximum (ValueError when not finite; [0, 1] for an empty a), widened by 0.5
 * each way when equal; dtype dt (float16, float32; anything else gives float64). */
gp_array *rt_hist_edges(const gp_array *a, int64_t nbins, bool has_range, double lo, double hi, gp_dtype dt);
/* histogram(a, edges, weights=w, density) over the flattened a: int64 counts, or float64 when
 * w (a's shape; NULL for none) or density is given.  ValueError unless edges increase. */
gp_array *rt_histogram(const gp_array *a, const gp_array *edges, const gp_array *w, bool density);
/* histogram2d(x, y, [xedges, yedges], weights=w, density): float64 (nx, ny); x, y (and w) of one
 * size. */
gp_array *rt_histogram2d(const gp_array *x, const gp_array *y, const gp_array *xedges,
                         const gp_array *yedges, const gp_array *w, bool density);

/* ---------------------------------------------------------------- npyio.c
 * .npy files as numpy.load (allow_pickle=False) and numpy.save read and write them: NumPy's
 * errors and words, NumPy's bytes; the data streamed through pinned buffers.                */
/* cp.load(path): the array, which must be of dtype dt with ndim dimensions (what the file held
 * at compile time; TypeError otherwise).  New reference. */
gp_array *rt_npy_load(const char *path, gp_dtype dt, int ndim);
/* cp.save(file, a): `.npy` appended to a file name without it; written to a temporary file
 * renamed over the destination. */
void rt_npy_save(const char *file, const gp_array *a);
/* cp.fromfile(path, dtype, count, offset=offset) of a binary file: the items from byte offset on,
 * count at most (all when count < 0).  New reference. */
gp_array *rt_fromfile(const char *path, gp_dtype dt, int64_t count, int64_t offset);
/* a.tofile(path): a's bytes in C order, nothing else (through a temporary file). */
void rt_tofile(const char *path, const gp_array *a);
/* ---- txtio.c: text files (runtime/txtfmt.c parses them) */
/* cp.loadtxt (flags & 3 == 0), cp.genfromtxt (1) and cp.fromfile(sep=) (2) of path: delim (""
 * for blanks; fromfile: sep), comments (markers separated by '\x1f'), skiprows (genfromtxt:
 * skip_header), max_rows (-1: all; fromfile: count), usecols ("" for all, else the indices
 * separated by ','), flags >> 4 & 3 ndmin, flags & 256 a genfromtxt fill value in fill, flags &
 * 512 (fromstring) path is the text itself, not a file name; missing
 * (genfromtxt: '\x1f'-separated markers), skip_footer; the values of dtype dtname parsed into
 * an array of dt (float64, int64, uint64, bool or complex128: the caller casts to dtname's) and
 * ndim dimensions (TypeError when NumPy's squeeze gives another).  New reference. */
gp_array *rt_loadtxt(const char *path, const char *delim, const char *comments, int64_t skiprows,
                     int64_t max_rows, const char *usecols, int64_t flags, double fill, const char *missing,
                     int64_t skip_footer, const char *dtname, gp_dtype dt, int ndim);
/* cp.savetxt(path, a, fmt, delimiter, newline, header, footer, comments) of a 1-d or 2-d array,
 * (flags & 1) a.tofile(path, sep=delim, format=fmt) of any: prog, the conversions of fmt
 * compiled by gpyc (records separated by '\x1e': 'L' literal text, or a conversion 'i' int(),
 * 'f' float(), 's' str(), 'r' repr() and its format() spec), nfmt
 * NumPy's count of '%' in a str fmt (one: repeated for each column) or minus the length of a
 * list fmt, fmterr the error of a count that does not fit the columns ('V' ValueError or 'A'
 * AttributeError, then the message), fmt the whole format's text (for the TypeError of a
 * mismatch).  Written to a temporary file renamed over path. */
void rt_savetxt(const char *path, const gp_array *a, const char *prog, int64_t nfmt, const char *fmterr,
                const char *fmt, const char *delim, const char *newline, const char *header,
                const char *footer, const char *comments, int64_t flags);
/* f[key] of f = cp.load(path), an .npz archive: its member key (or key.npy), which must hold
 * dtype dt and ndim dimensions.  New reference. */
gp_array *rt_npz_load(const char *path, const char *key, gp_dtype dt, int ndim);
/* cp.savez / cp.savez_compressed (deflated with zlib): the arrays as members NAME.npy, `.npz`
 * appended to a file name without it. */
void rt_npz_save(const char *file, int n, const char *const *names, gp_array *const *arrays, bool compressed);

/* ---------------------------------------------------------------- graph.c
 * Loops replayed as CUDA graphs (compiler/passes/graphloop.c marks them; runtime/graph.c has the
 * protocol).  One zero-initialised gp_graph per loop site, owned by the generated code
 * (a static); the runtime keeps its instantiated graph there between runs of the loop. */
typedef struct gp_graph {
    void *exec;                /* cudaGraphExec_t, or NULL */
    int64_t exec_unroll;       /* iterations exec runs */
    int64_t unroll;            /* iterations of the capture in progress */
    int fails;                 /* captures thrown away */
    int off;                   /* never capture this site again */
    int dev; /* the device exec was made on */
    uint64_t *key; /* the key exec was captured under (rt_graph_key_array, words) */
    int64_t nkey; /* its length; -1: exec matches no key */
    void *more; /* graph.c's: the site's other executable graphs and (graph_each) the keys of
                   its last runs not captured */
    int listed; /* destroyed at exit (graph.c's sites) */
} gp_graph;
/* Words of a loop's key (GP_GRAPH_KEY_ARRAY per array): what the body's launches read from
 * one of its inputs, array a (NULL allowed): its data pointer, dtype, rank, shape and strides.
 * Writes them at k and returns how many. */
#define GP_GRAPH_KEY_ARRAY (2 + 2 * GP_MAXDIM)
int64_t rt_graph_key_array(uint64_t *k, const gp_array *a);
/* Replays the graph site g kept from an earlier run of its loop, when that run's key (the
 * loop body's inputs: arrays by rt_graph_key_array, scalars by their bits) equals key[0..nkey):
 * the body would make the same launches again, so no capture is needed.  Launches it as many
 * whole times as fit in n iterations and returns the iterations done; 0 (nothing ran) when
 * there is no such graph, nkey < 0 (no key), the keys differ or capture is off. */
int64_t rt_graph_replay(gp_graph *g, int64_t n, const uint64_t *key, int64_t nkey);
/* Starts capturing a loop of n iterations on rt_stream(): returns how many iterations to run
 * under capture (then call rt_graph_end), or 0 to run the loop as written (capture off by
 * GPYRT_GRAPHS=0, a short loop, a site that failed, another capture active).  A loop of fewer
 * than twice GPYRT_GRAPH_UNROLL iterations is captured whole. */
int64_t rt_graph_begin(gp_graph *g, int64_t n);
/* rt_graph_begin for a loop whose launches move with the loop variable (graphloop.c's
 * graph_each): all n iterations under capture, each with its own launches, or 0 (as
 * rt_graph_begin's, or n above GPYRT_GRAPH_EACH_MAX, or no key, or a key that is not the one
 * of the site's last run: the first run with a key runs as written and remembers it, so only
 * a loop seen to repeat is captured).  key[0..nkey) must hold the loop's bounds (and is the
 * one given to rt_graph_end): a replay runs exactly the n iterations captured. */
int64_t rt_graph_begin_each(gp_graph *g, int64_t n, const uint64_t *key, int64_t nkey);
/* Has the capture in progress recorded more launches than GPYRT_GRAPH_LAUNCH_MAX (a graph_each
 * body that nests loops)?  Then end it now with rt_graph_end, which throws it away. */
bool rt_graph_over(void);
/* Ends the capture, replays it as many whole times as fit in n iterations and returns the
 * iterations done (a multiple of the captured count); 0 when the capture was thrown away
 * (nothing ran: run the loop from its start, uncaptured).  The site keeps key[0..nkey) with
 * its graph for rt_graph_replay (nkey < 0: none). */
int64_t rt_graph_end(gp_graph *g, int64_t n, const uint64_t *key, int64_t nkey);

#ifdef __cplusplus
}
#endif
#endif
