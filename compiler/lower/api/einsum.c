/*
 * lower/api/einsum.c — cupy.einsum: the subscripts parsed (letters, '...', repeated letters,
 * explicit or implicit output; the interleaved form einsum(op0, sublist0, ..., [out]); NumPy's
 * einsum_path checks for optimize=True) and mapped at compile time onto diagonals, broadcast
 * views, transposes, sums, broadcast products and matmuls (lw_matmul), contracted pairwise from
 * the left, with NumPy's size checks at compile time where the sizes are known and at run time
 * otherwise; out= / dtype= / casting= as NumPy.  Table: lw_einsum_api.
 */
#include "compiler/lower/lower.h"

#include <string.h>

/* The most operands einsum takes here (NumPy 2 takes 64; a longer chain is unusual) and the
 * size of a per-label table (labels are ASCII). */
enum { EINSUM_MAXOPS = 32, EINSUM_NLABELS = 128 };

static const char *const einsum_supported =
    "up to 32 operands with letters, '...' and repeated letters, explicit or implicit output, "
    "contracted pairwise from the left with at most 8 dimensions in the result and in each "
    "intermediate";

/* Parsed subscripts, one label per axis: in[k] operand k's, out the result's.  A label is a
 * letter, or '0' + j for the j-th of the nb broadcast dimensions that '...' stands for (an
 * operand's '...' takes the last of them: NumPy aligns broadcast dimensions to the right). */
typedef struct Einsum {
    int nb;
    char in[EINSUM_MAXOPS][IR_MAXDIM + 1];
    char out[IR_MAXDIM + 1];
} Einsum;

static bool einsum_unsupported(Span sp, const char *subs)
{
    diag_error(sp, "einsum subscripts '%s' are not supported by gpyc (supported: %s)", subs, einsum_supported);
    return false;
}

static bool is_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* NumPy's message for a character that is not a subscript (the whole UTF-8 sequence of a
 * non-ASCII one). */
static bool einsum_bad_char(Span sp, const char *c)
{
    int n = 1;
    while (n < 4 && ((unsigned char)*c & 0x80) && ((unsigned char)c[n] & 0xC0) == 0x80) n++;
    diag_error(sp, "invalid subscript '%.*s' in einstein sum subscripts string, subscripts must be letters", n, c);
    return false;
}

/* Operand k's subscripts s[0..len-1] for its nd axes, read as NumPy's parse_operand_subscripts
 * reads them: letters, spaces and at most one '...', which takes the axes the letters leave
 * (labelled '0'.. from its first axis here; einsum_parse renumbers them); *nell gets their
 * number.  counts[c] counts the uses of letter c. */
static bool einsum_parse_operand(Span sp, const char *s, int len, int nd, int k, char *labels, int *nell,
                                 int *counts)
{
    int n = 0, ell = -1;
    for (int i = 0; i < len; i++) {
        char c = s[i];
        if (is_letter(c)) {
            if (n >= nd) {
                diag_error(sp, "einstein sum subscripts string contains too many subscripts for operand %d", k);
                return false;
            }
            labels[n++] = c;
            counts[(int)c]++;
        } else if (c == '.') {
            if (ell >= 0 || i + 2 >= len || s[++i] != '.' || s[++i] != '.') {
                diag_error(sp, "einstein sum subscripts string contains a '.' that is not part of an ellipsis "
                               "('...') in operand %d", k);
                return false;
            }
            ell = n;
        } else if (c != ' ') {
            return einsum_bad_char(sp, s + i);
        }
    }
    *nell = 0;
    if (ell < 0 && n != nd) {
        diag_error(sp, "operand has more dimensions than subscripts given in einstein sum, but no '...' "
                       "ellipsis provided to broadcast the extra dimensions.");
        return false;
    }
    if (ell >= 0) {
        *nell = nd - n;
        memmove(labels + ell + *nell, labels + ell, (size_t)(n - ell));
        for (int j = 0; j < *nell; j++) labels[ell + j] = (char)('0' + j);
    }
    labels[nd] = 0;
    return true;
}

/* The output subscripts s (after '->'), read as NumPy's parse_output_subscripts: letters used
 * by an input, each once, spaces, and one '...' for the nb broadcast dimensions, which it
 * must have when nb > 0.  out has room for EINSUM_NLABELS labels. */
static bool einsum_parse_output(Span sp, const char *s, int nb, const int *counts, char *out, int *nout)
{
    int n = 0, len = (int)strlen(s);
    bool ell = false;
    for (int i = 0; i < len; i++) {
        char c = s[i];
        if (is_letter(c)) {
            if (strchr(s + i + 1, c)) {
                diag_error(sp, "einstein sum subscripts string includes output subscript '%c' multiple times", c);
                return false;
            }
            if (!counts[(int)c]) {
                diag_error(sp, "einstein sum subscripts string included output subscript '%c' which never "
                               "appeared in an input", c);
                return false;
            }
            out[n++] = c;
        } else if (c == '.') {
            if (ell || i + 2 >= len || s[++i] != '.' || s[++i] != '.') {
                diag_error(sp, "einstein sum subscripts string contains a '.' that is not part of an ellipsis "
                               "('...') in the output");
                return false;
            }
            ell = true;
            for (int j = 0; j < nb; j++) out[n++] = (char)('0' + j);
        } else if (c != ' ') {
            return einsum_bad_char(sp, s + i);
        }
    }
    if (!ell && nb > 0) {
        diag_error(sp, "output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis "
                       "provided to broadcast the extra dimensions.");
        return false;
    }
    *nout = n;
    return true;
}

/* Parses subs for ops[0..nops-1] in NumPy's order and with its messages, so that the error
 * reported is the one NumPy raises first.  Implicit mode (no '->'): the output is the
 * broadcast dimensions, then the letters used once, in ASCII order.  (NumPy's messages for a
 * count mismatch name the opposite case: "more operands provided" when the string has more
 * terms than there are operands; they are kept as NumPy words them.) */
static bool einsum_parse(Span sp, const char *subs, int nops, IrValue **ops, Einsum *e)
{
    memset(e, 0, sizeof *e);
    int counts[EINSUM_NLABELS] = {0}, nell[EINSUM_MAXOPS];
    const char *s = subs;
    for (int k = 0; k < nops; k++) {
        int len = (int)strcspn(s, ",-");
        if (k == nops - 1 && s[len] == ',') {
            diag_error(sp, "more operands provided to einstein sum function than specified in the subscripts string");
            return false;
        }
        if (k < nops - 1 && s[len] != ',') {
            diag_error(sp, "fewer operands provided to einstein sum function than specified in the subscripts "
                           "string");
            return false;
        }
        if (!einsum_parse_operand(sp, s, len, ops[k]->type->ndim, k, e->in[k], &nell[k], counts)) return false;
        s += len + (k < nops - 1);
        if (nell[k] > e->nb) e->nb = nell[k];
    }
    for (int k = 0; k < nops; k++)
        for (char *c = e->in[k]; *c; c++)
            if (!is_letter(*c)) *c = (char)(*c + e->nb - nell[k]);
    char out[EINSUM_NLABELS];
    int nout = 0;
    if (!*s) {
        for (int j = 0; j < e->nb; j++) out[nout++] = (char)('0' + j);
        for (int c = 'A'; c <= 'z'; c++)
            if (counts[c] == 1) out[nout++] = (char)c;
    } else if (s[0] != '-' || s[1] != '>') {
        diag_error(sp, "einstein sum subscript string does not contain proper '->' output specified");
        return false;
    } else if (!einsum_parse_output(sp, s + 2, e->nb, counts, out, &nout)) {
        return false;
    }
    if (nout > IR_MAXDIM) return einsum_unsupported(sp, subs);
    memcpy(e->out, out, (size_t)nout);
    e->out[nout] = 0;
    return true;
}

