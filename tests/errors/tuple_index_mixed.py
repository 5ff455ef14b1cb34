# index of a tuple whose items differ in type
t = (1, "a")
print(t.index("a"))
