d = {}
print(len(d))
