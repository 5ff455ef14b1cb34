# update() of a record with two positional arguments (Python: a TypeError)
d = {"a": 1}
d.update({"b": 2}, {"c": 3})
print(d)