/* x (labels xs, distinct) laid out over the labels all[0..n-1]: transposed into all's order
 * and given a size-1 axis for each label x lacks (a view). */
static IrValue *einsum_align(Lower *L, Span sp, IrValue *x, const char *xs, const char *all, int n)
{
    int nd = x->type->ndim, perm[IR_MAXDIM], k = 0;
    for (int i = 0; i < n; i++) {
        const char *c = strchr(xs, all[i]);
        if (c) perm[k++] = (int)(c - xs);
    }
    bool ident = true;
    for (int i = 0; i < nd; i++) ident &= perm[i] == i;
    if (!ident) x = lw_emit_transpose(L, sp, x, perm);
    if (n == nd) return x;
    IrValue *xd[IR_MAXDIM], *dims[IR_MAXDIM];
    lw_shape_of(L, x, sp, xd);
    k = 0;
    for (int i = 0; i < n; i++) dims[i] = strchr(xs, all[i]) ? xd[k++] : lw_const_int(L, sp, 1);
    return lw_emit_reshape(L, sp, x, n, dims);
}

/* sum(x, axes) in dt; for bool, NumPy's einsum adds with logical or: any(). */
static IrValue *einsum_sum(Lower *L, Span sp, IrValue *x, int naxes, const int *axes, DType dt)
{
    IrValue *r = lw_reduce_axes(L, sp, RED_SUM, x, naxes, axes, false, dt);
    if (dt == DT_BOOL) r->def->redop = RED_ANY;
    return r;
}

/* x (labels xs, distinct) summed over the labels that keep lacks; they leave xs. */
static IrValue *einsum_reduce(Lower *L, Span sp, IrValue *x, char *xs, const bool *keep, DType dt)
{
    int axes[IR_MAXDIM], naxes = 0, n = 0;
    for (int i = 0; xs[i]; i++) {
        if (keep[(unsigned char)xs[i]]) xs[n++] = xs[i];
        else axes[naxes++] = i;
    }
    xs[n] = 0;
    return naxes ? einsum_sum(L, sp, x, naxes, axes, dt) : x;
}

/* ---- sizes known at compile time or only at run time, and NumPy's messages made of them */

/* A host int (a dimension): c >= 0 its value when known at compile time, else v; c == -2
 * stands for NumPy's "newaxis" in a remapped shape. */
typedef struct Sz {
    IrValue *v;
    int64_t c;
} Sz;

/* A host bool: c 0 or 1 when known at compile time, else -1 and v. */
typedef struct Sb {
    IrValue *v;
    int c;
} Sb;

static const Sz sz_newaxis = {NULL, -2};

static Sz sz_dim(IrValue *x, int i, IrValue *d)
{
    Sz s = {d, lw_static_dim(x, i)};
    return s;
}

static IrValue *sz_val(Lower *L, Span sp, Sz a) { return a.c >= 0 ? lw_const_int(L, sp, a.c) : a.v; }

static Sb sb_const(bool b) { return (Sb){NULL, b}; }

/* a == k (ne: a != k) for a constant k */
static Sb sz_is(Lower *L, Span sp, Sz a, int64_t k, bool ne)
{
    if (a.c >= 0) return sb_const((a.c == k) != ne);
    return (Sb){lw_binop(L, ne ? AOP_NE : AOP_EQ, sp, a.v, lw_const_int(L, sp, k)), -1};
}

static Sb sz_ne(Lower *L, Span sp, Sz a, Sz b)
{
    if (a.c >= 0 && b.c >= 0) return sb_const(a.c != b.c);
    if (a.v && a.v == b.v) return sb_const(false);
    return (Sb){lw_binop(L, AOP_NE, sp, sz_val(L, sp, a), sz_val(L, sp, b)), -1};
}

static Sb sb_and(Lower *L, Span sp, Sb a, Sb b)
{
    if (a.c == 0 || b.c == 0) return sb_const(false);
    if (a.c == 1) return b;
    if (b.c == 1) return a;
    return (Sb){lw_binop(L, AOP_BITAND, sp, a.v, b.v), -1};
}

static Sb sb_or(Lower *L, Span sp, Sb a, Sb b)
{
    if (a.c == 1 || b.c == 1) return sb_const(true);
    if (a.c == 0) return b;
    if (b.c == 0) return a;
    return (Sb){lw_binop(L, AOP_BITOR, sp, a.v, b.v), -1};
}

/* c ? a : b */
static Sz sz_pick(Lower *L, Span sp, Sb c, Sz a, Sz b)
{
    if (c.c >= 0) return c.c ? a : b;
    if ((a.c >= 0 && a.c == b.c) || (a.v && a.v == b.v)) return a;
    return (Sz){lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){c.v, sz_val(L, sp, a), sz_val(L, sp, b)}), -1};
}

/* A message of text and sizes.  Without ir: its text, with "?" for a size known only at run
 * time (dynamic is then set).  With ir: the run-time str made of its pieces, emitted into the
 * current block. */
typedef struct EMsg {
    Lower *L;
    Span sp;
    bool ir, dynamic;
    const char *text;    /* the text since the last run-time piece */
    IrValue *v;          /* ir: the pieces before text */
} EMsg;

static void msg_text(EMsg *m, const char *s) { m->text = ar_printf(m->L->a, "%s%s", m->text, s); }

/* Moves the text so far into the run-time str v. */
static void msg_flush(EMsg *m)
{
    if (!*m->text) return;
    IrValue *t = lw_const_str(m->L, m->sp, m->text);
    m->v = m->v ? lw_binop(m->L, AOP_ADD, m->sp, m->v, t) : t;
    m->text = "";
}

/* Appends the run-time str p. */
static void msg_piece(EMsg *m, IrValue *p)
{
    msg_flush(m);
    m->v = m->v ? lw_binop(m->L, AOP_ADD, m->sp, m->v, p) : p;
}

static void msg_size(EMsg *m, Sz d)
{
    if (d.c >= 0) {
        msg_text(m, ar_printf(m->L->a, "%lld", (long long)d.c));
        return;
    }
    m->dynamic = true;
    if (m->ir) msg_piece(m, lw_str_of(m->L, d.v, m->sp));
    else msg_text(m, "?");
}

/* NumPy's convert_shape_to_string: leading newaxis entries left out, the others written
 * "newaxis", a comma after a lone entry, then ending. */
static void msg_shape(EMsg *m, int n, const Sz *d, const char *ending)
{
    int i = 0;
    while (i < n && d[i].c == -2) i++;
    if (i == n) {
        msg_text(m, "()");
        msg_text(m, ending);
        return;
    }
    msg_text(m, "(");
    msg_size(m, d[i++]);
    for (; i < n; i++) {
        if (d[i].c == -2) {
            msg_text(m, ",newaxis");
        } else {
            msg_text(m, ",");
            msg_size(m, d[i]);
        }
    }
    msg_text(m, n == 1 ? ",)" : ")");
    msg_text(m, ending);
}

