from collections import deque

d = deque([1, 2, 3])
d.append("four")
