/*
 * lower.h — private header of the lowering stage, one section per layer:
 *   - the core: statements, names and modules (lower.c), expressions and basic subscripts
 *     (expr.c), advanced indexing (subscript.c), call dispatch, attributes and the API tables
 *     (call.c), Python builtins and the math/time modules (builtins.c);
 *   - the kit (kit.c): IR-building helpers (host int arithmetic, index views, raises, stores);
 *   - the binder (bind.c): arguments bound to a NumPy signature and read by type;
 *   - compose (compose.c): the building blocks several API areas compose (matmul, reductions,
 *     join, sort, nonzero, diagonals);
 *   - the API files (api/NAME.c), one per CuPy area, each with its table lw_NAME_api.
 * An API file uses only the core, the kit, the binder and compose, never another API file;
 * the core calls an API file only through the tables (and the two entry points at the end).
 *
 * Lowering walks the AST of one function instance in source order, infers the type of every
 * expression (dtype and ndim of arrays; shapes stay run-time values) and emits IR into the
 * current block.  Names are resolved as Python does: a name assigned anywhere in a function is
 * local to it (unless declared global); other names are module globals, then builtins.
 * User functions are monomorphized: one IrFunc per (def, argument types, constant arguments).
 *
 * Errors: every check reports through diag_error at the offending node and returns NULL; a
 * NULL value propagates up to the statement, which is skipped, so one run reports every
 * independent error.
 */
#ifndef GPYC_LOWER_H
#define GPYC_LOWER_H

#include "compiler/compiler.h"
#include "frontend/frontend.h"

/* What a name denotes. */
typedef enum BindKind {
    BIND_VAR, /* a Python variable: var */
    BIND_CONST, /* a compile-time value: value (module, dtype, function, None, constant param) */
    BIND_CONFLICT, /* paths that join bind it to types that do not unify (lower/flow.c): a read is
                      a located error naming both bindings (ctype, cspan); an assignment rebinds it */
} BindKind;

/* A name's current binding.  Bindings are flow-sensitive (lower/flow.c): an assignment of
 * another type makes the name a new variable from there on (SSA over names), and where paths
 * join the bindings of each path unify into one variable. */
enum { UNB_NOTYET = 1, UNB_DEL = 2 }; /* Binding.unbound */
typedef struct Pend Pend;

typedef struct Binding {
    const char *name;
    BindKind kind;
    IrVar *var;
    IrValue *value;      /* BIND_CONST: a pseudo value (def == NULL) or a constant */
    Span first; /* the assignment that made the current binding ("assigned here" notes) */
    Type *ctype[2]; /* BIND_CONFLICT: the two types and where each was bound */
    Span cspan[2];
    bool read_by_func; /* a module global that a function has read: it keeps its variable */
    IrValue *fill; /* BIND_VAR: the new array of an integral constant (zeros, ones, full) it was
                      assigned, not read since: a placeholder a join may convert (lower/flow.c) */
    IrVar *guard; /* BIND_VAR that may hold no value (lower/flow.c): a hidden bool, true when it
                     holds none, that a read checks (raising guard_msg); after a loop whose first
                     iteration changed its type and that may have run none, or, with guard_none,
                     a name that is None on some path (x = None, then an array on another) */
    bool guard_none; /* the guard means None: `x is None` reads it, other reads raise TypeError */
    const char *guard_msg;
    unsigned char unbound; /* BIND_VAR holding no value on this path (lower/flow.c): UNB_NOTYET,
                              first bound on another path (an if's other branch), or UNB_DEL */
    IrVar *bound; /* BIND_VAR that may be unbound here (bound on some paths only): the hidden
                     bool, true where bound, that a read checks (NameError, UnboundLocalError) */
    struct Pend *pend; /* BIND_VAR that may be unbound here, whose flag no read has needed yet:
                          the stores that make it (lower/flow.c) */
    IrVar *bflag; /* the name's hidden bool "x@bound" once made (not a path's state) */
    IrValue *known; /* BIND_VAR: the value its last assignment stored, where every path to here
                       comes from that assignment or from one of the same static shape
                       (lower/flow.c: not in or after a loop that assigns the name); a read's
                       IR_LOAD points at it (IrInstr.known) for its static dims */
} Binding;

typedef struct Scope {
    Vec binds;           /* Binding*, in the order they were made (lower/flow.c saves and restores them) */
    Binding **index;     /* open-addressed hash by name of the latest of binds for each name */
    int index_cap, index_n;
    Vec local_names;     /* const char*: names assigned in this function (Python's locals) */
    Vec global_names;    /* const char*: names declared `global` */
    bool is_module;
} Scope;

typedef struct Instance {
    AstNode *def;
    int nargs;
    Type **arg_types;
    IrValue **arg_consts;   /* per argument: its constant value (CONST_INT/BOOL/NONE) or NULL */
    const char **names;     /* per argument: the parameter's name, then the captured names
                               (a nested function's, lower/closure.c) */
    IrFunc *fn;
    Type *ret;              /* NULL while unknown */
    Span ret_span;
    bool in_progress; /* its body is being lowered: a call with its types is a recursive one */
    bool failed;            /* its body had errors: calls give no value */
    bool ret_widened; /* a return widened ret (a Python scalar, then a 0-d array): the body
                               is lowered again with ret known from the start */
    struct Instance *prev;  /* the instance of the same def made before it (def->sym: the latest) */
} Instance;

/* A loop being lowered (lower/flow.c): the bindings at the top of its body and what the
 * back edges (end of body, continue, break) need there. */
typedef struct FlowState FlowState;
typedef struct Loop {
    struct Loop *outer;
    FlowState *head; /* the bindings at the top of the body (head variables) */
    Type **want; /* per head binding: the wider type a back edge needs there (NULL: none) */
    Binding *why; /* per head binding: the back edge's binding that set want */
    bool *opt; /* per head binding: None at the head, want on a back edge (an optional value) */
    bool widen; /* some want is set: the body is lowered again */
    const char *broke; /* a loop with an else block: the hidden name a break sets (or NULL) */
    Span sp; /* the loop statement */
    struct Peel *peel; /* the first iteration of a loop lowered apart (lower/flow.c): every back
                          edge leaves the loop (continue is a break), or NULL */
    Vec *outs; /* the names first bound in the body that its exits bind (lower/flow.c's
               LoopOut), kept from pass to pass */
} Loop;

/* A module of the program: the script ("__main__") or a helper.py beside it, imported by
 * `import helper` / `from helper import f`.  A helper's top-level code becomes a function of
 * its own (body), called once, at its first import; its globals are module variables of the
 * one IrModule (codegen names them apart). */
typedef enum ModState { MOD_LOADING, MOD_DONE, MOD_FAILED } ModState;
typedef struct UserModule {
    const char *name;        /* the import name ("helper"; the script's file name without .py) */
    bool is_main;            /* the script: __name__ is "__main__" */
    const SrcFile *src;
    AstNode *ast;            /* AST_MODULE */
    Scope *scope;            /* its globals */
    IrFunc *body;            /* a helper's top-level code (NULL for the script) */
    Span import_span;        /* the import that started loading it (cycle notes) */
    ModState state;
    Vec declared_global;     /* const char*: the names its defs declare `global` (lw_flow_read;
                                made at the first read that asks) */
    bool declared_global_made;
} UserModule;

typedef struct Lower {
    IrModule *m;
    Arena *a;
    const SrcFile *file;
    Scope *module_scope;
    Scope *scope;            /* current function's scope (== module_scope at module level) */
    const AstNode *set_iter; /* the set display being lowered as a for loop's iterable, if any */
    IrFunc *fn;
    Instance *inst;          /* NULL at module level */
    IrBlock *blk;            /* where instructions go */
    Loop *loop;
    Binding *new_counter;    /* a range loop's counter that was unbound before it (lw_flow_loop) */
    Pend *counter_was;       /* its Binding.pend before the loop */
    int depth;               /* call nesting while monomorphizing */
    UserModule *mod;         /* the module whose code is being lowered */
    Vec instances;           /* Instance*, in the order they were made */
    Vec untyped;             /* Type*: dicts whose values were read before a store typed them
                                (lower/table.c): a function body that types one later is
                                lowered again (lower.c lower_body; `if n in memo: return memo[n]`) */
    Vec gens;                /* AstNode*: the generator defs being inlined (lower/gen.c), innermost last */
    Vec gen_ids;             /* (intptr_t) their inlinings' ids, as gens */
    Vec modules;             /* UserModule*: the script first, then helpers in import order */
    const char *search_dir;  /* where `import helper` looks for helper.py */
    bool u64_ok;             /* an int literal above 2**63-1 may stand here (a uint64 context) */
    int u64_seen;            /* such literals lowered so far */
    bool dead; /* after break, continue or return: this point's bindings flow nowhere */
    Vec npy_saved;           /* path, Type*: what each cp.save/savez of a constant path wrote (api/npyio.c) */
    AstNode *annotated; /* the value of an assignment with a str annotation being lowered, */
    const char *annotation; /* and that annotation (x: "float64[:, :]" = cp.load(path)), or NULL */
    Vec npz_files;           /* the .npz archives' members by type name (api/npyio.c) */
    Vec withs; /* the `with` statements being lowered, innermost last (lower/api/device.c) */
    Vec argparsers; /* argparse.ArgumentParser objects, by their type's id (lower/argparse.c) */
    Vec escaped; /* AstNode*: the defs whose function values have been returned or stored in a
                    container or a module global (lower/closure.c: lw_note_escape) */
    Vec partials; /* AstNode* pairs: a functools.partial call, the def made of it (lower/comp.c): one
                     per call site, however often it is lowered (a loop's body lowered again) */
    Vec decorated; /* AstNode* triples (decorator or NULL, def, the def made of it): user decorators'
                       copies, one per site, however often a function is lowered (lower/closure.c) */
} Lower;

