/*
 * npgen.c — NumPy's Generator (np.random.default_rng(seed)) on the host, bit for bit: the seed
 * through SeedSequence into PCG64 (XSL-RR 128/64), doubles of 53 bits (next64 >> 11) * 2**-53,
 * floats of 24 bits from 32-bit draws (PCG64 hands out a 64-bit draw's low half, then keeps its
 * high half for the next 32-bit draw), NumPy's ziggurat standard_normal and
 * standard_exponential (tables: ziggurat.inc, made by gen_ziggurat.py), Lemire's bounded
 * integers (integers(), choice), the masked random_interval (shuffle, permutation, permuted),
 * Floyd's and the tail-shuffle samplers of choice(replace=False).  Results are copied to the
 * device (rt_from_host).
 *
 * Invariants: gens[h] is the Generator of handle h (rt_npg_new; the table grows, never
 * shrinks: a program may make one per loop iteration); rt_npg_use selects the one every draw
 * below uses (gens[cur]); each draw advances it in NumPy's order, element by element
 * in C order.  Unseeded, a Generator is seeded from the clock (NumPy: 128 bits of OS entropy).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "nprand.h"
#include "ziggurat.inc"

/* ---------------------------------------------------------------- SeedSequence and PCG64 */

#define SS_INIT_A 0x43b0d7e5u
#define SS_MULT_A 0x931e8875u
#define SS_INIT_B 0x8b51f9ddu
#define SS_MULT_B 0x58f38dedu
#define SS_MIX_L 0xca01f9ddu
#define SS_MIX_R 0x4973f715u
enum { SS_POOL = 4 };

static uint32_t ss_hashmix(uint32_t v, uint32_t *h)
{
    v ^= *h;
    *h *= SS_MULT_A;
    v *= *h;
    return v ^ (v >> 16);
}

static uint32_t ss_mix(uint32_t x, uint32_t y)
{
    uint32_t r = SS_MIX_L * x - SS_MIX_R * y;
    return r ^ (r >> 16);
}

/* SeedSequence(entropy).generate_state(2 * nwords64 words) read as little-endian uint64s. */
static void seed_sequence(const uint32_t *ent, int n, uint64_t *out, int nwords64)
{
    uint32_t pool[SS_POOL], h = SS_INIT_A;
    for (int i = 0; i < SS_POOL; i++) pool[i] = ss_hashmix(i < n ? ent[i] : 0, &h);
    for (int s = 0; s < SS_POOL; s++)
        for (int d = 0; d < SS_POOL; d++)
            if (s != d) pool[d] = ss_mix(pool[d], ss_hashmix(pool[s], &h));
    for (int s = SS_POOL; s < n; s++)
        for (int d = 0; d < SS_POOL; d++) pool[d] = ss_mix(pool[d], ss_hashmix(ent[s], &h));
    uint32_t hb = SS_INIT_B;
    for (int i = 0; i < 2 * nwords64; i++) {
        uint32_t v = pool[i % SS_POOL] ^ hb;
        hb *= SS_MULT_B;
        v *= hb;
        v ^= v >> 16;
        if (i % 2 == 0)
            out[i / 2] = v;
        else
            out[i / 2] |= (uint64_t)v << 32;
    }
}

#define PCG_MULT (((unsigned __int128)2549297995355413924ull << 64) | 4865540595714422341ull)

static void pcg_step(rt_npg_state *s) { s->state = s->state * PCG_MULT + s->inc; }

void rt_npg_init(rt_npg_state *s, const uint32_t *entropy, int n)
{
    uint64_t w[4];
    seed_sequence(entropy, n, w, 4);
    unsigned __int128 seed = ((unsigned __int128)w[0] << 64) | w[1];
    unsigned __int128 inc = ((unsigned __int128)w[2] << 64) | w[3];
    s->state = 0;
    s->inc = (inc << 1) | 1;
    pcg_step(s);
    s->state += seed;
    pcg_step(s);
    s->has32 = false;
    s->u32 = 0;
}

uint64_t rt_npg_next64(rt_npg_state *s)
{
    pcg_step(s);
    uint64_t hi = (uint64_t)(s->state >> 64), lo = (uint64_t)s->state;
    unsigned rot = (unsigned)(hi >> 58);
    uint64_t x = hi ^ lo;
    return (x >> rot) | (x << ((64 - rot) & 63));
}

