from collections import deque

d = deque([1, 2, 3])
d.insert(1, 5)
