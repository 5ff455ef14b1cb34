/*
 * pymod.c — Python's standard modules on the host, as CPython 3 computes them: os and
 * os.path (posixpath's rules), os.environ, time.sleep, math's integer functions and
 * isclose, and the random module (CPython's Mersenne Twister: the same numbers as CPython for
 * a seed).  The GPK_PY rows of gpyrt_kinds.def that lower/pylib.c calls.
 *
 * Invariants: the random module's state is its own MT19937 (nprand.h's generator and its
 * 53-bit doubles, seeded with CPython's init_by_array), separate from NumPy's; unseeded, it is
 * seeded from the clock (CPython: os.urandom).  Python ints are int64 here: a math result
 * beyond int64 is an OverflowError.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "nprand.h"

/* ---------------------------------------------------------------- os.path (posixpath) */

/* os.path.join(a, b): b itself when absolute, else a, a '/' unless a is empty or ends in
 * one, and b. */
const char *rt_path_join(const char *a, const char *b)
{
    size_t n = strlen(a);
    if (*b == '/' || !n)
        return b;
    const char *parts[3] = {a, a[n - 1] == '/' ? "" : "/", b};
    return rt_str_concat(3, parts);
}

/* os.path.exists (kind 0), isfile (1), isdir (2), isabs (3) */
bool rt_path_test(const char *p, int64_t kind)
{
    struct stat st;
    if (kind == 3)
        return *p == '/';
    if (stat(p, &st) != 0)
        return false;
    return kind == 0 || (kind == 1 ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode));
}

/* posixpath.normpath: '.' and empty components dropped, '..' folded (kept at the start of a
 * relative path), two leading slashes kept (three or more become one); '' is '.'. */
static const char *normpath(const char *p)
{
    if (!*p)
        return ".";
    int slashes = *p == '/' ? (p[1] == '/' && p[2] != '/' ? 2 : 1) : 0;
    size_t n = strlen(p), k = 0;
    const char **comp = rt_xmalloc(sizeof *comp * (n + 1));
    size_t *clen = rt_xmalloc(sizeof *clen * (n + 1));
    for (const char *s = p; *s;) {
        const char *e = strchr(s, '/');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        bool dot = l == 1 && *s == '.', dotdot = l == 2 && s[0] == '.' && s[1] == '.';
        bool top_dotdot = k && clen[k - 1] == 2 && !memcmp(comp[k - 1], "..", 2);
        if (l && !dot) {
            if (!dotdot || (!slashes && !k) || top_dotdot) {
                comp[k] = s;
                clen[k++] = l;
            } else if (k) {
                k--;
            }
        }
        s += l + (e != NULL);
    }
    gp_sb sb = {NULL, 0, 0};
    for (int i = 0; i < slashes; i++)
        rt_sb_puts(&sb, "/");
    for (size_t i = 0; i < k; i++) {
        if (i)
            rt_sb_puts(&sb, "/");
        rt_sb_putn(&sb, comp[i], clen[i]);
    }
    const char *r = sb.len ? rt_str_dup(sb.s, sb.len) : ".";
    rt_sb_free(&sb);
    free(comp);
    free(clen);
    return r;
}

/* The current directory (os.getcwd()); FileNotFoundError when it is gone. */
const char *rt_getcwd(void)
{
    char buf[4096];
    if (!getcwd(buf, sizeof buf))
        rt_raise("FileNotFoundError", "[Errno %d] %s", errno, strerror(errno));
    return rt_str_dup(buf, strlen(buf));
}

/* os.path.basename (kind 0), dirname (1), splitext's root (2) and extension (3), abspath (4),
 * normpath (5), expanduser (6) */
