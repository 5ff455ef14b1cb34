# a deque has no sort() (Python's AttributeError)
from collections import deque

d = deque([3, 1, 2])
d.sort()
