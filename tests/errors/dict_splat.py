a = {"x": 1}
b = {**a}
print(b)