/* ---------------------------------------------------------------- core
 *
 * lower.c */
IrValue *lw_emit(Lower *L, IrOp op, Span sp, Type *t, int nargs, IrValue **args);
IrValue *lw_emit1(Lower *L, IrOp op, Span sp, Type *t, IrValue *a);
IrValue *lw_emit2(Lower *L, IrOp op, Span sp, Type *t, IrValue *a, IrValue *b);
IrValue *lw_pseudo(Lower *L, Type *t);
/* The element type of a list value; NULL after a located error when it is not known yet. */
Type *lw_list_elem(IrValue *list, Span sp);
IrValue *lw_const_int(Lower *L, Span sp, int64_t v);
IrValue *lw_const_float(Lower *L, Span sp, double v);
IrValue *lw_const_bool(Lower *L, Span sp, bool v);
IrValue *lw_const_str(Lower *L, Span sp, const char *s);
IrValue *lw_const_none(Lower *L, Span sp);
bool lw_is_const_int(const IrValue *v, int64_t *out);   /* CONST_INT or CONST_BOOL */
bool lw_is_none(const IrValue *v);
/* A constant int from a literal above 2**63-1 (ival holds its uint64 bits). */
bool lw_is_u64_const(const IrValue *v);
/* Whether e is a uint64 literal (2**63 .. 2**64-1) or an int expression of literals whose exact
 * value lies there (2**64 - 1, 1 << 63): *bits (if not NULL) gets its uint64 bits.  A uint64
 * context (L->u64_ok) takes it as such a constant; gpyc's int64 arithmetic would wrap it. */
bool lw_is_u64_expr(const AstNode *e, int64_t *bits);
void lw_block(Lower *L, AstNode *block);                 /* lowers the statements of a block */
void lw_stmt(Lower *L, AstNode *s);                      /* lowers one statement */
IrVar *lw_temp_var(Lower *L, const char *hint, Type *t);
void lw_store(Lower *L, IrVar *var, IrValue *v, Span sp);
IrValue *lw_load(Lower *L, IrVar *var, Span sp);
Binding *lw_lookup(Lower *L, const char *name);
/* NumPy's same_kind check for an in-place operator's result stored into dtype `to`. */
bool lw_same_kind(IrValue *r, DType to, AstNode *s);
/* Assigns v to the target expression (name, tuple of targets, subscript). */
bool lw_assign(Lower *L, AstNode *target, IrValue *v, Span sp);
/* The module that defines `def` (by the file of its span). */
UserModule *lw_module_of(Lower *L, const AstNode *def);
/* Makes um the module whose names resolve (its globals as module scope and current scope);
 * returns the module to give back to lw_leave_module. */
UserModule *lw_enter_module(Lower *L, UserModule *um, Scope **saved_scope);
void lw_leave_module(Lower *L, UserModule *prev, Scope *saved_scope);
/* The user module a module value denotes (t->def is its AST_MODULE), or NULL. */
UserModule *lw_user_module(Lower *L, const Type *t);
/* helper.attr for a user module: a global's value, a function, a module ... (Python's
 * AttributeError text when it has no such name). */
IrValue *lw_user_module_attr(Lower *L, UserModule *um, const char *attr, Span sp);

/* Can a value of type from be stored in a variable of type to (lists of unknown element type
 * take any list and fix it)? */
bool lw_unify(Type *to, Type *from);
/* False, after a located error, when storing a value of type v into container type c would make c
 * hold itself (`d["a"] = d`, `a.append([a])`). */
bool lw_not_self_holding(const Type *c, const Type *v, Span sp);
/* A new variable for name in scope s (a module global or a local of the current function). */
IrVar *lw_new_var(Lower *L, Scope *s, const char *name, Type *t);
Binding *lw_scope_find(Scope *s, const char *name); /* the name's binding in s, or NULL */
Binding *lw_scope_add(Lower *L, Scope *s, const char *name, BindKind k); /* a new latest binding */
void lw_scope_free(Scope *s);                        /* releases what s holds outside the arena */
/* Collects into s the names the statements n assign (Python's locals: targets, imports, defs)
 * and those they declare global. */
void lw_collect_names(Scope *s, AstNode *n);
bool lw_name_in(const Vec *names, const char *name); /* is name among names (const char*)? */
/* Whether values of type t exist at run time (numbers, str, arrays, lists, tuples of them);
 * the others (modules, dtypes, functions, None) are compile-time bindings. */
bool lw_is_runtime_type(const Type *t);
/* Calls the user function fv (a def, or a function value) with its parameters' values args
 * (lower/lower.c). */
IrValue *lw_call_user(Lower *L, IrValue *fv, IrValue **args, Span sp);
void lw_scope_reindex(Scope *s);                     /* s->index from s->binds, after they changed */
void lw_drop_instances(Lower *L, int n);             /* forgets the instances made after the first n */
void lw_drop_funcs(Lower *L, int n);                 /* drops the functions made after the first n */

/* lower/closure.c — def statements, nested functions and their captures, functions as values,
 * and @contextlib.contextmanager functions inlined around a with block */
void lw_def_stmt(Lower *L, AstNode *s);
/* Whether the default e of the nested def def makes no value and reads no name of the
 * functions around def (then evaluating it at a call, in the module, gives the def's value
 * unless a global changed between). */
bool lw_default_reads_globals(Lower *L, AstNode *def, AstNode *e);
/* Python's __name__ of the function def (a decorator's wrapper: what functools.wraps copied). */
const char *lw_func_name(const AstNode *def);
/* __name__ of a function (value) of type t: lw_func_name of its def, or for a wrapper under
 * @functools.wraps(f) made by calling its decorator, that of the f it captured. */
const char *lw_fvalue_name(Lower *L, const Type *t);
/* The names a nested function def captures at a call from the current function (its free names
 * that are bound here) and their values now: their number, -1 after a located error (a nested
 * function called outside the function that defines it). */
int lw_captures(Lower *L, AstNode *def, Span sp, const char ***names, IrValue ***vals);
/* A function as a value that may leave where its def is visible (how: an argument of a user
 * function, a return value, a list's or dict's element): the function value (ty_closure) of
 * the def fv, its environment the values its captured names hold here; fv itself when it is one.
 * NULL after a located error: a captured name bound again after this point (Python's closure
 * would see the later value) or one that the def shares through nonlocal. */
typedef enum Escape { ESC_ARG, ESC_RETURN, ESC_STORE } Escape;
IrValue *lw_func_value(Lower *L, IrValue *fv, Span sp, Escape how);
/* Records that values of type t leave the function that made them (returned, stored into a
 * container or a global): the function values t holds may outlive the names they capture. */
void lw_note_escape(Lower *L, const Type *t);
/* After a call that took the function value made of def at sp (ESC_ARG): false, after a
 * located error, when the callee let it escape (lw_note_escape) and its captures may change. */
bool lw_func_arg_done(Lower *L, AstNode *def, Span sp);
/* The function values vs[0..n) as values of one type: themselves when their types are equal,
 * else each tagged as one of a variant (ty_fvariant) of their distinct types; NULL after a
 * located error (what: "list" ...). */
bool lw_func_values_join(Lower *L, int n, IrValue **vs, Span sp);
/* call (its callee fv a variant): a call of the function fv's tag names, each a branch of an if
 * chain whose results join as an if's do. */
IrValue *lw_call_variant(Lower *L, AstNode *call, IrValue *fv);
IrValue *lw_variant_name(Lower *L, IrValue *fv, Span sp); /* its __name__ */
/* The names and values a call of the function value fv passes after its parameters: its
 * parameters' names, then its environment's (as lw_captures). */
int lw_closure_env(Lower *L, IrValue *fv, Span sp, const char ***names, IrValue ***vals);
/* `with f(...) [as x]:` for a @contextlib.contextmanager function f: f's body inlined, its yield
 * replaced by the with block; false (nothing done) when s's first item calls no such function. */
bool lw_with_generator(Lower *L, AstNode *s);
/* lower/gen.c — generator functions inlined where their call is iterated: whether def is one;
 * `for T in g(...)` (or enumerate(g(...))) lowered, true (false: s is no such loop); the call
 * g(...) as the first argument of list/tuple/sorted/set/sum/min/max made the generator
 * expression that iterates it; the located error of any other use of g's call (sp). */
bool lw_is_generator(const AstNode *def);
bool lw_for_generator(Lower *L, AstNode *s);
void lw_gen_args(Lower *L, AstNode *call);
void lw_gen_misused(const AstNode *def, Span sp);
/* next(it[, default]), any(it), all(it) of a generator function's call, and next() of a
 * generator expression with one for clause: the loop Python runs, left at the first item it
 * needs (true, *out its value or NULL after an error); false where call is none of these. */
bool lw_gen_builtin(Lower *L, AstNode *call, IrValue **out);
/* `x = next(it, default)` as lw_gen_builtin's loop assigning x itself (so that x is an optional
 * value where default is None); false where s is no such assignment. */
