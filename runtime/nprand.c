/*
 * nprand.c — NumPy's legacy global generator (np.random.seed, rand, randn, randint, normal,
 * uniform ...: NumPy's RandomState) on the host, bit for bit: MT19937 seeded as NumPy seeds it
 * from an int (init_genrand), doubles of 53 bits from two draws ((a >> 5) * 2**26 + (b >> 6)) /
 * 2**53, the legacy gauss (polar Box-Muller keeping its second value for the next call), and
 * the legacy bounded integers (masked rejection sampling on 32-bit draws for ranges that fit
 * 32 bits, 64-bit draws (high word first) otherwise, 16- and 8-bit draws taken from a buffered
 * 32-bit word for the small dtypes).  Results are copied to the device (rt_from_host).
 *
 * Invariants: states[0] is the program's global generator (NumPy's global RandomState), the
 * others numpy.random.RandomState objects; every draw uses states[cur] (rt_np_use selects it
 * around a method call).  Unseeded, a state is seeded from the clock (NumPy: the OS's entropy),
 * so only seeded programs are reproducible; every draw advances the state in NumPy's order,
 * element by element in C order.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "nprand.h"

/* ---------------------------------------------------------------- MT19937 */

enum { MT_N = 624, MT_M = 397 };

static rt_np_state states[RT_NP_STATES];
static int nstates = 1, cur;
static bool seeded; /* states[0] seeded (the others are seeded when made) */

void rt_np_init(rt_np_state *s, uint32_t seed)
{
    s->key[0] = seed;
    for (int i = 1; i < MT_N; i++) s->key[i] = 1812433253u * (s->key[i - 1] ^ (s->key[i - 1] >> 30)) + (uint32_t)i;
    s->pos = MT_N;
    s->has_gauss = false;
    s->gauss = 0.0;
}

