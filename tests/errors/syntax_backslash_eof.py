# a backslash continuing the last line into nothing (exit 0 before)
x = 1
print(x) \
