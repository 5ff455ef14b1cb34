/*
 * test_units.c — device units (codegen/units.c): the canonical text, hash names and host
 * launchers, on hand-written kernel text in the emitters' naming scheme.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "codegen/codegen.h"

/* A kernel of group `name` adding arrays a<x> and a<y> into a<z> (the emitters' names),
 * with a comment naming a script line. */
static char *kernel(const char *name, int x, int y, int z, int line, const char *op)
{
    StrBuf sb = {0};
    sb_printf(&sb, "/* %s — script.py:%d */\n", name, line);
    sb_printf(&sb, "template<typename IT>\n__device__ __forceinline__ void %s_body(const gp_kin &a%d, const gp_kin &a%d, const gp_kin &a%d)\n{\n",
              name, z, x, y);
    sb_printf(&sb, "    const double v%d = *(const double *)a%d.data;  // in\n", x, x);
    sb_printf(&sb, "    const double v%d = gpm_log10(*(const double *)a%d.data);\n", y, y);
    sb_printf(&sb, "    *(double *)a%d.data = %s(v%d, v%d);\n}\n", z, op, x, y);
    sb_printf(&sb, "__global__ void __launch_bounds__(256) %s(gp_shape s, int mode, gp_kin a%d, gp_kin a%d, gp_kin a%d, int64_t v%d)\n{\n",
              name, z, x, y, z + 1);
    sb_printf(&sb, "    %s_body<int64_t>(a%d, a%d, a%d);\n}\n", name, z, x, y);
    sb_printf(&sb, "__global__ void __launch_bounds__(256) %s_col(const int64_t *part)\n{\n}\n", name);
    return sb.s;
}

static CgUnit *unit_of(const char *text, const char *name)
{
    return cg_unit_new(text, strlen(text), &name, 1);
}

Test(units, same_kernel_other_numbers_same_unit)
{
    char *k1 = kernel("k3_add", 10, 11, 12, 4, "gp_add<double>");
    char *k2 = kernel("k17_add", 40, 41, 42, 9, "gp_add<double>");
    CgUnit *u1 = unit_of(k1, "k3_add"), *u2 = unit_of(k2, "k17_add");
    cr_expect_str_eq(u1->hash, u2->hash);
    cr_expect_eq(u1->len, u2->len);
    cr_expect(memcmp(u1->text, u2->text, u1->len) == 0);
    cg_unit_free(u1);
    cg_unit_free(u2);
    free(k1);
    free(k2);
}

Test(units, other_operation_other_unit)
{
    char *k1 = kernel("k3_add", 10, 11, 12, 4, "gp_add<double>");
    char *k2 = kernel("k3_add", 10, 11, 12, 4, "gp_sub<double>");
    CgUnit *u1 = unit_of(k1, "k3_add"), *u2 = unit_of(k2, "k3_add");
    cr_expect_str_neq(u1->hash, u2->hash);
    cg_unit_free(u1);
    cg_unit_free(u2);
    free(k1);
    free(k2);
}

Test(units, canonical_text)
{
    char *k = kernel("k3_add", 10, 11, 12, 4, "gp_add<double>");
    CgUnit *u = unit_of(k, "k3_add");
    char *t = xstrndup(u->text, u->len);
    StrBuf want = {0};
    /* comments gone, value numbers renumbered in order of appearance (12 first), owned names
     * hash-named, kernels extern "C"; header names (gpm_log10, int64_t) untouched */
    cr_expect(strstr(t, "script.py") == NULL, "%s", t);
    cr_expect(strstr(t, "// in") == NULL, "%s", t);
    sb_printf(&want, "void gk%s_0_body(const gp_kin &a0, const gp_kin &a1, const gp_kin &a2)", u->hash);
    cr_expect(strstr(t, want.s) != NULL, "missing %s in:\n%s", want.s, t);
    cr_expect(strstr(t, "const double v2 = gpm_log10(*(const double *)a2.data);") != NULL, "%s", t);
    sb_free(&want);
    sb_printf(&want, "extern \"C\" __global__ void __launch_bounds__(256) gk%s_0(gp_shape s, int mode, gp_kin a0, gp_kin a1, gp_kin a2, int64_t v3)",
              u->hash);
    cr_expect(strstr(t, want.s) != NULL, "missing %s in:\n%s", want.s, t);
    cr_expect(strstr(t, "_body<int64_t>(a0, a1, a2);") != NULL, "%s", t);
    sb_free(&want);
    free(t);
    cg_unit_free(u);
    free(k);
}

