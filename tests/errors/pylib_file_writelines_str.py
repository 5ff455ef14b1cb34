with open("out.txt", "w") as f:
    f.writelines("abc")
