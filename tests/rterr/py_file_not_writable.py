# Writing to a file opened for reading: io.UnsupportedOperation.
f = open("py_file_not_writable.py")
print(len(f.readline()) > 0)
f.write("x")
