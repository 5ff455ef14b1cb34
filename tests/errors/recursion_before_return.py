# a recursive call takes its type from a return before it: here there is none
def count(n):
    if n > 0:
        return count(n - 1) + 1
    return 0


print(count(3))