uint32_t rt_npg_next32(rt_npg_state *s)
{
    if (s->has32) {
        s->has32 = false;
        return s->u32;
    }
    uint64_t v = rt_npg_next64(s);
    s->has32 = true;
    s->u32 = (uint32_t)(v >> 32);
    return (uint32_t)v;
}

double rt_npg_double(rt_npg_state *s)
{
    return (double)(rt_npg_next64(s) >> 11) * (1.0 / 9007199254740992.0);
}

float rt_npg_float(rt_npg_state *s) { return (float)(rt_npg_next32(s) >> 8) * (1.0f / 16777216.0f); }

/* ---------------------------------------------------------------- ziggurat */

static const double ZIG_NOR_R = 3.6541528853610087963519472518,
                    ZIG_NOR_INV_R = 0.27366123732975827203338247596,
                    ZIG_EXP_R = 7.6971174701310497140446280481;

double rt_npg_normal(rt_npg_state *s)
{
    for (;;) {
        uint64_t r = rt_npg_next64(s);
        int idx = (int)(r & 0xff);
        r >>= 8;
        int sign = (int)(r & 1);
        uint64_t rabs = (r >> 1) & 0x000fffffffffffffull;
        double x = (double)rabs * zig_nor_w[idx];
        if (sign) x = -x;
        if (rabs < zig_nor_k[idx]) return x;
        if (idx == 0) {
            for (;;) { /* the tail, by Marsaglia's method; 1 - U avoids log(0) */
                double xx = -ZIG_NOR_INV_R * log1p(-rt_npg_double(s));
                double yy = -log1p(-rt_npg_double(s));
                if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(ZIG_NOR_R + xx) : ZIG_NOR_R + xx;
            }
        }
        if ((zig_nor_f[idx - 1] - zig_nor_f[idx]) * rt_npg_double(s) + zig_nor_f[idx] < exp(-0.5 * x * x))
            return x;
    }
}

double rt_npg_exponential(rt_npg_state *s)
{
    for (;;) {
        uint64_t ri = rt_npg_next64(s) >> 3;
        int idx = (int)(ri & 0xff);
        ri >>= 8;
        double x = (double)ri * zig_exp_w[idx];
        if (ri < zig_exp_k[idx]) return x;
        if (idx == 0) return ZIG_EXP_R - log1p(-rt_npg_double(s));
        if ((zig_exp_f[idx - 1] - zig_exp_f[idx]) * rt_npg_double(s) + zig_exp_f[idx] < exp(-x)) return x;
    }
}

/* ---------------------------------------------------------------- bounded integers */

/* The Generator's raw draws for the algorithms it shares with the legacy one (nprand.c). */
static uint32_t pcg_next32(void *s) { return rt_npg_next32(s); }
static uint64_t pcg_next64(void *s) { return rt_npg_next64(s); }
static double pcg_double(void *s) { return rt_npg_double(s); }

static rt_np_bits pcg_bits(rt_npg_state *s) { return (rt_np_bits){ s, pcg_next32, pcg_next64, pcg_double }; }

/* Lemire's bounded draw in [0, rng] for rng < 2**bits - 1 (bits 8, 16, 32): the high half of a
 * draw times rng + 1, redrawn while the low half falls under (2**bits - 1 - rng) % (rng + 1). */
static uint64_t lemire_small(const rt_np_bits *g, uint64_t rng, int bits, int *bcnt, uint32_t *buf)
{
    uint64_t excl = rng + 1, lowmask = ((uint64_t)1 << bits) - 1;
    uint64_t m = rt_np_buffered(g, bits, bcnt, buf) * excl;
    if ((m & lowmask) < excl) {
        uint64_t threshold = (lowmask - rng) % excl;
        while ((m & lowmask) < threshold) m = rt_np_buffered(g, bits, bcnt, buf) * excl;
    }
    return m >> bits;
}

/* The same for 64-bit draws (rng < 2**64 - 1). */
static uint64_t lemire64(rt_npg_state *s, uint64_t rng)
{
    uint64_t excl = rng + 1;
    unsigned __int128 m = (unsigned __int128)rt_npg_next64(s) * excl;
    if ((uint64_t)m < excl) {
        uint64_t threshold = (UINT64_MAX - rng) % excl;
        while ((uint64_t)m < threshold) m = (unsigned __int128)rt_npg_next64(s) * excl;
    }
    return (uint64_t)(m >> 64);
}

