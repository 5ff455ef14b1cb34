# The first iteration of a loop is compiled apart (t is a dtype rebound in the loop); its exits
# bind y to str (the continue) and float (the end of the body), which do not join: the read
# after the loop is the error, even though no exit needs a variable of its own
import numpy as np


def f(n):
    t = np.float32
    y = 0
    for i in range(n):
        s = t
        t = np.float64
        if s == np.float32:
            if i == 0:
                y = 'a'
                continue
            y = 2.5
    return y


print(f(3))
