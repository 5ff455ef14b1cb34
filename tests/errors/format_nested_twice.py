# a replacement field nested twice in a str.format spec: Python's ValueError
n = 3
print("{:{:{}}}".format(n, 5, 2))
