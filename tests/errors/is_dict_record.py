# `is` of a dict with constant str keys (a record, held by value)
d = {"a": 1}
e = d
print(d is e)
