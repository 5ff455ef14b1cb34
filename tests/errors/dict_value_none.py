d = {}
d["a"] = None
