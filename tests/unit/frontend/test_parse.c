/*
 * test_parse.c — the parser (frontend/parse.c) and the AST dump (frontend/ast.c): exact dumps
 * of small programs, each construct of the dialect, each rejected construct's message and
 * location, syntax errors, literals, f-strings, and robustness (every prefix of real scripts
 * and random byte mutations must give an AST or located errors, never a crash).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend/frontend.h"

/* The result of parsing one source text: its dump (or NULL) and its diagnostics. */
typedef struct Parsed {
    char *dump;   /* ast_dump output, NULL when fe_parse returned NULL */
    char *diags;  /* everything written to the diagnostic stream */
    int nerr, n_nodes;
} Parsed;

static Parsed parse_n(const char *text, size_t len)
{
    Parsed r = {0};
    size_t dlen = 0, elen = 0;
    FILE *errs = open_memstream(&r.diags, &elen);
    diag_set_stream(errs);
    diag_reset();
    Arena *a = ar_new();
    SrcFile f = {"t.py", "t.py", ar_strndup(a, text, len), len, false};
    AstNode *m = fe_parse(a, &f, &r.n_nodes);
    if (m) {
        FILE *out = open_memstream(&r.dump, &dlen);
        ast_dump(out, m);
        fclose(out);
    }
    r.nerr = diag_count();
    diag_set_stream(NULL);
    fclose(errs);
    ar_delete(a);
    return r;
}

static Parsed parse(const char *text)
{
    return parse_n(text, strlen(text));
}

static void release(Parsed *r)
{
    free(r->dump);
    free(r->diags);
}

/* Asserts that text parses and its dump is exactly want. */
static void expect_dump(const char *text, const char *want)
{
    Parsed r = parse(text);
    cr_assert_not_null(r.dump, "parse failed for:\n%s\n%s", text, r.diags);
    cr_assert_str_eq(r.dump, want, "source:\n%s", text);
    release(&r);
}

/* Asserts that text parses and its dump contains each of the NULL-terminated substrings. */
static void expect_has(const char *text, ...)
{
    Parsed r = parse(text);
    cr_assert_not_null(r.dump, "parse failed for:\n%s\n%s", text, r.diags);
    va_list ap;
    va_start(ap, text);
    for (const char *s; (s = va_arg(ap, const char *));)
        cr_assert(strstr(r.dump, s), "missing %s in dump of\n%s\n%s", s, text, r.dump);
    va_end(ap);
    release(&r);
}

/* Asserts that text is rejected and its first diagnostic line is "t.py:" + want. */
static void expect_error(const char *text, const char *want)
{
    Parsed r = parse(text);
    cr_assert_null(r.dump, "accepted:\n%s", text);
    cr_assert_gt(r.nerr, 0);
    char line[512];
    snprintf(line, sizeof line, "t.py:%s\n", want);
    cr_assert(strncmp(r.diags, line, strlen(line)) == 0, "want %sgot %s", line, r.diags);
    release(&r);
}

/* ---------------------------------------------------------------- exact dumps */

/* keyword-only parameters (*:name in the dump), *args, **kwargs, f(*t, **d) and the walrus */
Test(parse, star_params_walrus)
{
    expect_has("def f(a, *args, b=1, **kw):\n    return f(*args, **kw)\n", "(param a ", "(param *args ",
               "(param *:b ", "(param **kw ", "(starred @2:14", "(starred ** @2:21", NULL);
    expect_has("def g(a, *, b):\n    pass\n", "(param a ", "(param *:b ", NULL);
    /* tree-sitter-python reads print(1, *g()) as a call of `*g`: the star of the call g() */
    /* starred items of tuple and list displays, `[*f(a)]` repaired as in calls */
    expect_has("x = *a, b\n", "(starred @1:5\n", NULL);
    expect_has("x = [*f(a), 1]\n", "(starred @1:6\n        (call @1:7", NULL);
    /* a starred assignment target (lowering takes it in a tuple or list target only) */
    expect_has("a, *b = c\n", "(starred @1:4\n        (name b @1:5))", NULL);
    /* print's star before an operator: the star of the whole argument (misread_splat) */
    expect_has("print(0, *g() + t)\n", "(starred @1:10\n        (binop + @1:11", NULL);
    expect_has("print(1, *g(), *a.f(2)(3))\n", "(starred @1:10\n        (call @1:11\n          (name g @1:11)))",
               "(starred @1:16\n        (call @1:17\n          (call @1:17\n", NULL);
    expect_has("if (n := 10) > 5:\n    pass\n", "(walrus @1:5\n", "(name n @1:5)", NULL);
}

Test(parse, assignment_exact)
{
    expect_dump("x = y + 1\n",
                "(module t @1:1\n"
                "  (assign @1:1\n"
                "    (name x @1:1)\n"
                "    (binop + @1:5\n"
                "      (name y @1:5)\n"
                "      (int 1 @1:9))))\n");
}

Test(parse, chained_and_tuple_assignment)
{
    expect_dump("a = b = 1, 2\nc, d = d, c\n",
                "(module t @1:1\n"
                "  (assign @1:1\n"
                "    (name a @1:1)\n"
                "    (name b @1:5)\n"
                "    (tuple @1:9\n"
                "      (int 1 @1:9)\n"
                "      (int 2 @1:12)))\n"
                "  (assign @2:1\n"
                "    (tuple @2:1\n"
                "      (name c @2:1)\n"
                "      (name d @2:4))\n"
                "    (tuple @2:8\n"
                "      (name d @2:8)\n"
                "      (name c @2:11))))\n");
}

Test(parse, loop_else_and_raise)
{
    expect_dump("while a:\n    break\nelse:\n    raise E(1)\n",
                "(module t @1:1\n"
                "  (while @1:1\n"
                "    (name a @1:7)\n"
                "    (block @2:5\n"
                "      (break @2:5))\n"
                "    (block @4:5\n"
                "      (raise @4:5\n"
                "        (call @4:11\n"
                "          (name E @4:11)\n"
                "          (int 1 @4:13))))))\n");
}