typedef void (*MsgFn)(EMsg *m, const void *ctx);

/* Raises ValueError(message) where bad holds: a compile-time error when bad holds for sure and
 * the message is known at compile time (false after it), else a run-time check whose message
 * is made only when it fails. */
static bool einsum_raise(Lower *L, Span sp, Sb bad, MsgFn fn, const void *ctx)
{
    if (bad.c == 0) return true;
    EMsg m = {.L = L, .sp = sp, .text = ""};
    fn(&m, ctx);
    if (bad.c == 1 && !m.dynamic) {
        diag_error(sp, "%s", m.text);
        return false;
    }
    IrValue *c = bad.c == 1 ? lw_const_bool(L, sp, true) : bad.v;
    IrInstr *in = ir_emit(L->m, L->blk, IR_IF, sp, NULL, 1, &c);
    in->blocks[0] = ir_block_new(L->m, in);
    in->blocks[1] = ir_block_new(L->m, in);
    IrBlock *outer = L->blk;
    L->blk = in->blocks[0];
    IrInstr *r;
    if (m.dynamic) {
        EMsg mi = {.L = L, .sp = sp, .ir = true, .text = ""};
        fn(&mi, ctx);
        msg_flush(&mi);
        r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 1, &mi.v);
    } else {
        r = ir_emit(L->m, L->blk, IR_RAISE, sp, NULL, 0, NULL);
        r->sval2 = m.text;
    }
    r->sval = "ValueError";
    L->blk = outer;
    return true;
}

typedef struct DiagMsg {
    const char *where;
    char label;
    Sz a, b;
} DiagMsg;

static void diag_msg(EMsg *m, const void *ctx)
{
    const DiagMsg *d = ctx;
    msg_text(m, ar_printf(m->L->a, "dimensions in %s for collapsing index '%c' don't match (", d->where, d->label));
    msg_size(m, d->a);
    msg_text(m, " != ");
    msg_size(m, d->b);
    msg_text(m, ")");
}

/* x (labels xs) with each repeated label collapsed onto its diagonal, as NumPy's
 * combined-dims view: for the first axis q whose label is already at an axis p < q,
 * where(eye(n_p, n_q) placed on axes p and q, x, 0) summed over axis q (in dt) leaves
 * x[..., i, ..., i, ...] at axis p (NaNs off the diagonal stay out); repeated until the labels
 * are distinct.  The two sizes must match, with NumPy's message (a compile-time error when
 * both are known).  A lone operand without out= (single) is "single operand" in NumPy's
 * message when no label before q is summed: NumPy's view path meets the mismatch first.  as_view
 * (a lone operand that sums nothing, without out=): each diagonal is a view of x instead
 * (IR_DIAG_VIEW), as NumPy's and CuPy's einsum return a writeable view there. */
static IrValue *einsum_diagonal(Lower *L, Span sp, IrValue *x, char *xs, int k, bool single, bool as_view,
                                const char *out, DType dt)
{
    for (;;) {
        int n = (int)strlen(xs), p = 0, q = 1;
        for (; q < n; q++) {
            p = (int)(strchr(xs, xs[q]) - xs);
            if (p < q) break;
        }
        if (q >= n) return x;
        bool view = single;
        for (int i = 0; i < q; i++) view &= strchr(out, xs[i]) != NULL;
        IrValue *dims[IR_MAXDIM], *md[IR_MAXDIM], *one = lw_const_int(L, sp, 1);
        lw_shape_of(L, x, sp, dims);
        DiagMsg dm = {view ? "single operand" : ar_printf(L->a, "operand %d", k), xs[p], sz_dim(x, p, dims[p]),
                      sz_dim(x, q, dims[q])};
        if (!einsum_raise(L, sp, sz_ne(L, sp, dm.a, dm.b), diag_msg, &dm)) return NULL;
        memmove(xs + q, xs + q + 1, (size_t)(n - q));
        if (as_view) {
            x = lw_diag_view(L, sp, x, p, q);
            continue;
        }
        IrValue *eye = lw_emit(L, IR_EYE, sp, ty_array(DT_BOOL, 2), 3,
                               (IrValue *[]){dims[p], dims[q], lw_const_int(L, sp, 0)});
        eye->def->dtype = DT_BOOL;
        for (int i = 0; i < n; i++) md[i] = i == p || i == q ? dims[i] : one;
        IrValue *mask = n == 2 ? eye : lw_emit_reshape(L, sp, eye, n, md);
        IrValue *zero = dt == DT_BOOL ? lw_const_bool(L, sp, false) : lw_const_int(L, sp, 0);
        IrValue *m = lw_ewise(L, IR_WHERE, sp, 3, (IrValue *[]){mask, x, zero});
        if (!m) return NULL;
        if (m->type->dtype != dt) m = lw_cast(L, m, dt, sp);
        x = einsum_sum(L, sp, m, 1, &q, dt);
    }
}

/* The operands of NumPy's iterator after the diagonals (and out=, when given, as operand
 * nops): their labels and sizes, and the iterator's labels (the output's, then the summed
 * letters in ASCII order). */
typedef struct EinsumIter {
    int nops;          /* operands, out= not counted */
    bool has_out;
    const char *labels[EINSUM_MAXOPS + 1];
    Sz dims[EINSUM_MAXOPS + 1][IR_MAXDIM];
    char iter[EINSUM_NLABELS];
    int niter;
} EinsumIter;

/* NumPy's nditer message for operands whose sizes do not broadcast: each operand's shape and
 * its shape remapped onto the iterator's labels. */
static void bcast_msg(EMsg *m, const void *ctx)
{
    const EinsumIter *it = ctx;
    msg_text(m, "operands could not be broadcast together with remapped shapes [original->remapped]: ");
    for (int k = 0; k < it->nops + it->has_out; k++) {
        const char *ls = it->labels[k];
        msg_shape(m, (int)strlen(ls), it->dims[k], "->");
        Sz rem[EINSUM_NLABELS];
        for (int t = 0; t < it->niter; t++) {
            const char *c = strchr(ls, it->iter[t]);
            rem[t] = c ? it->dims[k][c - ls] : sz_newaxis;
        }
        msg_shape(m, it->niter, rem, " ");
    }
}

/* ctx: the axis of out= */
static void reduce_msg(EMsg *m, const void *ctx)
{
    msg_text(m, ar_printf(m->L->a, "output operand requires a reduction along dimension %d, but the reduction is not "
                                   "enabled. The dimension size of 1 does not match the expected output shape.",
                          *(const int *)ctx));
}

/* NumPy broadcasts the sizes of a label across the operands (and out=): each is 1 or the
 * common size, else its nditer error; out= may not have a 1 where the common size is not
 * (an error naming its last such axis).  Checks known at compile time are compile-time
 * errors.  The products below then stretch a size-1 dimension as NumPy does: the broadcast
 * product broadcasts, matmul broadcasts its batch dimensions, einsum_stretch broadcasts
 * contracted ones, and out= receives the result broadcast to its shape.  known[k][i]: the size of
 * operand k's axis i when known at compile time from before its diagonals, else -1. */
