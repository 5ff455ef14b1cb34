# < of dict records: Python has no order of dicts
x = {"a": 1}
y = {"a": 2}
print(x < y)
