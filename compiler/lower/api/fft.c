/*
 * lower/api/fft.c — cupy.fft: the discrete Fourier transforms fft/ifft, rfft/irfft, hfft/ihfft
 * and their 2-d and n-d forms (one IR_FFT each, run by rt_fft on cuFFT), and the helpers
 * fftfreq, rfftfreq, fftshift, ifftshift (compositions of existing ops).
 *
 * Invariants: IR_FFT's input already has the dtype the transform needs (CuPy's and NumPy 2's
 * rule: complex64 stays, float16/float32 compute in single precision, everything else in
 * double; the cast is a kernel op emitted here); its axes are compile-time constants,
 * normalised and distinct, in the order given (the real transform runs along the last one);
 * its lengths are run-time ints, one per axis.  cuFFT is unnormalised: NumPy's norm factor
 * (1/N, 1/sqrt(N) or 1 by direction and norm=) is an elementwise multiply after the
 * transform, which fuses with what consumes it.
 */
#include "compiler/lower/lower.h"

#include <string.h>

typedef enum Norm { NORM_BACKWARD, NORM_ORTHO, NORM_FORWARD } Norm;

/* One transform routine: its name, transform kind, number of axes (1, 2 or 0 for n-d),
 * whether NumPy checks its norm through _swap_direction (the message differs by a space),
 * and hfft/ihfft's conjugation. */
typedef struct FftFn {
    const char *name;
    int kind;
    int rank;           /* 1: n=/axis=; 2: s=/axes= defaulting to (-2, -1); 0: s=/axes= (all) */
    bool swapped_msg;   /* inverse-direction routines: NumPy's other wording of the norm error */
    bool herm;          /* hfft (conj, then C2R with the norm swapped) / ihfft (R2C, then conj) */
} FftFn;

static const FftFn fft_fns[] = {
    {"fft", FFT_C2C_FORWARD, 1, false, false},   {"ifft", FFT_C2C_INVERSE, 1, true, false},
    {"rfft", FFT_R2C, 1, false, false},          {"irfft", FFT_C2R, 1, true, false},
    {"hfft", FFT_C2R, 1, true, true},            {"ihfft", FFT_R2C, 1, true, true},
    {"fft2", FFT_C2C_FORWARD, 2, false, false},  {"ifft2", FFT_C2C_INVERSE, 2, true, false},
    {"rfft2", FFT_R2C, 2, false, false},         {"irfft2", FFT_C2R, 2, true, false},
    {"fftn", FFT_C2C_FORWARD, 0, false, false},  {"ifftn", FFT_C2C_INVERSE, 0, true, false},
    {"rfftn", FFT_R2C, 0, false, false},         {"irfftn", FFT_C2R, 0, true, false},
};

/* ---------------------------------------------------------------- arguments */

/* norm=: None, 'backward', 'ortho' or 'forward' (a compile-time string). */
static bool norm_arg(Lower *L, AstNode *e, const FftFn *f, Norm *out)
{
    *out = NORM_BACKWARD;
    if (!e) return true;
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind == TY_NONE) return true;
    if (!v->def || v->def->op != IR_CONST_STR) {
        diag_error(e->span, "%s(norm=...) must be a compile-time string or None, got %s", f->name,
                   ty_str_of(v->type));
        return false;
    }
    const char *s = v->def->sval;
    if (!strcmp(s, "backward")) *out = NORM_BACKWARD;
    else if (!strcmp(s, "ortho")) *out = NORM_ORTHO;
    else if (!strcmp(s, "forward")) *out = NORM_FORWARD;
    else {
        diag_error(e->span, "Invalid norm value %s; should be \"backward\",%s\"ortho\" or \"forward\".", s,
                   f->swapped_msg ? " " : "");
        return false;
    }
    return true;
}

/* One transform length: an int (run time allowed); a constant < 1 is NumPy's ValueError here. */
static IrValue *length_val(Lower *L, AstNode *e, IrValue *v)
{
    if (v->type->kind != TY_INT && v->type->kind != TY_BOOL) {
        diag_error(e->span, "'%s' object cannot be interpreted as an integer", ty_str_of(v->type));
        return NULL;
    }
    v = lw_to_scalar(L, v, TY_INT, e->span);
    int64_t c;
    if (v && lw_is_const_int(v, &c) && c < 1) {
        diag_error(e->span, "Invalid number of FFT data points (%lld) specified.", (long long)c);
        return NULL;
    }
    return v;
}