const char *rt_path_part(const char *p, int64_t kind)
{
    const char *slash = strrchr(p, '/');
    size_t head = slash ? (size_t)(slash - p) + 1 : 0;
    switch (kind) {
    case 0: return p + head;
    case 1: {
        size_t h = head;
        bool all = true;
        for (size_t i = 0; i < h; i++)
            all &= p[i] == '/';
        while (!all && h > 0 && p[h - 1] == '/')
            h--;
        return rt_str_dup(p, h);
    }
    case 2: case 3: {
        /* the last '.' after the last '/', unless the name is only dots up to it */
        const char *dot = strrchr(p + head, '.');
        const char *q = p + head;
        while (dot && q < dot && *q == '.')
            q++;
        bool ext = dot && q < dot;
        if (kind == 2)
            return ext ? rt_str_dup(p, (size_t)(dot - p)) : p;
        return ext ? dot : "";
    }
    case 4: {
        if (*p == '/')
            return normpath(p);
        const char *cwd = rt_getcwd();
        return normpath(rt_path_join(cwd, p));
    }
    case 5: return normpath(p);
    default: {
        const char *home = getenv("HOME");
        if (p[0] != '~' || (p[1] && p[1] != '/') || !home)
            return p;
        size_t hn = strlen(home);
        while (hn > 1 && home[hn - 1] == '/')
            hn--;
        const char *parts[2] = {rt_str_dup(home, hn), p + 1};
        return rt_str_concat(2, parts);
    }
    }
}

/* ---------------------------------------------------------------- os */

/* os.environ.get(name, dflt) / os.getenv (has_dflt true); os.environ[name] (false): KeyError
 * 'name' when it is not set. */
const char *rt_env_get(const char *name, const char *dflt, bool has_dflt)
{
    const char *v = getenv(name);
    if (v)
        return v;
    if (!has_dflt)
        rt_raise("KeyError", "'%s'", name);
    return dflt;
}

/* os.makedirs(p, exist_ok): the missing parents first, then p (mode 0o777 less the umask);
 * FileExistsError "[Errno 17] File exists: 'p'" when p exists and exist_ok is False (or p is
 * not a directory), OSError with strerror otherwise. */
void rt_makedirs(const char *p, bool exist_ok)
{
    const char *tail = rt_path_part(p, 0);
    const char *parent = rt_path_part(p, 1);
    if (!*tail) { /* a trailing slash: the path without it */
        tail = rt_path_part(parent, 0);
        parent = rt_path_part(parent, 1);
    }
    if (*parent && *tail && !rt_path_test(parent, 0)) {
        rt_makedirs(parent, true);
        if (!strcmp(tail, "."))
            return;
    }
    if (mkdir(p, 0777) == 0)
        return;
    int e = errno;
    if (e == EEXIST && exist_ok && rt_path_test(p, 2))
        return;
    rt_raise(e == EEXIST ? "FileExistsError" : e == ENOENT ? "FileNotFoundError" : "OSError",
             "[Errno %d] %s: '%s'", e, strerror(e), p);
}

/* ---------------------------------------------------------------- time */

