d = {1: "one", 2: "two"}
print(d[1])