/* Regenerates the 624 words (the reference MT19937 twist). */
static void mt_twist(rt_np_state *s)
{
    for (int i = 0; i < MT_N; i++) {
        uint32_t y = (s->key[i] & 0x80000000u) | (s->key[(i + 1) % MT_N] & 0x7fffffffu);
        s->key[i] = s->key[(i + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    s->pos = 0;
}

uint32_t rt_np_next32(rt_np_state *s)
{
    if (s->pos >= MT_N) mt_twist(s);
    uint32_t y = s->key[s->pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* NumPy's next_uint64 for MT19937: the first draw is the high word. */
static uint64_t next64(rt_np_state *s)
{
    uint64_t hi = rt_np_next32(s);
    return hi << 32 | rt_np_next32(s);
}

double rt_np_double(rt_np_state *s)
{
    int32_t a = (int32_t)(rt_np_next32(s) >> 5), b = (int32_t)(rt_np_next32(s) >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

double rt_np_gauss(rt_np_state *s)
{
    if (s->has_gauss) {
        s->has_gauss = false;
        return s->gauss;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * rt_np_double(s) - 1.0;
        x2 = 2.0 * rt_np_double(s) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    s->gauss = f * x1;
    s->has_gauss = true;
    return f * x2;
}

/* ---------------------------------------------------------------- bounded integers */

/* The smallest mask 2**k - 1 >= rng. */
static uint64_t gen_mask(uint64_t rng)
{
    uint64_t m = rng;
    for (int sh = 1; sh < 64; sh <<= 1) m |= m >> sh;
    return m;
}

uint32_t rt_np_buffered(const rt_np_bits *g, int bits, int *bcnt, uint32_t *buf)
{
    if (bits == 32) return g->next32(g->s);
    if (!*bcnt) {
        *buf = g->next32(g->s);
        *bcnt = 32 / bits - 1;
    } else {
        *buf >>= bits;
        (*bcnt)--;
    }
    return bits == 16 ? (uint16_t)*buf : (uint8_t)*buf;
}

/* The legacy generator's raw draws for the shared algorithms. */
static uint32_t mt_next32(void *s) { return rt_np_next32(s); }
static uint64_t mt_next64(void *s) { return next64(s); }
static double mt_double(void *s) { return rt_np_double(s); }

static rt_np_bits mt_bits(rt_np_state *s) { return (rt_np_bits){ s, mt_next32, mt_next64, mt_double }; }

void rt_np_bounded(rt_np_state *s, uint64_t off, uint64_t rng, int bits, int64_t cnt, uint64_t *out)
{
    rt_np_bits g = mt_bits(s);
    uint32_t buf = 0;
    int bcnt = 0;
    uint64_t full = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    /* a range of 32 bits or less draws 32-bit words even for the 64-bit dtypes */
    int width = bits == 64 && rng <= 0xffffffffu ? 32 : bits;
    uint64_t mask = gen_mask(rng);
    for (int64_t i = 0; i < cnt; i++) {
        uint64_t v;
        if (rng == 0) {
            v = 0;
        } else if (width == 64) {
            if (rng == UINT64_MAX) v = next64(s);
            else
                while ((v = next64(s) & mask) > rng) {}
        } else if (rng == (width == 32 ? 0xffffffffu : full)) {
            v = rt_np_buffered(&g, width, &bcnt, &buf);
        } else {
            while ((v = rt_np_buffered(&g, width, &bcnt, &buf) & mask) > rng) {}
        }
        out[i] = (off + v) & full;
    }
}

/* ---------------------------------------------------------------- the global generator */

static int64_t clock_seed(void) { return (int64_t)((uint64_t)time(NULL) ^ (uint64_t)clock()) & 0xffffffff; }

static rt_np_state *state(void)
{
    if (cur == 0 && !seeded) rt_np_seed(clock_seed());
    return &states[cur];
}

void rt_np_seed(int64_t seed)
{
    if (seed < 0 || seed > 0xffffffffLL) rt_raise("ValueError", "Seed must be between 0 and 2**32 - 1");
    rt_np_init(&states[cur], (uint32_t)seed);
    if (cur == 0) seeded = true;
}

int64_t rt_np_state_new(int64_t seed, bool seeded_)
{
    if (nstates == RT_NP_STATES)
        rt_raise("NotImplementedError", "gpyc programs make at most %d numpy.random.RandomState objects",
                 RT_NP_STATES - 1);
    int prev = cur;
    cur = nstates++;
    rt_np_seed(seeded_ ? seed : clock_seed());
    int64_t h = cur;
    cur = prev;
    return h;
}

int64_t rt_np_use(int64_t h)
{
    int64_t prev = cur;
    if (h < 0 || h >= nstates)
        rt_raise("RuntimeError", "gpyc runtime: bad numpy.random.RandomState handle %lld", (long long)h);
    cur = (int)h;
    return prev;
}

int64_t rt_np_count(int ndim, const int64_t *shape)
{
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0) rt_raise("ValueError", "negative dimensions are not allowed");
        n *= shape[i];
    }
    return n;
}

gp_array *rt_np_draw(int kind, int ndim, const int64_t *shape, double a, double b)
{
    int64_t n = rt_np_count(ndim, shape);
    double *v = rt_xmalloc((size_t)(n ? n : 1) * sizeof *v);
    rt_np_state *s = state();
    for (int64_t i = 0; i < n; i++) {
        if (kind == RT_NP_GAUSS) v[i] = a + b * rt_np_gauss(s);
        else v[i] = a + (b - a) * rt_np_double(s);
    }
    gp_array *r = rt_from_host(GP_FLOAT64, ndim, shape, v);
    free(v);
    return r;
}

/* ---------------------------------------------------------------- array parameters
 * NumPy's cont_broadcast_2: the parameters (float64 here) broadcast with the output as
 * np.broadcast does, the output drawn element by element in C order, each from the parameters'
 * elements at its position. */

/* A parameter on the host: its shape and C-order values. */
typedef struct NpArg {
    int ndim;
    int64_t shape[GP_MAXDIM];
    double *v;
} NpArg;

static NpArg host_arg(const gp_array *a)
{
    NpArg r = { .ndim = a->ndim };
    memcpy(r.shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
    r.v = rt_xmalloc((size_t)(a->size ? a->size : 1) * sizeof(double));
    rt_to_host(a, r.v);
    return r;
}

/* np.broadcast's shape of n arguments (PyArray_Broadcast), or ValueError "shape mismatch: ...
 * Mismatch is between arg I with shape S and arg J with shape T." with NumPy's numbering. */
static int np_broadcast(int n, const NpArg *const *args, int64_t *dim)
{
    int nd = 0, src = 0;
    for (int j = 0; j < n; j++) nd = args[j]->ndim > nd ? args[j]->ndim : nd;
    for (int i = 0; i < nd; i++) {
        dim[i] = 1;
        for (int j = 0; j < n; j++) {
            int k = i + args[j]->ndim - nd;
            if (k < 0 || args[j]->shape[k] == 1) continue;
            if (dim[i] == 1) {
                dim[i] = args[j]->shape[k];
                src = j;
            } else if (dim[i] != args[j]->shape[k]) {
                char s1[160], s2[160];
                rt_shape_fmt(s1, sizeof s1, args[src]->ndim, args[src]->shape, false);
                rt_shape_fmt(s2, sizeof s2, args[j]->ndim, args[j]->shape, false);
                rt_raise("ValueError",
                         "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                         "between arg %d with shape %s and arg %d with shape %s.",
                         src, s1, j, s2);
            }
        }
    }
    return nd;
}

/* The element of p that output position idx (over nd dims) reads. */
static double arg_at(const NpArg *p, int nd, const int64_t *idx)
{
    int64_t off = 0;
    for (int k = 0; k < p->ndim; k++)
        off = off * p->shape[k] + (p->shape[k] == 1 ? 0 : idx[nd - p->ndim + k]);
    return p->v[off];
}

/* uniform's array form: high - low broadcast (NumPy's np.subtract), OverflowError "Range
 * exceeds valid bounds" unless every difference is finite. */
static NpArg uniform_range(const NpArg *low, const NpArg *high)
{
    const NpArg *both[2] = { high, low };
    NpArg r = { 0 };
    r.ndim = np_broadcast(2, both, r.shape);
    int64_t n = rt_np_count(r.ndim, r.shape), idx[GP_MAXDIM] = { 0 };
    r.v = rt_xmalloc((size_t)(n ? n : 1) * sizeof(double));
    for (int64_t i = 0; i < n; i++) {
        r.v[i] = arg_at(high, r.ndim, idx) - arg_at(low, r.ndim, idx);
        if (!isfinite(r.v[i])) rt_raise("OverflowError", "Range exceeds valid bounds");
        for (int d = r.ndim - 1; d >= 0 && ++idx[d] == r.shape[d]; d--) idx[d] = 0;
    }
    return r;
}

/* ValueError "NAME < 0" when some parameter value is negative (NaN passes; -0.0 does not). */
static void check_non_negative(const NpArg *p, const char *name)
{
    for (int64_t i = 0, n = rt_np_count(p->ndim, p->shape); i < n; i++)
        if (!isnan(p->v[i]) && signbit(p->v[i])) rt_raise("ValueError", "%s < 0", name);
}

gp_array *rt_np_draw_arr(int kind, int ndim, const int64_t *size, const gp_array *a, const gp_array *b)
{
    NpArg pa = host_arg(a), pb = host_arg(b);
    bool legacy = kind == RT_NP_GAUSS || kind == RT_NP_UNIFORM;
    if (kind == RT_NP_UNIFORM || kind == RT_NPG_UNIFORM) {
        gp_shape bs;
        const gp_array *hl[2] = { b, a };
        rt_broadcast(&bs, 2, hl); /* np.subtract(high, low)'s error */
        NpArg r = uniform_range(&pa, &pb);
        free(pb.v);
        pb = r;
        if (kind == RT_NPG_UNIFORM) check_non_negative(&pb, "high - low");
    } else {
        check_non_negative(kind == RT_NPG_EXPONENTIAL ? &pa : &pb, "scale");
    }
    NpArg out = { .ndim = ndim };
    if (size || ndim == 0) { /* unsized 0-d parameters broadcast to () as well */
        if (ndim) memcpy(out.shape, size, sizeof(int64_t) * (size_t)ndim);
    } else {
        const NpArg *ab[2] = { &pa, &pb };
        np_broadcast(2, ab, out.shape);
    }
    const NpArg *all[3] = { &out, &pa, &pb };
    int64_t it[GP_MAXDIM];
    int ind = np_broadcast(3, all, it);
    if (ind != ndim || memcmp(it, out.shape, sizeof(int64_t) * (size_t)ndim)) {
        char s1[160], s2[160];
        rt_shape_fmt(s1, sizeof s1, ndim, out.shape, false);
        rt_shape_fmt(s2, sizeof s2, ind, it, false);
        rt_raise("ValueError", "Output size %s is not compatible with broadcast dimensions of inputs %s.", s1,
                 s2);
    }
    int64_t n = rt_np_count(ndim, out.shape), idx[GP_MAXDIM] = { 0 };
    double *v = rt_xmalloc((size_t)(n ? n : 1) * sizeof *v);
    rt_np_state *s = legacy ? state() : NULL;
    for (int64_t i = 0; i < n; i++) {
        double x = arg_at(&pa, ndim, idx), y = arg_at(&pb, ndim, idx);
        if (!legacy)
            v[i] = rt_npg_sample(kind, x, y);
        else
            v[i] = kind == RT_NP_GAUSS ? x + y * rt_np_gauss(s) : x + y * rt_np_double(s);
        for (int d = ndim - 1; d >= 0 && ++idx[d] == out.shape[d]; d--) idx[d] = 0;
    }
    gp_array *r = rt_from_host(GP_FLOAT64, ndim, out.shape, v);
    free(v);
    free(pa.v);
    free(pb.v);
    return r;
}

gp_array *rt_np_pack_ints(gp_dtype dt, int ndim, const int64_t *shape, const uint64_t *u, int64_t n)
{
    int isz = (int)rt_dtype_size(dt);
    char *packed = rt_xmalloc((size_t)(n ? n : 1) * (size_t)isz);
    for (int64_t i = 0; i < n; i++) {
        uint8_t b1 = (uint8_t)u[i];
        uint16_t b2 = (uint16_t)u[i];
        uint32_t b4 = (uint32_t)u[i];
        const void *src = isz == 1   ? (const void *)&b1
                          : isz == 2 ? (const void *)&b2
                          : isz == 4 ? (const void *)&b4
                                     : (const void *)&u[i];
        memcpy(packed + i * isz, src, (size_t)isz);
    }
    gp_array *r = rt_from_host(dt, ndim, shape, packed);
    free(packed);
    return r;
}

gp_array *rt_np_randint(gp_dtype dt, int64_t low, int64_t high, int ndim, const int64_t *shape)
{
    if (low >= high) rt_raise("ValueError", "low >= high");
    int64_t n = rt_np_count(ndim, shape);
    uint64_t *u = rt_xmalloc((size_t)(n ? n : 1) * sizeof *u);
    rt_np_bounded(state(), (uint64_t)low, (uint64_t)high - 1 - (uint64_t)low, (int)rt_dtype_size(dt) * 8, n,
                  u);
    gp_array *r = rt_np_pack_ints(dt, ndim, shape, u, n);
    free(u);
    return r;
}

/* ---------------------------------------------------------------- permutations and choice */

uint64_t rt_np_interval(const rt_np_bits *g, uint64_t max)
{
    if (max == 0) return 0;
    uint64_t mask = gen_mask(max), v;
    if (max <= 0xffffffffu)
        while ((v = g->next32(g->s) & mask) > max) {}
    else
        while ((v = g->next64(g->s) & mask) > max) {}
    return v;
}

void rt_np_shuffle_index(const rt_np_bits *g, int64_t n, int64_t *p)
{
    for (int64_t i = 0; i < n; i++) p[i] = i;
    for (int64_t i = n - 1; i >= 1; i--) {
        int64_t j = (int64_t)rt_np_interval(g, (uint64_t)i), t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

gp_array *rt_np_perm_of(const rt_np_bits *g, int64_t n)
{
    int64_t *p = rt_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *p);
    if (g)
        rt_np_shuffle_index(g, n, p);
    else
        for (int64_t i = 0; i < n; i++) p[i] = i;
    gp_array *r = rt_from_host(GP_INT64, 1, &n, p);
    free(p);
    return r;
}

gp_array *rt_np_perm(int64_t n, bool draw)
{
    rt_np_bits g = mt_bits(draw ? state() : NULL);
    return rt_np_perm_of(draw ? &g : NULL, n);
}

double *rt_np_choice_p(const gp_array *pa, int64_t pop, bool legacy)
{
    if (pa->ndim != 1)
        rt_raise("ValueError", legacy ? "'p' must be 1-dimensional" : "p must be 1-dimensional");
    if (pa->size != pop)
        rt_raise("ValueError", legacy ? "'a' and 'p' must have same size" : "a and p must have same size");
    size_t isz = rt_dtype_size(pa->dtype);
    char *raw = rt_xmalloc((size_t)(pop ? pop : 1) * isz);
    double *p = rt_xmalloc((size_t)(pop ? pop : 1) * sizeof *p);
    rt_to_host(pa, raw);
    for (int64_t i = 0; i < pop; i++) p[i] = rt_elem_f64(raw + i * (int64_t)isz, pa->dtype);
    free(raw);
    double sum = pop ? p[0] : 0.0, c = 0.0; /* kahan_sum */
    for (int64_t i = 1; i < pop; i++) {
        double y = p[i] - c, t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    double atol = pa->dtype == GP_FLOAT16   ? 0.0312500
                  : pa->dtype == GP_FLOAT32 ? 3.4526698300124393e-04
                                            : 1.4901161193847656e-08;
    if (isnan(sum)) rt_raise("ValueError", "probabilities contain NaN");
    for (int64_t i = 0; i < pop; i++)
        if (p[i] < 0) rt_raise("ValueError", "probabilities are not non-negative");
    if (fabs(sum - 1.0) > atol) rt_raise("ValueError", "probabilities do not sum to 1");
    return p;
}

void rt_np_cdf_search(const double *p, int64_t pop, const double *u, int64_t n, int64_t *out)
{
    double *cdf = rt_xmalloc((size_t)(pop ? pop : 1) * sizeof *cdf);
    double acc = 0.0;
    for (int64_t i = 0; i < pop; i++) cdf[i] = acc += p[i];
    double last = cdf[pop - 1];
    for (int64_t i = 0; i < pop; i++) cdf[i] /= last;
    for (int64_t k = 0; k < n; k++) {
        int64_t lo = 0, hi = pop;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (cdf[mid] <= u[k])
                lo = mid + 1;
            else
                hi = mid;
        }
        out[k] = lo;
    }
    free(cdf);
}

void rt_np_unique_p(const rt_np_bits *g, double *p, int64_t pop, int64_t n, int64_t *found)
{
    int64_t nonzero = 0, got = 0;
    for (int64_t i = 0; i < pop; i++) nonzero += p[i] > 0;
    if (nonzero < n) rt_raise("ValueError", "Fewer non-zero entries in p than size");
    double *u = rt_xmalloc((size_t)(n ? n : 1) * sizeof *u);
    int64_t *draw = rt_xmalloc((size_t)(n ? n : 1) * sizeof *draw);
    bool *seen = rt_xmalloc((size_t)pop * sizeof *seen);
    while (got < n) {
        int64_t m = n - got;
        for (int64_t k = 0; k < m; k++) u[k] = g->u01(g->s);
        for (int64_t i = 0; i < got; i++) p[found[i]] = 0.0;
        rt_np_cdf_search(p, pop, u, m, draw);
        memset(seen, 0, (size_t)pop * sizeof *seen);
        for (int64_t k = 0; k < m; k++)
            if (!seen[draw[k]]) {
                seen[draw[k]] = true;
                found[got++] = draw[k];
            }
    }
    free(seen);
    free(draw);
    free(u);
}

void rt_np_cdf_draws(const rt_np_bits *g, const double *p, int64_t pop, int64_t n, int64_t *out)
{
    double *u = rt_xmalloc((size_t)(n ? n : 1) * sizeof *u);
    for (int64_t k = 0; k < n; k++) u[k] = g->u01(g->s);
    rt_np_cdf_search(p, pop, u, n, out);
    free(u);
}

gp_array *rt_np_choice(int64_t pop, bool is_int, int ndim, const int64_t *shape, bool replace,
                       const gp_array *pa)
{
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) n *= shape[i];
    if (is_int && pop <= 0 && n != 0)
        rt_raise("ValueError", "a must be greater than 0 unless no samples are taken");
    if (!is_int && pop == 0 && n != 0)
        rt_raise("ValueError", "'a' cannot be empty unless no samples are taken");
    double *p = pa ? rt_np_choice_p(pa, pop, true) : NULL;
    if (!replace && n > pop)
        rt_raise("ValueError", "Cannot take a larger sample than population when 'replace=False'");
    if (!replace && n < 0) rt_raise("ValueError", "Negative dimensions are not allowed");
    n = rt_np_count(ndim, shape);
    int64_t *idx = rt_xmalloc((size_t)(n ? n : 1) * sizeof *idx);
    rt_np_state *s = state();
    rt_np_bits g = mt_bits(s);
    if (replace && p) {
        rt_np_cdf_draws(&g, p, pop, n, idx);
    } else if (replace) {
        uint64_t *u = rt_xmalloc((size_t)(n ? n : 1) * sizeof *u);
        rt_np_bounded(s, 0, (uint64_t)pop - 1, 64, n, u);
        for (int64_t i = 0; i < n; i++) idx[i] = (int64_t)u[i];
        free(u);
    } else if (p) {
        rt_np_unique_p(&g, p, pop, n, idx);
    } else {
        int64_t *perm = rt_xmalloc((size_t)(pop ? pop : 1) * sizeof *perm);
        rt_np_shuffle_index(&g, pop, perm);
        memcpy(idx, perm, (size_t)n * sizeof *idx);
        free(perm);
    }
    gp_array *r = rt_from_host(GP_INT64, ndim, shape, idx);
    free(idx);
    free(p);
    return r;
}