Test(parse, if_elif_else_nests)
{
    expect_dump("if a:\n    pass\nelif b:\n    x = 1\nelse:\n    pass\n",
                "(module t @1:1\n"
                "  (if @1:1\n"
                "    (name a @1:4)\n"
                "    (block @2:5\n"
                "      (pass @2:5))\n"
                "    (if @3:1\n"
                "      (name b @3:6)\n"
                "      (block @4:5\n"
                "        (assign @4:5\n"
                "          (name x @4:5)\n"
                "          (int 1 @4:9)))\n"
                "      (block @6:5\n"
                "        (pass @6:5)))))\n");
}

Test(parse, def_with_defaults_and_docstrings)
{
    expect_dump("\"\"\"Module doc.\"\"\"\n"
                "def f(x, n=2):\n"
                "    '''Doc.'''\n"
                "    return x ** n\n",
                "(module t @1:1\n"
                "  (doc\n"
                "    (str \"Module doc.\" @1:1))\n"
                "  (def f @2:1\n"
                "    (doc\n"
                "      (str \"Doc.\" @3:5))\n"
                "    (param x @2:7)\n"
                "    (param n @2:10\n"
                "      (int 2 @2:12))\n"
                "    (block @3:5\n"
                "      (return @4:5\n"
                "        (binop ** @4:12\n"
                "          (name x @4:12)\n"
                "          (name n @4:17))))))\n");
}

Test(parse, slices_and_tuple_index)
{
    expect_dump("y = a[1:, ::2, ..., None]\n",
                "(module t @1:1\n"
                "  (assign @1:1\n"
                "    (name y @1:1)\n"
                "    (subscript @1:5\n"
                "      (name a @1:5)\n"
                "      (tuple @1:7\n"
                "        (slice @1:7\n"
                "          (int 1 @1:7)\n"
                "          -\n"
                "          -)\n"
                "        (slice @1:11\n"
                "          -\n"
                "          -\n"
                "          (int 2 @1:13))\n"
                "        (ellipsis @1:16)\n"
                "        (none @1:21)))))\n");
}

Test(parse, fstring_exact)
{
    expect_dump("s = f\"v={x!r:>{w}.3f} {{ok}} {y=}\"\n",
                "(module t @1:1\n"
                "  (assign @1:1\n"
                "    (name s @1:1)\n"
                "    (fstring @1:5\n"
                "      (str \"v=\" @1:7)\n"
                "      (format !r @1:9\n"
                "        (name x @1:10)\n"
                "        (fstring @1:13\n"
                "          (str \">\" @1:14)\n"
                "          (format @1:15\n"
                "            (name w @1:16))\n"
                "          (str \".3f\" @1:18)))\n"
                "      (str \" {ok} \" @1:22)\n"
                "      (format !r =\"y\" @1:30\n"
                "        (name y @1:31)))))\n");
}

/* ---------------------------------------------------------------- statements */

Test(parse, augmented_assignment_all_ops)
{
    static const char *ops[] = {"+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^"};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        char src[64], want[64];
        snprintf(src, sizeof src, "a[0] %s= 3\n", ops[i]);
        snprintf(want, sizeof want, "(augassign %s @1:1\n    (subscript", ops[i]);
        expect_has(src, want, "(int 3 @1:", NULL);
    }
}

Test(parse, annotated_assignment)
{
    expect_has("x: int = 3\ny: float\n", "(assign @1:1\n    (name x @1:1)\n    (int 3 @1:10))",
               "(pass @2:1)", NULL);
}

Test(parse, for_while_break_continue)
{
    expect_has("for i, x in enumerate(xs):\n"
               "    while x > 0:\n"
               "        x -= 1\n"
               "        if x == 3:\n"
               "            break\n"
               "        continue\n",
               "(for @1:1\n    (tuple @1:5\n      (name i @1:5)\n      (name x @1:8))\n"
               "    (call @1:13\n      (name enumerate @1:13)\n      (name xs @1:23))",
               "(while @2:5", "(break @5:13)", "(continue @6:9)", NULL);
}

Test(parse, imports)
{
    expect_has("import cupy as cp\nimport cupyx.scipy.sparse\nfrom cupyx.scipy import sparse, fft as F\n"
               "import math, time\n",
               "(import @1:1\n    (alias cupy as cp @1:8))",
               "(import @2:1\n    (alias cupyx.scipy.sparse @2:8))",
               "(from cupyx.scipy @3:1\n    (alias sparse @3:25)\n    (alias fft as F @3:33))",
               "(alias math @4:8)", "(alias time @4:14)", NULL);
}

Test(parse, assert_global_del_with)
{
    expect_has("def f():\n    global g\n    g = 1\n"
               "assert x > 0, \"bad\"\n"
               "del a, b[0]\n"
               "with cp.cuda.Stream() as s:\n    pass\n",
               "(global @2:5\n        (name g @2:12))",
               "(assert @4:1\n    (compare > @4:8", "(str \"bad\" @4:15))",
               "(del @5:1\n    (name a @5:5)\n    (subscript @5:8",
               "(with @6:1\n    (item @6:6\n      (call @6:6", "(name s @6:26))", NULL);
}

Test(parse, main_guard_and_semicolons)
{
    expect_has("if __name__ == \"__main__\":\n    a = 1; b = 2\n",
               "(compare == @1:4\n      (name __name__ @1:4)\n      (str \"__main__\" @1:16))",
               "(assign @2:5", "(assign @2:12", NULL);
}

Test(parse, comments_are_ignored)
{
    expect_has("x = (1,  # one\n     2)  # two\n# end\n",
               "(tuple @1:5\n      (int 1 @1:6)\n      (int 2 @2:6))", NULL);
}

/* ---------------------------------------------------------------- expressions */

Test(parse, operators_and_precedence)
{
    expect_has("r = -a ** 2 + b @ c // d % e << 1 | f & g ^ ~h\n",
               "(unary - @1:5\n", "(binop ** @1:6", "(binop @ @1:15", "(binop // @1:15",
               "(binop % @1:15", "(binop << @1:5", "(binop | @1:5", "(binop ^ @1:37",
               "(binop & @1:37", "(unary ~ @1:45", NULL);
}