static bool einsum_broadcast(Lower *L, Span sp, const Einsum *e, int nops, IrValue *const *ops, IrValue *out,
                             int64_t (*known)[IR_MAXDIM])
{
    EinsumIter *it = ar_alloc(L->a, sizeof *it);
    memset(it, 0, sizeof *it);
    it->nops = nops;
    it->has_out = out != NULL;
    IrValue *x[EINSUM_MAXOPS + 1];
    for (int k = 0; k <= nops; k++) {
        x[k] = k < nops ? ops[k] : out;
        if (!x[k]) break;
        it->labels[k] = k < nops ? e->in[k] : e->out;
        int same = 0;     /* an operand given twice has one shape: sizes compare equal */
        while (same < k && x[same] != x[k]) same++;
        for (int i = 0; i < x[k]->type->ndim; i++) {
            /* a shape_dim only where compile time does not know the size: an unused one would
             * still keep an elementwise producer of the operand from fusing into its user */
            Sz d = {NULL, lw_static_dim(x[k], i)};
            if (d.c < 0 && k < nops) d.c = known[k][i];
            if (same < k) d = it->dims[same][i];
            else if (d.c < 0) d.v = lw_dim(L, sp, x[k], i);
            it->dims[k][i] = d;
        }
    }
    bool used[EINSUM_NLABELS] = {false};
    for (int k = 0; k < nops; k++)
        for (const char *c = e->in[k]; *c; c++) used[(unsigned char)*c] = true;
    it->niter = (int)strlen(e->out);
    memcpy(it->iter, e->out, (size_t)it->niter);
    for (int c = 'A'; c <= 'z'; c++)
        if (is_letter(c) && used[c] && !strchr(e->out, c)) it->iter[it->niter++] = (char)c;
    Sz size[EINSUM_NLABELS] = {{NULL, 0}};
    bool seen[EINSUM_NLABELS] = {false};
    Sb bad = sb_const(false);
    for (int k = 0; k < nops + it->has_out; k++)
        for (int i = 0; it->labels[k][i]; i++) {
            unsigned char c = (unsigned char)it->labels[k][i];
            Sz d = it->dims[k][i], s = size[c];
            if (!seen[c] || s.c == 1) {
                size[c] = d;
                seen[c] = true;
                continue;
            }
            Sb clash = sb_and(L, sp, sb_and(L, sp, sz_is(L, sp, s, 1, true), sz_is(L, sp, d, 1, true)),
                              sz_ne(L, sp, d, s));
            bad = sb_or(L, sp, bad, clash);
            size[c] = sz_pick(L, sp, sz_is(L, sp, d, 1, false), s, d);
        }
    if (!einsum_raise(L, sp, bad, bcast_msg, it)) return false;
    if (out)
        for (int i = (int)strlen(e->out) - 1; i >= 0; i--) {
            Sz s = size[(unsigned char)e->out[i]];
            Sb r = sb_and(L, sp, sz_is(L, sp, it->dims[nops][i], 1, false), sz_is(L, sp, s, 1, true));
            if (!einsum_raise(L, sp, r, reduce_msg, &i)) return false;
        }
    return true;
}

/* The contracted axes ax (of x, sizes xd) and ay (of y, sizes yd) of n labels on the matmul
 * route, broadcast to their common sizes: a size-1 one stretches (a view), as NumPy's iterator
 * stretches it; xd and yd get the common sizes. */
static void einsum_stretch(Lower *L, Span sp, IrValue **x, IrValue **xd, int ax, IrValue **y, IrValue **yd, int ay,
                           int n)
{
    IrValue *nx[IR_MAXDIM], *ny[IR_MAXDIM];
    bool bx = false, by = false;
    memcpy(nx, xd, sizeof nx);
    memcpy(ny, yd, sizeof ny);
    for (int i = 0; i < n; i++) {
        Sz a = sz_dim(*x, ax + i, xd[ax + i]), b = sz_dim(*y, ay + i, yd[ay + i]);
        if ((a.c >= 0 && a.c == b.c) || (a.c == -1 && b.c == -1 && a.v == b.v)) continue;
        Sz s = a.c == 1 ? b : b.c == 1 ? a : sz_pick(L, sp, sz_is(L, sp, a, 1, false), b, a);
        bx |= !(s.c >= 0 && s.c == a.c) && s.v != a.v;
        by |= !(s.c >= 0 && s.c == b.c) && s.v != b.v;
        nx[ax + i] = ny[ay + i] = sz_val(L, sp, s);
    }
    if (bx) *x = lw_broadcast_to(L, sp, *x, (*x)->type->ndim, nx);
    if (by) *y = lw_broadcast_to(L, sp, *y, (*y)->type->ndim, ny);
    memcpy(xd, nx, sizeof nx);
    memcpy(yd, ny, sizeof ny);
}

/* x, whose axes are (batch, group 1, group 2) with nbt, n1 and n2 axes (sizes xd), reshaped to
 * (batch, G1, G2), Gi the product of group i's sizes; an empty group gives no axis. */
static IrValue *einsum_merge(Lower *L, Span sp, IrValue *x, IrValue **xd, int nbt, int n1, int n2)
{
    IrValue *d[IR_MAXDIM];
    int n = 0, k = nbt, g[2] = {n1, n2};
    for (int i = 0; i < nbt; i++) d[n++] = xd[i];
    for (int gi = 0; gi < 2; gi++) {
        if (!g[gi]) continue;
        IrValue *p = xd[k++];
        for (int i = 1; i < g[gi]; i++) p = lw_binop(L, AOP_MUL, sp, p, xd[k++]);
        d[n++] = p;
    }
    return lw_emit_reshape(L, sp, x, n, d);
}

/* x (labels xs) times y (labels ys), summed over the labels that keep lacks; rs gets the
 * result's labels: (batch, x's own, y's own).  The sizes of a label on both sides broadcast
 * (einsum_broadcast checked them).  A label of one side alone that keep lacks is summed on that side
 * first.  A label of both sides is a batch label when kept, else a contracted one.  With
 * contracted labels, and batch labels only where each side keeps a label of its own, the
 * product is one matmul (cuBLAS): x transposed to (batch, own, contracted) and y to (batch,
 * contracted, own), several own or contracted labels merged into one axis by a reshape (a
 * copy when the transposed view is not contiguous), the result reshaped back.  Otherwise: the
 * broadcast product and a sum over the contracted labels. */
