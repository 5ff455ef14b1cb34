d = {"a": 1, "b": "x"}
for v in d.values():
    print(v)