Test(parse, bitwise_precedence_is_pythons)
{
    /* tree-sitter-python ranks ^ above &; Python ranks & above ^ */
    expect_has("r = a & b ^ c\n", "(binop ^ @1:5\n      (binop & @1:5\n        (name a @1:5)\n"
               "        (name b @1:9))\n      (name c @1:13))", NULL);
    expect_has("r = a ^ b & c | d\n", "(binop | @1:5\n      (binop ^ @1:5\n        (name a @1:5)\n"
               "        (binop & @1:9\n          (name b @1:9)\n          (name c @1:13)))\n"
               "      (name d @1:17))", NULL);
    expect_has("r = a & (b ^ c)\n", "(binop & @1:5\n      (name a @1:5)\n      (binop ^ @1:10", NULL);
    expect_has("r = a ^ b ^ c & d & e\n",
               "(binop ^ @1:5\n      (binop ^ @1:5\n        (name a @1:5)\n        (name b @1:9))\n"
               "      (binop & @1:13\n        (binop & @1:13\n          (name c @1:13)\n"
               "          (name d @1:17))\n        (name e @1:21)))", NULL);
}

Test(parse, boolean_and_conditional)
{
    expect_has("r = a if not b and c or d else e\n",
               "(ifexp @1:5\n      (boolop or @1:10\n        (boolop and @1:10\n"
               "          (unary not @1:10\n            (name b @1:14))\n          (name c @1:20))\n"
               "        (name d @1:25))\n      (name a @1:5)\n      (name e @1:32))",
               NULL);
}

Test(parse, chained_comparisons)
{
    expect_has("r = 0 <= x < n != m\ns = a is not None\nt = a not in b\nu = a in b is c\n",
               "(compare <= < != @1:5\n      (int 0 @1:5)\n      (name x @1:10)\n"
               "      (name n @1:14)\n      (name m @1:19))",
               "(compare is not @2:5", "(compare not in @3:5", "(compare in is @4:5", NULL);
}

Test(parse, calls_attributes_keywords)
{
    expect_has("y = cp.sum(x, axis=0, keepdims=True)\n",
               "(call @1:5\n      (attr sum @1:5\n        (name cp @1:5))\n      (name x @1:12)\n"
               "      (keyword axis @1:15\n        (int 0 @1:20))\n"
               "      (keyword keepdims @1:23\n        (bool True @1:32)))",
               NULL);
}

Test(parse, tuples_lists_and_parentheses)
{
    expect_has("a = (1,)\nb = ()\nc = [1, [2, 3]]\nd = ((x))\ne = 1, 2,\n",
               "(tuple @1:5\n      (int 1 @1:6))", "(tuple @2:5)",
               "(list @3:5\n      (int 1 @3:6)\n      (list @3:9",
               "(assign @4:1\n    (name d @4:1)\n    (name x @4:7))",
               "(tuple @5:5\n      (int 1 @5:5)\n      (int 2 @5:8))", NULL);
}

Test(parse, subscript_forms)
{
    expect_has("a[i]\na[i, j]\na[1,]\na[::-1]\na[x > 0]\n",
               "(subscript @1:1\n      (name a @1:1)\n      (name i @1:3))",
               "(tuple @2:3\n        (name i @2:3)\n        (name j @2:6))",
               "(tuple @3:3\n        (int 1 @3:3))",
               "(slice @4:3\n        -\n        -\n        (unary - @4:5", "(compare > @5:3", NULL);
}

Test(parse, constants)
{
    expect_has("t = True, False, None, ...\n", "(bool True @1:5)", "(bool False @1:11)",
               "(none @1:18)", "(ellipsis @1:24)", NULL);
}

/* ---------------------------------------------------------------- literals */

Test(parse, integer_literals)
{
    expect_has("n = 0x_FF, 0o17, 0b1010, 1_000_000, 0, 00, 9223372036854775807, -9223372036854775808\n",
               "(int 255 @1:5)", "(int 15 @1:12)", "(int 10 @1:18)", "(int 1000000 @1:26)",
               "(int 0 @1:37)", "(int 0 @1:40)", "(int 9223372036854775807 @1:44)",
               "(int -9223372036854775808 @1:65)", NULL);
}

Test(parse, float_and_imaginary_literals)
{
    expect_has("f = 1e-3, 1_000.5, .5, 2., 1.5e3j, 2j, 0.1\n", "(float 0.001 @1:5)",
               "(float 1000.5 @1:11)", "(float 0.5 @1:20)", "(float 2.0 @1:24)",
               "(imag 1500.0j @1:28)", "(imag 2.0j @1:36)", "(float 0.1 @1:40)", NULL);
}

Test(parse, integer_too_large)
{
    /* 2**63 .. 2**64-1 parse as uint64 literals (lowering decides where they may stand) */
    expect_has("y = 9223372036854775808\nz = 0xffff_ffff_ffff_ffff\n", "(int 9223372036854775808 @1:5)",
               "(int 18446744073709551615 @2:5)", NULL);
    expect_error("x = 1\ny = 18446744073709551616\n",
                 "2:5: error: integer literal too large (gpyc integers are 64-bit)");
    expect_error("y = -9223372036854775809\n",
                 "1:6: error: integer literal too large (gpyc integers are 64-bit)");
    expect_error("y = 0x1_0000_0000_0000_0000\n",
                 "1:5: error: integer literal too large (gpyc integers are 64-bit)");
    expect_error("y = 0777\n", "1:5: error: leading zeros in decimal integer literals are not permitted");
}

