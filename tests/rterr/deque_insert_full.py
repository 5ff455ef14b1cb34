# insert into a deque at its maxlen
from collections import deque

q = deque([1, 2], maxlen=3)
q.insert(0, 5)
print(q)
q.insert(1, 6)