bool lw_gen_assign(Lower *L, AstNode *s);

/* lower/strfmt.c — printf-style `fmt % args` and `fmt.format(...)` of a constant format string,
 * lowered to the parts of an f-string (lw_format_part) */
IrValue *lw_percent_format(Lower *L, AstNode *e, IrValue *fmt, IrValue *args);
/* One printf-style conversion: flags ("-+ #0"), width and precision (-1: absent, PCT_STAR: `*`,
 * taken from the arguments), type (0: the format's end, '%': a percent sign), and the literal
 * run before it. */
#define PCT_STAR (-2)
typedef struct PctConv {
    const char *lit;
    size_t nlit;
    const char *key;   /* `%(key)s`: the mapping key (nkey bytes), else NULL */
    size_t nkey;
    char flags[8];
    int width, prec;
    char type;
} PctConv;
bool lw_percent_next(Span sp, const char *f, size_t *pos, PctConv *c);
bool lw_percent_spec(Lower *L, Span sp, const PctConv *c, const char **spec, int *conv, char *kind);
IrValue *lw_str_format(Lower *L, AstNode *call, IrValue *fmt);
/* The text of str value v when the compiler knows it: a constant, module variables' last
 * top-level values, + of them, str.format / % / f-strings of them and of constant ints and bools
 * (without a format spec); *sp: where the text starts (a literal, or the expression).  false,
 * with *bad (the first instruction computed at run time, or NULL), otherwise. */
bool lw_fold_str(Lower *L, IrValue *v, const char **out, Span *sp, const IrInstr **bad);
/* s.m(...) of a str s that lw_fold_str knows, evaluated at compile time into a constant:
 * replace, join (of a list or tuple literal), upper, lower, strip, lstrip, rstrip, startswith,
 * endswith, split (a list of constants); a located error for another method or a string
 * computed at run time. */
IrValue *lw_str_method(Lower *L, AstNode *call, IrValue *s, const char *m);
/* The list of the characters (code points) of str s: constants when lw_fold_str knows it, else
 * made at run time; what iterating over s gives. */
IrValue *lw_str_chars(Lower *L, IrValue *s, Span sp);

/* lower/comp.c — list, set and dict comprehensions and generator expressions (a list), and
 * sum, any, all, min and max of one iterable */
IrValue *lw_comprehension(Lower *L, AstNode *e);
IrValue *lw_dict_pairs(Lower *L, AstNode *call, AstNode *src);  /* dict(src): {k: v for k, v in src} */
IrValue *lw_set_comp_of(Lower *L, AstNode *call, AstNode *src); /* set(src): {x for x in src} */
/* for x in src: c[x] += 1 (Counter(src), c the new Counter); c after the loop */
IrValue *lw_count_into(Lower *L, AstNode *call, IrValue *c, AstNode *src);
IrValue *lw_reduce_iterable(Lower *L, AstNode *call, const char *name);
/* map(f, xs...) and filter(f, xs) (name): the list [f(x) for x in xs], [x for x in xs if f(x)]
 * (gpyc has no lazy iterators). */
IrValue *lw_map_filter(Lower *L, AstNode *call, const char *name);
/* list(it): the new list [x for x in it] of what a for loop iterates. */
IrValue *lw_list_of(Lower *L, AstNode *call);
/* tuple(iterable) where the source fixes the iterable's length (comp.c's static_len), or of a tuple */
IrValue *lw_tuple_of(Lower *L, AstNode *call);
/* x [not] in xs, xs a list (or deque) of numbers or str: any(x == e for e in xs). */
IrValue *lw_list_in(Lower *L, IrValue *x, IrValue *xs, bool negate, Span sp);
/* Python's str of the list xs of tuples or lists (e: the expression, for hidden names and the
 * place): "[" + ", ".join([repr(x) for x in xs]) + "]". */
IrValue *lw_list_repr(Lower *L, IrValue *xs, AstNode *e);
/* `for target in itertools.count(...)` / `cycle(xs)`: lowered as the while loop it is; false
 * (nothing done) for another loop. */
bool lw_for_itertools(Lower *L, AstNode *s);
/* xs[start:stop:step] (e: the subscript) of a list xs: the new list [xs[i] for i in
 * range(a, b, step)], a and b the bounds slice.indices(len(xs)) gives; the step a constant. */
IrValue *lw_list_slice(Lower *L, IrValue *xs, AstNode *e);
/* The keys [key(x) for x in xs] of sorted(xs, key=key) (call), or NULL after an error. */
IrValue *lw_sort_keys(Lower *L, AstNode *call, IrValue *xs, AstNode *key);
/* sorted(items) in the order of keys (a list of tuples, one per item: items itself, or the
 * keys of key=), lexicographic as Python compares tuples, stable, reverse= as sorted's. */
IrValue *lw_sort_tuples(Lower *L, AstNode *call, IrValue *items, IrValue *keys, bool reverse);
/* Synthesised AST (arena-backed): a Vec of the n nodes v, a block holding the one statement s,
 * a node of kind k, a name, a call f(args[0..n)), `name = v`, `for target in iter: body` (body
 * NULL: set later), `if cond: body`, an int literal, `a op b`. */
Vec lw_ast_vec(Lower *L, int n, AstNode **v);
AstNode *lw_ast_block(Lower *L, AstNode *s);
AstNode *lw_ast_node(Lower *L, AstKind k, Span sp);
AstNode *lw_ast_name(Lower *L, Span sp, const char *name);
AstNode *lw_ast_item(Lower *L, Span sp, const char *name, AstNode *index); /* `name[index]` */
AstNode *lw_ast_call(Lower *L, Span sp, AstNode *f, int n, AstNode **args);
AstNode *lw_ast_assign(Lower *L, Span sp, const char *name, AstNode *v);
AstNode *lw_ast_for(Lower *L, Span sp, AstNode *target, AstNode *iter, AstNode *body);
AstNode *lw_ast_if(Lower *L, Span sp, AstNode *cond, AstNode *body);
AstNode *lw_ast_int(Lower *L, Span sp, int64_t v);
AstNode *lw_ast_bin(Lower *L, Span sp, AstOp op, AstNode *a, AstNode *b);
AstNode *lw_ast_cmp(Lower *L, Span sp, AstOp op, AstNode *a, AstNode *b); /* `a op b`, op a comparison */
AstNode *lw_ast_append(Lower *L, const char *name, AstNode *v); /* `name.append(v)` */
/* A copy of n's subtree whose names are renamed by r (the latest renaming of a name wins; a
 * nested def is not copied and keeps its names). */
typedef struct AstRenames {
    Vec from, to; /* const char* */
} AstRenames;
AstNode *lw_ast_clone(Lower *L, AstNode *n, const AstRenames *r);
/* The loops and ifs of comprehension e around the statement inner(E') (E' the renamed
 * element), as one statement (lower/comp.c). */
AstNode *lw_comp_nest(Lower *L, AstNode *e, AstNode *(*inner)(Lower *, AstNode *, void *), void *ctx);

/* lower/seq.c — list methods (sort, reverse, insert, remove, index, count, pop, extend, clear,
 * copy) and those a deque shares with lists (reverse, insert, remove, index, count): l.m(...) */
IrValue *lw_seq_method(Lower *L, AstNode *call, IrValue *l, const char *m);
/* t.index(x[, start[, stop]]) and t.count(x) of a tuple of one element type (as a list's) */
IrValue *lw_tuple_method(Lower *L, AstNode *call, IrValue *t, const char *m);
/* [name[n - 1 - j] for j in range(n)], n = len(name), of the list bound to the name: a rewrite
 * of call (reversed(xs), xs.reverse()). */
IrValue *lw_reversed_of(Lower *L, const AstNode *call, const char *name);
/* del target, target l[i] or l[a:b:c] of the list (or deque, l[i]) l: false after a located error */
bool lw_seq_del(Lower *L, AstNode *target, IrValue *l);
/* a + b of lists (a new list: a's items, then b's) and l * n, n * l (l's items n times); NULL
 * when a and b are not such operands (nothing lowered) or after a located error (lists of two
 * element types). */
IrValue *lw_list_binop(Lower *L, AstOp aop, Span sp, IrValue *a, IrValue *b);
/* l += v in place (every alias of the list sees it): v a list or a tuple of one element type;
 * false after a located error. */
bool lw_list_iadd(Lower *L, Span sp, IrValue *l, IrValue *v);
/* cur op= val (augmented assignment s) of a list cur: += and *= change the list itself (every
 * alias and holder sees it, as Python's __iadd__ and __imul__); false: not such an operation
 * (nothing lowered; errors of one reported, true). */
bool lw_list_inplace(Lower *L, AstNode *s, IrValue *cur, IrValue *val);
/* a == b (ne: a != b) of two lists, as Python compares them: the lengths, then the items in
 * order with == (a located error where the items do not compare) */
IrValue *lw_list_eq(Lower *L, Span sp, IrValue *a, IrValue *b, bool ne);
/* Whether tuple or list display e has a starred item (`(*a.shape, 1)`, `[*xs, 0]`). */
bool lw_display_starred(const AstNode *e);
/* Such a display: a tuple's items spliced in (each starred item a tuple: a tuple's length is
 * static), a list's appended in order to a new list (a starred item a list, a tuple of one
 * element type, a str, or range/map/filter/reversed); NULL after a located error. */
