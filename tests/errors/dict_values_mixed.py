d = {"a": 1, "b": "x"}
vs = d.values()
print(vs)