void rt_npg_bounded(rt_npg_state *s, uint64_t off, uint64_t rng, int bits, int64_t cnt, uint64_t *out)
{
    rt_np_bits g = pcg_bits(s);
    uint32_t buf = 0;
    int bcnt = 0;
    uint64_t full = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    /* a range of 32 bits or less draws 32-bit words even for the 64-bit dtypes */
    int width = bits == 64 && rng <= 0xffffffffu ? 32 : bits;
    uint64_t wfull = width == 64 ? UINT64_MAX : ((uint64_t)1 << width) - 1;
    for (int64_t i = 0; i < cnt; i++) {
        uint64_t v;
        if (rng == 0)
            v = 0;
        else if (rng == wfull)
            v = width == 64 ? rt_npg_next64(s) : rt_np_buffered(&g, width, &bcnt, &buf);
        else if (width == 64)
            v = lemire64(s, rng);
        else
            v = lemire_small(&g, rng, width, &bcnt, &buf);
        out[i] = (off + v) & full;
    }
}

/* NumPy's random_bounded_uint64(0, rng): one value in [0, rng] (Lemire; 32-bit when rng fits). */
static uint64_t bounded1(rt_npg_state *s, uint64_t rng)
{
    uint64_t v;
    rt_npg_bounded(s, 0, rng, 64, 1, &v);
    return v;
}

/* ---------------------------------------------------------------- Generator objects */

static rt_npg_state *gens; /* ngens of them, room for cap */
static int64_t ngens, cap, cur = -1;

/* The clock as entropy words (NumPy: 128 bits of OS entropy). */
static int clock_entropy(uint32_t *w)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    w[0] = (uint32_t)ts.tv_nsec;
    w[1] = (uint32_t)ts.tv_sec;
    w[2] = (uint32_t)clock();
    w[3] = (uint32_t)ngens;
    return 4;
}

/* The entropy words of a seed (low word first; unseeded: the clock), ValueError "expected
 * non-negative integer" for a negative one; returns their count. */
static int seed_words(int64_t seed, bool seeded, uint32_t *w)
{
    if (!seeded) return clock_entropy(w);
    if (seed < 0) rt_raise("ValueError", "expected non-negative integer");
    w[0] = (uint32_t)seed;
    if (!(seed >> 32)) return 1;
    w[1] = (uint32_t)((uint64_t)seed >> 32);
    return 2;
}

uint32_t rt_np_seed_word(int64_t seed, bool seeded)
{
    uint32_t w[4];
    uint64_t out;
    seed_sequence(w, seed_words(seed, seeded, w), &out, 1);
    return (uint32_t)out;
}

int64_t rt_npg_new(int64_t seed, bool seeded)
{
    uint32_t w[4];
    int n = seed_words(seed, seeded, w);
    if (ngens == cap) {
        cap = cap ? 2 * cap : 8;
        gens = rt_xrealloc(gens, (size_t)cap * sizeof *gens);
    }
    rt_npg_init(&gens[ngens], w, n);
    return ngens++;
}

int64_t rt_npg_use(int64_t h)
{
    int64_t prev = cur;
    if (h < -1 || h >= ngens)
        rt_raise("RuntimeError", "gpyc runtime: bad numpy.random.Generator handle %lld", (long long)h);
    cur = h;
    return prev;
}

static rt_npg_state *gen(void)
{
    if (cur < 0) rt_raise("RuntimeError", "gpyc runtime: no numpy.random.Generator selected");
    return &gens[cur];
}

double rt_npg_sample(int kind, double a, double b)
{
    rt_npg_state *s = gen();
    switch (kind) {
    case RT_NPG_NORMAL: return a + b * rt_npg_normal(s);
    case RT_NPG_EXPONENTIAL: return a * rt_npg_exponential(s);
    default: return a + b * rt_npg_double(s);
    }
}

