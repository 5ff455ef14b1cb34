d = {}
for i in range(3):
    d[i] = i
d[3] = "three"