Test(parse, string_escapes_and_concatenation)
{
    expect_has("s = 'a\\tb\\n' \"\\\\ \\' \\\" \\x41\\u00e9\\101\" r'\\d+' '''x\ny'''\n",
               "(str \"a\\tb\\n\\\\ ' \\\" A\xc3\xa9" "A\\\\d+x\\ny\" @1:5)", NULL);
    Parsed r = parse("s = '\\N{BULLET}'\n");
    cr_assert_null(r.dump);
    cr_assert(strstr(r.diags, "t.py:1:6: error: \\N{...} escapes are not supported"), "%s", r.diags);
    release(&r);
    expect_has("s = b'a\\x00' rb'\\n' b'\\u12\\777'\n", "(bytes \"a\\x00\\\\n\\\\u12\xff\" @1:5)", NULL);
    expect_error("s = 'a' b'abc'\n", "1:9: error: cannot mix bytes and nonbytes literals");
    expect_error("s = b'\xc3\xa9'\n", "1:7: error: bytes can only contain ASCII literal characters");
}

Test(parse, fstring_forms)
{
    expect_has("s = f'{a}' 'b' f\"\"\"c{d:{e}x}\"\"\" F'{x!s}{y!a}' rf'\\d{z}'\n",
               "(fstring @1:5\n      (format @1:7\n        (name a @1:8))\n      (str \"bc\" @1:13)",
               "(format @1:21\n        (name d @1:22)\n        (fstring @1:23\n"
               "          (format @1:24\n            (name e @1:25))\n          (str \"x\" @1:27)))",
               "(format !s @1:35", "(format !a @1:40", "(str \"\\\\d\" @1:50)", NULL);
    /* {x=} with a format spec keeps the default conversion */
    expect_has("s = f'{x=:.2f}'\n", "(format =\"x\" @1:7", NULL);
    expect_has("s = f'{a, b}'\n", "(format @1:7\n        (tuple @1:8", NULL);
}

/* ---------------------------------------------------------------- ids and spans */

/* Checks that every node's id is below n and unique. */
static void check_ids(const AstNode *n, int count, unsigned char *seen)
{
    if (!n)
        return;
    cr_assert(n->id >= 0 && n->id < count, "id %d out of range %d", n->id, count);
    cr_assert_eq(seen[n->id], 0, "id %d used twice", n->id);
    seen[n->id] = 1;
    cr_assert_gt(n->span.line, 0);
    cr_assert_gt(n->span.col, 0);
    cr_assert_leq(n->span.start, n->span.end);
    const AstNode *kids[] = {n->lhs, n->rhs, n->cond, n->then, n->els, n->docstring};
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
        check_ids(kids[i], count, seen);
    const Vec *vecs[] = {&n->elts, &n->params, &n->body};
    for (size_t i = 0; i < 3; i++)
        for (int j = 0; j < vecs[i]->n; j++)
            check_ids(vecs[i]->v[j], count, seen);
}

Test(parse, ids_are_unique_and_spans_set)
{
    const char *text = "import cupy as cp\ndef f(a, b=1):\n    return a[b:], f'{a:{b}}'\n"
                       "x = [f(1), (2, 3)]\nif x: y = -x[0] if x else 3\n";
    Arena *a = ar_new();
    SrcFile f = {"t.py", "t.py", text, strlen(text), false};
    int n = 0;
    AstNode *m = fe_parse(a, &f, &n);
    cr_assert_not_null(m);
    cr_assert_gt(n, 20);
    unsigned char *seen = calloc((size_t)n, 1);
    check_ids(m, n, seen);
    free(seen);
    cr_assert_str_eq(m->sval, "t");
    ar_delete(a);
}

/* ---------------------------------------------------------------- rejected constructs */

Test(reject, acceptance_programs)
{
    /* /work/shared/acceptance/24_err_class.py, 25_err_lambda.py, 26_err_try.py */
    expect_error("import cupy as cp\n\n\nclass Accumulator:\n    def __init__(self, n):\n"
                 "        self.total = cp.zeros(n)\n",
                 "4:1: error: classes are not supported: keep the fields in a dict with str keys (a record) "
                 "or a collections.namedtuple, and write the methods as functions that take it");
    expect_error("import cupy as cp\n\nx = cp.linspace(0.0, 1.0, 5)\nsquare = lambda v: v * v\n",
                 "4:10: error: lambda expressions are not supported: write a def (a nested def may be passed "
                 "to sorted(key=), map, filter, cp.vectorize)");
    expect_error("import cupy as cp\n\na = cp.eye(3)\nb = cp.ones(3)\ntry:\n    x = 1\n"
                 "except Exception:\n    x = 2\n",
                 "5:1: error: try statements are not supported: test the condition before the call (if "
                 "...:), or let the exception end the program with its traceback");
}

