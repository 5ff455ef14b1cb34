# open(mode="x") of a file that exists (this script): FileExistsError.
f = open("py_open_exists.py", "x")
f.close()
