rows = [[1, 2], [3, 4]]
for col in zip(*rows):
    print(col)
