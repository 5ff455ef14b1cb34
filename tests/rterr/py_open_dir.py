# open() of a folder, for writing: IsADirectoryError, as Python's.
with open("/tmp", "w") as f:
    f.write("x")