/* The elements of a tuple or list argument written in the call, or of a tuple value:
 * *n of them into vals (lowered).  A scalar gives one element when one_ok. */
static bool seq_arg(Lower *L, AstNode *e, const char *what, IrValue **vals, int *n)
{
    if (e->kind == AST_LIST) {
        if (e->elts.n > IR_MAXDIM) {
            diag_error(e->span, "%s: too many elements (gpyc supports up to %d)", what, IR_MAXDIM);
            return false;
        }
        for (int i = 0; i < e->elts.n; i++)
            if (!(vals[i] = lw_expr(L, e->elts.v[i]))) return false;
        *n = e->elts.n;
        return true;
    }
    IrValue *v = lw_expr(L, e);
    if (!v) return false;
    if (v->type->kind != TY_TUPLE) {
        diag_error(e->span, "%s must be a tuple or list of ints, got %s", what, ty_str_of(v->type));
        return false;
    }
    if (v->type->n > IR_MAXDIM) {
        diag_error(e->span, "%s: too many elements (gpyc supports up to %d)", what, IR_MAXDIM);
        return false;
    }
    for (int i = 0; i < v->type->n; i++) vals[i] = lw_tuple_get(L, v, i, e->span);
    *n = v->type->n;
    return true;
}

/* A compile-time axis normalised against ndim (NumPy's AxisError text). */
static bool axis_val(AstNode *e, IrValue *v, int ndim, int *out)
{
    int64_t a;
    if ((v->type->kind != TY_INT && v->type->kind != TY_BOOL) || !lw_is_const_int(v, &a)) {
        diag_error(e->span, "axis must be a compile-time integer constant");
        return false;
    }
    if (a < -ndim || a >= ndim) {
        diag_error(e->span, "axis %lld is out of bounds for array of dimension %d", (long long)a, ndim);
        return false;
    }
    *out = (int)(a < 0 ? a + ndim : a);
    return true;
}

/* ---------------------------------------------------------------- the transforms */

/* The dtype the transform computes in: CuPy's _convert_dtype (NumPy 2 agrees). */
static DType fft_dtype(DType d, int kind)
{
    bool single = d == DT_FLOAT16 || d == DT_FLOAT32 || d == DT_COMPLEX64;
    if (kind == FFT_R2C) return single ? DT_FLOAT32 : DT_FLOAT64;
    return single ? DT_COMPLEX64 : DT_COMPLEX128;
}

/* fft(a, n=None, axis=-1, norm=None, out=None) and the other one-axis routines;
 * fft2(a, s=None, axes=(-2, -1), norm=None, out=None); fftn(a, s=None, axes=None, norm=None,
 * out=None) and their kin.  NumPy's rules:
 *   - n / s[i] is the transform length along the axis: the input is cut or zero-padded to it
 *     (for irfft-like routines the input holds n//2 + 1 values, n defaulting to 2*(m - 1));
 *   - fftn with s and no axes transforms the last len(s) axes; with neither, all of them;
 *   - the r- routines transform the last of the axes with the real transform;
 *   - hfft(a, n) = irfft(conj(a), n) and ihfft(a, n) = conj(rfft(a, n)), each with the
 *     norm's direction swapped. */
