# a function's local bound in one branch only: the call whose branch binds it returns it, the
# other raises UnboundLocalError
import sys


def f(c):
    if c:
        y = 2
    return y


print(f(len(sys.argv) < 5))
print(f(len(sys.argv) > 5))