Test(reject, each_construct)
{
    static const struct { const char *src, *err; } cases[] = {
        {"def g():\n    x = yield 1\n", "2:9: error: yield as an expression (a value sent in, or the yield's value used) is not supported: write `yield value` as a statement of its own"},
        {"async def f():\n    pass\n", "1:1: error: async functions are not supported"},
        {"def f():\n    await g()\n", "2:5: error: await is not supported"},
        {"match x:\n    case P(1):\n        pass\n", "2:10: error: class patterns (C(...)) are not supported in case: match literals, names, _, |, `as` and tuples of them"},
        {"raise\n", "1:1: error: a bare 'raise' re-raises the exception being handled, and gpyc has no try: write raise ValueError(msg)"},
        {"raise ValueError('x') from e\n", "1:1: error: 'raise ... from ...' is not supported: write raise E(msg)"},
        {"def f():\n    nonlocal x\n", "2:14: error: no binding for nonlocal 'x' found"},
        {"@contextmanager\n@b\ndef f():\n    yield\n", "1:1: error: @contextlib.contextmanager with other decorators is not supported"},
        {"@dec\nclass C:\n    pass\n", "1:1: error: decorators are not supported (but on a def)"},
        {"print(*a := b)\n", "1:8: error: invalid syntax"},
        {"def f(**kw, a):\n    pass\n", "1:13: error: arguments cannot follow var-keyword argument"},
        {"f(a=1, 2)\n", "1:8: error: positional argument follows keyword argument"},
        {"f(a=1, a=2)\n", "1:8: error: keyword argument repeated: a"},
        {"from . import x\n", "1:6: error: relative imports are not supported"},
        {"from m import *\n", "1:15: error: wildcard imports are not supported"},
        {"print 'hi'\n", "1:1: error: missing parentheses in call to 'print'"},
        {"break\n", "1:1: error: 'break' outside loop"},
        {"return 3\n", "1:1: error: 'return' outside function"},
        {"def f(a, a):\n    pass\n", "1:10: error: duplicate parameter 'a' in function definition"},
        {"def f(a=1, b):\n    pass\n", "1:12: error: parameter without a default follows parameter with a default"},
        {"x = f'{a!x}'\n", "1:9: error: invalid conversion character in f-string: expected 'r', 's' or 'a'"},
        {"with open(f) as g, h:\n    async with x:\n        pass\n", "2:5: error: async with statements are not supported"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        expect_error(cases[i].src, cases[i].err);
}

Test(reject, all_errors_reported_in_order)
{
    Parsed r = parse("x = lambda: 1\nclass A:\n    pass\ndef g():\n    x = yield 1\ntry:\n    pass\nfinally:\n    pass\n");
    cr_assert_null(r.dump);
    cr_assert_eq(r.nerr, 4, "%s", r.diags);
    const char *a = strstr(r.diags, "t.py:1:5: error: lambda");
    const char *b = strstr(r.diags, "t.py:2:1: error: classes");
    const char *c = strstr(r.diags, "t.py:5:9: error: yield as an expression");
    const char *d = strstr(r.diags, "t.py:6:1: error: try");
    cr_assert(a && b && c && d && a < b && b < c && c < d, "%s", r.diags);
    release(&r);
}

/* ---------------------------------------------------------------- syntax errors */

Test(syntax, located_messages)
{
    expect_error("if x\n    pass\n", "1:5: error: expected ':'");
    expect_error("x = 1\nif x.sum() > 2\n    print(x)\n", "2:15: error: expected ':'");
    expect_error("while x  # note\n    pass\n", "1:8: error: expected ':'");
    expect_error("x = (1 +\n", "1:5: error: '(' was never closed");
    expect_error("y = 1\nx = [1, 2\nz = 3\n", "2:5: error: '[' was never closed");
    expect_error("x = 'abc\n", "1:5: error: unterminated string literal");
    expect_error("def f(:\n    pass\n", "1:7: error: expected ')'");
    expect_error("  x = 1\n", "1:3: error: unexpected indent");
    expect_error("x = $\n", "1:5: error: invalid syntax");
}

Test(syntax, caret_display)
{
    Parsed r = parse("a = 1\nif a\n    pass\n");
    cr_assert_str_eq(r.diags, "t.py:2:5: error: expected ':'\n"
                              "    2 | if a\n"
                              "      |     ^\n");
    release(&r);
}

Test(syntax, too_deeply_nested)
{
    size_t n = 10000;
    char *text = malloc(2 * n + 8);
    memcpy(text, "x = ", 4);
    memset(text + 4, '(', n);
    text[4 + n] = '1';
    memset(text + 5 + n, ')', n);
    memcpy(text + 5 + 2 * n, "\n", 2);
    Parsed r = parse(text);
    cr_assert_null(r.dump);
    cr_assert(strncmp(r.diags, "t.py:1:", 7) == 0 && strstr(r.diags, ": error: too deeply nested\n"),
              "%.200s", r.diags);
    cr_assert_eq(r.nerr, 1);
    release(&r);
    /* a deep unary chain and a long operator chain */
    for (int k = 0; k < 2; k++) {
        StrBuf sb = {0};
        sb_puts(&sb, "y = ");
        for (size_t i = 0; i < 5000; i++)
            sb_puts(&sb, k ? "a + " : "-");
        sb_puts(&sb, "1\n");
        r = parse(sb.s);
        cr_assert(r.dump || strstr(r.diags, "too deeply nested"));
        release(&r);
        sb_free(&sb);
    }
    /* 150 levels is fine */
    StrBuf sb = {0};
    sb_puts(&sb, "z = ");
    for (int i = 0; i < 150; i++)
        sb_putc(&sb, '[');
    for (int i = 0; i < 150; i++)
        sb_putc(&sb, ']');
    sb_putc(&sb, '\n');
    r = parse(sb.s);
    cr_assert_not_null(r.dump, "%.300s", r.diags);
    release(&r);
    sb_free(&sb);
    free(text);
}

Test(syntax, odd_bytes)
{
    static const char nul[] = "x = 1\n\0y = 2\n";
    Parsed r = parse_n(nul, sizeof nul - 1);
    cr_assert_null(r.dump);
    cr_assert(strstr(r.diags, "t.py:2:1: error:"), "%s", r.diags);
    release(&r);
    r = parse("x = '\xff\xfe'\n\xc3 = 3\n");
    cr_assert(r.dump || r.nerr > 0);
    release(&r);
    r = parse("");
    cr_assert_str_eq(r.dump, "(module t @1:1)\n");
    release(&r);
    r = parse("# only a comment");
    cr_assert_str_eq(r.dump, "(module t @1:1)\n");
    release(&r);
}

/* Python's layout errors, which tree-sitter tolerates without an ERROR node (issue 24), and a
 * layout Python accepts. */
Test(syntax, layout)
{
    expect_error("x = 1\nif x:\nprint(x)\n",
                 "3:1: error: expected an indented block after 'if' statement on line 2");
    expect_error("def f():\n\n",
                 "3:1: error: expected an indented block after function definition on line 1");
    expect_error("for i in x:\n    # only a comment\ny = 1\n",
                 "3:1: error: expected an indented block after 'for' statement on line 1");
    expect_error("import math x = 1\n", "1:13: error: invalid syntax");
    expect_error("if x:\n    a = 1 b = 2\n", "2:9: error: invalid syntax");
    expect_error("x = 1\n    y = 2\n", "2:5: error: unexpected indent");
    expect_error("if x:\n    a = 1\n        b = 2\n", "3:9: error: unexpected indent");
    expect_error("if x:\n    a = 1\n  b = 2\n",
                 "3:3: error: unindent does not match any outer indentation level");
    expect_error("if x:\n        a = 1\n\tb = 2\n",
                 "3:2: error: inconsistent use of tabs and spaces in indentation");
    expect_error("if x\n    pass\n", "1:5: error: expected ':'"); /* tree-sitter's ERROR first */
    expect_has("if x:  # c\n\n    a = (1,\n  2)\n    b = '''\n  s'''\n    c = 1 + \\\n  2\n    pass\n",
               "(assign @3:5", "(assign @7:5", "(pass @9:5)", NULL);
    expect_has("if x:\n\tpass\n\tpass\n", "(pass @3:2)", NULL);
    expect_has("a = 1; b = 2\nif a: b = 3\nelse:\n    pass\n", "(assign @1:8", "(assign @2:7", NULL);
    /* what tree-sitter also takes: a comma with nothing before it, a trailing comma of an
     * import without parentheses, a backslash at the end of the file */
    expect_error("print(,)\n", "1:7: error: invalid syntax");
    expect_error("f(a,,b)\n", "1:4: error: invalid syntax"); /* tree-sitter's ERROR */
    expect_error("from math import pi,\n",
                 "1:20: error: trailing comma not allowed without surrounding parentheses");
    expect_error("x = 1 \\\n", "1:7: error: unexpected EOF while parsing");
    expect_has("from math import (pi,)\nf(a,)\nx = [1,]\ny = 1 # \\", "(from math @1:1", "(alias pi @1:19)",
               NULL);
}

/* Python's rule for '_' in numeric literals: between two digits, or after a base prefix. */
Test(syntax, underscores_in_numbers)
{
    expect_error("x = 1_\n", "1:5: error: invalid decimal literal");
    expect_error("x = 1__0\n", "1:5: error: invalid syntax"); /* tree-sitter's ERROR */
    expect_error("x = 1_.5\n", "1:5: error: invalid decimal literal");
    expect_error("x = 1.5_\n", "1:5: error: invalid decimal literal");
    expect_error("x = 1_j\n", "1:5: error: invalid decimal literal");
    expect_error("x = 0x_f_\n", "1:5: error: invalid syntax"); /* tree-sitter's ERROR */
    expect_has("x = 1_000 + 0x_ff + 0b_1 + 0o7_7 + 1_0.5e1_0 + 1_0j\n", "(int 1000 @1:5)", "(int 255 @1:13)",
               "(float 105000000000.0 @1:36)", NULL);
}

/* Python's decoding: UTF-8 (strict), no NUL; no escape makes a string gpyc cannot hold. */
Test(syntax, decoding)
{
    expect_error(
        "x = 'a\xff"
        "b'\n",
        "1:7: error: 'utf-8' codec can't decode byte 0xff: invalid start byte (Python source is UTF-8)");
    expect_error("x = 1\ny = '\xc3'\n", "2:6: error: 'utf-8' codec can't decode byte 0xc3: invalid "
                                        "continuation byte (Python source is UTF-8)");
    expect_error("x = '\xed\xa0\x80'\n", "1:6: error: 'utf-8' codec can't decode byte 0xed: invalid "
                                         "continuation byte (Python source is UTF-8)");
    expect_error(
        "x = '\xc0\xaf'\n",
        "1:6: error: 'utf-8' codec can't decode byte 0xc0: invalid start byte (Python source is UTF-8)");
    expect_error(
        "x = 1 # \xe2\x82",
        "1:9: error: 'utf-8' codec can't decode byte 0xe2: unexpected end of data (Python source is UTF-8)");
    static const char nul[] = "s = 'a\0b'\n";
    Parsed r = parse_n(nul, sizeof nul - 1);
    cr_assert_null(r.dump);
    cr_assert(strstr(r.diags, "t.py:1:7: error: source code cannot contain null bytes"), "%s", r.diags);
    release(&r);
    expect_error(
        "s = 'a\\0b'\n",
        "1:7: error: a NUL character in a string literal is not supported (strings end at a NUL here)");
    expect_error(
        "s = 'a\\x00'\n",
        "1:7: error: a NUL character in a string literal is not supported (strings end at a NUL here)");
    expect_error("s = '\\udc80'\n",
                 "1:6: error: a surrogate (U+DC80) in a string literal is not supported: strings are UTF-8");
    expect_has("s = '\xe2\x82\xac \xf0\x9f\x98\x80 \\u20ac'\nx = 1e99999\n",
               "(str \"\xe2\x82\xac \xf0\x9f\x98\x80 \xe2\x82\xac\"", "(float inf @2:5)", NULL);
}

/* PEP 263's coding declarations, where CPython looks for them (a comment alone on line 1, or
 * on line 2 after a comment or blank line 1): UTF-8 in any spelling is read; ASCII and Latin-1
 * files must hold ASCII bytes only (gpyc reads UTF-8); any other name is refused. */
Test(syntax, coding_declaration)
{
    expect_has("# -*- coding: latin-1 -*-\nx = 1\n", "(int 1 @2:5)", NULL);
    expect_has("# coding: UTF_8\ns = '\xc3\xa9'\n", "(str \"\xc3\xa9\"", NULL);
    expect_has("# vim: set fileencoding=utf-8-sig :\nx = 1\n", "(int 1 @2:5)", NULL);
    expect_has("x = 1  # coding: foobar\n", "(int 1 @1:5)", NULL);        /* not alone on its line */
    expect_has("import os\n# coding: foobar\nx = 1\n", "(int 1 @3:5)", NULL); /* after code */
    expect_has("#!/usr/bin/env python3\n\n# coding: foobar\nx = 1\n", "(int 1 @4:5)", NULL); /* line 3 */
    expect_error("#!/usr/bin/env python3\n  # coding: foobar\n",
                 "2:13: error: encoding problem: foobar (gpyc reads source in UTF-8; save the file as UTF-8)");
    expect_has("# coding: utf8\ns = '\xc3\xa9'\n", "(str \"\xc3\xa9\"", NULL);   /* Python's aliases of utf_8 */
    expect_has("#\n# coding: U8\nx = 1\n", "(int 1 @3:5)", NULL);
    expect_error("# coding=us-ascii\ns = '\xc3\xa9'\n", "2:6: error: encoding problem: us-ascii (byte 0xc3 is not ASCII)");
    expect_error("# coding: ISO_8859_1\ns = '\xe9'\n",
                 "2:6: error: byte 0xe9 is not ASCII: gpyc reads source in UTF-8, and a file declared iso-8859-1 "
                 "must hold ASCII only (save it as UTF-8)");
}

/* fe_read_source: a regular file of at most 16 MiB, universal newlines, no byte-order mark. */
Test(source, read)
{
    Arena *a = ar_new();
    SrcFile f = { 0 };
    cr_assert_null(fe_read_source(a, "CMakeLists.txt", &f), "tests run from the repository root");
    cr_assert_gt(f.len, 0);
    cr_assert_eq(f.text[f.len], '\0');
    cr_assert_str_eq(fe_read_source(a, "no/such/file.py", &f), "No such file or directory");
    cr_assert_str_eq(fe_read_source(a, "tests", &f), "it is a directory");
    cr_assert_str_eq(fe_read_source(a, "/dev/zero", &f), "it is not a regular file");
    char path[] = "/tmp/gpyc_test_source_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    static const char text[] = "\xef\xbb\xbfx = 1\r\ny = 2\rz = '\r\n'\r\n";
    cr_assert_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    cr_assert_null(fe_read_source(a, path, &f));
    cr_assert_str_eq(f.text, "x = 1\ny = 2\nz = '\n'\n");
    cr_assert_eq(f.len, strlen(f.text));
    cr_assert_eq(ftruncate(fd, FE_MAX_SOURCE + 1), 0);
    cr_assert_str_eq(fe_read_source(a, path, &f), "it is larger than 16 MiB, the limit for a source file");
    close(fd);
    unlink(path);
    ar_delete(a);
}

/* ---------------------------------------------------------------- robustness */

/* 16_kmeans.py */
static const char script_kmeans[] =
    "import cupy as cp\n"
    "\n"
    "# three well separated blobs on a deterministic lattice\n"
    "base = cp.array([[0.0, 0.0], [6.0, 1.0], [2.0, 7.0]])\n"
    "offs = cp.stack([cp.cos(cp.arange(10) * 0.7), cp.sin(cp.arange(10) * 1.3)], axis=1) * 0.8\n"
    "pts = (base[:, None, :] + offs[None, :, :]).reshape(-1, 2)\n"
    "print(pts.shape)\n"
    "\n"
    "k = 3\n"
    "centers = pts[cp.array([0, 1, 2])].copy()   # a poor start: all in the first blob\n"
    "for it in range(20):\n"
    "    d = ((pts[:, None, :] - centers[None, :, :]) ** 2).sum(axis=2)\n"
    "    labels = cp.argmin(d, axis=1)\n"
    "    new = cp.zeros_like(centers)\n"
    "    for j in range(k):\n"
    "        sel = labels == j\n"
    "        if int(sel.sum()) > 0:\n"
    "            new[j] = pts[sel].mean(axis=0)\n"
    "        else:\n"
    "            new[j] = centers[j]\n"
    "    shift = float(cp.abs(new - centers).max())\n"
    "    centers = new\n"
    "    if shift < 1e-9:\n"
    "        break\n"
    "print(\"iterations\", it + 1)\n"
    "order = cp.argsort(centers[:, 0])\n"
    "print(cp.round(centers[order], 4))\n"
    "print(cp.bincount(labels, minlength=k)[order])\n"
    "inertia = ((pts - centers[labels]) ** 2).sum()\n"
    "print(f\"inertia {float(inertia):.4f}\")\n";

/* 14_functions.py */
static const char script_functions[] =
    "import cupy as cp\n"
    "\n"
    "\n"
    "def scale_shift(x, scale=2, shift=0.5):\n"
    "    return x * scale + shift\n"
    "\n"
    "\n"
    "def stats(x):\n"
    "    \"\"\"Return (mean, spread) of an array.\"\"\"\n"
    "    lo = x.min()\n"
    "    hi = x.max()\n"
    "    return x.mean(), hi - lo\n"
    "\n"
    "\n"
    "def rms(x, axis=None):\n"
    "    return cp.sqrt((x * x).mean(axis=axis))\n"
    "\n"
    "\n"
    "def describe(name, x):\n"
    "    print(name, x.dtype, x.shape)\n"
    "\n"
    "\n"
    "def poly(x, c0, c1, c2):\n"
    "    return c0 + x * (c1 + x * c2)\n"
    "\n"
    "\n"
    "print(scale_shift(3), scale_shift(3.0), scale_shift(1 + 1j))\n"
    "a = cp.arange(4, dtype=cp.int32)\n"
    "f = cp.arange(4, dtype=cp.float32)\n"
    "print(scale_shift(a), scale_shift(a).dtype)\n"
    "print(scale_shift(f), scale_shift(f).dtype)\n"
    "print(scale_shift(f, shift=-1), scale_shift(a, 3, 1), scale_shift(x=a, scale=1))\n"
    "m, s = stats(cp.array([2.0, 4.0, 9.0]))\n"
    "print(m, s)\n"
    "m2, s2 = stats(cp.arange(10).reshape(2, 5))\n"
    "print(m2, s2)\n"
    "print(cp.round(rms(cp.array([3.0, 4.0])), 6), cp.round(rms(cp.arange(6.0).reshape(2, 3), axis=1), 6))\n"
    "describe(\"ints\", a)\n"
    "describe(\"grid\", cp.zeros((2, 3, 4), dtype=cp.complex64))\n"
    "print(poly(2, 1, 2, 3), poly(0.5, 1.0, 0.0, -4.0), poly(cp.arange(3), 1, 1, 1))\n"
    "print(poly(cp.array([1.0, 2.0], dtype=cp.float32), 1, 2, 3).dtype)\n";

/* 15_loops_convergence.py */
static const char script_loops[] =
    "import cupy as cp\n"
    "\n"
    "# Newton's method for square roots of a whole vector, until the largest step is tiny\n"
    "a = cp.array([2.0, 9.0, 10.0, 0.25])\n"
    "x = cp.ones_like(a)\n"
    "err = cp.abs(x * x - a).max()\n"
    "it = 0\n"
    "while float(err) > 1e-12:\n"
    "    x = 0.5 * (x + a / x)\n"
    "    err = cp.abs(x * x - a).max()\n"
    "    it += 1\n"
    "print(it, x)\n"
    "\n"
    "# first index where a running sum exceeds a threshold: loop with early exit\n"
    "vals = cp.array([3, 1, 4, 1, 5, 9, 2, 6])\n"
    "total = 0\n"
    "found = -1\n"
    "for i in range(vals.size):\n"
    "    total += int(vals[i])\n"
    "    if total > 12:\n"
    "        found = i\n"
    "        break\n"
    "print(found, total)\n"
    "\n"
    "# continue, enumerate and zip\n"
    "ps = [1.0, 2.0, 3.0, 4.0]\n"
    "qs = [4.0, 3.0, 2.0, 1.0]\n"
    "acc = cp.zeros(3)\n"
    "k = 0\n"
    "for p, q in zip(ps, qs):\n"
    "    k += 1\n"
    "    if k == 2:\n"
    "        continue\n"
    "    acc += cp.array([p, q, p * q])\n"
    "print(acc)\n"
    "for j, w in enumerate(ps):\n"
    "    if w > 2.5:\n"
    "        print(\"first above 2.5 at\", j)\n"
    "        break\n"
    "\n"
    "# iterate over the rows of a matrix\n"
    "m = cp.arange(6).reshape(3, 2)\n"
    "for row in m:\n"
    "    print(row, row.sum())\n"
    "\n"
    "# fixed-point iteration x = cos(x) on a device scalar\n"
    "y = cp.array(1.0)\n"
    "steps = 0\n"
    "while True:\n"
    "    y_new = cp.cos(y)\n"
    "    steps += 1\n"
    "    if abs(float(y_new - y)) < 1e-10 or steps >= 200:\n"
    "        break\n"
    "    y = y_new\n"
    "print(steps, f\"{float(y_new):.8f}\")\n"
    "\n"
    "n = 0\n"
    "while n < 5:\n"
    "    n += 2\n"
    "print(n)\n";


static const char script_dialect[] =
    "\"\"\"Everything the dialect has.\"\"\"\n"
    "import cupy as cp\n"
    "from cupyx.scipy import sparse as sp\n"
    "\n"
    "def step(x, y=1.5e-3, *, z=0):\n"
    "    '''doc'''\n"
    "    global total\n"
    "    a, b = x[1:-1:2, ..., None], y\n"
    "    a += b ** 2 // 3 % 4 @ x\n"
    "    if a is not None and not b or 0 < a <= 3:\n"
    "        return a if b else -a, ~b\n"
    "    elif b in [1, 2] != (3,):\n"
    "        pass\n"
    "    else:\n"
    "        del a\n"
    "    for i, (u, v) in enumerate(zip(a, b)):\n"
    "        while u:\n"
    "            u -= 1; break\n"
    "        continue\n"
    "    with cp.cuda.Stream() as s:\n"
    "        assert s, f\"bad {s!r:>{10}} {u=} {{x}}\"\n"
    "    return 0x1F + 0o7 + 0b1 + 1_000 + 2j + r'\\d' 'a\\tb\\x41\\u00e9'\n"
    "\n"
    "if __name__ == '__main__':\n"
    "    print(step(cp.arange(10), y=2), end='')\n";

/* Parses text; returns true when it was accepted, false when rejected with errors. */
static bool survives(const char *text, size_t len, FILE *sink)
{
    diag_set_stream(sink);
    diag_reset();
    Arena *a = ar_new();
    SrcFile f = {"r.py", "r.py", ar_strndup(a, text, len), len, false};
    int n = 0;
    AstNode *m = fe_parse(a, &f, &n);
    if (m)
        cr_assert_gt(n, 0);
    else
        cr_assert_gt(diag_count(), 0, "NULL without a diagnostic for:\n%.*s", (int)len, text);
    ar_delete(a);
    diag_set_stream(NULL);
    return m != NULL;
}

static const char *const scripts[] = {script_kmeans, script_functions, script_loops, script_dialect};

Test(robust, every_prefix)
{
    FILE *sink = fopen("/dev/null", "w");
    for (size_t s = 0; s < sizeof scripts / sizeof *scripts; s++) {
        size_t len = strlen(scripts[s]);
        cr_assert(survives(scripts[s], len, sink), "script %zu whole", s);
        for (size_t i = 0; i < len; i++)
            survives(scripts[s], i, sink);
    }
    fclose(sink);
}

/* xorshift64: fixed seed, same mutations on every run */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

Test(robust, random_mutations)
{
    FILE *sink = fopen("/dev/null", "w");
    static const char interesting[] = "()[]{}:\"'\\\n\t #=,.@*!fjx0";
    for (size_t s = 0; s < sizeof scripts / sizeof *scripts; s++) {
        size_t len = strlen(scripts[s]);
        char *buf = malloc(len + 64);
        for (int round = 0; round < 600; round++) {
            memcpy(buf, scripts[s], len);
            size_t n = len;
            int edits = 1 + (int)(next_rand() % 4);
            for (int e = 0; e < edits; e++) {
                size_t at = (size_t)(next_rand() % n);
                switch (next_rand() % 4) {
                case 0: buf[at] = (char)(next_rand() & 0xFF); break;              /* any byte */
                case 1: buf[at] = interesting[next_rand() % (sizeof interesting - 1)]; break;
                case 2: memmove(buf + at, buf + at + 1, n - at - 1); n--; break;  /* delete */
                default:                                                          /* insert */
                    memmove(buf + at + 1, buf + at, n - at);
                    buf[at] = interesting[next_rand() % (sizeof interesting - 1)];
                    n++;
                    break;
                }
            }
            survives(buf, n, sink);
        }
        free(buf);
    }
    fclose(sink);
}