static IrValue *einsum_pair(Lower *L, Span sp, const char *subs, IrValue *x, char *xs, IrValue *y, char *ys,
                            const bool *keep, char *rs, DType dt)
{
    bool kx[EINSUM_NLABELS], ky[EINSUM_NLABELS];
    memcpy(kx, keep, sizeof kx);
    memcpy(ky, keep, sizeof ky);
    for (const char *c = ys; *c; c++) kx[(unsigned char)*c] = true;
    for (const char *c = xs; *c; c++) ky[(unsigned char)*c] = true;
    x = einsum_reduce(L, sp, x, xs, kx, dt);
    y = einsum_reduce(L, sp, y, ys, ky, dt);
    char bt[IR_MAXDIM + 1] = {0}, ct[IR_MAXDIM + 1] = {0}, fa[IR_MAXDIM + 1] = {0}, fb[IR_MAXDIM + 1] = {0};
    int nbt = 0, nct = 0, nfa = 0, nfb = 0;
    for (const char *c = xs; *c; c++) {
        if (!strchr(ys, *c)) fa[nfa++] = *c;
        else if (keep[(unsigned char)*c]) bt[nbt++] = *c;
        else ct[nct++] = *c;
    }
    for (const char *c = ys; *c; c++)
        if (!strchr(xs, *c)) fb[nfb++] = *c;
    if (nbt + nfa + nfb > IR_MAXDIM) {
        einsum_unsupported(sp, subs);
        return NULL;
    }
    snprintf(rs, IR_MAXDIM + 1, "%s%s%s", bt, fa, fb);
    int nr = nbt + nfa + nfb;
    if (!nct || (nbt && (!nfa || !nfb))) {
        /* with contracted labels here, one side has no own label: all fit in the other's axes */
        char all[2 * IR_MAXDIM + 2];
        int n = snprintf(all, sizeof all, "%s%s", rs, ct);
        if (n > IR_MAXDIM) {
            einsum_unsupported(sp, subs);
            return NULL;
        }
        IrValue *ax = einsum_align(L, sp, x, xs, all, n), *ay = einsum_align(L, sp, y, ys, all, n);
        IrValue *p = lw_ewise(L, IR_MUL, sp, 2, (IrValue *[]){ax, ay});
        if (!p) return NULL;
        if (p->type->dtype != dt) p = lw_cast(L, p, dt, sp);
        if (!nct) return p;
        int axes[IR_MAXDIM];
        for (int i = 0; i < nct; i++) axes[i] = nr + i;
        return einsum_sum(L, sp, p, nct, axes, dt);
    }
    char la[IR_MAXDIM + 1], lb[IR_MAXDIM + 1];
    snprintf(la, sizeof la, "%s%s%s", bt, fa, ct);
    snprintf(lb, sizeof lb, "%s%s%s", bt, ct, fb);
    x = einsum_align(L, sp, x, xs, la, nbt + nfa + nct);
    y = einsum_align(L, sp, y, ys, lb, nbt + nct + nfb);
    IrValue *xd[IR_MAXDIM], *yd[IR_MAXDIM];
    lw_shape_of(L, x, sp, xd);
    lw_shape_of(L, y, sp, yd);
    einsum_stretch(L, sp, &x, xd, nbt + nfa, &y, yd, nbt, nct);
    if (nfa > 1 || nct > 1) x = einsum_merge(L, sp, x, xd, nbt, nfa, nct);
    if (nfb > 1 || nct > 1) y = einsum_merge(L, sp, y, yd, nbt, nct, nfb);
    IrValue *r = lw_matmul(L, sp, x, y);
    if (!r || (nfa <= 1 && nfb <= 1)) return r;
    IrValue *rd[IR_MAXDIM], *d[IR_MAXDIM];
    lw_shape_of(L, r, sp, rd);
    int n = 0;
    for (int i = 0; i < nbt; i++) d[n++] = rd[i];
    for (int i = 0; i < nfa; i++) d[n++] = xd[nbt + i];
    for (int i = 0; i < nfb; i++) d[n++] = yd[nbt + nct + i];
    return lw_emit_reshape(L, sp, r, n, d);
}

/* ---- optimize=True: NumPy's Python parser (einsum_path) checks the subscripts first */

/* NumPy's einsum_symbols: the labels the Python parser accepts, in the order its '...' takes
 * unused ones from. */