Test(units, kernels_and_launchers)
{
    char *k = kernel("k3_add", 10, 11, 12, 4, "gp_add<double>");
    CgUnit *u = unit_of(k, "k3_add");
    cr_assert_eq(u->kernels.n, 2);
    const CgKernel *k0 = u->kernels.v[0], *k1 = u->kernels.v[1];
    cr_expect_str_eq(k0->name, "k3_add");
    cr_expect_str_eq(k1->name, "k3_add_col");
    StrBuf sym = {0};
    sb_printf(&sym, "gk%s_0_col", u->hash);
    cr_expect_str_eq(k1->symbol, sym.s);
    cr_expect_str_eq(k0->params, "gp_shape s, int mode, gp_kin a0, gp_kin a1, gp_kin a2, int64_t v3");
    StrBuf h = {0};
    cg_unit_host_decls(&h, u);
    StrBuf fb = {0};
    sb_printf(&fb, "extern \"C\" const int gpyk_fb_%s;", u->hash);
    cr_expect(strstr(h.s, fb.s) != NULL, "%s", h.s);
    sb_free(&fb);
    sb_printf(&fb, "static gp_kernel K_k3_add_col = {\"gk%s_0_col\", &gpyk_fb_%s, NULL};", u->hash, u->hash);
    cr_expect(strstr(h.s, fb.s) != NULL, "%s", h.s);
    sb_free(&fb);
    cr_expect(strstr(h.s, "static inline void L_k3_add(unsigned kg_gx, unsigned kg_gy, unsigned kg_b, size_t kg_sm, "
                          "gp_shape s, int mode, gp_kin a0, gp_kin a1, gp_kin a2, int64_t v3)") != NULL,
              "%s", h.s);
    cr_expect(strstr(h.s, "void *kg_a[] = {(void *)&s, (void *)&mode, (void *)&a0, (void *)&a1, (void *)&a2, (void *)&v3};") != NULL,
              "%s", h.s);
    cr_expect(strstr(h.s, "void *kg_a[] = {(void *)&part};") != NULL, "%s", h.s);
    cr_expect(strstr(h.s, "rt_launch(&K_k3_add, kg_gx, kg_gy, kg_b, kg_sm, kg_a);") != NULL, "%s", h.s);
    sb_free(&h);
    sb_free(&sym);
    cg_unit_free(u);
    free(k);
}

/* Fields of the runtime's structs are not value names: a sibling kernel's row view p0 keeps
 * its strides s0 and s1 (gp_srow), whatever its number becomes. */
Test(units, header_fields_untouched)
{
    const char *text = "__global__ void s3_rows(gp_srow p7, int64_t n)\n{ const double v9 = *(const double *)(p7.p + n * p7.s0 + n * p7.s1); }\n";
    const char *base = "s3_rows";
    CgUnit *u = cg_unit_new(text, strlen(text), &base, 1);
    char *t = xstrndup(u->text, u->len);
    cr_expect(strstr(t, "*(const double *)(p0.p + n * p0.s0 + n * p0.s1)") != NULL, "%s", t);
    free(t);
    cg_unit_free(u);
}

/* A unit owning several names (a bundle and its members): each its own "$k", so member and
 * bundle names stay distinct; the longest owned prefix wins. */
Test(units, several_owned_names)
{
    const char *text = "__device__ void k1_x_run(int v5) {}\n__device__ void k12_y_run(int v6) {}\n"
                       "struct h0_k1_x_m0 { int v5; };\n"
                       "__global__ void h0_k1_x(h0_k1_x_m0 m0) { k1_x_run(m0.v5); k12_y_run(1); }\n";
    const char *bases[3] = {"h0_k1_x", "k1_x", "k12_y"};
    CgUnit *u = cg_unit_new(text, strlen(text), bases, 3);
    char *t = xstrndup(u->text, u->len);
    StrBuf want = {0};
    sb_printf(&want, "__device__ void gk%s_1_run(int v0) {}\n__device__ void gk%s_2_run(int v1) {}\nstruct gk%s_0_m0 { int v0; };",
              u->hash, u->hash, u->hash);
    cr_expect(strstr(t, want.s) != NULL, "missing:\n%s\nin:\n%s", want.s, t);
    cr_assert_eq(u->kernels.n, 1);
    /* the launcher's parameter types are the names the host knows */
    cr_expect_str_eq(((CgKernel *)u->kernels.v[0])->params, "h0_k1_x_m0 m2");   /* m0: member number 0 */
    sb_free(&want);
    free(t);
    cg_unit_free(u);
}
