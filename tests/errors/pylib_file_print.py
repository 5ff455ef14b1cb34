f = open("out.txt", "w")
print(f)