IrValue *lw_display_spread(Lower *L, AstNode *e);

/* lower/dict.c — dicts with constant str keys, as records (a tuple whose type has the keys) */
IrValue *lw_dict_literal(Lower *L, AstNode *e);
IrValue *lw_record(Lower *L, Span sp, int n, const char **keys, IrValue **vs); /* {keys[i]: vs[i]} */
IrValue *lw_dict_get(Lower *L, IrValue *d, AstNode *key, Span sp);            /* d[key] */
bool lw_dict_set(Lower *L, AstNode *target, IrValue *d, IrValue *v, Span sp); /* d[k] = v, d a name */
bool lw_dict_del(Lower *L, AstNode *target);                                  /* del d[k] */
IrValue *lw_dict_in(Lower *L, IrValue *key, IrValue *d, bool negate, Span sp); /* key [not] in d */
IrValue *lw_dict_iter(Lower *L, IrValue *d, Span sp);                         /* its keys, a list */
IrValue *lw_dict_method(Lower *L, AstNode *call, IrValue *d, const char *m);  /* get, keys, ... */
IrValue *lw_dict_str(Lower *L, IrValue *d, Span sp);                          /* str(d) */

/* lower/table.c — dicts and sets keyed at run time (TY_DICT, TY_SET: IR_DICT) */
/* An IR_DICT instruction doing op on args[0..n), its result of type t (NULL: none). */
IrValue *lw_dk(Lower *L, IrDictOp op, Span sp, Type *t, int n, IrValue **args);
IrValue *lw_table_literal(Lower *L, Span sp, int n, IrValue **ks, IrValue **vs); /* {ks[i]: vs[i]} */
IrValue *lw_table_get(Lower *L, IrValue *d, IrValue *k, Span sp);               /* d[k] */
bool lw_table_set(Lower *L, IrValue *d, IrValue *k, IrValue *v, Span sp);       /* d[k] = v */
bool lw_table_del(Lower *L, IrValue *d, IrValue *k, Span sp);                   /* del d[k] */
IrValue *lw_table_in(Lower *L, IrValue *k, IrValue *d, bool negate, Span sp);   /* k [not] in d (or a set) */
IrValue *lw_table_len(Lower *L, IrValue *d, Span sp);                           /* len(d), len(s) */
IrValue *lw_table_list(Lower *L, IrValue *d, Span sp); /* a dict's keys or a set's elements, a list */
/* The keys of the dict whose d.items() list `items` is, when they are numbers, str or tuples (sorted(
 * d.items()) sorts by them), else NULL (no error). */
IrValue *lw_items_keys(Lower *L, IrValue *items, Span sp);
IrValue *lw_record_as_table(Lower *L, IrValue *d, Span sp); /* a record whose values have one type */
IrValue *lw_table_method(Lower *L, AstNode *call, IrValue *d, const char *m);
IrValue *lw_dict_of(Lower *L, AstNode *call);                                   /* dict(...) */
/* {es[0], ...}; iter: the iterable of a for loop (CPython iterates a frozenset constant) */
IrValue *lw_set_literal(Lower *L, Span sp, int n, IrValue **es, bool iter);
IrValue *lw_set_of(Lower *L, AstNode *call);                       /* set(...), frozenset(...) */
/* a op b of two sets (|, &, -, ^ or, inplace, |= ... on a; comparisons); NULL after an error */
IrValue *lw_set_binop(Lower *L, AstOp op, Span sp, IrValue *a, IrValue *b, bool inplace);
IrValue *lw_set_method(Lower *L, AstNode *call, IrValue *s, const char *m);

/* lower/flow.c — flow-sensitive bindings: rebinding, joins after if and around loops */
FlowState *lw_flow_save(Lower *L);
/* Back to the bindings of st; those added since stay, bound as they are. */
void lw_flow_restore(Lower *L, FlowState *st);
/* Makes name (binding b of scope s) a new variable of type t, first assigned at sp; false
 * when it must keep its variable (a module global a function reads). */
/* A module global whose variable may not change: a function has read it (its instances read
 * that variable), or the code lowered now is another scope's. */
bool lw_flow_global_fixed(const Lower *L, const Scope *s, const Binding *b);
bool lw_flow_rebind(Lower *L, Scope *s, Binding *b, Type *t, Span sp);
/* Makes name (binding b of scope s) the compile-time value v (a dtype, a function, a str
 * constant) from sp on, whatever it held before; false as lw_flow_rebind. */
bool lw_flow_rebind_const(Lower *L, Scope *s, Binding *b, IrValue *v, Span sp);
/* The join after `if` (instruction in): t the bindings at the end of its then-block (tdead:
 * that end is not reached), the current ones those of the else-block (edead), lowered from
 * the bindings before the if restored by lw_flow_restore. */
void lw_flow_join_if(Lower *L, IrInstr *in, FlowState *t, bool tdead, bool edead);
/* A back edge of the current loop (end of its body, continue, break) at this point. */
void lw_flow_back(Lower *L);
/* The else block of loop s (s->els): lw_flow_loop calls begin before the loop (the hidden
 * flag a break sets, returned) and end after it (the block, if the flag is unset). */
const char *lw_loop_else_begin(Lower *L, AstNode *s);
void lw_loop_else_end(Lower *L, AstNode *s, const char *broke);
/* Lowers loop statement s: body(L, ctx) emits the loop instruction into L->blk and lowers its
 * body, ending with lw_flow_back, and returns the instruction; then s's else block.  Where a
 * back edge changes the type of a name, the name gets a head variable of the unified type
 * before the loop and the loop is lowered again (at most a few times: types only widen). */
void lw_flow_loop(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx);
/* One copy of loop s's body, written out per element, that has a break or continue:
 * body(L, ctx) emits a loop instruction that surely runs (`while True`) and lowers the copy
 * into it, ending with lw_flow_back; every back edge leaves it (a break also sets the hidden
 * flag broke, when given) and the bindings after it join those of its exits. */
void lw_flow_once(Lower *L, AstNode *s, IrInstr *(*body)(Lower *L, void *ctx), void *ctx, const char *broke);
/* The names that expression e binds (`name := v`) forget the value they hold (Binding.known):
 * e is a part that may not run (b of `a and b`, a branch of `x if c else y`). */
void lw_flow_forget_known(Lower *L, AstNode *e);
bool lw_assigns_name(AstNode *block, const char *name); /* does the statement or block bind name? */
/* The type of a variable joining values of types a and b (NumPy's and Python's rules: equal
 * types; a Python scalar and a 0-d array of the same kind or higher give the 0-d array), or
 * NULL: they do not join. */
Type *lw_join_type(Type *a, Type *b);
/* v is a new array of an integral constant (IR_FULL: zeros, ones, full) of at most 1e6 in
 * magnitude, *out that constant (out may be NULL). */
bool lw_fill_const(const IrValue *v, int64_t *out);
/* v converted to the type t that lw_join_type gave for it (a scalar into a 0-d array). */
IrValue *lw_flow_convert(Lower *L, IrValue *v, Type *t, Span sp);
/* x.shape = v (t: the AST_ATTR target) for a name x: x rebound to x.reshape(v). */
bool lw_assign_shape(Lower *L, AstNode *t, IrValue *v, Span sp);
/* The located error for a read of a BIND_CONFLICT binding at sp. */
void lw_flow_conflict(Binding *b, Span sp);
/* A read of a binding that may hold no value (Binding.guard): the run-time check, then its value. */
IrValue *lw_flow_read(Lower *L, Binding *b, Span sp);
/* `x is None` / `x is not None` (negate) of e: for a name x that is None on some paths
 * (guard_none), the run-time test; NULL when e is not of that form. */
IrValue *lw_flow_none_test(Lower *L, AstNode *e);
/* The binding x of such a test e (*is: `is`, not `is not`), or NULL. */
Binding *lw_flow_none_name(Lower *L, AstNode *e, bool *is);
/* Where binding b holds a value on this path (an assignment, `if x is not None:`): its guard,
 * if any, is false here and reads check nothing; with store, the hidden bool is set false. */
void lw_flow_unguard(Lower *L, Binding *b, bool store, Span sp);
/* Names that may be unbound (Binding.unbound, .bound): the else-branch of an if starts with
 * the names its then-branch bound first unbound; an assignment binds b; `del x`; Python's
 * message for a read of a name where it holds no value (exc: its exception); does the current
 * scope own b (a function's reads of a module global are checked, never refused)? */
void lw_flow_else_begin(Lower *L, FlowState *before);
void lw_flow_bind(Lower *L, Binding *b, Span sp);
void lw_flow_del(Lower *L, Binding *b, Span sp);
const char *lw_flow_unbound_msg(Lower *L, const char *name, bool local, const char **exc);
bool lw_flow_owns(Lower *L, const Binding *b);

/* lower/expr.c */
IrValue *lw_expr(Lower *L, AstNode *e);
/* Converts a condition to a host bool (scalars by truth, size-1 arrays by value). */
IrValue *lw_truth(Lower *L, IrValue *v, Span sp);
/* Elementwise op through the ops.def type rules; scalars → host op, arrays → kernel op. */
IrValue *lw_ewise(Lower *L, IrOp op, Span sp, int nargs, IrValue **args);
IrValue *lw_binop(Lower *L, AstOp op, Span sp, IrValue *a, IrValue *b);
/* The same for an operation the script writes (an operator, an in-place operator, a ufunc
 * call): a Python int operand known only at run time gets NEP 50's range check before the
 * kernel (lw_pyint_fits); gpyc's own arithmetic on index arrays uses the plain forms. */
