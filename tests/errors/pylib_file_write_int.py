with open("out.txt", "w") as f:
    f.write(3)
