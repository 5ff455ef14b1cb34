s = {1, 2}
print(s.pop())