IrValue *lw_ewise_py(Lower *L, IrOp op, Span sp, int nargs, IrValue **args);
/* True when every operand of op is a number or an array; else the located error ("'sin' needs
 * numbers or arrays, got function cupy.arange") and false. */
bool lw_ewise_operands(Span sp, const OpInfo *oi, int nargs, IrValue **args);
IrValue *lw_binop_py(Lower *L, AstOp op, Span sp, IrValue *a, IrValue *b);
/* NEP 50: whether the Python int v fits the integer dtype d it is converted to (NumPy 2's
 * OverflowError "Python integer 300 out of bounds for uint8"): a constant is checked now (a
 * compile-time error: false); a run-time int gets a host-side check that raises, unless every
 * value it can take fits (int64; uint64 and a length or size).  True for anything else.  The
 * same for a Python int stored into an array of dtype d or given to a creation routine with
 * dtype d (x[i] = v, x.fill(v), cp.array([v], dtype=d), cp.full(..., v, d)); into uint64 a
 * negative run-time int raises as NumPy 2 does (gpyc's int is int64: none is above 2**63-1). */
bool lw_pyint_fits(Lower *L, Span sp, IrValue *v, DType d);
/* clip(a, a_min, a_max) with an integer array a (args: a, a_min, a_max), NumPy >= 2.1's
 * _methods._clip: a Python int a_min at or below a.dtype's minimum (a_max at or above its
 * maximum) is no bound: replaced by that limit; a run-time one on the far side raises NEP 50's
 * OverflowError (a constant there: lw_ewise's compile-time error). */
bool lw_clip_pyint_bounds(Lower *L, Span sp, IrValue **args);
IrValue *lw_cast(Lower *L, IrValue *v, DType to, Span sp);      /* array → array of dtype */
/* Converts a scalar or array to the Python scalar type kind (TY_INT ...). */
IrValue *lw_to_scalar(Lower *L, IrValue *v, TypeKind k, Span sp);
IrValue *lw_index(Lower *L, IrValue *arr, AstNode *index, Span sp);
IrValue *lw_str_of(Lower *L, IrValue *v, Span sp);             /* str(v) */
/* format(v, spec) after the conversion conv (0, 's', 'r' or 'a': !s, !r, !a), a str: one part
 * of an f-string, a % format or a str.format (sp; vsp: v's expression, for its error). */
IrValue *lw_format_part(Lower *L, IrValue *v, const char *spec, int conv, Span sp, Span vsp);
/* The same with a spec made at run time (a str value): f'{x:.{d}f}', '{:{w}}'.format(x, w=w). */
IrValue *lw_format_part_dyn(Lower *L, IrValue *v, IrValue *spec, int conv, Span sp, Span vsp);
/* Builds a tuple value of n elements. */
IrValue *lw_tuple(Lower *L, Span sp, int n, IrValue **elems);
IrValue *lw_tuple_get(Lower *L, IrValue *t, int i, Span sp);
/* Tuple t's elements as a list, when they are all of one type a list holds at run time; else
 * NULL, no error, and *why says why not. */
enum { LW_TUPLE_NOT_RUNTIME = 1, LW_TUPLE_MIXED = 2 }; /* (dtypes, functions ...; items differ) */
IrValue *lw_tuple_as_list(Lower *L, IrValue *t, Span sp, int *why);

/* lower/subscript.c — advanced indexing (index arrays and list literals as index items) */
/* A list literal used as an index item (b[[0, 2]], b[1, [0, 0, 3]]) → an int64 or bool array. */
IrValue *lw_index_list(Lower *L, AstNode *list);
/* arr[items] where some IDX_INT item's arg is an array (args[0] is arr; kinds and args as
 * lw_index collects them) → IR_ADV_INDEX, after NumPy's compile-time checks. */
IrValue *lw_index_adv(Lower *L, IrValue *arr, Span isp, Span sp, int n, const IdxKind *kinds, int na,
                      IrValue **args);
/* arr[t] for a tuple value t (arr[cp.nonzero(m)]): its elements are the index items. */
IrValue *lw_index_tuple(Lower *L, IrValue *arr, IrValue *t, Span isp, Span sp);
/* `target[idx] = v` where view (from lw_index) is an IR_ADV_INDEX: turns it into IR_ADV_STORE
 * (a Python int v must fit the target's dtype: lw_pyint_fits). */
bool lw_adv_assign(Lower *L, IrValue *view, IrValue *v, Span sp);
/* cupyx.scatter_add/max/min: an accumulating store through the IR_ADV_INDEX view (op 1 add,
 * 2 max, 3 min: the runtime's gp_scatter_op). */
bool lw_adv_scatter(Lower *L, IrValue *view, IrValue *v, int op, Span sp);
/* `target[idx] op= rhs` where view is an IR_ADV_INDEX (NumPy: x[idx] = x[idx] op rhs). */
bool lw_adv_augassign(Lower *L, AstNode *s, IrValue *view);

/* lower/call.c — calls, attributes and the API tables (below); lower/builtins.c */
IrValue *lw_call(Lower *L, AstNode *call);
/* lower/star.c — a call that spreads a list (*xs, its length known at run time) or a tuple that
 * is not a name: true when lowered (*out its value, NULL after a located error); false when
 * the call is left to lw_call, *callp then a call that spreads names only. */
bool lw_star_call(Lower *L, AstNode **callp, IrValue **out);
/* The values of user function def's parameters at call (Python's binding of positional and
 * keyword arguments, evaluated as written, then the defaults), NULL after a located error; fv
 * the function value called (a closure holds its nested def's hoisted defaults), or NULL. */
IrValue **lw_user_args(Lower *L, AstNode *call, AstNode *def, IrValue *fv);
/* A call of the Python builtin name (lower/builtins.c). */
IrValue *lw_builtin_call(Lower *L, AstNode *call, const char *name);
IrValue *lw_attr(Lower *L, AstNode *e);          /* attribute not in call position */
/* An expression to print (print(), str(), f-strings): as lw_expr, except that x.tolist() of
 * an n-d array becomes its text (gpyc has no nested lists) and an object with a __str__ row
 * its str; conv (NULL: none) the conversion the caller applies next: for 'r' or 'a' an object
 * with a __repr__ row is its repr, and *conv becomes 0 (done). */
IrValue *lw_printable(Lower *L, AstNode *e, int *conv);
/* print(x), str(x) and f'{x}' of a name bound to an optional value (None on some paths: lower/
 * flow.c): the text 'None' where it is None, else str(x); NULL (nothing lowered) for any
 * other e. */
IrValue *lw_optional_text(Lower *L, AstNode *e);
/* x.real / x.imag of an array x: views of a complex array (see lower/call.c). */
IrValue *lw_complex_part(Lower *L, IrValue *x, bool imag, Span sp);
/* rt_array_info(x, what) as a host int: what a gp_info_kind (INFO_STRIDE | axis << 8 ...). */
IrValue *lw_array_info(Lower *L, IrValue *x, int what, Span sp);
/* Resolves dotted module attributes ("cupy" + "float32" → dtype pseudo value ...). */
IrValue *lw_module_attr(Lower *L, const char *module, const char *attr, Span sp);
const char *lw_canonical_module(const char *name);   /* numpy → cupy */
/* elementwise ufunc op called as name (self: the receiver of a method) */
IrValue *lw_ufunc_call(Lower *L, AstNode *call, const char *name, IrOp op, IrValue *self);
/* out=o of ufunc name's call: r stored into o with NumPy's same_kind rule, o returned (r when
 * out is NULL; NULL after a located error). */
IrValue *lw_ufunc_out(Lower *L, AstNode *call, const char *name, IrValue *r, AstNode *out);
/* The IrOp of a ufunc value (cupy.add as a TY_BUILTIN: cp.add.reduce's receiver), else -1. */
int lw_ufunc_op(const Type *t);

/* ---------------------------------------------------------------- kit (lower/kit.c)
 *
 * The IR-building helpers every lowering file uses; each emits exactly the instructions
 * written out, in that order. */
IrValue *lw_cint(Lower *L, Span sp, int64_t v);                    /* a host int constant */
/* Host int arithmetic (lw_binop); imin/imax fold two constants, else an elementwise op. */
IrValue *lw_iadd(Lower *L, Span sp, IrValue *a, IrValue *b);
IrValue *lw_isub(Lower *L, Span sp, IrValue *a, IrValue *b);
IrValue *lw_imul(Lower *L, Span sp, IrValue *a, IrValue *b);
IrValue *lw_imin(Lower *L, Span sp, IrValue *a, IrValue *b);
IrValue *lw_imax(Lower *L, Span sp, IrValue *a, IrValue *b);
IrValue *lw_is_neg(Lower *L, Span sp, IrValue *v);                 /* v < 0, folded for a constant */
/* lw_ewise of one or two operands; NULL when an operand is NULL (an earlier error). */
IrValue *lw_ew1(Lower *L, IrOp op, Span sp, IrValue *a);
IrValue *lw_ew2(Lower *L, IrOp op, Span sp, IrValue *a, IrValue *b);
IrValue *lw_cast_to(Lower *L, IrValue *v, DType d, Span sp);   /* cast unless of dtype d; NULL stays */
/* A host call op (IR_DEVICE, IR_PYLIB) of variant ival (its ival) on args, of result type t
 * (NULL: none; the value is then None). */