static const char einsum_symbols[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

typedef struct LabelMsg {
    char label;
    int k;
    Sz prev, dim;
} LabelMsg;

static void label_msg(EMsg *m, const void *ctx)
{
    const LabelMsg *l = ctx;
    msg_text(m, ar_printf(m->L->a, "Size of label '%c' for operand %d (", l->label, l->k));
    msg_size(m, l->prev);
    msg_text(m, ") does not match previous terms (");
    msg_size(m, l->dim);
    msg_text(m, ").");
}

/* With optimize= True, 'greedy' or 'optimal', NumPy's einsum parses subs in Python
 * (_parse_einsum_input, then einsum_path) before its C einsum sees anything, with messages of
 * its own, in this order: a character that is not a letter (spaces are dropped first), '->'
 * not written once, a '.' outside one '...' per term, '...' standing for a negative number of
 * axes, an output letter no input has, a count of terms other than the operands', a term whose
 * letter count is not its operand's ndim (NumPy names the term by the tnum-th character of the
 * whole input string), then each label's sizes across the terms in order: 1 or the first other
 * size, else "Size of label" (a run-time check where a size is known only then).  '...' stands
 * for letters no term uses: NumPy takes them from a set, so which ones varies from run to run;
 * here the last unused ones in einsum_symbols' order.  The C einsum's checks follow (the
 * caller's einsum_parse). */
static bool einsum_parse_py(Lower *L, Span sp, const char *subs, int nops, IrValue **ops)
{
    size_t len = strlen(subs);
    char *s = ar_alloc(L->a, len + 1), *in = ar_alloc(L->a, len + 64 * (size_t)(nops + 1) + 1);
    size_t n = 0;
    for (const char *c = subs; *c; c++)
        if (*c != ' ') s[n++] = *c;
    s[n] = 0;
    for (const char *c = s; *c; c++) {
        if (strchr(".,->", *c)) continue;
        if (!is_letter(*c)) {
            int k = 1;
            while (k < 4 && ((unsigned char)*c & 0x80) && ((unsigned char)c[k] & 0xC0) == 0x80) k++;
            diag_error(sp, "Character %.*s is not a valid symbol.", k, c);
            return false;
        }
    }
    const char *arrow = strstr(s, "->");
    if (strchr(s, '-') || strchr(s, '>')) {
        int minus = 0, gt = 0;
        for (const char *c = s; *c; c++) {
            minus += *c == '-';
            gt += *c == '>';
        }
        if (minus > 1 || gt > 1 || !arrow) {
            diag_error(sp, "Subscripts can only contain one '->'.");
            return false;
        }
    }
    size_t ninput = arrow ? (size_t)(arrow - s) : n;
    char unused[sizeof einsum_symbols];
    int nunused = 0, longest = 0;
    for (const char *c = einsum_symbols; *c; c++)
        if (!memchr(s, *c, n)) unused[nunused++] = *c;
    /* the input terms with each '...' replaced, comma-separated, into in */
    size_t m = 0;
    int nterms = 0;
    for (size_t i = 0; i <= ninput; nterms++) {
        size_t tl = strcspn(s + i, ",");
        if (i + tl > ninput) tl = ninput - i;
        const char *t = s + i;
        int dots = 0;
        for (size_t j = 0; j < tl; j++) dots += t[j] == '.';
        if (nterms) in[m++] = ',';
        if (!dots) {
            memcpy(in + m, t, tl);
            m += tl;
        } else {
            const char *ell = strstr(t, "...");
            if (dots != 3 || !ell || ell >= t + tl) {
                diag_error(sp, "Invalid Ellipses.");
                return false;
            }
            if (nterms >= nops) {
                diag_error(sp, "list index out of range");
                return false;
            }
            int nd = ops[nterms]->type->ndim, cnt = nd ? nd - ((int)tl - 3) : 0;
            if (cnt > longest) longest = cnt;
            if (cnt < 0) {
                diag_error(sp, "Ellipses lengths do not match.");
                return false;
            }
            if (cnt > nunused) return einsum_unsupported(sp, subs);
            size_t pre = (size_t)(ell - t);
            memcpy(in + m, t, pre);
            m += pre;
            memcpy(in + m, unused + nunused - cnt, (size_t)cnt);
            m += (size_t)cnt;
            memcpy(in + m, ell + 3, tl - pre - 3);
            m += tl - pre - 3;
        }
        i += tl + 1;
    }
    in[m] = 0;
    if (arrow) {
        for (const char *c = arrow + 2; *c; c++) {
            if (!strncmp(c, "...", 3)) {     /* the longest term's '...' letters, all in the input */
                c += 2;
                continue;
            }
            if (!strchr(in, *c)) {
                diag_error(sp, "Output character %c did not appear in the input", *c);
                return false;
            }
        }
    }
    if (nterms != nops) {
        diag_error(sp, "Number of einsum subscripts must be equal to the number of operands.");
        return false;
    }
    Sz size[EINSUM_NLABELS];
    bool seen[EINSUM_NLABELS] = {false};
    const char *t = in;
    for (int k = 0; k < nops; k++) {
        int tl = (int)strcspn(t, ",");
        if (tl != ops[k]->type->ndim) {
            diag_error(sp, "Einstein sum subscript %c does not contain the correct number of indices for operand %d.",
                       in[k], k);
            return false;
        }
        for (int i = 0; i < tl; i++) {
            unsigned char c = (unsigned char)t[i];
            Sz d = {NULL, lw_static_dim(ops[k], i)};
            if (d.c < 0) d.v = lw_dim(L, sp, ops[k], i);
            if (!seen[c]) {
                size[c] = d;
                seen[c] = true;
                continue;
            }
            Sz p = size[c];
            Sb bad = sb_and(L, sp, sb_and(L, sp, sz_is(L, sp, p, 1, true), sz_is(L, sp, d, 1, true)), sz_ne(L, sp, d, p));
            LabelMsg lm = {(char)c, k, p, d};
            if (!einsum_raise(L, sp, bad, label_msg, &lm)) return false;
            size[c] = sz_pick(L, sp, sz_is(L, sp, p, 1, false), d, p);
        }
        t += tl + (t[tl] == ',');
    }
    return true;
}

/* ---- the interleaved form einsum(op0, sublist0, op1, sublist1, ..., [sublist_out]) */

/* The size of NumPy's buffer for the subscripts made from the lists. */
enum { EINSUM_SUBSIZE = 256 };

static bool einsum_too_long(Span sp)
{
    diag_error(sp, "subscripts list is too long");
    return false;
}

static bool is_ellipsis(Lower *L, const AstNode *e)
{
    return e->kind == AST_ELLIPSIS || (e->kind == AST_NAME && !strcmp(e->sval, "Ellipsis") && !lw_lookup(L, "Ellipsis"));
}

/* Appends to buf[*n..] the subscripts of the subscripts list e, as NumPy's
 * einsum_list_to_subscripts writes them: a list or tuple of ints in [0, 52) (0-25 'A'-'Z',
 * 26-51 'a'-'z') and at most one Ellipsis ('...'), here compile-time constants, with NumPy's
 * messages for what it rejects. */
static bool einsum_sublist(Lower *L, AstNode *e, char *buf, int *n)
{
    AstNode **items = NULL;
    IrValue *tv = NULL;
    int nitems = 0;
    if (e->kind == AST_LIST || e->kind == AST_TUPLE) {
        items = (AstNode **)e->elts.v;
        nitems = e->elts.n;
    } else {
        if (!(tv = lw_expr(L, e))) return false;
        Type *t = tv->type;
        bool cstr = t->kind == TY_STR && tv->def && tv->def->op == IR_CONST_STR;
        if (t->kind == TY_TUPLE) {
            nitems = t->n;
        } else if (cstr && !tv->def->sval[0]) {
            return true;
        } else if (cstr) {
            diag_error(e->span, "each subscript must be either an integer or an ellipsis");
            return false;
        } else if (t->kind == TY_ARRAY && (t->ndim > 1 || (t->ndim == 1 && !dt_is_int(t->dtype)))) {
            diag_error(e->span, "each subscript must be either an integer or an ellipsis");   /* its items */
            return false;
        } else if (t->kind == TY_LIST || (t->kind == TY_ARRAY && t->ndim == 1) || t->kind == TY_STR) {
            diag_error(e->span, "einsum() needs each subscripts list as a list or tuple of compile-time ints and "
                                "Ellipsis; this %s is known only at run time", ty_str_of(t));
            return false;
        } else {
            diag_error(e->span, "the subscripts for each operand must be a list or a tuple");
            return false;
        }
    }
    bool ell = false;
    for (int i = 0; i < nitems; i++) {
        AstNode *item = items ? items[i] : NULL;
        Span isp = item ? item->span : e->span;
        if (item && is_ellipsis(L, item)) {
            if (ell) {
                diag_error(isp, "each subscripts list may have only one ellipsis");
                return false;
            }
            if (*n + 3 >= EINSUM_SUBSIZE) return einsum_too_long(isp);
            memcpy(buf + *n, "...", 3);
            *n += 3;
            ell = true;
            continue;
        }
        IrValue *v = item ? lw_expr(L, item) : lw_tuple_get(L, tv, i, isp);
        if (!v) return false;
        Type *t = v->type;
        bool intlike = t->kind == TY_INT || (t->kind == TY_ARRAY && t->ndim == 0 && dt_is_int(t->dtype));
        int64_t s;
        if (!intlike) {
            diag_error(isp, "each subscript must be either an integer or an ellipsis");
            return false;
        }
        if (!lw_is_const_int(v, &s)) {
            diag_error(isp, "einsum() needs the subscripts in a subscripts list as compile-time constants; this one "
                            "is known only at run time");
            return false;
        }
        if (*n + 1 >= EINSUM_SUBSIZE) return einsum_too_long(isp);
        if (s < 0 || s >= 52) {
            diag_error(isp, "subscript is not within the valid range [0, 52)");
            return false;
        }
        buf[(*n)++] = (char)(s < 26 ? 'A' + s : 'a' + (s - 26));
    }
    return true;
}

/* The subscripts string of the interleaved form (NumPy's einsum_sub_op_from_lists): the
 * operands are the arguments 0, 2, 4 ... (first: the first one, already lowered), each
 * followed by its subscripts list; an odd last argument is the output's list. */
static const char *einsum_from_lists(Lower *L, AstNode *call, IrValue *first, IrValue **ops, int *nops)
{
    int nargs = call->elts.n, nop = nargs / 2;
    if (nop == 0) {
        diag_error(call->span, "must provide at least an operand and a subscripts list to einsum");
        return NULL;
    }
    if (nop >= 64) {
        diag_error(call->span, "too many operands");
        return NULL;
    }
    if (nop > EINSUM_MAXOPS) {
        diag_error(call->span, "einsum with %d operands is not supported by gpyc (supported: %s)", nop,
                   einsum_supported);
        return NULL;
    }
    char *buf = ar_alloc(L->a, EINSUM_SUBSIZE);
    int n = 0;
    for (int k = 0; k < nop; k++) {
        AstNode *oe = call->elts.v[2 * k];
        if (k) {
            buf[n++] = ',';
            if (n >= EINSUM_SUBSIZE) {
                einsum_too_long(oe->span);
                return NULL;
            }
        }
        if (k == 0 && first->type->kind != TY_ARRAY) {
            diag_error(oe->span, "einsum() expects an array, got %s", ty_str_of(first->type));
            return NULL;
        }
        if (!(ops[k] = k ? lw_array_arg(L, oe, "einsum") : first)) return NULL;
        if (!einsum_sublist(L, call->elts.v[2 * k + 1], buf, &n)) return NULL;
    }
    if (nargs == 2 * nop + 1) {
        AstNode *oe = call->elts.v[2 * nop];
        if (n + 2 >= EINSUM_SUBSIZE) {
            einsum_too_long(oe->span);
            return NULL;
        }
        buf[n++] = '-';
        buf[n++] = '>';
        if (!einsum_sublist(L, oe, buf, &n)) return NULL;
    }
    buf[n] = 0;
    *nops = nop;
    return buf;
}

/* ---- keywords: optimize=, out=, dtype=, casting=, order= */

typedef struct EinsumKw {
    IrValue *out;         /* NULL when absent or None */
    bool has_dtype;
    DType dtype;
    Casting casting;
} EinsumKw;

/* Python's name of the type of a value that is not a str (NumPy's converters name it). */
static const char *py_type_name(const Type *t)
{
    switch (t->kind) {
    case TY_NONE: return "NoneType";
    case TY_BOOL: return "bool";
    case TY_INT: return "int";
    case TY_FLOAT: return "float";
    case TY_COMPLEX: return "complex";
    case TY_TUPLE: return "tuple";
    case TY_LIST: return "list";
    case TY_ARRAY: return "cupy.ndarray";
    default: return ty_str_of(t);
    }
}

/* A constant string keyword v (its expression e) among names[0..n-1] (*idx its index), else
 * NumPy's converter errors: "what must be str, not int", "what must be one of ... (got 'x')". */
static bool str_choice(AstNode *e, IrValue *v, const char *what, const char *const *names, int n, const char *list,
                       int *idx)
{
    if (v->type->kind != TY_STR) {
        diag_error(e->span, "%s must be str, not %s", what, py_type_name(v->type));
        return false;
    }
    if (!v->def || v->def->op != IR_CONST_STR) {
        diag_error(e->span, "einsum(%s=...) needs a constant string", what);
        return false;
    }
    const char *s = v->def->sval;
    for (int i = 0; i < n; i++)
        if (!strcmp(s, names[i])) {
            *idx = i;
            return true;
        }
    diag_error(e->span, "%s must be one of %s (got '%s')", what, list, s);
    return false;
}

static bool einsum_keywords(Lower *L, AstNode *call, EinsumKw *kw)
{
    memset(kw, 0, sizeof *kw);
    kw->casting = CAST_SAFE;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *p = call->params.v[i];
        const char *name = p->sval;
        if (!strcmp(name, "optimize")) {
            continue;     /* einsum_optimize */
        } else if (!strcmp(name, "out")) {
            IrValue *o = lw_expr(L, p->rhs);
            if (!o) return false;
            if (o->type->kind == TY_NONE) continue;
            if (o->type->kind != TY_ARRAY) {
                diag_error(p->rhs->span, "keyword parameter out must be an array for einsum");
                return false;
            }
            kw->out = o;
        } else if (!strcmp(name, "dtype")) {
            if (!lw_dtype_arg(L, p->rhs, &kw->dtype, &kw->has_dtype)) return false;
        } else if (!strcmp(name, "casting")) {
            IrValue *cv = lw_expr(L, p->rhs);
            int c;
            if (!cv || !str_choice(p->rhs, cv, "casting", dt_casting_names, 5,
                                   "'no', 'equiv', 'safe', 'same_kind', or 'unsafe'", &c))
                return false;
            kw->casting = (Casting)c;
        } else if (!strcmp(name, "order")) {
            /* the memory layout of the result: gpyc's values do not depend on it (None: 'K') */
            static const char *const orders[] = {"C", "F", "A", "K", "c", "f", "a", "k"};
            int o;
            IrValue *ov = lw_expr(L, p->rhs);
            if (!ov) return false;
            if (ov->type->kind != TY_NONE && !str_choice(p->rhs, ov, "order", orders, 8, "'C', 'F', 'A', or 'K'", &o))
                return false;
        } else {
            diag_error(p->span, "einsum() got an unexpected keyword argument '%s'", name);
            return false;
        }
    }
    return true;
}

