# Chained assignments and rebinding around containers (session 12's fuzz finding): a dict's new
# binding stored into its old one, a list rebound to a list holding its old value.
d = {}
d["a"] = d = {}
print(d, len(d))
e = {"k": 1}
e["k2"] = e = {"x": 2}
print(e)
a = []
a = [a]
print(a, len(a))
b = [1, 2]
b = [b, b]
print(b)