/* time.sleep(secs): ValueError "sleep length must be non-negative" */
void rt_sleep(double secs)
{
    if (secs < 0)
        rt_raise("ValueError", "sleep length must be non-negative");
    struct timespec ts = {(time_t)secs, (long)((secs - floor(secs)) * 1e9)};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

/* ---------------------------------------------------------------- math on ints */

static int64_t checked(__int128 v, const char *fn)
{
    if (v > INT64_MAX || v < INT64_MIN)
        rt_raise("OverflowError", "math.%s() result does not fit in a 64-bit int", fn);
    return (int64_t)v;
}

/* pow(base, exp, mod) of ints, as CPython computes it: the result has mod's sign (Python's %);
 * a negative exp powers base's inverse modulo mod.  ValueError "pow() 3rd argument cannot be 0",
 * "base is not invertible for the given modulus". */
int64_t rt_py_powmod(int64_t base, int64_t exp, int64_t mod)
{
    if (!mod)
        rt_raise("ValueError", "pow() 3rd argument cannot be 0");
    __int128 m = mod < 0 ? -(__int128)mod : mod, b = ((__int128)base % m + m) % m;
    unsigned __int128 e = exp < 0 ? (unsigned __int128)(-(__int128)exp) : (unsigned __int128)exp;
    if (exp < 0) { /* b's inverse by the extended Euclid algorithm */
        __int128 r0 = m, r1 = b, t0 = 0, t1 = 1;
        while (r1) {
            __int128 q = r0 / r1, r = r0 - q * r1, t = t0 - q * t1;
            r0 = r1, r1 = r, t0 = t1, t1 = t;
        }
        if (r0 != 1)
            rt_raise("ValueError", "base is not invertible for the given modulus");
        b = (t0 % m + m) % m;
    }
    __int128 r = 1 % m; /* < 2**63: products fit */
    for (; e; e >>= 1, b = b * b % m)
        if (e & 1)
            r = r * b % m;
    return (int64_t)(mod < 0 && r ? r - m : r);
}

/* math.comb(n, k) (kind 0) / math.perm(n, k) (kind 1): ValueError "n must be a non-negative
 * integer" / "k must be ..."; 0 when k > n. */
int64_t rt_math_comb(int64_t n, int64_t k, int64_t kind)
{
    const char *fn = kind ? "perm" : "comb";
    if (n < 0)
        rt_raise("ValueError", "n must be a non-negative integer");
    if (k < 0)
        rt_raise("ValueError", "k must be a non-negative integer");
    if (k > n)
        return 0;
    if (!kind && k > n - k)
        k = n - k;
    __int128 r = 1;
    for (int64_t i = 0; i < k; i++) {
        r *= n - i;
        if (!kind)
            r /= i + 1; /* exact: a product of i + 1 consecutive ints is a multiple of (i + 1)! */
        checked(r, fn);
    }
    return (int64_t)r;
}

/* math.factorial(n): ValueError "factorial() not defined for negative values" */
int64_t rt_math_factorial(int64_t n)
{
    if (n < 0)
        rt_raise("ValueError", "factorial() not defined for negative values");
    __int128 r = 1;
    for (int64_t i = 2; i <= n; i++)
        r = checked(r * i, "factorial");
    return (int64_t)r;
}

/* math.gcd(a, b) (kind 0) / math.lcm(a, b) (kind 1): non-negative */
int64_t rt_math_gcd(int64_t a, int64_t b, int64_t kind)
{
    __int128 x = a < 0 ? -(__int128)a : a, y = b < 0 ? -(__int128)b : b;
    __int128 p = x * y;
    while (y) {
        __int128 t = x % y;
        x = y;
        y = t;
    }
    if (!kind)
        return checked(x, "gcd");
    return x ? checked(p / x, "lcm") : 0;
}

/* math.isqrt(n): ValueError "isqrt() argument must be nonnegative" */
int64_t rt_math_isqrt(int64_t n)
{
    if (n < 0)
        rt_raise("ValueError", "isqrt() argument must be nonnegative");
    int64_t r = (int64_t)sqrt((double)n);
    while (r > 0 && (__int128)r * r > n)
        r--;
    while ((__int128)(r + 1) * (r + 1) <= n)
        r++;
    return r;
}

/* math.isclose(a, b, rel_tol, abs_tol), CPython's algorithm: ValueError "tolerances must be
 * non-negative". */
bool rt_math_isclose(double a, double b, double rel_tol, double abs_tol)
{
    if (rel_tol < 0.0 || abs_tol < 0.0)
        rt_raise("ValueError", "tolerances must be non-negative");
    if (a == b)
        return true;
    if (isinf(a) || isinf(b))
        return false;
    double diff = fabs(b - a);
    return diff <= fabs(rel_tol * b) || diff <= fabs(rel_tol * a) || diff <= abs_tol;
}

/* The list l's element i as a double: a float, an int (rounded to nearest, as Python's
 * float(int)) or a bool. */
static double list_real(const gp_list *l, int64_t i)
{
    const char *e = l->data + (size_t)i * l->esize;
    double d;
    int64_t n;
    bool b;
    switch (l->kind) {
    case GP_LIST_F64:
        memcpy(&d, e, sizeof d);
        return d;
    case GP_LIST_I64:
        memcpy(&n, e, sizeof n);
        return (double)n;
    default:
        memcpy(&b, e, sizeof b);
        return b;
    }
}

/* math.fsum(l), CPython's exactly rounded sum: Shewchuk's non-overlapping partials (kept in
 * increasing magnitude), then their sum from the top with CPython's half-even fix-up across
 * partials, so the result is CPython's bit for bit.  An inf or nan summand resets the partials
 * and the result is the special values' sum; OverflowError "intermediate overflow in fsum" when
 * finite summands overflow, ValueError "-inf + inf in fsum". */
double rt_math_fsum(const gp_list *l)
{
    double stack[32], *part = stack, special = 0.0, infs = 0.0;
    int64_t np = 0, cap = 32;
    volatile double hi, lo, yr; /* no extended precision, no reassociation */
    for (int64_t k = 0; k < l->len; k++) {
        double x = list_real(l, k), orig = x;
        int64_t i = 0;
        for (int64_t j = 0; j < np; j++) {
            double y = part[j];
            if (fabs(x) < fabs(y)) {
                double t = x;
                x = y;
                y = t;
            }
            hi = x + y;
            yr = hi - x;
            lo = y - yr;
            if (lo != 0.0)
                part[i++] = lo;
            x = hi;
        }
        np = i;
        if (x == 0.0)
            continue;
        if (!isfinite(x)) {
            if (isfinite(orig)) {
                if (part != stack)
                    free(part);
                rt_raise("OverflowError", "intermediate overflow in fsum");
            }
            if (isinf(orig))
                infs += orig;
            special += orig;
            np = 0;
            continue;
        }
        if (np == cap) {
            cap *= 2;
            double *grown = rt_xmalloc(sizeof *grown * (size_t)cap);
            memcpy(grown, part, sizeof *grown * (size_t)np);
            if (part != stack)
                free(part);
            part = grown;
        }
        part[np++] = x;
    }
    if (special != 0.0) { /* true for nan too */
        if (part != stack)
            free(part);
        if (isnan(infs))
            rt_raise("ValueError", "-inf + inf in fsum");
        return special;
    }
    hi = 0.0;
    lo = 0.0;
    if (np > 0) {
        hi = part[--np];
        while (np > 0) { /* from the top, until a sum is inexact */
            double x = hi, y = part[--np];
            hi = x + y;
            yr = hi - x;
            lo = y - yr;
            if (lo != 0.0)
                break;
        }
        /* half-even rounding across partials: the rest below lo pushes a tie over */
        if (np > 0 && ((lo < 0.0 && part[np - 1] < 0.0) || (lo > 0.0 && part[np - 1] > 0.0))) {
            double y = lo * 2.0, x = hi + y;
            yr = x - hi;
            if (y == yr)
                hi = x;
        }
    }
    double r = hi;
    if (part != stack)
        free(part);
    return r;
}

/* CPython's vector_norm (math.hypot, math.dist): sqrt of the sum of squares of the n finite
 * magnitudes v (max the largest), scaled by a power of two so that the squares are exact in
 * two halves (Veltkamp's split), summed with their rounding errors, then one differential
 * correction of the root; below 2**-1023 (2**-e would overflow) the magnitudes divided by max,
 * without the correction.  inf if max is, else nan if any was (found_nan).  CPython 3.11's
 * steps, so the result is its bit for bit. */
static double vector_norm(int64_t n, double *v, double max, bool found_nan)
{
    const double split = 134217729.0; /* 2**27 + 1 */
    if (isinf(max))
        return max;
    if (found_nan)
        return NAN;
    if (max == 0.0 || n <= 1)
        return max;
    int e;
    frexp(max, &e);
    if (e < -1023) { /* 2**-e would overflow: CPython 3.11 divides by max instead */
        double csum = 1.0, f1 = 0.0;
        volatile double x, old;
        for (int64_t i = 0; i < n; i++) {
            x = v[i] / max;
            x = x * x;
            old = csum;
            csum += x;
            f1 += (old - csum) + x;
        }
        return max * sqrt(csum - 1.0 + f1);
    }
    double scale = ldexp(1.0, -e), csum = 1.0, f1 = 0.0, f2 = 0.0, f3 = 0.0;
    volatile double x, t, hi, lo, old;
    for (int64_t i = 0; i < n; i++) {
        x = v[i] * scale;
        t = x * split;
        hi = t - (t - x);
        lo = x - hi;
        x = hi * hi;
        old = csum;
        csum += x;
        f1 += (old - csum) + x;
        x = 2.0 * hi * lo;
        old = csum;
        csum += x;
        f2 += (old - csum) + x;
        f3 += lo * lo;
    }
    double h = sqrt(csum - 1.0 + (f1 + f2 + f3));
    t = h * split;
    hi = t - (t - h);
    lo = h - hi;
    x = -hi * hi;
    old = csum;
    csum += x;
    f1 += (old - csum) + x;
    x = -2.0 * hi * lo;
    old = csum;
    csum += x;
    f2 += (old - csum) + x;
    x = -lo * lo;
    old = csum;
    csum += x;
    f3 += (old - csum) + x;
    x = csum - 1.0 + (f1 + f2 + f3);
    return (h + x / (2.0 * h)) / scale;
}

/* The vector norm of l's magnitudes (q NULL) or of the differences l[i] - q[i]. */
static double norm_of(const gp_list *l, const gp_list *q)
{
    double stack[16], *v = l->len <= 16 ? stack : rt_xmalloc(sizeof *v * (size_t)l->len), max = 0.0;
    bool found_nan = false;
    for (int64_t i = 0; i < l->len; i++) {
        double x = fabs(q ? list_real(l, i) - list_real(q, i) : list_real(l, i));
        v[i] = x;
        found_nan |= isnan(x);
        if (x > max)
            max = x;
    }
    double r = vector_norm(l->len, v, max, found_nan);
    if (v != stack)
        free(v);
    return r;
}

/* math.hypot(*coords), the coordinates in a list */
double rt_math_hypot(const gp_list *l) { return norm_of(l, NULL); }

/* math.dist(p, q): ValueError "both points must have the same number of dimensions" */
double rt_math_dist(const gp_list *p, const gp_list *q)
{
    if (p->len != q->len)
        rt_raise("ValueError", "both points must have the same number of dimensions");
    return norm_of(p, q);
}

/* ---------------------------------------------------------------- random (CPython's) */

static rt_np_state py_state;
static bool py_seeded, py_has_gauss;
static double py_gauss_next;

/* random.seed(n) for an int: init_by_array over |n|'s 32-bit words, low word first (one word
 * for 0), as CPython's random_seed; the cached gauss is dropped (Random.seed). */
void rt_pyrand_seed(int64_t n)
{
    uint64_t m = n < 0 ? -(uint64_t)n : (uint64_t)n;
    uint32_t key[2] = {(uint32_t)m, (uint32_t)(m >> 32)};
    int len = key[1] ? 2 : 1;
    uint32_t *mt = py_state.key;
    rt_np_init(&py_state, 19650218u);
    int i = 1, j = 0;
    for (int k = 624; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= 624) {
            mt[0] = mt[623];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (int k = 623; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= 624) {
            mt[0] = mt[623];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    py_seeded = true;
    py_has_gauss = false;
}

static rt_np_state *pst(void)
{
    if (!py_seeded)
        rt_pyrand_seed((int64_t)time(NULL) ^ (int64_t)clock());
    return &py_state;
}

/* random.random() */
double rt_pyrand_random(void) { return rt_np_double(pst()); }

/* random.getrandbits(k), 0 <= k <= 63: 32-bit words low first, the last one shifted down to
 * its bits (CPython's getrandbits); ValueError "number of bits must be non-negative". */
int64_t rt_pyrand_bits(int64_t k)
{
    if (k < 0)
        rt_raise("ValueError", "number of bits must be non-negative");
    if (k > 63)
        rt_raise("OverflowError", "getrandbits(%lld) does not fit in a 64-bit int", (long long)k);
    uint64_t r = 0;
    for (int shift = 0; k > 0; shift += 32, k -= 32) {
        uint32_t w = rt_np_next32(pst());
        if (k < 32)
            w >>= 32 - k;
        r |= (uint64_t)w << shift;
    }
    return (int64_t)r;
}

/* _randbelow(n), n > 0: getrandbits(n.bit_length()) until below n */
static int64_t below(int64_t n)
{
    int k = 64 - __builtin_clzll((uint64_t)n);
    int64_t r;
    do
        r = rt_pyrand_bits(k);
    while (r >= n);
    return r;
}

/* random.randrange(start, stop, step) (has_stop false: randrange(start)), randint(a, b) is
 * randrange(a, b + 1): CPython's arithmetic and ValueErrors. */
int64_t rt_pyrand_range(int64_t start, int64_t stop, int64_t step, bool has_stop)
{
    if (!has_stop) {
        if (start > 0)
            return below(start);
        rt_raise("ValueError", "empty range for randrange()");
    }
    int64_t width = stop - start;
    if (step == 1) {
        if (width > 0)
            return start + below(width);
        rt_raise("ValueError", "empty range for randrange() (%lld, %lld, %lld)", (long long)start,
                 (long long)stop, (long long)width);
    }
    if (!step)
        rt_raise("ValueError", "zero step for randrange()");
    int64_t n = step > 0 ? (width + step - 1) : (width + step + 1);
    n = n / step - ((n % step != 0) && ((n < 0) != (step < 0))); /* floor division */
    if (n <= 0)
        rt_raise("ValueError", "empty range for randrange()");
    return start + step * below(n);
}

/* random.uniform(a, b) (kind 0); gauss(mu, sigma) (1, the cached second value of CPython's
 * Box-Muller pair); normalvariate(mu, sigma) (2, Kinderman-Monahan); expovariate(lambd) (3,
 * a: lambd). */
double rt_pyrand_real(double a, double b, int64_t kind)
{
    rt_np_state *s = pst();
    switch (kind) {
    case 0: return a + (b - a) * rt_np_double(s);
    case 1: {
        double z = py_gauss_next;
        if (!py_has_gauss) {
            double x2pi = rt_np_double(s) * 6.283185307179586;
            double g2rad = sqrt(-2.0 * log(1.0 - rt_np_double(s)));
            z = cos(x2pi) * g2rad;
            py_gauss_next = sin(x2pi) * g2rad;
        }
        py_has_gauss = !py_has_gauss;
        return a + z * b;
    }
    case 2: {
        const double magic = 4 * exp(-0.5) / sqrt(2.0);
        double z;
        for (;;) {
            double u1 = rt_np_double(s), u2 = 1.0 - rt_np_double(s);
            z = magic * (u1 - 0.5) / u2;
            if (z * z / 4.0 <= -log(u2))
                break;
        }
        return a + z * b;
    }
    default: return -log(1.0 - rt_np_double(s)) / a;
    }
}

/* random.choice(seq)'s index: IndexError "Cannot choose from an empty sequence" */
int64_t rt_pyrand_index(int64_t len)
{
    if (len <= 0)
        rt_raise("IndexError", "Cannot choose from an empty sequence");
    return below(len);
}

/* random.shuffle(l): CPython's swaps, last position first */
void rt_pyrand_shuffle(gp_list *l)
{
    char tmp[64];
    size_t es = l->esize;
    char *t = es <= sizeof tmp ? tmp : rt_xmalloc(es);
    for (int64_t i = l->len - 1; i >= 1; i--) {
        int64_t j = below(i + 1);
        memcpy(t, l->data + (size_t)i * es, es);
        memmove(l->data + (size_t)i * es, l->data + (size_t)j * es, es);
        memcpy(l->data + (size_t)j * es, t, es);
    }
    if (t != tmp)
        free(t);
}

/* random.sample(l, k): CPython's two methods (a pool for small populations, rejection of
 * repeats for large ones), so the same draws pick the same elements.  ValueError "Sample
 * larger than population or is negative".  A new list (its elements' references taken). */
gp_list *rt_pyrand_sample(const gp_list *l, int64_t k)
{
    int64_t n = l->len;
    if (k < 0 || k > n)
        rt_raise("ValueError", "Sample larger than population or is negative");
    int64_t setsize = 21;
    if (k > 5)
        setsize += (int64_t)pow(4, ceil(log((double)(k * 3)) / log(4)));
    int64_t *pick = rt_xmalloc(sizeof *pick * (size_t)(k ? k : 1));
    if (n <= setsize) {
        int64_t *pool = rt_xmalloc(sizeof *pool * (size_t)(n ? n : 1));
        for (int64_t i = 0; i < n; i++)
            pool[i] = i;
        for (int64_t i = 0; i < k; i++) {
            int64_t j = below(n - i);
            pick[i] = pool[j];
            pool[j] = pool[n - i - 1];
        }
        free(pool);
    } else {
        bool *taken = rt_xcalloc((size_t)n, 1);
        for (int64_t i = 0; i < k; i++) {
            int64_t j = below(n);
            while (taken[j])
                j = below(n);
            taken[j] = true;
            pick[i] = j;
        }
        free(taken);
    }
    gp_list *out = rt_list_new(l->kind, l->esize);
    out->refs = l->refs;
    for (int64_t i = 0; i < k; i++) {
        char *e = l->data + (size_t)pick[i] * l->esize;
        if (out->refs)
            out->refs(e, +1);
        rt_list_append(out, e);
    }
    free(pick);
    return out;
}
