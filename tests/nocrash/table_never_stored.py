# dicts and sets whose types are never fixed (no store): printed as always empty, no crash
d = {}
if 1 in d:
    print("yes")
print(d, len(d))
e = {}
print(e)
s = set()
print(s, 3 in s)
for k in s:
    print(k)
