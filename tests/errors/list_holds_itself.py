# A list appended to itself inside another list.
a = []
a.append([a])
print(len(a))