static IrValue *api_fft(Lower *L, AstNode *call, const FftFn *f)
{
    Args a;
    if (!lw_bind(call, f->name, f->rank == 1 ? "a,n,axis,norm,out" : "a,s,axes,norm,out", 1, &a)) return NULL;
    if (!lw_no_arg(a.p[4], "out")) return NULL;
    Span sp = call->span;
    IrValue *x = lw_expr(L, a.p[0]);
    if (!x) return NULL;
    if (x->type->kind != TY_ARRAY) {
        diag_error(a.p[0]->span, "%s() expects an array, got %s", f->name, ty_str_of(x->type));
        return NULL;
    }
    int nd = x->type->ndim;
    Norm norm;
    if (!norm_arg(L, a.p[3], f, &norm)) return NULL;

    /* axes and lengths (NULL: the default) */
    int axes[IR_MAXDIM], naxes = 0;
    IrValue *lens[IR_MAXDIM] = {0};
    if (f->rank == 1) {
        axes[0] = nd - 1;
        if (a.p[2]) {
            IrValue *v = lw_expr(L, a.p[2]);
            if (!v || !axis_val(a.p[2], v, nd, &axes[0])) return NULL;
        } else if (nd == 0) {
            diag_error(a.p[0]->span, "axis -1 is out of bounds for array of dimension 0");
            return NULL;
        }
        naxes = 1;
        if (a.p[1]) {
            IrValue *v = lw_expr(L, a.p[1]);
            if (!v) return NULL;
            if (v->type->kind != TY_NONE && !(lens[0] = length_val(L, a.p[1], v))) return NULL;
        }
    } else {
        IrValue *sv[IR_MAXDIM];
        int ns = -1;
        if (a.p[1]) {
            IrValue *v = a.p[1]->kind == AST_LIST ? NULL : lw_expr(L, a.p[1]);
            if (a.p[1]->kind != AST_LIST && !v) return NULL;
            if (v && v->type->kind == TY_NONE) {
                ns = -1;
            } else {
                if (!seq_arg(L, a.p[1], "s", sv, &ns)) return NULL;
                for (int i = 0; i < ns; i++)
                    if (!(sv[i] = length_val(L, a.p[1], sv[i]))) return NULL;
            }
        }
        bool axes_given = false, axes_none = false;   /* fft2(axes=None) is fftn's default */
        if (a.p[2]) {
            IrValue *v = a.p[2]->kind == AST_LIST ? NULL : lw_expr(L, a.p[2]);
            if (a.p[2]->kind != AST_LIST && !v) return NULL;
            axes_none = v && v->type->kind == TY_NONE;
            if (!axes_none) {
                IrValue *av[IR_MAXDIM];
                if (v && (v->type->kind == TY_INT || v->type->kind == TY_BOOL)) {
                    av[0] = v;
                    naxes = 1;
                } else if (!seq_arg(L, a.p[2], "axes", av, &naxes)) {
                    return NULL;
                }
                for (int i = 0; i < naxes; i++)
                    if (!axis_val(a.p[2], av[i], nd, &axes[i])) return NULL;
                axes_given = true;
            }
        }
        if (!axes_given) {
            if (f->rank == 2 && !axes_none) {
                if (nd < 2) {
                    diag_error(a.p[0]->span, "axis -2 is out of bounds for array of dimension %d", nd);
                    return NULL;
                }
                naxes = 2;
            } else {
                naxes = ns >= 0 ? ns : nd;
                if (naxes > nd) {
                    diag_error(a.p[1]->span, "%s: s has %d elements but the array has %d dimensions", f->name,
                               naxes, nd);
                    return NULL;
                }
            }
            for (int i = 0; i < naxes; i++) axes[i] = nd - naxes + i;
        }
        if (ns >= 0 && ns != naxes) {
            diag_error(a.p[1]->span, "Shape and axes have different lengths.");
            return NULL;
        }
        if (naxes == 0) {
            diag_error(sp, "%s() over no axes is not supported by gpyc", f->name);
            return NULL;
        }
        for (int i = 0; i < naxes; i++)
            for (int j = 0; j < i; j++)
                if (axes[i] == axes[j]) {
                    diag_error(a.p[2]->span, "%s() with a repeated axis is not supported by gpyc", f->name);
                    return NULL;
                }
        for (int i = 0; i < ns; i++) lens[i] = sv[i];
    }

    /* the input in the dtype the transform needs */
    DType d = x->type->dtype;
    if (f->kind == FFT_R2C && dt_is_complex(d)) {
        diag_error(a.p[0]->span, "%s() needs a real input array, got %s (complex input is not supported)", f->name,
                   dt_name(d));
        return NULL;
    }
    DType cd = fft_dtype(d, f->kind);
    if (d != cd) x = lw_cast(L, x, cd, sp);
    if (f->herm && f->kind == FFT_C2R) x = lw_ewise(L, IR_CONJ, sp, 1, &x);
    if (!x) return NULL;
    if (f->herm) norm = norm == NORM_BACKWARD ? NORM_FORWARD : norm == NORM_FORWARD ? NORM_BACKWARD : norm;

    /* default lengths: the input's, except 2*(m - 1) for the last axis of a C2R transform */
    for (int i = 0; i < naxes; i++) {
        if (lens[i]) continue;
        IrValue *m = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x);
        m->def->ival = axes[i];
        if (f->kind == FFT_C2R && i == naxes - 1)
            m = lw_binop(L, AOP_MUL, sp, lw_const_int(L, sp, 2), lw_binop(L, AOP_SUB, sp, m, lw_const_int(L, sp, 1)));
        lens[i] = m;
    }

    DType rd = f->kind == FFT_C2R ? dt_real(cd) : f->kind == FFT_R2C ? (cd == DT_FLOAT32 ? DT_COMPLEX64 : DT_COMPLEX128)
                                                                      : cd;
    IrValue *args[1 + IR_MAXDIM];
    args[0] = x;
    for (int i = 0; i < naxes; i++) args[1 + i] = lens[i];
    IrValue *r = lw_emit(L, IR_FFT, sp, ty_array(rd, nd), 1 + naxes, args);
    r->def->ival = f->kind;
    r->def->dtype = rd;
    r->def->naxes = naxes;
    for (int i = 0; i < naxes; i++) r->def->axes[i] = axes[i];

    /* NumPy's normalisation: 1/N on the inverse side ("backward"), on the forward side
     * ("forward"), 1/sqrt(N) on both ("ortho"); N the product of the lengths */
    bool forward = f->kind == FFT_C2C_FORWARD || f->kind == FFT_R2C;
    if (norm == NORM_ORTHO || (norm == NORM_FORWARD) == forward) {
        IrValue *nn = lens[0];
        for (int i = 1; i < naxes; i++) nn = lw_binop(L, AOP_MUL, sp, nn, lens[i]);
        IrValue *fn = lw_to_scalar(L, nn, TY_FLOAT, sp);
        if (norm == NORM_ORTHO) fn = lw_ewise(L, IR_SQRT, sp, 1, &fn);
        if (!fn) return NULL;
        IrValue *scale = lw_binop(L, AOP_DIV, sp, lw_const_float(L, sp, 1.0), fn);
        r = lw_binop(L, AOP_MUL, sp, r, scale);
    }
    if (r && f->herm && f->kind == FFT_R2C) r = lw_ewise(L, IR_CONJ, sp, 1, &r);
    return r;
}