/* optimize=: *opt true for True, 'greedy', 'optimal' (any string: NumPy's Python path parses
 * the subscripts then, einsum_parse_py), false for False and None; the result does not depend
 * on it.  With *opt, NumPy rejects keywords other than out=, dtype=, order= and casting= before
 * anything else, naming them all. */
static bool einsum_optimize(Lower *L, AstNode *call, bool *opt)
{
    *opt = false;
    for (int i = 0; i < call->params.n; i++) {
        AstNode *p = call->params.v[i];
        if (strcmp(p->sval, "optimize")) continue;
        IrValue *o = lw_expr(L, p->rhs);
        if (!o) return false;
        if (o->type->kind == TY_BOOL) {
            int64_t b;
            if (!lw_is_const_int(o, &b)) {
                diag_error(p->rhs->span, "einsum(optimize=...) needs a constant bool here");
                return false;
            }
            *opt = b != 0;
        } else if (o->type->kind == TY_STR) {
            *opt = true;
        } else if (o->type->kind != TY_NONE) {
            diag_error(p->rhs->span, "einsum(optimize=...) takes a bool or a string here (gpyc ignores it), got %s",
                       ty_str_of(o->type));
            return false;
        }
    }
    if (!*opt) return true;
    static const char *const known[] = {"optimize", "out", "dtype", "order", "casting"};
    StrBuf sb = {0};
    for (int i = 0; i < call->params.n; i++) {
        AstNode *p = call->params.v[i];
        const char *name = p->sval;
        bool ok = false;
        for (size_t j = 0; j < sizeof known / sizeof known[0]; j++) ok |= !strcmp(name, known[j]);
        if (!ok) sb_printf(&sb, "%s'%s'", sb.s ? ", " : "", name);
    }
    if (sb.s) diag_error(call->span, "Did not understand the following kwargs: [%s]", sb.s);
    bool ok = !sb.s;
    sb_free(&sb);
    return ok;
}

/* einsum(subscripts, *operands, out=None, dtype=None, order='K', casting='safe',
 * optimize=False), NumPy's, or its interleaved form einsum(op0, sublist0, op1, sublist1, ...,
 * [sublist_out]) whose lists (compile-time ints 0-51 and Ellipsis) are translated to the
 * subscripts string first.  Subscripts: a compile-time string; labels are letters, '...'
 * broadcast dimensions; a label repeated in one operand takes its diagonal; a label missing
 * from the output is summed; implicit mode (no '->'): the output is '...' then the labels used
 * once, sorted.  The dtype of the computation: dtype= (each operand cast to it under the
 * casting rule), else the promotion of the operands and out=; sums keep it (bool sums are or,
 * products and).  As in NumPy, a lone
 * operand that sums nothing, without out=, is a (writeable) view of it whose dtype is the
 * operand's (dtype= and casting= are then not looked at): its diagonals, transposed.  With out=: the result is written into it (its dtype is
 * cast to the computation's and back under the casting rule, as NumPy's read-write iterator
 * operand; its shape takes part in broadcasting) and returned.
 *
 * Lowered at compile time, in NumPy's order of checks: each operand's repeated labels
 * collapsed (einsum_diagonal); the sizes of each label checked to broadcast across the
 * operands and out= (einsum_broadcast); then one operand is a sum and a transpose, and several
 * are contracted pairwise from the left (einsum_pair: matmul on cuBLAS where the labels allow
 * it, a size-1 contracted dimension stretched first; a fused broadcast product and sum
 * otherwise), each step keeping the labels of the output and of the operands still to come;
 * out= receives the result broadcast to its shape.  NumPy's optimize=False sums all the products at once; the pairwise
 * order changes only the rounding.  optimize= does not change the result (the contraction order
 * here is always pairwise from the left), only which errors come first and their words
 * (einsum_parse_py); order= is accepted and ignored (it changes only the memory layout). */
