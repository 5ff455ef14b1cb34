# A dict read before the store that types its values, in a function: the memo pattern
memo = {}


def fib(n):
    if n <= 1:
        return n
    if n in memo:
        return memo[n]
    r = fib(n - 1) + fib(n - 2)
    memo[n] = r
    return r


print(fib(30), fib(10), len(memo))


def fib2(n, cache={}):
    if n in cache:
        return cache[n]
    r = n
    if n > 1:
        r = fib2(n - 1) + fib2(n - 2)
    cache[n] = r
    return r


print(fib2(40), fib2(5))


def lookup(table, key):
    return table.get(key, -1.5)


grid = {}


def fill(k):
    if k in grid:
        return grid[k] * 2
    grid[k] = k * 1.5
    return 0.0


print(fill(2), fill(2), fill(3), lookup(grid, 3), lookup(grid, 9))
