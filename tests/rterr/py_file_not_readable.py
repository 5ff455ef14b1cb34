# Reading a file opened for writing: io.UnsupportedOperation.
f = open("/tmp/gpyc-rterr-py_file_not_readable.txt", "w")
f.write("data\n")
print(f.read())