/* ---------------------------------------------------------------- helpers */

/* 1.0 / (n * d) for fftfreq and rfftfreq: d a Python number. */
static IrValue *freq_scale(Lower *L, Args *a, IrValue *n, Span sp)
{
    IrValue *d = a->p[1] ? lw_expr(L, a->p[1]) : lw_const_float(L, sp, 1.0);
    if (!d) return NULL;
    if (d->type->kind != TY_INT && d->type->kind != TY_FLOAT && d->type->kind != TY_BOOL) {
        diag_error(a->p[1]->span, "d must be a Python int or float here, got %s", ty_str_of(d->type));
        return NULL;
    }
    IrValue *nd = lw_binop(L, AOP_MUL, sp, lw_to_scalar(L, n, TY_FLOAT, sp), lw_to_scalar(L, d, TY_FLOAT, sp));
    return nd ? lw_binop(L, AOP_DIV, sp, lw_const_float(L, sp, 1.0), nd) : NULL;
}

static IrValue *int_param(Lower *L, AstNode *e, const char *fname)
{
    IrValue *v = lw_expr(L, e);
    if (!v) return NULL;
    if (v->type->kind != TY_INT && v->type->kind != TY_BOOL) {
        diag_error(e->span, "%s: n must be an int, got %s", fname, ty_str_of(v->type));
        return NULL;
    }
    return lw_to_scalar(L, v, TY_INT, e->span);
}

/* fftfreq(n, d=1.0): [0, 1, ..., (n-1)//2, -(n//2), ..., -1] * (1.0 / (n*d)), float64. */
static IrValue *api_fftfreq(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "fftfreq", "n,d", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *n = int_param(L, a.p[0], "fftfreq");
    if (!n) return NULL;
    IrValue *val = freq_scale(L, &a, n, sp);
    if (!val) return NULL;
    IrValue *k = lw_iota(L, sp, n);
    IrValue *half = lw_binop(L, AOP_ADD, sp,
                             lw_binop(L, AOP_FLOORDIV, sp, lw_binop(L, AOP_SUB, sp, n, lw_const_int(L, sp, 1)),
                                      lw_const_int(L, sp, 2)),
                             lw_const_int(L, sp, 1));
    IrValue *lo = lw_binop(L, AOP_LT, sp, k, half);
    IrValue *wrapped = lw_binop(L, AOP_SUB, sp, k, n);
    IrValue *res = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){lo, k, wrapped});
    return res ? lw_binop(L, AOP_MUL, sp, res, val) : NULL;
}

