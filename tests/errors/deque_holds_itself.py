# A deque appended to itself.
from collections import deque

q = deque()
q.append(q)
print(len(q))
