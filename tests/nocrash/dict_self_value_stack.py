# fuzzing (session 12, 26f30bc): `d["a"] = ` then `d = {}` parsed as `d["a"] = d = {}`, a dict
# stored into itself: ty_write recursed until the stack overflowed (ASan); now invalid syntax
d = {}
d["a"] = 
d = {}
d["a"] = None