gp_array *rt_npg_draw(int kind, gp_dtype dt, int ndim, const int64_t *shape, double a, double b)
{
    int64_t n = rt_np_count(ndim, shape);
    rt_npg_state *s = gen();
    if (kind == RT_NPG_UNIFORM) {
        b -= a;
        if (!isfinite(b)) rt_raise("OverflowError", "high - low range exceeds valid bounds");
    }
    double p = kind == RT_NPG_EXPONENTIAL ? a : b;
    if (kind != RT_NPG_RANDOM && !isnan(p) && signbit(p))
        rt_raise("ValueError", "%s < 0", kind == RT_NPG_UNIFORM ? "high - low" : "scale");
    if (dt == GP_FLOAT32) {
        float *v = rt_xmalloc((size_t)(n ? n : 1) * sizeof *v);
        for (int64_t i = 0; i < n; i++) v[i] = rt_npg_float(s);
        gp_array *r = rt_from_host(GP_FLOAT32, ndim, shape, v);
        free(v);
        return r;
    }
    double *v = rt_xmalloc((size_t)(n ? n : 1) * sizeof *v);
    for (int64_t i = 0; i < n; i++) v[i] = rt_npg_sample(kind, a, b);
    gp_array *r = rt_from_host(GP_FLOAT64, ndim, shape, v);
    free(v);
    return r;
}

gp_array *rt_npg_integers(gp_dtype dt, int64_t low, int64_t high, bool endpoint, int ndim,
                          const int64_t *shape)
{
    int64_t n = rt_np_count(ndim, shape);
    int bits = (int)rt_dtype_size(dt) * 8;
    if (n) { /* NumPy checks nothing for an empty size */
        bool sgn = dt == GP_INT8 || dt == GP_INT16 || dt == GP_INT32 || dt == GP_INT64;
        __int128 hi = (__int128)high - !endpoint, lb = sgn ? -((__int128)1 << (bits - 1)) : 0;
        __int128 ub = ((__int128)1 << (bits - sgn)) - 1;
        if (low < lb) rt_raise("ValueError", "low is out of bounds for %s", rt_dtype_name(dt));
        if (hi > ub) rt_raise("ValueError", "high is out of bounds for %s", rt_dtype_name(dt));
        if (low > hi)
            rt_raise("ValueError", "%s %s %s", low ? "low" : "high",
                     low ? (endpoint ? ">" : ">=") : (endpoint ? "<" : "<="), low ? "high" : "0");
    }
    uint64_t *u = rt_xmalloc((size_t)(n ? n : 1) * sizeof *u);
    rt_npg_bounded(gen(), (uint64_t)low, (uint64_t)high - !endpoint - (uint64_t)low, bits, n, u);
    gp_array *r = rt_np_pack_ints(dt, ndim, shape, u, n);
    free(u);
    return r;
}

/* ---------------------------------------------------------------- permutations and choice */

gp_array *rt_npg_perm(int64_t n, bool draw)
{
    rt_np_bits g = pcg_bits(draw ? gen() : NULL);
    return rt_np_perm_of(draw ? &g : NULL, n);
}

/* Generator's _shuffle_int: swaps of data[i] with data[bounded(i)], i from n - 1 down to first. */
static void shuffle_int(rt_npg_state *s, int64_t n, int64_t first, int64_t *data)
{
    for (int64_t i = n - 1; i >= first; i--) {
        int64_t j = (int64_t)bounded1(s, (uint64_t)i), t = data[j];
        data[j] = data[i];
        data[i] = t;
    }
}

/* choice without replacement, without p: Floyd's algorithm on a hash set of the next power of
 * two above 1.2 * size, then (shuffle) the result shuffled; for a population above 10000 drawn
 * by more than pop // 50 (pop // 20 without shuffle), the tail of a partial shuffle. */
