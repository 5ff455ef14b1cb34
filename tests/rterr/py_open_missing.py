# open() of a file that does not exist: FileNotFoundError with the path, as Python's.
f = open("/tmp/gpyc-rterr-py_open_missing/none.txt")
print(f.read())
