n = 3
fmt = "%d"
if n > 2:
    fmt = "%x"
print(fmt % n)
