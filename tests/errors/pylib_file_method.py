f = open("x.txt")
f.seek(0)
