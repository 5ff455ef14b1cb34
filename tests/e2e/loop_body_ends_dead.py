# A loop whose body always leaves by a continue or break (the `if` before it is constant, so
# the end of the body is dead): the name first bound in the body holds what the exits bound,
# after loops that surely run (range(2), a tuple written out per element) and one that may not.
import cupy as cp


def cont_range(n):
    for x in range(2):
        if n > 3:
            y = 5
            continue
        y = 7
    return y


def cont_tuple(n):
    for x in (1, 'a'):
        if n > 3:
            y = 5
            continue
        y = 7
    return y


def brk_range(n):
    for x in range(2):
        if n > 3:
            y = x + 10
            break
        y = 7
    return y


def brk_tuple(n):
    for x in (1, 2):
        if n > 3:
            y = x * 3
            break
        y = 7
    return y


def cont_array(n):
    for i in range(3):
        if n > 3:
            z = cp.arange(4) * i
            continue
        z = cp.ones(4, dtype=cp.int64)
    return z


def maybe_empty(n, k):
    y = -1
    for x in range(k):
        if n > 3:
            y = x
            continue
        y = 7
    return y


print(cont_range(2), cont_range(5))
print(cont_tuple(2), cont_tuple(5))
print(brk_range(2), brk_range(5))
print(brk_tuple(2), brk_tuple(5))
print(cont_array(2), cont_array(5))
print(maybe_empty(5, 0), maybe_empty(5, 3), maybe_empty(2, 3))
