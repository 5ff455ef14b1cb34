# Reading a file after its with block closed it: ValueError, as Python's.
with open("py_file_closed.py") as f:
    first = f.readline()
print(first.strip())
print(f.readline())