IrValue *lw_host_call(Lower *L, Span sp, IrOp op, int ival, Type *t, int n, IrValue **args);
/* Raises exc(msg) at run time when the host bool cond holds: lw_emit_raise_if always emits the
 * check (IR_IF + IR_RAISE); lw_raise_if decides a constant cond at compile time (false after
 * reporting msg as an error). */
void lw_emit_raise_if(Lower *L, Span sp, IrValue *cond, const char *exc, const char *msg);
bool lw_raise_if(Lower *L, Span sp, IrValue *cond, const char *exc, const char *msg);
void lw_store_into(Lower *L, Span sp, IrValue *dst, IrValue *src);  /* dst[...] = src (IR_STORE_INTO) */
IrValue *lw_copy_of(Lower *L, Span sp, IrValue *x);                /* IR_COPY */
IrValue *lw_bytes_of(Lower *L, Span sp, IrValue *x);     /* 1-d C-contiguous → its bytes */
IrValue *lw_bytes_array(Lower *L, Span sp, IrValue *b);  /* bytes → a 1-d uint8 view */
/* for i in range(start, stop) written by the compiler: L->blk becomes the loop's body, *i its
 * index there; returns the block to set L->blk back to after the body. */
IrBlock *lw_loop_begin(Lower *L, Span sp, IrValue *start, IrValue *stop, IrValue **i);
IrValue *lw_ravel(Lower *L, Span sp, IrValue *x);                  /* x.reshape(-1) */
IrValue *lw_iota(Lower *L, Span sp, IrValue *n);                   /* arange(n), int64 */
IrValue *lw_gather(Lower *L, Span sp, IrValue *x, IrValue *idx);   /* x[idx], 1-d x: a copy */
/* x[:, ..., idx] with the index array idx at axis k (slices before it): the IR_ADV_INDEX, a
 * copy as a value (lw_adv_assign makes it a store); NULL when idx is NULL. */
IrValue *lw_gather_axis(Lower *L, Span sp, IrValue *x, int k, IrValue *idx);
/* An index expression under construction: items and their argument values (see IR_INDEX);
 * lw_ix_init(x), then one lw_ix_* per item, then lw_ix_emit. */
typedef struct LwIx {
    int n, na, nint, nnew;
    IdxKind k[IR_MAXDIM * 2];
    IrValue *args[1 + IR_MAXDIM * 2 * 3];
} LwIx;
void lw_ix_init(LwIx *ix, IrValue *x);
void lw_ix_slice(Lower *L, Span sp, LwIx *ix, IrValue *start, IrValue *stop, IrValue *step); /* NULL: None */
void lw_ix_all(Lower *L, Span sp, LwIx *ix);                       /* : */
void lw_ix_int(LwIx *ix, IrValue *i);
void lw_ix_new(LwIx *ix);                                          /* None (a new axis) */
IrValue *lw_ix_emit(Lower *L, Span sp, LwIx *ix);
/* x[:, ..., start:stop:step] with the slice at axis (NULL parts are None) */
IrValue *lw_slice_axis(Lower *L, Span sp, IrValue *x, int axis, IrValue *start, IrValue *stop, IrValue *step);
IrValue *lw_newaxis_at(Lower *L, Span sp, IrValue *x, int axis);   /* a size-1 axis at axis */
IrValue *lw_dim(Lower *L, Span sp, IrValue *x, int i);             /* x.shape[i] */
void lw_shape_of(Lower *L, IrValue *a, Span sp, IrValue **dims);   /* a's shape as run-time ints */
/* v's dimension i when known at compile time (constant shapes of creation ops, literals, and
 * what views and elementwise ops keep of them), else -1. */
int64_t lw_static_dim(const IrValue *v, int i);
IrValue *lw_emit_full(Lower *L, Span sp, DType dt, int ndim, IrValue **dims, IrValue *fill);
IrValue *lw_emit_empty(Lower *L, Span sp, DType dt, int ndim, IrValue **dims);
IrValue *lw_emit_reshape(Lower *L, Span sp, IrValue *x, int ndim, IrValue **dims);
IrValue *lw_emit_transpose(Lower *L, Span sp, IrValue *x, const int *perm);  /* NULL: reverse */
IrValue *lw_broadcast_to(Lower *L, Span sp, IrValue *x, int nd, IrValue **dims);
/* a, b = some_list (split's result): a run-time length check with Python's messages, then
 * each element assigned to its target. */
bool lw_unpack_list(Lower *L, AstNode *target, IrValue *list, Span sp);
/* `a, *rest, z = v` (target's item star is the starred one) of a tuple, a list or an array:
 * Python's run-time length check and messages, the starred name a new list (of an array: its
 * rows); false after a located error. */
bool lw_unpack_starred(Lower *L, AstNode *target, int star, IrValue *v, Span sp);

/* ---------------------------------------------------------------- binder (lower/bind.c)
 *
 * Arguments bound to a NumPy signature, then read by type; every reader reports Python's or
 * NumPy's message at the argument and returns false / NULL. */
#define MAXP 32
#define MAXARR 32           /* arrays in one sequence argument (concatenate, stack, choose ...) */
typedef struct Args {
    AstNode *p[MAXP];   /* argument expression per parameter, NULL when not given */
    Span call;
} Args;
/* Binds a call's arguments to a signature "a,b,c" (positional or keyword); nreq leading
 * parameters are required.  Python's messages on mismatch. */
bool lw_bind(AstNode *call, const char *fname, const char *sig, int nreq, Args *out);
/* lw_bind of the function form cp.f(a, ...) or, with self, of the method form a.f(...) (the
 * signature without its first parameter, which is self): p[0] is then NULL. */
bool lw_bind_self(AstNode *call, const char *fname, const char *sig, int nreq, IrValue *self, Args *a);
IrValue *lw_one_arg(Lower *L, AstNode *call, const char *name);  /* exactly one positional */
/* Python's operator.index: an int, a bool or a 0-d integer array (NumPy's __index__) as a host
 * int; NULL, with no error, for anything else. */
IrValue *lw_as_index(Lower *L, IrValue *v, Span sp);
IrValue *lw_int_arg(Lower *L, AstNode *e); /* an int (lw_as_index) */
IrValue *lw_int_arg_or(Lower *L, AstNode *e, Span sp, int64_t dflt); /* lw_int_arg, dflt when absent */
bool lw_shape_arg(Lower *L, AstNode *e, IrValue **dims, int *ndim); /* int or tuple of ints */
bool lw_dtype_arg(Lower *L, AstNode *e, DType *out, bool *given);  /* cp.float32, 'f4', float, None */
bool lw_dtype_name(const char *s, DType *out); /* NumPy's dtype names and codes: 'float32', 'f4', 'int' */
/* NumPy's `dt == other` for a dtype dt, known at compile time: 1 or 0, or -1 where it is not
 * (a str made at run time) */
int lw_dtype_eq(DType dt, const IrValue *other);
/* None / int / tuple of compile-time ints, normalised and sorted; *all when None or absent. */
bool lw_axis_arg(Lower *L, AstNode *e, int ndim, int *axes, int *naxes, bool *all);
bool lw_axis1(Lower *L, AstNode *e, int ndim, int dflt, int *out);  /* one constant axis */
/* lw_axis1 whose out-of-bounds message names the argument ("axis1: axis 3 is out of ..."). */
bool lw_axis1_named(Lower *L, AstNode *e, int ndim, int dflt, const char *name, int *out);
/* An int or a tuple of constant ints, normalised, in the order given (what: the argument's
 * name in "repeated axis in `what` argument"). */
bool lw_axes_list(Lower *L, AstNode *e, int ndim, int *axes, int *n, const char *what);
bool lw_bool_arg(Lower *L, AstNode *e, bool dflt, bool *out);   /* a constant True/False */
bool lw_str_arg(Lower *L, AstNode *e, const char *dflt, const char **out);  /* constant str */
/* Files (bind.c): the text of a str value known when compiling (a literal, a concatenation of
 * such, a variable stored once from one; NULL otherwise), a file name argument (a str; gpyc has
 * no file objects), the array type an earlier save or savetxt of the constant path wrote (or
 * NULL). */
const char *lw_const_text(Lower *L, const IrValue *v, int depth);
const char *lw_known_str(const IrValue *v); /* a str constant, or a read of a name known to hold one */
IrValue *lw_file_arg(Lower *L, AstNode *e, const char *fname);
Type *lw_saved_type(Lower *L, const char *path);
bool lw_no_arg(AstNode *e, const char *what);                    /* error when given */
IrValue *lw_array_arg(Lower *L, AstNode *e, const char *fname);  /* must be an array */
bool lw_is_seq_lit(const AstNode *e);                            /* a list or tuple literal */
/* The leaves of a nested list/tuple literal e (its numbers: element expressions) in C order,
 * its shape and ndim; false after NumPy's "inhomogeneous shape" error, or gpyc's limit on
 * dimensions naming what ("arrays", "index arrays"). */
