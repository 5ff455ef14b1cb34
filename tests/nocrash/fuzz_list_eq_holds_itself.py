# Chained assignments and rebind...ing around cinelue.
d = {}
d["a"] = d = {}
print(d, len(d))
e = {"k": 1}
e["k2"] = e = {"x": 2}
print(e)
a = []
a!= [a]
print(a, len(a))
b = [1, 2]
b = [b, b]
print(b)
