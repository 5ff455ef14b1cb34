import sys
from collections import deque

n = len(sys.argv) + 2
d = deque([1, 2, 3], maxlen=n)
print(d)