bool lw_lit_leaves(AstNode *e, const char *what, int64_t *shape, int *ndim, Vec *leaves);
IrValue *lw_scalar_array(Lower *L, Span sp, IrValue *v);         /* a number as a 0-d array */
TypeKind lw_py_kind_of(DType d);              /* the Python scalar type of d's values (TY_INT ...) */
IrValue *lw_arraylike(Lower *L, AstNode *e, const char *fname);  /* array, number or literal list */
/* lw_arraylike for polynomial routines (roots, polyval, polyadd, polysub, polymul), which also
 * take a poly1d as its coefficients, as CuPy's do (*poly set then). */
IrValue *lw_coeffs_arg(Lower *L, AstNode *e, const char *fname, bool *poly);
/* lw_arraylike for values NumPy converts to the dtype into (put, place, putmask, insert): a
 * Python int value or literal-list element must fit an integer into (NEP 50's OverflowError,
 * lw_pyint_fits); DT_BOOL: no check. */
IrValue *lw_values_into(Lower *L, AstNode *e, const char *fname, DType into);
/* The arrays of a list/tuple literal or tuple value argument (their number, -1 on error); with
 * listv, a list variable of arrays gives -2 and *listv = it. */
int lw_seq_arrays(Lower *L, AstNode *e, const char *fname, IrValue **out, IrValue **listv);
/* An array operand: an array, a list literal (cp.array's rules) or a Python scalar (a 0-d
 * array of its default dtype); NULL after a located error naming fname. */
IrValue *lw_array_operand(Lower *L, AstNode *e, const char *fname);
/* False (after a located error) when x is complex: fname() takes real arrays only. */
bool lw_real_only(const IrValue *x, Span sp, const char *fname);

/* ---------------------------------------------------------------- compose (lower/compose.c)
 *
 * Building blocks that several API areas compose.  An API file uses only the core, the kit,
 * the binder and these, never another API file: what one area needs stays static in its file,
 * what a second area needs moves here. */
/* IR_MATMUL of a and b (both of the result dtype already) in mode (MM_*: compiler.h, the
 * runtime's gp_mm_mode), ndim-d result. */
IrValue *lw_emit_matmul(Lower *L, Span sp, IrValue *a, IrValue *b, int mode, int64_t param, int ndim);
void lw_promote_pair(Lower *L, Span sp, IrValue **a, IrValue **b);  /* both cast to their promotion */
IrValue *lw_matmul(Lower *L, Span sp, IrValue *a, IrValue *b);     /* a @ b */
/* NumPy's default result dtype of reduction r over dtype in: sum/prod accumulate bool and
 * signed ints below 64 bits in int64, unsigned in uint64; mean of ints and bool is float64;
 * any/all bool; the arg-reductions int64; max/min keep the dtype. */
DType lw_reduce_dtype(RedOp r, DType in);
/* An IR_REDUCE redop of array x over axes[0..naxes) (naxes == x's ndim: all of them), result
 * dtype dt, accumulating from x's dtype. */
IrValue *lw_reduce_axes(Lower *L, Span sp, RedOp r, IrValue *x, int naxes, const int *axes, bool keep, DType dt);
/* A reduction redop of x over the axis argument (AST, may be NULL), dtype and keepdims. */
IrValue *lw_reduce(Lower *L, Span sp, RedOp r, IrValue *x, AstNode *axis, AstNode *dtype, AstNode *keepdims);
/* arrs[0..n-1] (one ndim >= 1) joined along axis into a new array of dtype dt (NumPy's
 * run-time shape checks; what: "concatenate" or "stack", for their messages). */
IrValue *lw_join(Lower *L, Span sp, const char *what, int n, IrValue **arrs, int axis, DType dt);
/* x rolled by shift (a run-time int) along axis: a new array (roll's one-axis step). */
IrValue *lw_roll_axis(Lower *L, Span sp, IrValue *x, int axis, IrValue *shift);
/* NumPy's diagonal(x, k, a1, a2): a view, the diagonal as its last axis */
IrValue *lw_diagonal(Lower *L, Span sp, IrValue *x, IrValue *k, int a1, int a2);
IrValue *lw_diag_view(Lower *L, Span sp, IrValue *x, int p, int q);  /* IR_DIAG_VIEW: axes p < q */
/* where(eye(n, m), x, 0) for a 2-d x: its diagonal, zeros elsewhere (NaNs off it dropped). */
IrValue *lw_eye_masked(Lower *L, Span sp, IrValue *x);
/* atleast_1d / 2d / 3d of one array (want: 1..3): views with axes of size 1 added as NumPy
 * places them. */
IrValue *lw_atleast(Lower *L, Span sp, IrValue *x, int want);
IrValue *lw_col_minus_row(Lower *L, Span sp, IrValue *N, IrValue *M);  /* col - row of an (N, M) grid, int64 */
/* IR_NONZERO of a (mode 0: an (ndim, N) array, 1: argwhere's (N, ndim), 2: flatnonzero's). */
/* exc with NumPy's "<pre>V<mid>N<post>" when cond holds or (cond NULL) any element of the bool
 * array bad does: V is str(val), or with bad the first element of val where bad holds; N the
 * int size (NULL: "<pre>V<post>").  The message is built on the error path only. */
bool lw_raise_first(Lower *L, Span sp, IrValue *cond, const char *exc, const char *pre, IrValue *val,
                    IrValue *bad, const char *mid, IrValue *size, const char *post);
IrValue *lw_emit_nonzero(Lower *L, Span sp, IrValue *a, int mode);
IrValue *lw_nonzero(Lower *L, Span sp, IrValue *x);   /* nonzero(x): a tuple of int64 arrays */
/* IR_SORT of a real array x along axis (flat: of x.ravel()); arg: argsort's int64 positions
 * (a stable sort); kth: partition's int, or NULL. */
IrValue *lw_sort(Lower *L, Span sp, IrValue *x, int axis, bool flat, bool arg, IrValue *kth);
/* cupy.poly1d(c) of a 1-d array c: a TY_POLY1D of variable var, c's leading zeros trimmed ([0]
 * of c's dtype when none is left), a new array. */
IrValue *lw_poly1d_make(Lower *L, Span sp, IrValue *c, const char *var);

/* ---------------------------------------------------------------- API tables
 *
 * Every library function and ndarray method gpyc compiles is one ApiFn line in the table of the
 * file that lowers it: one table per API file (lower/api/NAME.c defines lw_NAME_api), plus
 * lw_call_api (lower/call.c: glue such as get_array_module, NumPy's other names of ufuncs,
 * cupy.cuda) and lw_builtin_api (lower/builtins.c: the math and time modules); lw_api_tables
 * lists them.  Calls dispatch through lw_api_find and `gpyc --list-api` prints the same
 * tables, so the list is what compiles.  Elementwise ufuncs come from ops.def by their NumPy
 * name (a table line of the same name overrides one, as `where` does for its one-argument
 * form), the scalar types from the dtype names.  No name is in two tables.  Adding a routine:
 * write its lowering in its area's file, add one line to that file's table.
 *
 * mod is the canonical module ("cupy", "cupy.linalg", "cupy.random", "cupy.cuda", "math",
 * "time") or "cupy.ndarray" for a method, whose receiver is passed as self (NULL otherwise). */