/* rfftfreq(n, d=1.0): [0, 1, ..., n//2] * (1.0 / (n*d)), float64. */
static IrValue *api_rfftfreq(Lower *L, AstNode *call)
{
    Args a;
    if (!lw_bind(call, "rfftfreq", "n,d", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *n = int_param(L, a.p[0], "rfftfreq");
    if (!n) return NULL;
    IrValue *val = freq_scale(L, &a, n, sp);
    if (!val) return NULL;
    IrValue *cnt = lw_binop(L, AOP_ADD, sp, lw_binop(L, AOP_FLOORDIV, sp, n, lw_const_int(L, sp, 2)),
                            lw_const_int(L, sp, 1));
    return lw_binop(L, AOP_MUL, sp, lw_iota(L, sp, cnt), val);
}

/* fftshift(x, axes=None) / ifftshift: roll(x, +-(dim//2)) along each of the axes (all of them
 * when None). */
static IrValue *api_shift(Lower *L, AstNode *call, bool inverse)
{
    const char *fname = inverse ? "ifftshift" : "fftshift";
    Args a;
    if (!lw_bind(call, fname, "x,axes", 1, &a)) return NULL;
    Span sp = call->span;
    IrValue *x = lw_array_arg(L, a.p[0], fname);
    if (!x) return NULL;
    int nd = x->type->ndim;
    int axes[IR_MAXDIM], naxes;
    bool all;
    if (!lw_axis_arg(L, a.p[1], nd, axes, &naxes, &all)) return NULL;
    if (all) {
        naxes = nd;
        for (int i = 0; i < nd; i++) axes[i] = i;
    }
    for (int i = 0; i < naxes; i++) {
        IrValue *m = lw_emit1(L, IR_SHAPE_DIM, sp, ty_int(), x);
        m->def->ival = axes[i];
        IrValue *s = lw_binop(L, AOP_FLOORDIV, sp, m, lw_const_int(L, sp, 2));
        if (inverse) s = lw_binop(L, AOP_SUB, sp, lw_const_int(L, sp, 0), s);
        x = lw_roll_axis(L, sp, x, axes[i], s);
    }
    if (naxes == 0) x = lw_emit1(L, IR_COPY, sp, x->type, x);
    return x;
}

/* ---------------------------------------------------------------- API table */

/* the transforms: the fft_fns line of the same name */
static IrValue *fft_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    for (size_t i = 0; i < sizeof fft_fns / sizeof fft_fns[0]; i++)
        if (!strcmp(fft_fns[i].name, f->name)) return api_fft(L, call, &fft_fns[i]);
    diag_error(call->span, "cupy.fft.%s is not supported by gpyc", f->name);
    return NULL;
}
LW_API_PLAIN(api_fftfreq)
LW_API_PLAIN(api_rfftfreq)
/* arg 1: ifftshift */
static IrValue *shift_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self)
{
    (void)self;
    return api_shift(L, call, f->arg);
}

const ApiFn lw_fft_api[] = {
    {"cupy.fft", "fft", fft_api, 0},
    {"cupy.fft", "ifft", fft_api, 0},
    {"cupy.fft", "rfft", fft_api, 0},
    {"cupy.fft", "irfft", fft_api, 0},
    {"cupy.fft", "hfft", fft_api, 0},
    {"cupy.fft", "ihfft", fft_api, 0},
    {"cupy.fft", "fft2", fft_api, 0},
    {"cupy.fft", "ifft2", fft_api, 0},
    {"cupy.fft", "rfft2", fft_api, 0},
    {"cupy.fft", "irfft2", fft_api, 0},
    {"cupy.fft", "fftn", fft_api, 0},
    {"cupy.fft", "ifftn", fft_api, 0},
    {"cupy.fft", "rfftn", fft_api, 0},
    {"cupy.fft", "irfftn", fft_api, 0},
    {"cupy.fft", "fftfreq", api_fftfreq_api, 0},
    {"cupy.fft", "rfftfreq", api_rfftfreq_api, 0},
    {"cupy.fft", "fftshift", shift_api, 0},
    {"cupy.fft", "ifftshift", shift_api, 1},
    {NULL, NULL, NULL, 0},
};
