# `is` / `is not` of lists, dicts and sets (the same object or not, at run time), bools (the two
# singletons), and None; == and != of lists (lengths, then items); print(*range(n)),
# print(*'str'), print(*map(...)) spread their items
x = [1, 2]
y = x
z = list(x)
print(x is y, x is z, x is not z, z == x)
d = {1: 'a'}
e = d
print(d is e, d is {1: 'a'}, {1, 2} is {1, 2})
flag = 3 > 2
print(flag is True, flag is False, (1 > 2) is not True)


def same(a, b):
    return a is b


print(same(x, y), same(x, [1, 2]), same(x, x))
stack = [x, z]
print(stack[0] is x, stack[1] is x)
print(*range(3), sep='-')
print(*'abc', *range(2, 5, 2))
print(0, *map(str, [7, 8]), *reversed([1, 2]))
a = [1, 2]
print(a == [1, 2], a != [1, 2.0], a == [1], [] == [], a == [], [[1], [2]] == [[1], [2]], ["x"] == ["y"])
print([(1, 2)] == [(1, 2)], [[1], [2]] != [[1], [3]], ([1], 2) == ([1], 2))
