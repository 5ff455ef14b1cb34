# review (session 15): a {x=} field followed by text overflowed lower_fstring's parts array (a heap
# overflow of gpyc; the IR verifier stopped it as an internal error); ASan in the fuzz build
# reports any overflow again
x = 1
print(f"{x=}a{x=}b{x=}c{x=}d", f"{x=}{x=}{x=}")
