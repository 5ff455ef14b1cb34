a = []
print(a != [a])
