# A list extended with a list holding itself.
a = []
a.extend([a])
print(len(a))
