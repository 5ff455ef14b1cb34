d = {"a": 1}
d.setdefault("b", 2)