static IrValue *api_einsum(Lower *L, AstNode *call)
{
    Span sp = call->span;
    bool opt;
    if (!einsum_optimize(L, call, &opt)) return NULL;
    if (call->elts.n < 1) {
        if (opt) {
            diag_error(sp, "No input operands");
            return NULL;
        }
        diag_error(sp, "must specify the einstein sum subscripts string and at least one operand, or at least one "
                       "operand and its corresponding subscripts list");
        return NULL;
    }
    AstNode *se = call->elts.v[0];
    IrValue *sv = lw_expr(L, se);
    if (!sv) return NULL;
    IrValue *ops[EINSUM_MAXOPS];
    const char *subs;
    int nops;
    if (sv->type->kind != TY_STR) {
        if (!(subs = einsum_from_lists(L, call, sv, ops, &nops))) return NULL;
    } else {
        if (!sv->def || sv->def->op != IR_CONST_STR) {
            diag_error(se->span, "einsum() needs the subscripts as a string constant");
            return NULL;
        }
        subs = sv->def->sval;
        nops = call->elts.n - 1;
        if (nops < 1 && opt) {
            einsum_parse_py(L, sp, subs, 0, ops);
            return NULL;
        }
        if (nops < 1) {
            diag_error(sp, "must specify the einstein sum subscripts string and at least one operand");
            return NULL;
        }
        if (nops > EINSUM_MAXOPS) {
            einsum_unsupported(sp, subs);
            return NULL;
        }
        for (int k = 0; k < nops; k++)
            if (!(ops[k] = lw_array_arg(L, call->elts.v[1 + k], "einsum"))) return NULL;
    }
    if (opt && !einsum_parse_py(L, sp, subs, nops, ops)) return NULL;
    EinsumKw kw;
    if (!einsum_keywords(L, call, &kw)) return NULL;
    Einsum e;
    if (!einsum_parse(sp, subs, nops, ops, &e)) return NULL;
    int nout = (int)strlen(e.out);
    if (kw.out && kw.out->type->ndim != nout) {
        diag_error(sp, "out parameter does not have the correct number of dimensions, has %d but should have %d",
                   kw.out->type->ndim, nout);
        return NULL;
    }
    bool view = nops == 1 && !kw.out;
    for (const char *c = e.in[0]; view && *c; c++) view = strchr(e.out, *c) != NULL;
    DType dt = ops[0]->type->dtype, odt[EINSUM_MAXOPS];
    for (int k = 0; k < nops; k++) {
        odt[k] = ops[k]->type->dtype;
        dt = dt_promote(dt, odt[k]);
    }
    if (kw.out) dt = dt_promote(dt, kw.out->type->dtype);   /* out= is an operand of NumPy's iterator */
    if (kw.has_dtype && !view) dt = kw.dtype;
    int64_t known[EINSUM_MAXOPS][IR_MAXDIM];
    for (int k = 0; k < nops; k++) {
        /* the size of each distinct label, first-occurrence order, where compile time knows it */
        int n = 0;
        for (int i = 0; e.in[k][i]; i++) {
            const char *first = strchr(e.in[k], e.in[k][i]);
            int j = 0;
            for (const char *c = e.in[k]; c < first; c++) j += strchr(e.in[k], *c) == c;
            if (first == e.in[k] + i) known[k][n++] = -1;
            int64_t st = lw_static_dim(ops[k], i);
            if (st >= 0) known[k][j] = st;
        }
        if (!(ops[k] = einsum_diagonal(L, sp, ops[k], e.in[k], k, nops == 1 && !kw.out, view, e.out, dt))) return NULL;
    }
    if (!einsum_broadcast(L, sp, &e, nops, ops, kw.out, known)) return NULL;
    const char *rule = dt_casting_names[kw.casting];
    for (int k = 0; k < nops && !view; k++) {
        if (odt[k] != dt && !dt_can_cast(odt[k], dt, kw.casting)) {
            diag_error(sp, "Iterator operand %d dtype could not be cast from dtype('%s') to dtype('%s') according to the "
                           "rule '%s'", k, dt_name(odt[k]), dt_name(dt), rule);
            return NULL;
        }
    }
    DType odtype = kw.out ? kw.out->type->dtype : dt;
    if (odtype != dt && !dt_can_cast(odtype, dt, kw.casting)) { /* out= is read and written */
        diag_error(sp, "Iterator operand %d dtype could not be cast from dtype('%s') to dtype('%s') according to the "
                       "rule '%s'", nops, dt_name(odtype), dt_name(dt), rule);
        return NULL;
    }
    if (odtype != dt && !dt_can_cast(dt, odtype, kw.casting)) {
        diag_error(sp, "Iterator requested dtype could not be cast from dtype('%s') to dtype('%s'), the operand %d "
                       "dtype, according to the rule '%s'", dt_name(dt), dt_name(odtype), nops, rule);
        return NULL;
    }
    for (int k = 0; k < nops; k++)
        if (ops[k]->type->dtype != dt) ops[k] = lw_cast(L, ops[k], dt, sp);
    bool keep[EINSUM_NLABELS] = {false};
    for (const char *c = e.out; *c; c++) keep[(unsigned char)*c] = true;
    IrValue *r = ops[0];
    char rs[IR_MAXDIM + 1];
    memcpy(rs, e.in[0], sizeof rs);
    if (nops == 1) r = einsum_reduce(L, sp, r, rs, keep, dt);
    for (int k = 1; k < nops && r; k++) {
        bool kk[EINSUM_NLABELS];
        memcpy(kk, keep, sizeof kk);
        for (int j = k + 1; j < nops; j++)
            for (const char *c = e.in[j]; *c; c++) kk[(unsigned char)*c] = true;
        char ns[IR_MAXDIM + 1];
        r = einsum_pair(L, sp, subs, r, rs, ops[k], e.in[k], kk, ns, dt);
        memcpy(rs, ns, sizeof rs);
    }
    if (r) r = einsum_align(L, sp, r, rs, e.out, nout);
    if (!r || !kw.out) return r;
    IrInstr *in = ir_emit(L->m, L->blk, IR_STORE_INTO, sp, NULL, 2, (IrValue *[]){kw.out, r});
    in->dtype = kw.out->type->dtype;
    return kw.out;
}

/* ---------------------------------------------------------------- API table */

LW_API_PLAIN(api_einsum)

const ApiFn lw_einsum_api[] = {
    {"cupy", "einsum", api_einsum_api, 0},
    {NULL, NULL, NULL, 0},
};
