import os

home = os.environ.get("HOME")
print(home)
