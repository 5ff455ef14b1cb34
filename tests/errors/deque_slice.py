from collections import deque

d = deque([1, 2, 3])
print(d[0:2])
