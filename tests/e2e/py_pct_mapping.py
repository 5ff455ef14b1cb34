# %(key)s conversions of a % format: a dict literal (a record), a dict filled at run time, keys
# with parentheses; a positional conversion before the keys takes the whole dict, as in Python.
d = {"a": 1, "b": "two", "c": 2.5}
print("%(a)d-%(b)s-%(a)05.2f%%|%(c)8.3f|%(b)-6s|%(a).3d" % d)
print("%s" % d)
print("%s %(a)s" % d)
counts = {}
for w in ["x", "y", "x"]:
    counts[w] = counts.get(w, 0) + 1
print("x=%(x)d y=%(y)d" % counts)
print("%(a(b))s" % {"a(b)": 3})
