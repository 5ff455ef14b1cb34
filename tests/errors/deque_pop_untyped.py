from collections import deque

d = deque()
print(d.pop())
