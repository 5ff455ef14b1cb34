# os.path.join(*parts) of an empty list: Python's TypeError
import os

parts = ['data', 'run1']
print(os.path.join(*parts))
print(os.path.join(*parts[2:]))