typedef struct ApiFn ApiFn;
typedef IrValue *(*ApiLower)(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
struct ApiFn {
    const char *mod;
    const char *name;
    ApiLower lower;
    int arg;              /* for the lowering: a RedOp, an IrOp, a variant */
};
/* Each ends with {NULL}. */
extern const ApiFn lw_call_api[], lw_builtin_api[], lw_reduce_api[], lw_manip_api[], lw_join_api[],
    lw_create_api[], lw_index_api[], lw_ufunc_api[], lw_linalg_api[], lw_einsum_api[], lw_stats_api[],
    lw_sort_api[], lw_fft_api[], lw_hist_api[], lw_place_api[], lw_numeric_api[], lw_grid_api[],
    lw_solver_api[], lw_random_api[], lw_kernel_api[], lw_npyio_api[], lw_txtio_api[], lw_device_api[],
    lw_testing_api[], lw_record_api[], lw_jit_api[], lw_pylib_api[], lw_argparse_api[], lw_table_api[],
    lw_sparse_api[], lw_printing_api[], lw_typeinfo_api[], lw_bits_api[], lw_functional_api[], lw_poly1d_api[],
    lw_misc_api[];
/* lower/pycoll.c: collections.namedtuple; named records (Type.name: an argparse Namespace,
 * "argparse.Namespace", or a namedtuple's class) */
bool lw_is_namedtuple(const Type *t); /* a namedtuple's instance (a named record, not a Namespace) */
bool lw_is_dict_record(const Type *t); /* a dict with constant str keys (a record; not a namedtuple) */
IrValue *lw_namedtuple_class(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_namedtuple_new(Lower *L, AstNode *call, const Type *cls); /* P(...): cls the class's type */
IrValue *lw_namedtuple_method(Lower *L, AstNode *call, IrValue *r, const char *m);
IrValue *lw_record_attr(Lower *L, IrValue *r, const char *name, Span sp); /* args.n, p.x */
IrValue *lw_record_str(Lower *L, IrValue *r, Span sp); /* Namespace(n=5, mode='fast'), P(x=1, y=2) */
IrValue *lw_deque_new(Lower *L, AstNode *call, const ApiFn *f, IrValue *self); /* collections.deque */
IrValue *lw_deque_method(Lower *L, AstNode *call, IrValue *q, const char *m);  /* q.append(x) ... */
/* lower/pylib.c: a constant of Python's standard modules (string.digits, os.sep), the
 * submodules os.path and os.environ and sys.stderr; NULL when module has no such attribute. */
IrValue *lw_pylib_const(Lower *L, const char *module, const char *attr, Span sp);
IrValue *lw_str_repeat(Lower *L, IrValue *s, IrValue *n, Span sp); /* s * n */
IrValue *lw_str_contains(Lower *L, IrValue *sub, IrValue *s, Span sp); /* sub in s */
/* lower/pylib.c: open() and its text file objects (class _io.TextIOWrapper), pathlib.Path
 * (class pathlib.PosixPath); each a TY_OBJ, a runtime handle (runtime/pyfile.c). */
IrValue *lw_open(Lower *L, AstNode *call); /* open(file, mode, ...) */
bool lw_is_file(const IrValue *v); /* print(..., file=v) */
IrValue *lw_path_as_str(Lower *L, IrValue *v, Span sp); /* str(v) of a Path, else v */
bool lw_file_with(Lower *L, IrValue *ctx, Span sp); /* with open(...): false if not a file */
IrValue *lw_file_lines(Lower *L, IrValue *v, Span sp); /* for line in f: NULL if not a file */
IrValue *lw_path_div(Lower *L, IrValue *a, IrValue *b, Span sp); /* a / b, a or b an object */
const ApiFn *lw_pylib_prop(const char *cls, const char *name); /* f.closed, p.name: the row or NULL */
/* itertools and functools (lower/comp.c; rows of lw_pylib_api): the list the iterator would give,
 * made where it stands by the comprehension or loop that computes it. */
IrValue *lw_it_product(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_it_combinations(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_it_accumulate(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_it_chain(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_it_islice(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_it_zip_longest(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_it_starmap(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_it_endless(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_functools_reduce(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_functools_partial(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
IrValue *lw_functools_cache(Lower *L, AstNode *call, const ApiFn *f, IrValue *self);
extern const ApiFn *const lw_api_tables[];          /* NULL-terminated */
/* The entry for mod.name (tables first, then ops.def's ufuncs for "cupy"), or NULL. */
const ApiFn *lw_api_find(const char *mod, const char *name);

/* lower/api/typeinfo.c — np.iinfo / np.finfo objects: records named "numpy.iinfo" /
 * "numpy.finfo" (lw_is_typeinfo), their attributes and their str() / repr() texts */
bool lw_is_typeinfo(const Type *t);
IrValue *lw_typeinfo_attr(Lower *L, IrValue *obj, const char *at, Span sp);
IrValue *lw_typeinfo_str(Lower *L, IrValue *obj, bool repr, Span sp);

/* lower/api/poly1d.c — cupy.poly1d (TY_POLY1D): attributes, len(p), p[k], p(x), operators */
IrValue *lw_poly1d_attr(Lower *L, IrValue *p, const char *at, Span sp);
IrValue *lw_poly1d_len(Lower *L, IrValue *p, Span sp);
IrValue *lw_poly1d_item(Lower *L, IrValue *p, IrValue *k, Span sp);
IrValue *lw_poly1d_call(Lower *L, AstNode *call, IrValue *p);
IrValue *lw_poly1d_binop(Lower *L, AstOp aop, Span sp, IrValue *a, IrValue *b);
IrValue *lw_poly1d_neg(Lower *L, IrValue *p, Span sp);

/* lower/api/sparse.c — cupyx.scipy.sparse's matrices (TY_SPARSE) */
IrValue *lw_sparse_attr(Lower *L, IrValue *x, const char *at, Span sp);   /* x.data, x.T ... */
IrValue *lw_sparse_matmul(Lower *L, Span sp, IrValue *a, IrValue *b);      /* a @ b, a sparse */

/* lower/api/device.c — the objects of CuPy's device API (TY_OBJ) and `with` statements */
/* The row of a property of class cls (`stream.done`, `Stream.null`), or NULL. */
const ApiFn *lw_device_prop(const char *cls, const char *name);
const ApiFn *lw_device_const(const char *mod, const char *name); /* a module's constant */
/* str(obj) of an object whose class has a __str__ row (at: the call or attribute node), else
 * NULL. */
IrValue *lw_device_str(Lower *L, IrValue *obj, AstNode *at);
/* `with ctx:` makes the stream or device ctx current (false after a located error when ctx is
 * neither); lw_with_exit ends the innermost with (restoring the previous one unless the body
 * ended in return, break or continue); lw_with_unwind restores what the withs of the current
 * function (loop_only: those inside the current loop) replaced, before a return, break or
 * continue leaves them. */
bool lw_with_enter(Lower *L, IrValue *ctx, Span sp);
/* A with whose every way out makes op's runtime call exit (IR_DEVICE or IR_PYLIB) of nargs
 * (at most 2) args: how lower/pylib.c closes a file. */
void lw_with_push(Lower *L, IrOp op, int exit, int nargs, IrValue **args);
void lw_with_exit(Lower *L, Span sp);
void lw_with_unwind(Lower *L, bool loop_only, Span sp);
/* Calls f(name, ctx) for every "mod.name" gpyc compiles under cupy and cupyx (functions,
 * ndarray methods as cupy.ndarray.NAME, scalar types), unsorted, possibly repeated. */
void lw_api_each(void (*f)(const char *full, void *ctx), void *ctx);
/* Adapters from a file's lowering functions to ApiLower (each defines fn##_api). */
#define LW_API_PLAIN(fn) \
    static IrValue *fn##_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self) \
    { (void)f; (void)self; return fn(L, call); }
#define LW_API_NAMED(fn) \
    static IrValue *fn##_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self) \
    { (void)self; return fn(L, call, f->name); }
#define LW_API_SELF(fn) \
    static IrValue *fn##_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self) \
    { (void)f; return fn(L, call, self); }
#define LW_API_ARG(fn) \
    static IrValue *fn##_api(Lower *L, AstNode *call, const ApiFn *f, IrValue *self) \
    { (void)self; return fn(L, call, f->arg); }

/* The API entry points the core calls besides the tables: NumPy scalar types called as
 * functions, cp.float32(x) → a 0-d array of that dtype (lower/api/ufunc.c, from the derived
 * scalar-type table in call.c); cp.mgrid[...], cp.ogrid[...], cp.r_[...], cp.c_[...] (obj
 * "cupy.mgrid" ..., e the subscript; lower/api/grid.c, from lw_index's subscripts in expr.c),
 * NULL after a located error. */
IrValue *lw_scalar_type_call(Lower *L, AstNode *call, DType dt);
/* lower/api/record.c: an attribute of a structured dtype sd (itemsize, alignment, names); an
 * array of structured dtype sd and shape dims (zero: zeros, else empty); a structured array a's
 * field a[index] (a constant name), the store a[index] = v, and str(a). */
IrValue *lw_sdtype_attr(Lower *L, IrValue *sd, const char *at, Span sp);
IrValue *lw_sarray_new(Lower *L, Span sp, int ndim, IrValue **dims, IrValue *sd, bool zero);
IrValue *lw_sarray_index(Lower *L, IrValue *a, AstNode *index, Span sp);
bool lw_sarray_store(Lower *L, IrValue *a, AstNode *index, IrValue *v, Span sp);
IrValue *lw_sarray_str(Lower *L, IrValue *a, Span sp);
IrValue *lw_grid_subscript(Lower *L, const char *obj, AstNode *e);
/* api/npyio.c: f = cp.load(ARCHIVE.npz) is a module type; f[KEY], f.files, `with` and f.close(). */
bool lw_is_npz(const Type *t);
IrValue *lw_npz_subscript(Lower *L, IrValue *obj, AstNode *e);
IrValue *lw_npz_attr(Lower *L, IrValue *obj, const char *at, Span sp);
/* A call of a user-defined kernel k (a TY_KERNEL value: cp.ElementwiseKernel), lower/api/kernel.c. */
IrValue *lw_ukernel_call(Lower *L, AstNode *call, UKernel *k);
/* k.name(...) of a user kernel value (RawModule.get_function). */
IrValue *lw_ukernel_method(Lower *L, AstNode *call, UKernel *k, const char *name);
/* A RawKernel's module of CUDA source code (located at sp) and its kernel `name` (kernel.c). */
UKernel *lw_new_module(Lower *L, const char *code, Span sp);
UKernel *lw_new_raw(Lower *L, UKernel *module, const char *name);
/* lower/api/jit.c: a @cupyx.jit.rawkernel() def s as a UK_JIT kernel value (NULL after a located
 * error), and the UK_RAW instance of jit kernel k for a launch's argument types (DT_COUNT: an
 * array, args[i] its value), its CUDA translated once per signature; NULL after a located
 * error in the Python body. */
IrValue *lw_jit_kernel(Lower *L, AstNode *s);
UKernel *lw_jit_instance(Lower *L, UKernel *k, Span sp, const DType *types, IrValue **args, int n);
/* fn("cupyx.jit.NAME") for each cupyx.jit name a kernel body may use (jit.c's table: --list-api),
 * and whether name is one (cupyx.jit.NAME is then a value only a kernel body reads). */
void lw_jit_each(void (*fn)(const char *full, void *ctx), void *ctx);
bool lw_is_jit_name(const char *name);

#endif