static void choice_floyd(rt_npg_state *s, int64_t pop, int64_t size, bool shuffle, int64_t *idx)
{
    if (pop > 10000 && size > pop / (shuffle ? 50 : 20)) {
        int64_t *all = rt_xmalloc((size_t)pop * sizeof *all);
        for (int64_t i = 0; i < pop; i++) all[i] = i;
        shuffle_int(s, pop, pop - size > 1 ? pop - size : 1, all);
        memcpy(idx, all + (pop - size), (size_t)size * sizeof *idx);
        free(all);
        return;
    }
    uint64_t mask = (uint64_t)(1.2 * (double)size);
    for (int sh = 1; sh < 64; sh <<= 1) mask |= mask >> sh;
    uint64_t *set = rt_xmalloc((size_t)(mask + 1) * sizeof *set);
    memset(set, 0xff, (size_t)(mask + 1) * sizeof *set);
    for (int64_t j = pop - size; j < pop; j++) {
        uint64_t val = bounded1(s, (uint64_t)j), loc = val & mask;
        while (set[loc] != UINT64_MAX && set[loc] != val) loc = (loc + 1) & mask;
        if (set[loc] == UINT64_MAX) {
            set[loc] = val;
        } else { /* val was taken: j is new */
            val = (uint64_t)j;
            loc = val & mask;
            while (set[loc] != UINT64_MAX) loc = (loc + 1) & mask;
            set[loc] = val;
        }
        idx[j - pop + size] = (int64_t)val;
    }
    free(set);
    if (shuffle) shuffle_int(s, size, 1, idx);
}

void rt_npg_choice_idx(rt_npg_state *s, int64_t pop, int64_t n, bool replace, double *p, bool shuffle,
                       int64_t *idx)
{
    rt_np_bits g = pcg_bits(s);
    if (replace && p) {
        rt_np_cdf_draws(&g, p, pop, n, idx);
    } else if (replace) {
        uint64_t *u = rt_xmalloc((size_t)(n ? n : 1) * sizeof *u);
        rt_npg_bounded(s, 0, (uint64_t)pop - 1, 64, n, u);
        for (int64_t i = 0; i < n; i++) idx[i] = (int64_t)u[i];
        free(u);
    } else if (p) {
        rt_np_unique_p(&g, p, pop, n, idx);
    } else {
        choice_floyd(s, pop, n, shuffle, idx);
    }
}

gp_array *rt_npg_choice(int64_t pop, bool is_int, int ndim, const int64_t *shape, bool replace,
                        const gp_array *pa, bool shuffle)
{
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) n *= shape[i];
    if (is_int && pop <= 0 && n != 0)
        rt_raise("ValueError", "a must be a positive integer unless no samples are taken");
    if (!is_int && pop == 0 && n != 0)
        rt_raise("ValueError", "a cannot be empty unless no samples are taken");
    double *p = pa ? rt_np_choice_p(pa, pop, false) : NULL;
    if (!replace && n > pop)
        rt_raise("ValueError", "Cannot take a larger sample than population when replace is False");
    n = rt_np_count(ndim, shape);
    int64_t *idx = rt_xmalloc((size_t)(n ? n : 1) * sizeof *idx);
    rt_npg_choice_idx(gen(), pop, n, replace, p, shuffle, idx);
    gp_array *r = rt_from_host(GP_INT64, ndim, shape, idx);
    free(idx);
    free(p);
    return r;
}

void rt_npg_permute_lanes(rt_npg_state *s, char *v, size_t isz, int64_t n, int64_t len, int64_t inner)
{
    char tmp[16];
    rt_np_bits g = pcg_bits(s);
    int64_t lanes = len ? n / len : 0;
    for (int64_t l = 0; l < lanes; l++) {
        char *base = v + (size_t)((l / inner) * len * inner + l % inner) * isz;
        for (int64_t i = len - 1; i >= 1; i--) {
            int64_t j = (int64_t)rt_np_interval(&g, (uint64_t)i);
            memcpy(tmp, base + (size_t)(j * inner) * isz, isz);
            memcpy(base + (size_t)(j * inner) * isz, base + (size_t)(i * inner) * isz, isz);
            memcpy(base + (size_t)(i * inner) * isz, tmp, isz);
        }
    }
}

gp_array *rt_npg_permuted(const gp_array *x, int axis)
{
    size_t isz = rt_dtype_size(x->dtype);
    int64_t n = x->size, len = n, inner = 1;
    char *v = rt_xmalloc((size_t)(n ? n : 1) * isz);
    rt_to_host(x, v);
    if (axis >= 0) {
        len = x->shape[axis];
        for (int d = axis + 1; d < x->ndim; d++) inner *= x->shape[d];
    }
    rt_npg_permute_lanes(gen(), v, isz, n, len, inner);
    gp_array *r = rt_from_host(x->dtype, x->ndim, x->shape, v);
    free(v);
    return r;
}
