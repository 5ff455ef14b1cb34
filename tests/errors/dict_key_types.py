d = {1: "one"}
d["two"] = "2"
print(d)
